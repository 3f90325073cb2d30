// The Diceplomacy table: every seat with its wins and losses, the
// player's own die (secret), the others' hidden until a battle reveals
// them, the war and the proposal on the table, the decision asked of the
// player with the moves that answer it, and the battle log; all live.

import { api, follow, type DiceEvent, type DiceGame, type DiceMove, type DiceView } from "./api";
import { errorText } from "./errors";
import { events } from "./history";
import { countdown, fmtDate, known, lang, list, paren, plural, t, variantTitle, type Key } from "./i18n";
import { Press } from "./press";
import { me } from "./session";
import { gameSettings, seatsForming } from "./seats";
import { h, liveLost, toast } from "./ui";

const FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

export function dicePage(root: HTMLElement, first: DiceGame): () => void {
  let g = first;
  let log: DiceEvent[] = [];
  const played = events(g.id);
  const head = h("header", { class: "game-head" });
  const table = h("div", { class: "dice-table", id: "dice-table" });
  const act = h("section", { class: "card dice-actions", id: "dice-actions", "aria-live": "polite" });
  const logEl = h("section", { class: "card dice-log", id: "dice-log" });
  const pressEl = h("section", { class: "card dice-press", "aria-label": t("tab.press") });
  const body = h("div", { class: "dice" }, h("div", {}, table, act, pressEl), logEl);
  root.append(head, body);
  // Press between the seats, as in a Diplomacy game.
  let press: Press | null = null;
  const setupPress = () => {
    if (press || !g.my_power || !me) return;
    // Seats are named by who plays them, as everywhere on the table.
    const byPower = new Map(g.seats.map((s, i) => [s.power, i]));
    press = new Press(g.id, g.my_power, g.seats.map((s) => s.power), me.name, g.press, (p) => (byPower.has(p) ? name(g.view, byPower.get(p)!) : p));
    pressEl.replaceChildren(h("h2", {}, t("tab.press")), press.el);
    void press.load();
  };

  // A seat not yet taken is named by its number, counted from 1.
  const seatLabel = (power: string) => {
    const i = g.seats.findIndex((s) => s.power === power);
    return i < 0 ? power : t("dice.seat", { n: i + 1 });
  };
  const name = (v: DiceView | undefined, seat: number) => v?.players[seat]?.name ?? g.seats[seat]?.name ?? t("dice.seat", { n: seat + 1 });
  const names = (v: DiceView | undefined, seats: number[] | undefined) => list((seats ?? []).map((s) => name(v, s)));

  const draw = () => {
    const v = g.view;
    head.replaceChildren(
      h("h1", { class: "game-title" }, g.name, h("span", { class: "muted" }, " · " + variantTitle("diceplomacy"))),
      h("div", { class: "phase-line" },
        v ? (v.result?.winners?.length || g.status === "finished" ? t("dice.turn.over", { n: v.turn }) : t("dice.turn", { n: v.turn, name: name(v, v.current) })) : "",
        g.deadline && g.status === "active" ? h("span", { class: "deadline" }, v ? " · " : "", h("span", { "data-deadline": g.deadline, id: "countdown" }, countdown(g.deadline)), h("span", { class: "muted" }, paren(fmtDate(g.deadline)))) : ""),
    );
    if (g.status === "forming" || !v) {
      table.replaceChildren(seatsForming(g, g.seats, () => void reload(), seatLabel));
      act.hidden = true;
      logEl.hidden = true;
      return;
    }
    act.hidden = false;
    logEl.hidden = false;
    head.append(gameSettings(g));
    setupPress();
    const war = v.war && v.war.attackers?.length ? v.war : null;
    table.replaceChildren(
      h("ul", { class: "seats-grid" },
        ...v.players.map((p) => {
          const side = war?.attackers.includes(p.seat) ? "attacker" : war?.defenders.includes(p.seat) ? "defender" : "";
          const own = p.seat === v.seat;
          const die = p.die ? FACES[p.die] + " " + p.die : "?";
          return h("li", { class: ["seat", own ? "mine" : "", p.revealed ? "revealed" : "", p.out ? "out" : "", v.current === p.seat ? "current" : "", side].join(" "), "data-seat": p.seat },
            h("div", { class: "seat-name" }, v.current === p.seat ? "▶ " : "", p.name, own ? paren(t("dice.you")) : ""),
            h("div", { class: "die" + (p.die ? "" : " hidden-die"), "aria-label": p.die ? t("dice.die", { n: p.die }) : t("dice.hidden") }, die),
            h("div", { class: "small muted" }, own && !p.revealed ? t("dice.secret") : p.revealed ? t("dice.revealed") : t("dice.hidden")),
            h("div", { class: "score" }, t("dice.wins", { n: p.wins }), " ", "●".repeat(p.wins) + "○".repeat(Math.max(0, 3 - p.wins)), h("br"), t("dice.losses", { n: p.losses }), " ", "✕".repeat(p.losses) + "·".repeat(Math.max(0, 3 - p.losses))),
            p.ally >= 0 ? h("div", { class: "small" }, t("dice.ally", { name: name(v, p.ally) })) : null,
            side ? h("div", { class: "small side-" + side }, t(("dice." + side) as Key)) : null,
            p.out ? h("div", { class: "small" }, t("dice.out")) : null,
          );
        })),
      war ? h("p", { class: "war", id: "war" }, "⚔ ", t("dice.war", { a: names(v, war.attackers), d: names(v, war.defenders) })) : "",
      v.proposal && v.phase === "alliance" ? h("p", { class: "proposal" }, t("dice.proposal", { from: name(v, v.proposal.from), to: name(v, v.proposal.to) })) : "",
      v.result && v.result.winners?.length ? h("p", { class: "end", role: "status" }, v.result.draw ? t("dice.draw", { names: names(v, v.result.winners) }) : t("dice.winner", { name: names(v, v.result.winners) })) : "",
    );
    drawActions(v);
    drawLog(v);
  };

  const moveLabel = (v: DiceView, m: DiceMove): string => {
    const who = m.target >= 0 ? name(v, m.target) : "";
    if (m.kind.startsWith("answer_")) return t(("dice.answer." + v.request.kind + "." + (m.yes ? "yes" : "no")) as Key, { name: v.proposal ? name(v, v.proposal.from) : "" });
    return t(("dice.move." + m.kind) as Key, { name: who });
  };

  const drawActions = (v: DiceView) => {
    act.replaceChildren(h("h2", {}, t("dice.yourmove")));
    if (g.status !== "active") return void act.append(h("p", { class: "muted" }, t("orders.over")));
    if (!g.my_power) return void act.append(h("p", { class: "muted" }, t("orders.spectator")));
    // The game waits for whoever is asked now: the player whose turn it
    // is, or the seats answering them (a war's defender, its sides).
    if (v.request.kind === "none" || !v.legal?.length) return void act.append(h("p", { class: "muted", id: "dice-wait" }, t("dice.wait", { name: v.waiting?.length ? names(v, v.waiting) : name(v, v.current) })));
    act.append(h("p", { class: "prompt" }, t(("dice.request." + v.request.kind) as Key)));
    const groups = new Map<string, DiceMove[]>();
    for (const m of v.legal) groups.set(m.kind, [...(groups.get(m.kind) ?? []), m]);
    for (const [kind, moves] of groups) {
      act.append(
        h("div", { class: "choices", "data-kind": kind },
          ...moves.map((m) =>
            h("button", {
              type: "button",
              class: "choice" + (m.kind === v.request.default.kind && m.target === v.request.default.target && !!m.yes === !!v.request.default.yes ? " default" : ""),
              "data-move": m.kind + (m.target >= 0 ? ":" + m.target : "") + (m.kind.startsWith("answer_") ? ":" + (m.yes ? "yes" : "no") : ""),
              onclick: () => void play(m),
            }, moveLabel(v, m)),
          )),
      );
    }
    act.append(h("p", { class: "muted small" }, t("dice.default", { move: moveLabel(v, v.request.default) })));
  };

  const play = async (m: DiceMove) => {
    const req: { kind: string; target?: number; yes?: boolean } = { kind: m.kind };
    if (m.target >= 0) req.target = m.target;
    if (m.kind.startsWith("answer_")) req.yes = !!m.yes;
    try {
      g = await api.move(g.id, req);
      await loadLog();
      draw();
    } catch (e) {
      toast(errorText(e), "error");
      void reload();
    }
  };

  const evText = (v: DiceView, e: DiceEvent): string => {
    // A sentence about several seats has its singular where the language
    // makes the verb agree ("alice a rejoint", "alice et bob ont rejoint").
    let k = ("dice.ev." + e.kind) as Key;
    const one = k + "." + plural(e.seats?.length ?? 0);
    if (known(one)) k = one;
    const target = e.target >= 0 ? name(v, e.target) : "";
    // The attackers are side 0, which the log leaves out.
    const side = t(("dice.side." + (e.side || "attackers")) as Key);
    const s = t(k, {
      seat: e.seat >= 0 ? name(v, e.seat) : "",
      target,
      value: e.value ?? 0,
      // A move names its target where the language puts it; an answer
      // says which it was.
      move: e.move ? t(("dice.mv." + e.move + (e.move.startsWith("answer_") ? (e.yes ? ".yes" : ".no") : "")) as Key, { target }) : "",
      seats: names(v, e.seats),
      attackers: names(v, e.attackers),
      defenders: names(v, e.defenders),
      attack: e.attack ?? 0,
      defense: e.defense ?? 0,
      side,
      reason: e.reason ?? "",
    });
    if (s === k) return e.kind;
    // A sentence that opens with the side opens with a capital.
    return s.startsWith(side) ? side.charAt(0).toLocaleUpperCase(lang) + s.slice(1) : s;
  };
  const drawLog = (v: DiceView) => {
    const shown = log.filter((e) => e.kind !== "roll" || e.value).slice(-200).reverse();
    logEl.replaceChildren(
      h("h2", {}, t("dice.log")),
      h("ol", { class: "log", reversed: true }, ...shown.map((e) => h("li", { class: "ev ev-" + e.kind }, evText(v, e)))),
    );
  };

  const loadLog = async () => {
    try {
      log = await played.update();
    } catch {
      // the log is shown again at the next change
    }
  };
  let busy = false;
  let again = false;
  const reload = async (): Promise<void> => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      g = (await api.game(g.id)) as DiceGame;
      await loadLog();
      draw();
    } catch {
      // the stream will say again
    } finally {
      busy = false;
      if (again) {
        again = false;
        void reload();
      }
    }
  };
  const stop = follow(g.id, {
    game: () => void reload(),
    message: (m) => press?.add(m),
    lost: () => liveLost(root, true),
    back: () => (liveLost(root, false), void reload(), void press?.load()),
  });
  void loadLog().then(() => {
    draw();
    document.body.dataset["ready"] = "1";
  });
  draw();
  return stop;
}
