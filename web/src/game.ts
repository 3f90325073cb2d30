// A game's page. Diplomacy: the board with the position, the orders
// panel, press, the powers and votes, and history stepping; Diceplomacy
// has its own table (dice.ts). Everything follows the game's event stream.

import { api, ApiError, follow, invited, type DiplomacyGame, type Options, type OrderRefusal, type PhaseRecord, type Variant } from "./api";
import { errorText } from "./errors";
import { Board, powerMark, type Drawn } from "./board";
import { dicePage } from "./dice";
import { countdown, fmtDate, list, num, paren, phaseLabel, powerName, provinceName as placeName, t, variantText, variantTitle, why, type Key } from "./i18n";
import { variants } from "./lobby";
import { base, Builder, draftKey, drawn, parseOrder, type Draft } from "./orders";
import { Press } from "./press";
import { dislodgements, showDislodged } from "./dislodged";
import { endView } from "./endgame";
import { legend } from "./legend";
import { phases } from "./history";
import { gameSettings, seatsForming } from "./seats";
import { navigate, type Page } from "./router";
import { me } from "./session";
import { h, liveLost, toast } from "./ui";

export const gamePage: Page = (root, params) => {
  if (!me) {
    navigate("/signin?next=" + encodeURIComponent(location.pathname), true);
    return;
  }
  const id = params["id"]!;
  // An invitation link (a private game's page with ?invitation=) lets
  // whoever opens it see the game and join it.
  invited(id, new URLSearchParams(location.search).get("invitation") ?? "");
  let undo: (() => void) | void;
  let left = false;
  root.append(h("p", { class: "muted" }, t("loading")));
  void (async () => {
    try {
      const [g, vs] = await Promise.all([api.game(id), variants()]);
      if (left) return;
      root.replaceChildren();
      if (g.kind === "diceplomacy") undo = dicePage(root, g);
      else undo = diplomacy(root, g, vs.find((v) => v.name === g.variant));
    } catch (e) {
      root.replaceChildren(h("p", { class: "error" }, errorText(e)));
    }
  })();
  return () => {
    left = true;
    if (undo) undo();
  };
};

type Tab = "board" | "orders" | "press" | "powers";

function diplomacy(root: HTMLElement, first: DiplomacyGame, variant: Variant | undefined): () => void {
  let g = first;
  const powers = variant?.powers ?? g.powers.map((p) => p.power);
  // A power is shown by its name in the reader's language; the server's
  // name is what the page sends and what orders are written with.
  const pname = (p: string) => powerName(first.variant, p);
  const endText = (end: NonNullable<DiplomacyGame["end"]>) => t(("end." + end.reason) as Key, { winner: pname(end.winner ?? ""), powers: list((end.powers ?? []).map(pname)) });
  const board = new Board();
  board.label = pname;
  board.place = (id) => provinceName(id);
  const names = new Map<string, string>();
  void api.variant(first.variant).then((v) => {
    for (const p of v.provinces ?? []) names.set(p.id, p.name);
    board.nameProvinces();
    drawOrders();
  }, () => undefined);
  board.powers = powers;
  let hasBoard = false;
  let history: PhaseRecord[] = [];
  let viewing: number | null = null; // index into history, null for the phase being played
  let options: Options | null = null;
  let builder = new Builder([]);
  let drafts: Draft[] = [];
  let savedText = "";
  let saveState: "saved" | "dirty" | "saving" | "error" = "saved";
  let saveErrors: OrderRefusal[] = [];
  let tab: Tab = "orders";
  let explain: Drawn | null = null;

  const title = h("h1", { class: "game-title" });
  const phase = h("span", { class: "phase", id: "phase" });
  const clock = h("span", { class: "deadline" });
  const tabs = h("nav", { class: "tabs", role: "tablist", "aria-label": t("game.panels") });
  const boardPane = h("div", { class: "board-pane pane", id: "pane-board" });
  const histBar = h("div", { class: "history-bar" });
  // Each power's mark, name and centres: the board's legend and score.
  const centreBar = h("ul", { class: "centre-bar", id: "centre-bar", "aria-label": t("powers.centres") });
  const results = h("div", { class: "results", id: "results" });
  const legendBox = h("div", { class: "legend-box" });
  // Once the game has ended: its result, chart and players (endgame.ts).
  const endBox = h("div", { class: "end-box" });
  // On a phone the orders panel is another tab: the choices after a tap
  // on the board are shown under it too.
  const boardChooser = h("div", { class: "board-chooser", id: "board-chooser", "aria-hidden": "true" });
  const ordersPane = h("section", { class: "pane orders-pane", id: "pane-orders", role: "tabpanel", "aria-label": t("tab.orders") });
  const pressPane = h("section", { class: "pane press-pane", id: "pane-press", role: "tabpanel", "aria-label": t("tab.press") });
  const powersPane = h("section", { class: "pane powers-pane", id: "pane-powers", role: "tabpanel", "aria-label": t("tab.powers") });
  const layout = h("div", { class: "game", "data-tab": tab }, tabs, h("div", { class: "main-col" }, endBox, boardPane, boardChooser, histBar, centreBar, legendBox, results), h("div", { class: "side" }, ordersPane, pressPane, powersPane));
  root.append(h("header", { class: "game-head" }, title, h("div", { class: "phase-line" }, phase, " ", clock)), layout);

  let press: Press | null = null;
  let unread = 0;
  const setupPress = () => {
    if (press || !g.my_power) return;
    press = new Press(g.id, g.my_power, powers, me!.name, g.press, pname);
    press.visible = () => tab === "press" && !document.hidden;
    press.onUnread = (n) => {
      unread = n;
      drawTabs();
    };
    pressPane.replaceChildren(press.el);
    void press.load();
  };

  const drawTabs = () => {
    const list: [Tab, Key][] = [["board", "tab.board"], ["orders", "tab.orders"], ["press", "tab.press"], ["powers", "tab.powers"]];
    tabs.replaceChildren(
      ...list
        .filter(([k]) => k !== "press" || g.my_power)
        .map(([k, key]) =>
          h("button", { type: "button", role: "tab", class: "tab tab-" + k, id: "tab-" + k, "aria-selected": tab === k ? "true" : "false", "aria-controls": "pane-" + k, onclick: () => setTab(k) }, t(key), k === "press" && unread ? h("span", { class: "count", "aria-label": t("press.unread", { n: unread }) }, String(unread)) : null),
        ),
    );
  };
  const setTab = (k: Tab) => {
    tab = k;
    layout.dataset["tab"] = k;
    drawTabs();
    if (k === "press") press?.draw();
  };

  // What the board shows: the phase being played with the drafts, or a
  // phase of the history with its orders and results.
  const drawBoard = () => {
    if (!hasBoard) return;
    if (viewing === null) {
      board.position(g.units, g.supply_centers, g.dislodged);
      const list: Drawn[] = [];
      // A finished game's board is its final position: orders saved but
      // never played are not drawn.
      if (g.status === "active") for (const d of drafts) {
        const x = drawn(d);
        if (x) list.push(x);
      }
      board.show(list);
      // The units the last phase destroyed, struck out beside their place.
      board.outcome(dislodgements(g.last).filter((d) => d.destroyed));
      board.mark(builder.step === "unit" ? null : builder.unit, g.status === "active" && options ? builder.legal() : []);
    } else {
      const rec = history[viewing]!;
      board.position(rec.position.units, rec.position.supply_centers, rec.position.dislodged as never[]);
      board.show(recordOrders(rec));
      board.outcome(dislodgements(rec));
      board.mark(null, []);
    }
  };

  const recordOrders = (rec: PhaseRecord): Drawn[] => {
    const out: Drawn[] = [];
    const seen = new Set<string>();
    for (const r of rec.results) {
      const p = parseOrder(r.order);
      if (!p) continue;
      seen.add(r.power + p.text);
      const message = why(r, provinceName);
      out.push({ ...p, power: r.power, result: r.result, ...(r.reason ? { reason: r.reason } : {}), ...(message ? { message } : {}) });
    }
    for (const [power, list] of Object.entries(rec.orders)) {
      for (const o of list) {
        const p = parseOrder(o);
        if (p && !seen.has(power + p.text)) out.push({ ...p, power });
      }
    }
    return out;
  };

  const drawHeader = () => {
    title.replaceChildren(g.name, h("span", { class: "muted" }, " · " + variantTitle(g.variant)));
    const rec = viewing === null ? null : history[viewing]!;
    phase.textContent = rec ? phaseLabel(rec.phase) + " — " + t("history.results") : phaseLabel(g.phase);
    if (g.cancelled) phase.textContent = t("status.cancelled");
    else if (g.status === "finished") phase.textContent += " · " + t("status.finished");
    if (g.end) phase.textContent += " — " + endText(g.end);
    clock.replaceChildren();
    if (g.deadline && g.status === "active" && !rec) {
      clock.append(h("span", { "data-deadline": g.deadline, id: "countdown" }, countdown(g.deadline)), h("span", { class: "muted" }, paren(fmtDate(g.deadline))));
    }
  };

  const drawHistory = () => {
    const n = history.length;
    const at = viewing === null ? n : viewing;
    histBar.replaceChildren(
      h("button", { type: "button", id: "hist-prev", "aria-label": t("history.prev"), title: t("history.prev") + " (←)", disabled: at <= 0, onclick: () => step(-1) }, "◀"),
      h("span", { class: "hist-label", "aria-live": "polite" }, viewing === null ? t("history.now") : phaseLabel(history[viewing]!.phase)),
      h("button", { type: "button", id: "hist-next", "aria-label": t("history.next"), title: t("history.next") + " (→)", disabled: viewing === null, onclick: () => step(1) }, "▶"),
      viewing !== null ? h("button", { type: "button", id: "hist-now", onclick: () => ((viewing = null), drawAll()) }, t("history.now")) : "",
    );
  };
  const step = (d: number) => {
    const n = history.length;
    const at = (viewing === null ? n : viewing) + d;
    if (at < 0 || at > n) return;
    viewing = at === n ? null : at;
    explain = null;
    drawAll();
  };

  // The result in the viewer's language: the reason's word where the
  // page knows it (bounced, cut, dislodged...), else the result's.
  const resultWord = (result: string, reason?: string): string => {
    const k = ("reason." + (reason ?? "")) as Key;
    const r = reason ? t(k) : k;
    return r !== k ? r : t(("result." + result) as Key);
  };

  const drawResults = () => {
    const rec = viewing === null ? null : history[viewing]!;
    const list = rec ? rec.results : g.last?.results ?? [];
    const label = rec ? phaseLabel(rec.phase) : g.last ? t("results.last", { phase: phaseLabel(g.last.phase) }) : "";
    results.replaceChildren();
    if (!list.length) return;
    results.append(
      h("h3", {}, label, " ", !rec && history.length ? h("button", { type: "button", class: "link", id: "show-last", onclick: () => step(-1) }, t("results.show")) : ""),
      explain ? h("p", { class: "explain", id: "explain", role: "status" }, h("b", {}, explain.text), " — ", resultWord(explain.result ?? "succeeded", explain.reason), explain.message ? paren(explain.message) : "") : "",
      h("ul", { class: "result-list" }, ...list.map((r) => {
        const because = why(r, provinceName);
        return h("li", { class: "res r-" + r.result, "data-order": r.order },
          h("span", { class: "res-mark", "aria-hidden": "true" }, r.result === "succeeded" ? "✓" : r.result === "illegal" ? "!" : "✕"), " ",
          h("b", {}, pname(r.power)), " ", r.order, " — ", h("span", { class: "res-word" }, resultWord(r.result, r.reason)),
          because ? h("span", { class: "muted" }, paren(because)) : null,
        );
      })),
    );
    showDislodged(results, dislodgements(rec ?? g.last), pname, provinceName);
  };
  board.onOrder = (d) => {
    explain = d;
    drawResults();
  };

  const drawCentres = () => {
    const rec = viewing === null ? null : history[viewing]!;
    const owners = rec ? rec.position.supply_centers : g.supply_centers;
    const count = (p: string) => Object.values(owners).filter((o) => o === p).length;
    centreBar.replaceChildren(...powers.map((p, i) => h("li", { "data-power": p }, powerMark(i), " ", pname(p), " ", h("b", {}, num(count(p))))));
  };

  const drawPowers = () => {
    const rows = g.powers.map((p) => {
      const i = powers.indexOf(p.power);
      return h("tr", { class: p.power === g.my_power ? "me" : "", "data-power": p.power },
        h("th", { scope: "row" }, powerMark(i), " ", pname(p.power)),
        h("td", {}, p.player ?? (p.bot ? t("game.bot") : "—")),
        h("td", { class: "num" }, num(p.centres)),
        h("td", { class: "num" }, String(p.units)),
        h("td", {}, !p.alive ? t("powers.out") : p.ready ? "✓ " + t("powers.ready") : p.owes ? t("powers.owes") : ""),
      );
    });
    const draws = variant?.draws !== false;
    const mine = g.powers.find((p) => p.power === g.my_power);
    const votes = g.my_votes && g.status === "active" && mine?.alive
      ? h("fieldset", { class: "votes" },
          h("legend", {}, t("votes.title")),
          h("label", {}, h("input", { type: "checkbox", id: "vote-draw", checked: g.my_votes.draw, disabled: !draws, onchange: (e: Event) => vote({ draw: (e.target as HTMLInputElement).checked }) }), " ", t("votes.draw")),
          h("label", {}, h("input", { type: "checkbox", id: "vote-concede", checked: g.my_votes.concede, onchange: (e: Event) => vote({ concede: (e.target as HTMLInputElement).checked }) }), " ", t("votes.concede")),
          h("p", { class: "muted small" }, draws ? t("votes.rule") : t("votes.nodraws")),
        )
      : null;
    const end = g.end ? h("p", { class: "end", role: "status" }, endText(g.end)) : null;
    powersPane.replaceChildren(
      end ?? "",
      h("table", { class: "powers" },
        h("thead", {}, h("tr", {}, h("th", {}, t("powers.power")), h("th", {}, t("powers.player")), h("th", {}, t("powers.centres")), h("th", {}, t("powers.units")), h("th", {}, t("powers.state")))),
        h("tbody", {}, ...rows)),
      votes ?? "",
      variant ? h("p", { class: "muted small" }, variantText(variant, "victory")) : "",
      gameSettings(g),
    );
  };
  // vote casts the votes as changed by one box. The box's own state is
  // read, not the pane's: a live update may redraw the pane between the
  // click and its change event.
  const vote = async (change: { draw?: boolean; concede?: boolean }) => {
    const votes = { draw: g.my_votes?.draw ?? false, concede: g.my_votes?.concede ?? false, ...change };
    g.my_votes = votes; // a redraw before the answer shows the vote as cast
    try {
      await api.votes(g.id, votes.draw, votes.concede);
      toast(t("votes.saved"));
    } catch (e) {
      toast(errorText(e), "error");
    }
  };

  const text = () => drafts.map((d) => d.text).join("\n");
  const setDirty = () => {
    saveState = text() === savedText ? "saved" : "dirty";
  };
  const addDraft = (textIn: string, option?: Parameters<typeof draftKey>[1]) => {
    const key = draftKey(textIn, option);
    drafts = drafts.filter((d) => d.key !== key);
    drafts.push(option ? { key, text: option.text, option } : { key, text: textIn.trim().toUpperCase() });
    setDirty();
  };

  const save = async (ready: boolean) => {
    saveState = "saving";
    saveErrors = [];
    drawOrders();
    try {
      const res = await api.orders(g.id, drafts.map((d) => d.text), ready, g.phase);
      drafts = res.orders.map((o, i) => {
        const option = builder.matching(o) ?? drafts[i]?.option;
        return { key: draftKey(o, option), text: o, ...(option ? { option } : {}) };
      });
      savedText = text();
      saveState = "saved";
      if (g.my_orders) g.my_orders = { orders: res.orders, ready: res.ready };
    } catch (e) {
      saveState = "error";
      saveErrors = e instanceof ApiError && e.orders.length ? e.orders : [{ index: -1, order: "", message: errorText(e) }];
      if (e instanceof ApiError && e.status === 409) void reload();
    }
    drawOrders();
    drawBoard();
  };

  const stepPrompt = (): string => {
    switch (builder.step) {
      case "unit":
        return options?.phase.type === "adjustment" ? t("orders.pick.adjust") : t("orders.pick.unit");
      case "kind":
        return t("orders.pick.kind");
      case "target":
        return t("orders.pick.target");
      case "dest":
        return builder.cands[0]?.kind === "support" ? t("orders.pick.dest.support") : t("orders.pick.dest");
      case "coast":
        return new Set(builder.cands.map((o) => o.target + o.dest + o.at)).size > 1 ? t("orders.pick.coast") : t("orders.pick.which");
    }
    return "";
  };
  const kindLabel = (key: string): string => {
    const k = ("kind." + key.replace(":", ".")) as Key;
    const s = t(k);
    return s === k ? key : s;
  };
  const choiceLabel = (key: string): string => {
    if (builder.step === "kind") return kindLabel(key);
    if (builder.step === "dest" && key === "") return t("orders.holdsupport");
    if (builder.step === "coast") return key;
    const name = provinceName(key);
    return name ? `${key.split("/")[0]!.toUpperCase()} · ${name}${key.includes("/") ? " (" + key.split("/")[1]!.toUpperCase() + ")" : ""}` : key.toUpperCase();
  };

  const finish = () => {
    const o = builder.done();
    if (o) {
      addDraft(o.text, o);
      builder.reset();
    }
    drawOrders();
    drawBoard();
  };
  board.onProvince = (p) => {
    if (viewing !== null || !options || g.status !== "active") return;
    if (builder.step === "unit" || !builder.click(p)) {
      builder.reset();
      builder.selectUnit(p);
    }
    finish();
  };

  const drawOrders = () => {
    ordersPane.replaceChildren();
    boardChooser.replaceChildren();
    if (!g.my_power) {
      ordersPane.append(h("p", { class: "muted" }, t("orders.spectator")));
      return;
    }
    if (g.status !== "active") {
      ordersPane.append(h("p", { class: "muted" }, t("orders.over")));
      return;
    }
    if (!options) {
      ordersPane.append(h("p", { class: "muted" }, t("loading")));
      return;
    }
    const me = g.powers.find((p) => p.power === g.my_power);
    if (me && !me.alive) {
      // A power that is out gives no orders and no votes; its player
      // may follow the game to its end.
      ordersPane.append(h("p", { class: "muted", id: "out" }, t("orders.out", { power: pname(me.power) })));
      return;
    }
    ordersPane.append(h("h2", {}, powerMark(powers.indexOf(g.my_power)), " ", pname(g.my_power), " — ", phaseLabel(g.phase)));
    if (options.adjustment > 0) ordersPane.append(h("p", { class: "note" }, t("orders.builds", { n: options.adjustment })));
    if (options.adjustment < 0) ordersPane.append(h("p", { class: "note" }, t("orders.removals", { n: -options.adjustment })));
    if (!options.orders.length) ordersPane.append(h("p", { class: "muted", id: "no-orders" }, t("orders.none")));
    else {
      // The same choices as the board, as buttons: for the keyboard, and
      // for variants whose board is not drawn.
      const chooser = h("div", { class: "chooser", id: "chooser" }, h("p", { class: "prompt", id: "prompt", "aria-live": "polite" }, stepPrompt()));
      const due = Math.abs(options.adjustment);
      if (builder.step === "unit" && due > 0 && drafts.length >= due) {
        // Every build (or removal) due is given: another would be refused.
        chooser.replaceChildren(h("p", { class: "prompt", id: "prompt" }, t("orders.adjust.done", { n: due })));
      } else if (builder.step === "unit") {
        const units = builder.units();
        chooser.append(h("div", { class: "choices units" }, ...units.map((u) => h("button", { type: "button", class: "choice unit-choice", "data-choice": u, title: provinceName(u), onclick: () => board.onProvince(u) }, unitLabel(u)))));
        const waive = options.orders.find((o) => o.kind === "waive");
        if (waive) chooser.append(h("button", { type: "button", class: "choice", id: "waive", onclick: () => (addDraft(waive.text, waive), drawOrders(), drawBoard()) }, t("kind.waive")));
      } else {
        const choices = () => h("div", { class: "choices" }, ...builder.choices().map((c) => h("button", { type: "button", class: "choice", "data-choice": c.key, title: provinceName(c.key), onclick: () => (builder.choose(c.key), finish()) }, choiceLabel(c.key))));
        const cancel = () => h("button", { type: "button", class: "link cancel", onclick: () => (builder.reset(), drawOrders(), drawBoard()) }, t("orders.cancel"));
        chooser.append(h("p", { class: "selected-unit" }, unitLabel(builder.unit)), choices(), cancel());
        boardChooser.append(h("p", { class: "prompt" }, unitLabel(builder.unit) + (provinceName(builder.unit) ? " · " + provinceName(builder.unit) : "") + " — " + stepPrompt()), choices(), cancel());
      }
      ordersPane.append(chooser);
    }
    const errAt = new Map(saveErrors.filter((e) => e.index >= 0).map((e) => [e.index, why(e, provinceName) || e.message]));
    ordersPane.append(
      h("h3", {}, t("orders.drafted")),
      h("ol", { class: "drafts", id: "drafts" },
        ...drafts.map((d, i) =>
          h("li", { class: errAt.has(i) ? "bad" : "", "data-order": d.text },
            h("span", { class: "order-text" }, d.text),
            errAt.has(i) ? h("span", { class: "error" }, " — " + errAt.get(i)) : null,
            h("button", { type: "button", class: "link remove", "aria-label": t("orders.remove", { order: d.text }), onclick: () => ((drafts = drafts.filter((x) => x !== d)), setDirty(), drawOrders(), drawBoard()) }, "✕"),
          ),
        ),
      ),
    );
    if (!drafts.length) ordersPane.append(h("p", { class: "muted small" }, t(("orders.nodrafts." + g.phase.type) as Key)));
    const typed = h("textarea", { id: "typed", rows: 3, placeholder: "A PAR - BUR\nF BRE - MAO", "aria-label": t("orders.type") });
    ordersPane.append(
      h("details", { class: "typed" },
        h("summary", {}, t("orders.type")),
        typed,
        h("button", {
          type: "button",
          id: "add-typed",
          onclick: () => {
            for (const line of typed.value.split(/\n|;/)) if (line.trim()) addDraft(line, builder.matching(line));
            typed.value = "";
            drawOrders();
            drawBoard();
          },
        }, t("orders.add")),
      ),
    );
    const state = saveState === "saved" ? t("orders.state.saved") : saveState === "saving" ? t("orders.state.saving") : saveState === "dirty" ? t("orders.state.dirty") : t("orders.state.error");
    const ready = h("input", { type: "checkbox", id: "ready", checked: !!g.my_orders?.ready, onchange: () => void save(ready.checked) });
    ordersPane.append(
      h("div", { class: "save-row" },
        h("button", { type: "button", class: "primary", id: "save", disabled: saveState === "saving", onclick: () => void save(!!g.my_orders?.ready) }, t("orders.save")),
        h("span", { class: "save-state s-" + saveState, id: "save-state", role: "status" }, state),
      ),
      ...saveErrors.filter((e) => e.index < 0).map((e) => h("p", { class: "error" }, e.message)),
      h("div", { class: "ready-row" }, ready, h("label", { for: "ready" }, t("orders.ready"))),
      h("p", { class: "muted small" }, t("orders.ready.note")),
      me && !me.owes ? h("p", { class: "muted small", id: "nothing-owed" }, t("orders.nothingowed")) : "",
    );
  };

  // A province is named in the reader's language where the catalogues
  // have its name, else by the server's (English) name; "" before the
  // variant has loaded, for a province the catalogues do not know.
  const provinceName = (id: string): string => placeName(g.variant, base(id), names.get(base(id)) ?? "");
  const unitLabel = (prov: string): string => {
    const u = g.units.find((u) => base(u.province) === prov && u.power === g.my_power) ?? g.dislodged.find((u) => base(u.province) === prov);
    if (u) return (u.type === "fleet" ? "F " : "A ") + u.province.toUpperCase();
    return prov.toUpperCase();
  };

  const drawAll = () => {
    endBox.replaceChildren(g.status === "finished" && g.end ? endView({ game: g, history, powers, pname, result: endText(g.end), replay: () => ((viewing = history.length ? 0 : null), drawAll()) }) : "");
    drawHeader();
    drawCentres();
    drawHistory();
    drawBoard();
    drawResults();
    drawOrders();
    drawPowers();
    drawTabs();
  };

  const loadOptions = async () => {
    options = null;
    if (!g.my_power || g.status !== "active") return;
    try {
      options = await api.options(g.id);
    } catch (e) {
      options = { phase: g.phase, power: g.my_power, adjustment: 0, orders: [] };
      if (!(e instanceof ApiError && (e.status === 403 || e.status === 409))) toast(errorText(e), "error");
    }
    builder = new Builder(options.orders);
    drafts = [];
    for (const o of g.my_orders?.orders ?? []) {
      const opt = builder.matching(o);
      drafts.push({ key: draftKey(o, opt), text: o, ...(opt ? { option: opt } : {}) });
    }
    savedText = text();
    saveState = "saved";
    saveErrors = [];
  };
  const played = phases(g.id);
  const loadHistory = async () => {
    try {
      history = await played.update();
    } catch {
      // kept as it was: the next change asks again
    }
  };

  let version = g.version;
  let seq = g.seq;
  let reloading = false;
  let again = false;
  const reload = async (): Promise<void> => {
    // One reload at a time; a change announced meanwhile reloads once more.
    if (reloading) {
      again = true;
      return;
    }
    reloading = true;
    try {
      const ng = (await api.game(g.id)) as DiplomacyGame;
      if (ng.version === version && ng.status === g.status) return;
      const phaseChanged = ng.seq !== seq || ng.status !== g.status;
      const wasForming = g.status === "forming";
      g = ng;
      version = g.version;
      seq = g.seq;
      // A cancelled game never started: its card says so, and no board.
      if (g.status === "forming" || g.cancelled) return void drawForming();
      if (wasForming) {
        await start();
        return;
      }
      if (phaseChanged) {
        await Promise.all([loadOptions(), loadHistory()]);
        if (viewing !== null) viewing = null;
        if (g.status === "finished" && g.end) toast(t("game.over", { result: endText(g.end) }));
        else if (g.last) toast(t("game.resolved", { phase: phaseLabel(g.last.phase) }));
      } else if (g.my_orders && !drafts.length && g.my_orders.orders.length) {
        await loadOptions();
      }
      drawAll();
      // How long a phase change takes to show, from the stream's word.
      if (phaseChanged) performance.measure("chancery-phase-drawn", { start: heard });
    } catch {
      // the stream will say again when the game changes
    } finally {
      reloading = false;
      if (again) {
        again = false;
        void reload();
      }
    }
  };

  const drawForming = () => {
    layout.hidden = true;
    root.querySelector(".forming")?.remove();
    const seats = powers.map((p) => {
      const ps = g.powers.find((x) => x.power === p);
      return { power: p, name: ps?.player, bot: ps?.bot };
    });
    root.append(seatsForming(g, seats, () => void reload()));
    drawHeader();
  };

  const start = async () => {
    root.querySelector(".forming")?.remove();
    layout.hidden = false;
    setupPress();
    hasBoard = await board.load(g.variant).catch(() => false);
    boardPane.replaceChildren(hasBoard ? board.el : h("p", { class: "muted no-board" }, t("board.none")));
    if (hasBoard) legendBox.replaceChildren(legend(powers, pname, board.kinds()));
    await Promise.all([loadOptions(), loadHistory()]);
    drawAll();
    performance.mark("chancery-board-ready");
    document.body.dataset["ready"] = "1";
  };

  const keys = (e: KeyboardEvent) => {
    const el = e.target as HTMLElement;
    if (el.closest("input, textarea, select, [contenteditable]")) return;
    if (e.key === "ArrowLeft") step(-1);
    else if (e.key === "ArrowRight") step(1);
    else if (e.key === "Escape") {
      builder.reset();
      drawOrders();
      drawBoard();
    } else return;
    e.preventDefault();
  };
  document.addEventListener("keydown", keys);
  let heard = 0;
  const stop = follow(g.id, {
    game: () => ((heard = performance.now()), void reload()),
    phase: () => ((heard = performance.now()), void reload()),
    message: (m) => press?.add(m),
    lost: () => liveLost(root, true),
    back: () => (liveLost(root, false), void reload(), void press?.load()),
  });
  const vis = () => press?.draw();
  document.addEventListener("visibilitychange", vis);
  // Leaving with orders not saved asks first.
  const unsaved = (e: BeforeUnloadEvent) => {
    if (saveState === "dirty") e.preventDefault();
  };
  window.addEventListener("beforeunload", unsaved);

  drawTabs();
  if (g.status === "forming" || g.cancelled) drawForming();
  else void start();
  return () => {
    stop();
    document.removeEventListener("keydown", keys);
    document.removeEventListener("visibilitychange", vis);
    window.removeEventListener("beforeunload", unsaved);
  };
}

