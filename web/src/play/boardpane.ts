// The board pane: the board with the phase being played and the drafts,
// or a phase of the history with its orders and results; the order being
// built outlined; and each power's centres beneath.

import type { PhaseRecord } from "../api";
import { powerMark, type Drawn } from "../board";
import { num, t, why } from "../i18n";
import { dislodgements } from "../dislodged";
import { drawn, played } from "../orders";
import { h } from "../ui";
import { clickProvince, drag, ordering } from "./actions";
import { shown, type Ctx, type PlayState } from "./state";

export function boardPane(ctx: Ctx): HTMLElement {
  const pane = h("div", { class: "board-pane pane", id: "pane-board" });
  const b = ctx.board;
  b.onProvince = (p) => clickProvince(ctx, p);
  b.onDrag = (from, to) => drag(ctx, from, to);
  b.canDrag = (p) => ordering(ctx) && ctx.store.state.builder.units().includes(p);
  b.onOrder = (d) => ctx.store.set({ explain: d });
  ctx.store.on(["board"], (s) => pane.replaceChildren(s.board ? b.el : h("p", { class: "muted no-board" }, t("board.none"))));
  ctx.store.on(["board", "g", "viewing", "history"], (s) => {
    if (!s.board) return;
    const rec = shown(s);
    // The seats a bot plays now, for the phase being played: a phase of
    // the history was played by whoever played it then.
    b.bots(!rec && s.g.status === "active" ? s.g.taken_over : []);
    if (rec) b.position(rec.position.units, rec.position.supply_centers, rec.position.dislodged);
    else b.position(s.g.units, s.g.supply_centers, s.g.dislodged);
  });
  ctx.store.on(["board", "g", "viewing", "history", "drafts", "pick", "options", "names"], (s) => drawOrders(ctx, s));
  return pane;
}

/** drawOrders draws the drafts and the order being built, or a played phase's orders. */
function drawOrders(ctx: Ctx, s: Readonly<PlayState>): void {
  if (!s.board) return;
  const b = ctx.board;
  const rec = shown(s);
  if (rec) {
    b.show(recordOrders(ctx, rec));
    b.outcome(dislodgements(rec));
    b.mark(null, []);
    return;
  }
  // A finished game's board is its final position: orders saved but
  // never played are not drawn.
  b.show(s.g.status === "active" ? s.drafts.map(drawn).filter((x): x is Drawn => !!x) : []);
  // The units the last phase destroyed, struck out beside their place.
  b.outcome(dislodgements(s.g.last).filter((d) => d.destroyed));
  const bu = s.builder;
  b.mark(bu.step === "unit" ? null : bu.unit, s.g.status === "active" && s.options ? bu.legal() : []);
}

/**
 * recordOrders lists a played phase's orders with their results, drawn
 * from the orders' parts (every order given has its result).
 */
function recordOrders(ctx: Ctx, rec: PhaseRecord): Drawn[] {
  const out: Drawn[] = [];
  for (const r of rec.results) {
    const p = played(r);
    if (!p) continue;
    const message = why(r, ctx.place);
    out.push(message ? { ...p, message } : p);
  }
  return out;
}

/** centres is each power's mark, name and supply centres: the board's legend and score. */
export function centres(ctx: Ctx): HTMLElement {
  const bar = h("ul", { class: "centre-bar", id: "centre-bar", "aria-label": t("powers.centres") });
  ctx.store.on(["g", "viewing", "history"], (s) => {
    const owners = shown(s)?.position.supply_centers ?? s.g.supply_centers;
    const count = (p: string) => Object.values(owners).filter((o) => o === p).length;
    bar.replaceChildren(...ctx.powers.map((p, i) => h("li", { "data-power": p }, powerMark(i), " ", ctx.pname(p), " ", h("b", {}, num(count(p))))));
  });
  return bar;
}
