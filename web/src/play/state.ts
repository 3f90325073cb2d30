// The state of a Diplomacy game's page, held in one store, and what every
// component of the page shares: the board, the variant, the names.

import { api, type DiplomacyGame, type Message, type OrderRefusal, type Options, type PhaseRecord, type Variant } from "../api";
import type { Board, Drawn } from "../board";
import { list, powerName, provinceName as placeName, t, type Key } from "../i18n";
import { phases, type Played } from "../history";
import { base, Builder, type Draft } from "../orders";
import { Store } from "../store";
import { h } from "../ui";

/** The panes a phone shows one at a time (a desktop shows several). */
export type Tab = "board" | "orders" | "press" | "powers";

/** Whether what the drafts say is saved. */
export type SaveState = "saved" | "dirty" | "saving" | "error";

export interface PlayState {
  /** the game as the server last said it */
  g: DiplomacyGame;
  /** every phase played, oldest first */
  history: PhaseRecord[];
  /** the phase of the history shown, null for the phase being played */
  viewing: number | null;
  /** the player's legal orders this phase; null before they are known */
  options: Options | null;
  /** the order being built by clicks (mutable: pick counts its changes) */
  builder: Builder;
  pick: number;
  drafts: Draft[];
  /** the drafts' text as last saved */
  saved: string;
  save: SaveState;
  saveErrors: OrderRefusal[];
  tab: Tab;
  /** a played order clicked on the board, explained under it */
  explain: Drawn | null;
  /** press not read yet, and the newest message that came while press was out of sight */
  unread: number;
  preview: Message | null;
  /** counts the province names' arrivals */
  names: number;
  /** the board is loaded (false: the variant has none drawn) */
  board: boolean;
}

/** What the page's components share. */
export interface Ctx {
  store: Store<PlayState>;
  board: Board;
  variant: Variant | undefined;
  /** the variant's powers, in its order: a power's place picks its colour and shape */
  powers: string[];
  /** names a power in the reader's language */
  pname: (p: string) => string;
  /** names a province in the reader's language ("" when it has no name yet) */
  place: (id: string) => string;
  /** the choices after a tap on the board, shown under it on a phone */
  boardChooser: HTMLElement;
  /** reads the game again from the server (set by the page's live updates) */
  reload: () => void;
  /** the phases played, fetched once and then only the new ones */
  played: Played<PhaseRecord>;
}

export function newState(g: DiplomacyGame): PlayState {
  return {
    g, history: [], viewing: null, options: null, builder: new Builder([]), pick: 0, drafts: [], saved: "",
    save: "saved", saveErrors: [], tab: "orders", explain: null, unread: 0, preview: null, names: 0, board: false,
  };
}

/** newCtx makes the context of game g's page. */
export function newCtx(g: DiplomacyGame, variant: Variant | undefined, board: Board): Ctx {
  const names = new Map<string, string>();
  const store = new Store(newState(g));
  const ctx: Ctx = {
    store, board, variant,
    powers: variant?.powers ?? g.powers.map((p) => p.power),
    pname: (p) => powerName(g.variant, p),
    place: (id) => placeName(g.variant, base(id), names.get(base(id)) ?? ""),
    reload: () => undefined,
    played: phases(g.id),
    boardChooser: h("div", { class: "board-chooser", id: "board-chooser", "aria-hidden": "true" }),
  };
  board.label = ctx.pname;
  board.place = ctx.place;
  board.powers = ctx.powers;
  // The provinces' names in the server's language, for the names the
  // catalogues do not have.
  api.variant(g.variant).then((v) => {
    for (const p of v.provinces ?? []) names.set(p.id, p.name);
    board.nameProvinces();
    store.set({ names: store.state.names + 1 });
  }, () => undefined);
  return ctx;
}

/** shown is the phase of the history being looked at, or null for the phase being played. */
export const shown = (s: Readonly<PlayState>): PhaseRecord | null => (s.viewing === null ? null : s.history[s.viewing] ?? null);

/** endText says how the game ended, in the reader's language. */
export function endText(ctx: Ctx, end: NonNullable<DiplomacyGame["end"]>): string {
  return t(("end." + end.reason) as Key, { winner: ctx.pname(end.winner ?? ""), powers: list((end.powers ?? []).map(ctx.pname)) });
}

/** unitLabel writes the player's unit at a province as orders do ("F STP/NC"), or the province alone. */
export function unitLabel(s: Readonly<PlayState>, prov: string): string {
  const g = s.g;
  const u = g.units.find((u) => base(u.province) === prov && u.power === g.my_power) ?? g.dislodged.find((u) => base(u.province) === prov);
  if (u) return (u.type === "fleet" ? "F " : "A ") + u.province.toUpperCase();
  return prov.toUpperCase();
}

/** picked tells the store that the builder has changed. */
export const picked = (ctx: Ctx) => ctx.store.set({ pick: ctx.store.state.pick + 1 });
