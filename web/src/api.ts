// The HTTP API of the server (api/openapi.yaml), as the page uses it: a
// session cookie signs the page in, and every unsafe request repeats the
// CSRF cookie in a header, so another site cannot act for the player.

import type { Challenge } from "./work";
import { subscribe } from "./live";

export interface User { id: string; name: string; email?: string; verified?: boolean; mail?: boolean }

/** Notifications are the user's notification settings (GET /me/notifications). */
export interface Notifications {
  orders_due: boolean;
  reminder: boolean;
  reminder_minutes: number;
  phase_played: boolean;
  press: boolean;
  press_minutes: number;
  game_events: boolean;
  /** the same toggles for Web Push to the user's subscribed browsers */
  push: PushToggles;
  muted_games: string[];
  language: string;
  email: string;
  verified: boolean;
  mail: boolean;
  calendar_url: string;
}

/** PushToggles are which notifications are pushed to the user's browsers. */
export interface PushToggles {
  orders_due: boolean;
  reminder: boolean;
  phase_played: boolean;
  press: boolean;
  game_events: boolean;
}

/** PushSubscriptions are the server's VAPID key and the user's subscribed browsers (GET /me/push-subscriptions). */
export interface PushSubscriptions {
  key: string;
  subscriptions: { id: string; service: string; created: string }[];
}

export interface Variant {
  name: string;
  kind: "diplomacy" | "diceplomacy";
  title: string;
  powers: string[];
  victory: string;
  draws: boolean;
  description: string;
  min_players: number;
  max_players: number;
}

export type Status = "forming" | "active" | "finished";

/** The press a game allows: to anyone, to every power at once only, or none. */
export type PressMode = "full" | "public" | "none";

/** A game's settings, chosen by its creator; invitation is a private game's code, for its creator and players only. */
export interface Settings { press: PressMode; private: boolean; spectators: boolean; invitation?: string }

export interface GameSummary {
  /** A finished game its creator cancelled before it started. */
  cancelled?: boolean;
  id: string;
  kind: string;
  variant: string;
  name: string;
  status: Status;
  deadline: string | null;
  created: string;
  press: PressMode;
  private: boolean;
  spectators: boolean;
  /** The powers whose seats wait for a substitute (absent: none). */
  replacement_wanted?: string[];
  /** A forming game's players with their reliability. */
  players?: { name: string; power: string; reliability: Reliability }[];
  /** The least reliability, in percent, a forming game asks of a player who joins. */
  min_reliability?: number;
  /** In the player's own list: the game waits for the player's orders or decision. */
  due?: boolean;
  /** In the player's own list: a forming game the player created, and may start. */
  you_created?: boolean;
}

/** A user's record of giving orders: phases owed and those given, overall and over 90 days. */
export interface Reliability {
  due: number;
  given: number;
  due_90d: number;
  given_90d: number;
  /** Games that ended with a bot playing their seat for their missed orders. */
  left: number;
  /** Games whose master opened their seat for a substitute. */
  replaced: number;
}

/** A user's profile (GET /users/{name}). */
export interface Profile {
  name: string;
  reliability: Reliability;
  games: { id: string; name: string; kind: string; variant: string; status: Status; power: string; deadline: string | null; result?: "won" | "drawn" | "lost"; cancelled?: boolean }[];
}

export interface Phase { season: "spring" | "fall" | "winter"; year: number; type: "movement" | "retreat" | "adjustment" }

export interface Unit { power: string; type: "army" | "fleet"; province: string }

export interface Dislodged extends Unit { attacker_from?: string; retreats?: string[] }

/**
 * An order as the rules read it, part by part, as the server sends it (an
 * Option's parts, a played order's, a saved order's): what the board
 * draws, never the order's text. A part the kind has not is absent or "".
 */
export interface OrderParts {
  kind?: string;
  unit?: string;
  at?: string;
  target?: string;
  target_unit?: string;
  dest?: string;
  via_convoy?: boolean;
}

/** An order the player saved for the phase being played: its text, and its parts (none only for an order that no longer reads). */
export interface GivenOrder extends OrderParts { order: string }

/** The player's saved orders: their texts, the same orders with their parts, and whether they are final. */
export interface SavedOrders { orders: string[]; parts: GivenOrder[]; ready: boolean }

/**
 * A played order's result: its text, for people, and the order as the
 * rules read it, part by part (named as an Option's parts are), for the
 * board to draw; an order that could not be read has no parts.
 */
export interface Result extends OrderParts {
  power: string;
  order: string;
  unit?: "A" | "F";
  target_unit?: "A" | "F";
  result: "succeeded" | "failed" | "illegal";
  reason?: string;
  where?: string;
  message?: string;
}

/** One order of a refused batch: its index, its text, why (a word, a province) and the English message. */
export interface OrderRefusal { index: number; order: string; reason?: string; where?: string; message: string }

export interface PowerState {
  power: string;
  player?: string;
  bot?: boolean;
  centres: number;
  units: number;
  alive: boolean;
  ready: boolean;
  owes: boolean;
  /** A bot plays the power in place of its absent player (named in player). */
  away?: boolean;
  /** The seat waits for a substitute. */
  wanted?: boolean;
}

/** A game's policy for the orders its people do not give. */
export interface MissedOrders { policy: "hold" | "bot" | "extend"; after: number; level: "easy" | "normal" | "hard"; extend_seconds: number }

/** One line of a game's public log (GET /games/{id}/log). */
export interface LogEntry {
  at: string;
  seq: number;
  action: "pause" | "pause_vote" | "pause_voted" | "resume" | "extend" | "auto_extend" | "replace" | "remove" | "master" | "lengths" | "bot" | "back" | "substitute";
  who?: string;
  power?: string;
  reason?: string;
  user?: string;
  seconds?: number;
  missed?: number;
  /** The schedule the master set (lengths), with seconds the phases' length. */
  retreat_seconds?: number;
  adjustment_seconds?: number;
  deadline_at?: DailyAt;
}

/** Deadlines at a time of day in a zone. */
export interface DailyAt { time: string; zone: string; skip_weekends?: boolean }

/** A game master's new schedule (POST /games/{id}/lengths): what is left out stays; 0 retreats or builds are as long as the others; a null deadline_at is none. */
export interface Lengths {
  phase_deadline_seconds?: number;
  retreat_deadline_seconds?: number;
  adjustment_deadline_seconds?: number;
  deadline_at?: DailyAt | null;
}

/** What a game of either kind says of itself (GET /games/{id}). */
interface GameBase extends Settings {
  /** The creator cancelled the game before it started (its status is finished). */
  cancelled?: boolean;
  id: string;
  name: string;
  status: Status;
  seq: number;
  version: number;
  phase_deadline_seconds: number;
  retreat_deadline_seconds?: number;
  adjustment_deadline_seconds?: number;
  /** Deadlines at a time of day in a zone, when the creator chose so. */
  deadline_at?: DailyAt;
  deadline: string | null;
  my_power?: string;
  you_created: boolean;
  missed_orders: MissedOrders;
  /** The powers a bot plays in place of their absent person. */
  taken_over: string[];
  replacement_wanted: string[];
  /** The game master's name ("": none). */
  master: string;
  you_master: boolean;
  paused: boolean;
  paused_left_seconds: number;
  pause_votes: string[];
  /** A sandbox: its creator plays every power (each request acts as one, actAs). */
  sandbox?: boolean;
  min_reliability?: number;
}

export interface DiplomacyGame extends GameBase {
  kind: "diplomacy";
  variant: string;
  phase: Phase;
  units: Unit[];
  dislodged: Dislodged[];
  supply_centers: Record<string, string>;
  powers: PowerState[];
  my_orders?: SavedOrders;
  my_votes?: { draw: boolean; concede: boolean };
  last: { phase: Phase; results: Result[]; disbanded: Unit[]; dislodged?: Dislodged[] } | null;
  end: { reason: "victory" | "draw" | "concession"; winner?: string; powers?: string[] } | null;
  bots: boolean;
}

export interface DicePlayer {
  seat: number;
  name: string;
  wins: number;
  losses: number;
  out: boolean;
  ally: number;
  die?: number;
  revealed: boolean;
}

export interface DiceMove { seat: number; kind: string; target: number; yes?: boolean }

export interface DiceView {
  seat: number;
  players: DicePlayer[];
  start: number;
  current: number;
  turn: number;
  phase: string;
  remaining: number;
  war?: { attacker: number; defender: number; attackers: number[]; defenders: number[]; invited?: number[]; accepted?: number[]; asking?: string; agreed?: number[] };
  proposal?: { from: number; to: number };
  result?: { winners: number[]; draw?: boolean; reason: string; turns: number };
  request: { seat: number; kind: string; default: DiceMove };
  legal?: DiceMove[];
  /** The seats whose decisions the game waits for. */
  waiting?: number[];
}

export interface DiceGame extends GameBase {
  kind: "diceplomacy";
  variant: "diceplomacy";
  seats: { power: string; name?: string; bot?: boolean }[];
  my_seat?: number;
  view?: DiceView;
  /** the seats of the bots the game waits for: nobody else is asked anything until they have answered */
  bots_to_answer: number[];
}

export type Game = DiplomacyGame | DiceGame;

export interface DiceEvent {
  kind: string;
  seat: number;
  target: number;
  value?: number;
  move?: string;
  yes?: boolean;
  default?: boolean;
  side?: string;
  seats?: number[];
  attackers?: number[];
  defenders?: number[];
  attack?: number;
  defense?: number;
  reason?: string;
}

export interface PhaseRecord {
  seq: number;
  phase: Phase;
  position: { phase: Phase; units: Unit[]; dislodged: Dislodged[]; supply_centers: Record<string, string> };
  orders: Record<string, string[]>;
  results: Result[];
  disbanded: Unit[];
  /** The units the phase dislodged (absent from phases played before it was kept). */
  dislodged?: Dislodged[];
  resolved: string;
}

export interface Message { id: string; from: string; to: string[]; body: string; time: string; cursor: number }

/** One legal order of the player's units, as GET /games/{id}/options lists it. */
export interface Option extends OrderParts {
  text: string;
  kind: string;
  unit: string;
  at: string;
  target: string;
  target_unit: string;
  dest: string;
  via_convoy?: boolean;
}

export interface Options { phase: Phase; power: string; adjustment: number; orders: Option[] }

/** An error the server answered, with its message, its code if it has one and, for a refused batch of orders, one entry per bad order. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly orders: OrderRefusal[] = [],
    readonly code = "",
    /** The proof of work asked of a sign-in (code work_required). */
    readonly challenge?: Challenge,
  ) {
    super(message);
  }
}

function cookie(name: string): string {
  for (const part of document.cookie.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return "";
}

/** onSignedOut is called when the server no longer knows the page's session (it expired, or was ended elsewhere). */
export const hooks = { onSignedOut: () => {} };

export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (method !== "GET" && method !== "HEAD") headers["X-CSRF-Token"] = cookie("chancery_csrf");
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const init: RequestInit = { method, headers, credentials: "same-origin" };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await fetch("/api/v1" + path, init);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    if (res.status === 401 && path !== "/me" && path !== "/sessions") hooks.onSignedOut();
    const e = (data ?? {}) as { error?: string; code?: string; orders?: OrderRefusal[]; challenge?: Challenge };
    throw new ApiError(res.status, e.error ?? res.statusText, e.orders ?? [], e.code ?? "", e.challenge);
  }
  return data as T;
}

// g writes a game's id into an API path: the id comes from the page's
// address, and must never reach another endpoint ("../sessions/current").
const g = (id: string): string => encodeURIComponent(id);

// The invitation codes of private games, by game, as the page's address
// brought them (a link /games/{id}?invitation=...): every request that
// reads or joins such a game carries its code, which lets someone who does
// not play it see it.
const invitations = new Map<string, string>();

/** invited keeps a private game's invitation code for the requests about it. */
export function invited(id: string, code: string): void {
  if (code) invitations.set(id, code);
}

// q is the query that carries game id's invitation code, if the page has
// one: "?invitation=...", else "".
const q = (id: string): string => {
  const code = invitations.get(id);
  return code ? "?invitation=" + encodeURIComponent(code) : "";
};

// The power the page acts as in a sandbox, by game (the page's address
// says it: /games/{id}?power=...): the view, legal orders, orders and
// votes of that power.
const acting = new Map<string, string>();

/** actAs makes the requests about sandbox id act as power ("": the first). */
export function actAs(id: string, power: string): void {
  if (power) acting.set(id, power);
  else acting.delete(id);
}

// pq is q with the power acted as, if any.
const pq = (id: string): string => {
  const power = acting.get(id);
  if (!power) return q(id);
  return (q(id) ? q(id) + "&" : "?") + "power=" + encodeURIComponent(power);
};

export const api = {
  me: () => call<User>("GET", "/me"),
  signIn: (name: string, password: string, proof?: { challenge: string; solution: string }) =>
    call<unknown>("POST", "/sessions", { name, password, ...proof }),
  signUp: (name: string, password: string) => call<User>("POST", "/users", { name, password, session: true }),
  signOut: () => call<void>("DELETE", "/sessions/current"),
  setEmail: (email: string) => call<{ email: string; verified: boolean; mail: boolean }>("PUT", "/me", { email }),
  notifications: () => call<Notifications>("GET", "/me/notifications"),
  pushSubscriptions: () => call<PushSubscriptions>("GET", "/me/push-subscriptions"),
  subscribePush: (sub: PushSubscriptionJSON) => call<{ id: string }>("POST", "/me/push-subscriptions", sub),
  unsubscribePush: (id: string) => call<void>("DELETE", "/me/push-subscriptions/" + encodeURIComponent(id)),
  setNotifications: (n: Partial<Omit<Notifications, "email" | "verified" | "mail" | "calendar_url" | "push">> & { new_calendar_url?: boolean; push?: Partial<PushToggles> }) =>
    call<Notifications>("PUT", "/me/notifications", n),
  verify: (token: string) => call<{ name: string; email: string }>("POST", "/email-verifications/" + encodeURIComponent(token)),
  forgot: (email: string) => call<unknown>("POST", "/password-resets", { email }),
  resetPassword: (token: string, password: string) => call<{ name: string }>("POST", "/password-resets/" + encodeURIComponent(token), { password }),
  variants: () => call<Variant[]>("GET", "/variants"),
  variant: (name: string) => call<Variant & { provinces?: { id: string; name: string }[] }>("GET", "/variants/" + encodeURIComponent(name)),
  games: (query: string) => call<GameSummary[]>("GET", "/games" + query),
  game: (id: string) => call<Game>("GET", `/games/${g(id)}${pq(id)}`),
  profile: (name: string) => call<Profile>("GET", "/users/" + encodeURIComponent(name)),
  /** sandbox opens a game the user plays alone: from a variant's start, or from phase n of a finished game. */
  sandbox: (from: { variant: string } | { from_game: string; phase: number } | { record: unknown }) => call<{ id: string; power: string }>("POST", "/games", { sandbox: from }),
  create: (req: Record<string, unknown>) => call<{ id: string; power: string; invitation?: string }>("POST", "/games", req),
  join: (id: string, power?: string) =>
    call<{ id: string; power: string }>("POST", `/games/${g(id)}/join`, { ...(power ? { power } : {}), ...(invitations.has(id) ? { invitation: invitations.get(id) } : {}) }),
  start: (id: string) => call<unknown>("POST", `/games/${g(id)}/start`),
  leave: (id: string) => call<{ id: string; power: string }>("POST", `/games/${g(id)}/leave${q(id)}`),
  cancel: (id: string) => call<{ id: string; status: string; cancelled: boolean }>("POST", `/games/${g(id)}/cancel${q(id)}`),
  options: (id: string) => call<Options>("GET", `/games/${g(id)}/options${pq(id)}`),
  /** orders saves the player's orders, each by its text or by its parts. */
  orders: (id: string, orders: (string | OrderParts)[], ready: boolean, phase: Phase) =>
    call<SavedOrders & { power: string }>("PUT", `/games/${g(id)}/orders${pq(id)}`, { orders, ready, phase }),
  votes: (id: string, draw: boolean, concede: boolean) => call<{ draw: boolean; concede: boolean }>("PUT", `/games/${g(id)}/votes${pq(id)}`, { draw, concede }),
  /** history is what has been played from the since'th entry (phase, or Diceplomacy event) on. */
  history: (id: string, since = 0) => call<{ phases?: PhaseRecord[]; events?: DiceEvent[] }>("GET", `/games/${g(id)}/history${q(id) ? q(id) + "&" : "?"}since=${since}`),
  messages: (id: string, after: number) => call<Message[]>("GET", `/games/${g(id)}/messages?after=${after}`),
  send: (id: string, to: string[], body: string) => call<Message>("POST", `/games/${g(id)}/messages`, { to, body }),
  /** master is a game master's action (or, without a master, a player's vote to pause or wish to resume). */
  master: (id: string, action: "pause" | "resume" | "extend" | "replace" | "remove" | "master" | "lengths", body: { reason?: string; seconds?: number; power?: string; user?: string } & Lengths) =>
    call<{ paused: boolean }>("POST", `/games/${g(id)}/${action}${q(id)}`, body),
  log: (id: string) => call<{ id: string; entries: LogEntry[] }>("GET", `/games/${g(id)}/log${q(id)}`),
  move: (id: string, m: { kind: string; target?: number; yes?: boolean }) => call<DiceGame>("POST", `/games/${g(id)}/moves${pq(id)}`, m),
};

/**
 * Live updates of the lobby: games fires when the lists the lobby shows may
 * have changed (at once, and again after each reconnection). failed fires
 * when the stream is refused (too many open, signed out): the updates stop
 * then, until the lobby follows again.
 */
export function followLobby(on: { games: () => void; failed: () => void }): () => void {
  return subscribe({ lobby: true }, (event) => {
    if (event === "games") on.games();
    else if (event === "failed") on.failed();
  });
}

/** The callbacks of a game's live updates. */
export interface Follower {
  game?: () => void;
  phase?: () => void;
  message?: (m: Message) => void;
  /** the stream was refused (too many open, the server restarting...): updates stop until it is open again */
  lost?: () => void;
  /** a refused stream is open again: what came meanwhile is to be read */
  back?: () => void;
}

/**
 * Live updates of one game, through the browser's one stream (live.ts),
 * which tries again by itself when the server refuses it and says so
 * through lost and back.
 */
export function follow(id: string, on: Follower): () => void {
  const code = invitations.get(id);
  return subscribe(code ? { game: id, invitation: code } : { game: id }, (event, data) => {
    switch (event) {
      case "game":
        return on.game?.();
      case "phase":
        return on.phase?.();
      case "message":
        return on.message?.(data as Message);
      case "lost":
        return on.lost?.();
      case "back":
        return on.back?.();
    }
  });
}
