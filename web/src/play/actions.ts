// What the player does on a game's page, as changes of the store: orders
// built by clicks, keys and drags, typed, removed and saved; the history
// stepped through; the panes switched.

import { api, ApiError, type Option, type OrderRefusal, type SavedOrders } from "../api";
import { errorText } from "../errors";
import { addDraft, addTyped, draftsText, optionDraft, savedDraft, sent as toSend, type Draft } from "../orders";
import { picked, type Ctx, type SaveState, type Tab } from "./state";

/** setDrafts replaces the drafts and says whether they are saved. */
export function setDrafts(ctx: Ctx, drafts: Draft[]): void {
  const s = ctx.store.state;
  const save: SaveState = draftsText(drafts) === s.saved ? "saved" : "dirty";
  ctx.store.set({ drafts, save: s.save === "saving" ? "saving" : save });
}

/** ordering says whether the player may give orders now (the phase being played is shown). */
export function ordering(ctx: Ctx): boolean {
  const s = ctx.store.state;
  return s.viewing === null && !!s.options && s.g.status === "active";
}

/** finish takes the order the builder has narrowed to one, if it has. */
function finish(ctx: Ctx): void {
  const b = ctx.store.state.builder;
  const o = b.done();
  if (o) {
    b.reset();
    addOption(ctx, o);
  }
  picked(ctx);
}

/** addOption drafts a legal order. */
export function addOption(ctx: Ctx, o: Option): void {
  setDrafts(ctx, addDraft(ctx.store.state.drafts, optionDraft(o)));
}

/**
 * clickProvince reads a click (or tap) on a province: the next choice of
 * the order being built, or else the start of an order there. On a
 * desktop whose side shows press or the powers, the orders come forward:
 * the click's effect is seen.
 */
export function clickProvince(ctx: Ctx, p: string): void {
  if (!ordering(ctx)) return;
  const b = ctx.store.state.builder;
  if (b.step === "unit" || !b.click(p)) {
    b.reset();
    b.selectUnit(p);
  }
  const tab = ctx.store.state.tab;
  if (b.step !== "unit" && tab !== "orders" && tab !== "board") ctx.store.set({ tab: "orders" });
  finish(ctx);
}

/** drag is a unit dragged onto a province: the unit's order there, as two clicks would give it. */
export function drag(ctx: Ctx, from: string, to: string): void {
  if (!ordering(ctx)) return;
  const b = ctx.store.state.builder;
  b.reset();
  if (b.selectUnit(from)) clickProvince(ctx, to);
}

/** choose takes a button of the chooser. */
export function choose(ctx: Ctx, key: string): void {
  ctx.store.state.builder.choose(key);
  finish(ctx);
}

/** letter chooses the kind of order by its key; false when the key means nothing now. */
export function letter(ctx: Ctx, key: string): boolean {
  if (!ordering(ctx) || !ctx.store.state.builder.letter(key)) return false;
  finish(ctx);
  return true;
}

export function cancel(ctx: Ctx): void {
  ctx.store.state.builder.reset();
  picked(ctx);
}

export function typed(ctx: Ctx, text: string): void {
  setDrafts(ctx, addTyped(ctx.store.state.drafts, text, ctx.store.state.builder));
}

export function remove(ctx: Ctx, d: Draft): void {
  setDrafts(ctx, ctx.store.state.drafts.filter((x) => x !== d));
}

/**
 * save sends the drafts. The server refuses a batch with a bad order in
 * it whole: the page then saves the others (not ready), and keeps the
 * refused ones among the drafts, each with its reason, to be mended.
 */
export async function save(ctx: Ctx, ready: boolean): Promise<void> {
  const st = ctx.store;
  const sent = st.state.drafts;
  const seq = st.state.g.seq;
  st.set({ save: "saving", saveErrors: [] });
  try {
    const res = await api.orders(st.state.g.id, sent.map(toSend), ready, st.state.g.phase);
    // Ready may have played the phase before the answer came: the new
    // phase's drafts are not these.
    if (st.state.g.seq !== seq) return;
    saved(ctx, res, []);
  } catch (e) {
    const bad = e instanceof ApiError ? e.orders.filter((r) => r.index >= 0) : [];
    if (bad.length && bad.length < sent.length) return saveGood(ctx, sent, bad);
    st.set({ save: "error", saveErrors: e instanceof ApiError && e.orders.length ? e.orders : [{ index: -1, order: "", message: errorText(e) }] });
    if (e instanceof ApiError && e.status === 409) ctx.reload();
  }
}

/** saveGood saves the orders the server did not refuse, and keeps the refused ones as drafts. */
async function saveGood(ctx: Ctx, sent: Draft[], bad: OrderRefusal[]): Promise<void> {
  const st = ctx.store;
  bad = [...bad].sort((a, b) => a.index - b.index);
  const refused = new Set(bad.map((r) => r.index));
  const good = sent.filter((_, i) => !refused.has(i));
  const kept = sent.filter((_, i) => refused.has(i));
  try {
    // Not ready: the orders the player meant to be final are not all saved.
    const res = await api.orders(st.state.g.id, good.map(toSend), false, st.state.g.phase);
    saved(ctx, res, kept);
    st.set({ save: "error", saveErrors: bad.map((r, i) => ({ ...r, index: res.orders.length + i })) });
  } catch (e) {
    st.set({ save: "error", saveErrors: [{ index: -1, order: "", message: errorText(e) }] });
  }
}

/** saved takes the server's word for the orders saved, drawn from their parts; kept are drafts not saved, after them. */
function saved(ctx: Ctx, res: SavedOrders, kept: Draft[]): void {
  const st = ctx.store;
  const b = st.state.builder;
  const drafts = [...res.parts.map((o) => savedDraft(o, b)), ...kept];
  const g = st.state.g;
  if (g.my_orders) g.my_orders = { orders: res.orders, parts: res.parts, ready: res.ready };
  st.set({ drafts, saved: draftsText(drafts.slice(0, res.parts.length)), save: kept.length ? "dirty" : "saved", saveErrors: [] });
}

/** step moves through the history: -1 back, +1 on; past the last phase played is the phase being played. */
export function step(ctx: Ctx, d: number): void {
  const s = ctx.store.state;
  const n = s.history.length;
  const at = (s.viewing === null ? n : s.viewing) + d;
  if (at < 0 || at > n) return;
  ctx.store.set({ viewing: at === n ? null : at, explain: null });
}

export function setTab(ctx: Ctx, tab: Tab): void {
  ctx.store.set({ tab, ...(tab === "press" ? { preview: null } : {}) });
}
