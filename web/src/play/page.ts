// A Diplomacy game's page, made of components that each draw their part
// of one store's state: the header, the board with the history and the
// results, the orders, press, the powers, and the end of the game.

import { follow, type DiplomacyGame, type Variant } from "../api";
import { Board } from "../board";
import { sandboxBar } from "../sandbox";
import { seatsForming } from "../seats";
import { h, kept, liveLost } from "../ui";
import { cancel, letter, step } from "./actions";
import { boardPane, centres } from "./boardpane";
import { legend } from "../legend";
import { seatNotice } from "./master";
import { endOfGame, type EndView } from "./end";
import { header } from "./header";
import { historyBar, results } from "./history";
import { ordersPane } from "./orderspane";
import { powersPane } from "./powers";
import { preview, pressPane } from "./presspane";
import { newCtx, picked, type Ctx } from "./state";
import { everything, reloader } from "./sync";
import { tabs } from "./tabs";

/** diplomacyPage draws game g's page into root and returns what to undo when it is left. */
export function diplomacyPage(root: HTMLElement, g: DiplomacyGame, variant: Variant | undefined, endView?: EndView): () => void {
  const ctx = newCtx(g, variant, new Board());
  const press = pressPane(ctx);
  const legendBox = h("div", { class: "legend-box" });
  const main = h("div", { class: "main-col" }, endOfGame(ctx, endView), seatNotice(ctx), boardPane(ctx), ctx.boardChooser, historyBar(ctx), centres(ctx), legendBox, results(ctx));
  const side = h("div", { class: "side" }, preview(ctx), ordersPane(ctx), powersPane(ctx));
  const layout = h("div", { class: "game", "data-tab": "orders" }, tabs(ctx), main, side, h("div", { class: "press-col" }, press.el));
  ctx.store.on(["tab"], (s) => (layout.dataset["tab"] = s.tab));
  // The seats of a forming game are drawn again as players come and go:
  // the power the player picked to join with stays picked.
  const formingBox = h("div", { class: "forming-box" });
  const seatsBox = kept(formingBox, true);
  root.append(header(ctx), g.sandbox ? sandboxBar(g, ctx.pname) : "", layout, formingBox);

  const forming = () => {
    layout.hidden = true;
    const s = ctx.store.state;
    const seats = ctx.powers.map((p) => {
      const ps = s.g.powers.find((x) => x.power === p);
      return { power: p, name: ps?.player, bot: ps?.bot };
    });
    // Patched through kept, not drawn anew: what did not change stays,
    // so that a click under way on it (Start, Join) is not lost, and the
    // power the player picked to join with stays picked.
    seatsBox.draw(seatsForming(s.g, seats, ctx.reload));
  };
  const start = async () => {
    seatsBox.draw();
    layout.hidden = false;
    const drawn = await ctx.board.load(g.variant).catch(() => false);
    ctx.store.set({ ...(await everything(ctx, ctx.store.state.g)), board: drawn });
    if (drawn) legendBox.replaceChildren(legend(ctx.powers, ctx.pname, ctx.board.kinds()));
    performance.mark("chancery-board-ready");
    document.body.dataset["ready"] = "1";
  };
  let heard = 0;
  const reload = reloader(ctx, { forming, start }, () => heard);
  ctx.reload = () => void reload();
  const stop = follow(g.id, {
    game: () => ((heard = performance.now()), void reload()),
    phase: () => ((heard = performance.now()), void reload()),
    message: (m) => press.add(m),
    lost: () => liveLost(root, true),
    back: () => (liveLost(root, false), void reload(), press.load()),
  });
  const undo = listen(ctx, press.draw);
  if (g.status === "forming" || g.cancelled) forming();
  else void start();
  return () => {
    stop();
    undo();
  };
}

/** listen follows the page's keys, its visibility and its leaving; the result stops. */
function listen(ctx: Ctx, visible: () => void): () => void {
  const keys = (e: KeyboardEvent) => {
    const el = e.target as HTMLElement;
    if (el.closest("input, textarea, select, [contenteditable]") || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "ArrowLeft") step(ctx, -1);
    else if (e.key === "ArrowRight") step(ctx, 1);
    else if (e.key === "Escape") cancel(ctx);
    else if (!(e.key.length === 1 && letter(ctx, e.key))) return;
    e.preventDefault();
  };
  // Leaving with orders not saved asks first.
  const unsaved = (e: BeforeUnloadEvent) => {
    if (ctx.store.state.save === "dirty") e.preventDefault();
  };
  // A finger or a mouse changes the prompt's words (tap, click); a
  // screen grown wide shows press, which then counts as read.
  const coarse = matchMedia("(pointer: coarse)"), wide = matchMedia("(min-width: 1280px)");
  const repaint = () => picked(ctx);
  document.addEventListener("keydown", keys);
  document.addEventListener("visibilitychange", visible);
  window.addEventListener("beforeunload", unsaved);
  coarse.addEventListener("change", repaint);
  wide.addEventListener("change", visible);
  return () => {
    document.removeEventListener("keydown", keys);
    document.removeEventListener("visibilitychange", visible);
    window.removeEventListener("beforeunload", unsaved);
    coarse.removeEventListener("change", repaint);
    wide.removeEventListener("change", visible);
  };
}
