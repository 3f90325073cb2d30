// The orders pane: what to click next and the same choices as buttons,
// the drafted orders, typed orders, and saving and readiness. On a phone
// the choices after a tap on the board are shown under the board too.

import { phaseLabel, t, why, type Key } from "../i18n";
import { powerMark } from "../board";
import { h, kept, type Kept } from "../ui";
import { addOption, cancel, choose, clickProvince, remove, save, typed } from "./actions";
import { unitLabel, type Ctx, type PlayState } from "./state";

/** tapping says whether the reader points with a finger: the page then says "tap", not "click". */
const tapping = () => typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
const say = (k: Key, vars: Record<string, string | number> = {}) => t((tapping() ? k + ".tap" : k) as Key, vars);

/** counted picks a message's form for a count: its .one form for one ("one unit"), else the form with the number ("2 units"). */
const counted = (k: string, n: number) => t((n === 1 ? k + ".one" : k) as Key, { n });

export function ordersPane(ctx: Ctx): HTMLElement {
  const pane = h("section", { class: "pane orders-pane", id: "pane-orders", role: "tabpanel", "aria-label": t("tab.orders") });
  const top = h("div", { class: "orders-top" });
  const chooser = h("div", { class: "chooser", id: "chooser" });
  const rest = h("div", { class: "orders-rest" });
  const drafts = h("ol", { class: "drafts", id: "drafts" });
  const none = h("p", { class: "muted small" });
  const saveBox = h("div", { class: "save-box" });
  rest.append(h("h3", {}, t("orders.drafted")), drafts, none, typedOrders(ctx), saveBox);
  pane.append(top, chooser, rest);
  ctx.store.on(["g", "options"], (s) => {
    const why = unavailable(ctx, s);
    top.replaceChildren(...(why ? [why] : heading(ctx, s)));
    chooser.hidden = rest.hidden = !!why;
  });
  ctx.store.on(["g", "options", "pick", "drafts", "names"], (s) => drawChooser(ctx, s, chooser));
  ctx.store.on(["drafts", "saveErrors", "names"], (s) => drawDrafts(ctx, s, drafts, none));
  // Every live update redraws the save box: the button the player is on
  // keeps the focus. It patches: a Ready box pressed as a live update
  // came and released after it was replaced lost the click; its
  // handlers read the game when they run.
  const saving = kept(saveBox, true);
  ctx.store.on(["g", "options", "save", "saveErrors"], (s) => drawSave(ctx, s, saving));
  return pane;
}

/** unavailable says why the player gives no orders now, if they do not. */
function unavailable(ctx: Ctx, s: Readonly<PlayState>): HTMLElement | null {
  const g = s.g;
  if (!g.my_power) return h("p", { class: "muted" }, t("orders.spectator"));
  if (g.status !== "active") return h("p", { class: "muted" }, t("orders.over"));
  if (!s.options) return h("p", { class: "muted" }, t("loading"));
  const me = g.powers.find((p) => p.power === g.my_power);
  // A power that is out gives no orders and no votes; its player may
  // follow the game to its end.
  if (me && !me.alive) return h("p", { class: "muted", id: "out" }, t("orders.out", { power: ctx.pname(me.power) }));
  return null;
}

function heading(ctx: Ctx, s: Readonly<PlayState>): HTMLElement[] {
  const g = s.g, o = s.options!;
  const out = [h("h2", {}, powerMark(ctx.powers.indexOf(g.my_power!)), " ", ctx.pname(g.my_power!), " — ", phaseLabel(g.phase))];
  if (o.adjustment > 0) out.push(h("p", { class: "note" }, counted("orders.builds", o.adjustment)));
  if (o.adjustment < 0) out.push(h("p", { class: "note" }, counted("orders.removals", -o.adjustment)));
  if (!o.orders.length) out.push(h("p", { class: "muted", id: "no-orders" }, t("orders.none")));
  return out;
}

/** prompt says what the builder waits for. */
export function prompt(s: Readonly<PlayState>): string {
  const b = s.builder;
  switch (b.step) {
    case "unit":
      return s.options?.phase.type === "adjustment" ? say("orders.pick.adjust") : say("orders.pick.unit");
    case "kind": {
      const phase = s.options?.phase.type;
      return phase === "retreat" ? t("orders.pick.kind.retreat") : phase === "adjustment" ? t("orders.pick.kind.adjust") : say("orders.pick.kind");
    }
    case "target":
      return say("orders.pick.target");
    case "dest": {
      if (!b.cands.some((o) => o.kind === "support")) return say("orders.pick.dest");
      return b.choices().some((c) => c.key === "") ? say("orders.pick.dest.support") : say("orders.pick.dest.move");
    }
    case "coast":
      return new Set(b.cands.map((o) => o.target + o.dest + o.at)).size > 1 ? t("orders.pick.coast") : t("orders.pick.which");
  }
  return "";
}

function choiceLabel(ctx: Ctx, s: Readonly<PlayState>, key: string): string {
  const step = s.builder.step;
  if (step === "kind") {
    const k = ("kind." + key.replace(":", ".")) as Key;
    const label = t(k);
    return label === k ? key : label;
  }
  if (step === "dest" && key === "") return t("orders.holdsupport");
  if (step === "coast") return key;
  const name = ctx.place(key);
  const [p, coast] = key.split("/");
  return name ? `${p!.toUpperCase()} · ${name}${coast ? " (" + coast.toUpperCase() + ")" : ""}` : key.toUpperCase();
}

/** choices are the builder's choices as buttons, and a way out. */
function choices(ctx: Ctx, s: Readonly<PlayState>): HTMLElement[] {
  return [
    h("div", { class: "choices" }, ...s.builder.choices().map((c) =>
      h("button", { type: "button", class: "choice", "data-choice": c.key, title: ctx.place(c.key), onclick: () => choose(ctx, c.key) },
        choiceLabel(ctx, s, c.key)))),
    h("button", { type: "button", class: "link cancel", onclick: () => cancel(ctx) }, t("orders.cancel")),
  ];
}

function drawChooser(ctx: Ctx, s: Readonly<PlayState>, box: HTMLElement): void {
  const b = s.builder, o = s.options;
  box.replaceChildren();
  ctx.boardChooser.replaceChildren();
  if (!o || !o.orders.length) return;
  const due = Math.abs(o.adjustment);
  if (b.step === "unit" && due > 0 && s.drafts.length >= due) {
    // Every build (or removal) due is given: another would be refused.
    box.append(h("p", { class: "prompt", id: "prompt" }, counted("orders.adjust.done", due)));
    return;
  }
  box.append(h("p", { class: "prompt", id: "prompt", "aria-live": "polite" }, prompt(s)));
  if (b.step === "unit") {
    box.append(h("div", { class: "choices units" }, ...b.units().map((u) =>
      h("button", { type: "button", class: "choice unit-choice", "data-choice": u, title: ctx.place(u), onclick: () => clickProvince(ctx, u) },
        unitLabel(s, u)))));
    const waive = o.orders.find((x) => x.kind === "waive");
    if (waive) box.append(h("button", { type: "button", class: "choice", id: "waive", onclick: () => addOption(ctx, waive) }, t("kind.waive")));
    return;
  }
  const name = ctx.place(b.unit);
  box.append(h("p", { class: "selected-unit" }, unitLabel(s, b.unit)), ...choices(ctx, s));
  ctx.boardChooser.append(h("p", { class: "prompt" }, unitLabel(s, b.unit) + (name ? " · " + name : "") + " — " + prompt(s)), ...choices(ctx, s));
}

function drawDrafts(ctx: Ctx, s: Readonly<PlayState>, list: HTMLElement, none: HTMLElement): void {
  const errAt = new Map(s.saveErrors.filter((e) => e.index >= 0).map((e) => [e.index, why(e, ctx.place) || e.message]));
  list.replaceChildren(...s.drafts.map((d, i) =>
    h("li", { class: errAt.has(i) ? "bad" : d.parts ? "" : "unknown", "data-order": d.text },
      h("span", { class: "order-text" }, d.text),
      errAt.has(i) ? h("span", { class: "error" }, " — " + errAt.get(i))
        : !d.parts && s.options ? h("span", { class: "muted small" }, " — " + t("orders.unknown")) : null,
      h("button", { type: "button", class: "link remove", "aria-label": t("orders.remove", { order: d.text }), onclick: () => remove(ctx, d) }, "✕"),
    )));
  none.textContent = s.drafts.length ? "" : t(("orders.nodrafts." + s.g.phase.type) as Key);
}

function typedOrders(ctx: Ctx): HTMLElement {
  const area = h("textarea", { id: "typed", rows: 3, placeholder: "A PAR - BUR\nF BRE - MAO", "aria-label": t("orders.type") });
  const add = () => {
    typed(ctx, area.value);
    area.value = "";
  };
  return h("details", { class: "typed" },
    h("summary", {}, t("orders.type")), area, h("button", { type: "button", id: "add-typed", onclick: add }, t("orders.add")));
}

const stateWord: Record<string, Key> = { saved: "orders.state.saved", saving: "orders.state.saving", dirty: "orders.state.dirty", error: "orders.state.error" };

function drawSave(ctx: Ctx, s: Readonly<PlayState>, box: Kept): void {
  if (unavailable(ctx, s)) return box.draw();
  const g = s.g;
  const me = g.powers.find((p) => p.power === g.my_power);
  const ready = h("input", { type: "checkbox", id: "ready", checked: !!g.my_orders?.ready, "data-keep": "no", onchange: () => void save(ctx, ready.checked) });
  const bad = s.saveErrors.some((e) => e.index >= 0);
  box.draw(
    h("div", { class: "save-row" },
      h("button", { type: "button", class: "primary", id: "save", disabled: s.save === "saving", onclick: () => void save(ctx, !!ctx.store.state.g.my_orders?.ready) },
        t("orders.save")),
      h("span", { class: "save-state s-" + s.save, id: "save-state", role: "status" },
        t(s.save === "error" && bad ? "orders.state.refused" : stateWord[s.save]!)),
    ),
    ...s.saveErrors.filter((e) => e.index < 0).map((e) => h("p", { class: "error" }, e.message)),
    h("div", { class: "ready-row" }, ready, h("label", { for: "ready" }, t("orders.ready"))),
    h("p", { class: "muted small" }, t("orders.ready.note")),
    me && !me.owes ? h("p", { class: "muted small", id: "nothing-owed" }, t("orders.nothingowed")) : "",
  );
}
