// The end of a game: where the end-of-game view (the result, the chart of
// centres year by year, each power's player, the record) is drawn. Until
// it is, the slot says how the game ended.

import { endView } from "../endgame";
import { t } from "../i18n";
import { openSandbox } from "../sandbox";
import { h } from "../ui";
import { endText, type Ctx } from "./state";

/** EndView draws a finished game's view into the slot it is given. */
export type EndView = (ctx: Ctx, slot: HTMLElement) => void;

/** endOfGame is the page's slot for the end of the game, empty while the game goes on. */
export function endOfGame(ctx: Ctx, view: EndView = chartView): HTMLElement {
  const slot = h("section", { class: "end-of-game", id: "end-of-game" });
  ctx.store.on(["g", "history"], (s) => {
    const end = s.g.end;
    slot.hidden = !end;
    if (!end) return slot.replaceChildren();
    if (view) return view(ctx, slot);
    slot.replaceChildren(h("p", { class: "end", role: "status" }, endText(ctx, end)));
  });
  return slot;
}

/** chartView is the end-of-game view: the result, the chart of centres year by year, each power's player, the record. */
const chartView: EndView = (ctx, slot) => {
  const s = ctx.store.state;
  const end = s.g.end!;
  slot.replaceChildren(endView({
    game: s.g, history: s.history, powers: ctx.powers, pname: ctx.pname, result: endText(ctx, end),
    replay: () => ctx.store.set({ viewing: s.history.length ? 0 : null }),
  }));
  // Any phase of a finished game opens as a sandbox: the one shown, or the last.
  const open = () => {
    const v = ctx.store.state.viewing;
    void openSandbox({ from_game: s.g.id, phase: v === null ? s.g.seq : (ctx.store.state.history[v]?.seq ?? s.g.seq) });
  };
  slot.querySelector("#endgame .row")?.append(h("button", { type: "button", id: "open-sandbox", onclick: open }, t("sandbox.open")));
};
