// The end of a game: where the end-of-game view (the result, the chart of
// centres year by year, each power's player, the record) is drawn. Until
// it is, the slot says how the game ended.

import { h } from "../ui";
import { endText, type Ctx } from "./state";

/** EndView draws a finished game's view into the slot it is given. */
export type EndView = (ctx: Ctx, slot: HTMLElement) => void;

/** endOfGame is the page's slot for the end of the game, empty while the game goes on. */
export function endOfGame(ctx: Ctx, view?: EndView): HTMLElement {
  const slot = h("section", { class: "end-of-game", id: "end-of-game" });
  ctx.store.on(["g"], (s) => {
    const end = s.g.end;
    slot.hidden = !end;
    if (!end) return slot.replaceChildren();
    if (view) return view(ctx, slot);
    slot.replaceChildren(h("p", { class: "end", role: "status" }, endText(ctx, end)));
  });
  return slot;
}
