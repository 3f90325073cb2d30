// The one live-update connection of a browser (GET /api/v1/events with
// the games its pages follow), shared by all its tabs: it runs in a
// SharedWorker (live-worker.ts), or in the page where there is none
// (live.ts). It knows nothing of the DOM.
//
// A browser allows six connections to a host over HTTP/1.1, and a stream
// holds one for as long as it is open: one stream per page left a
// seventh page unable to load. So the hub keeps one stream, following
// every game its subscribers follow (and the lobby while one shows it),
// and opens it again with the new set when a page follows a game it does
// not carry, telling the server what it had of each game so that nothing
// is missed or read twice.

/** What a subscriber follows: a game (with the invitation code of a private game's link) or the lobby. */
export type Topic = { game: string; invitation?: string } | { lobby: true };

/**
 * The events a subscriber gets: game, phase and message (data: the
 * message) for a game; games for the lobby; lost when a game's updates
 * stop (the stream refused) and back when they come again; failed when
 * the lobby's stream is refused, which ends the lobby's subscription.
 */
export type Delivery = (event: string, data?: unknown) => void;

interface Sub {
  topic: Topic;
  deliver: Delivery;
  lost: boolean;
}

/** What the hub had of a game: as the server last told it. */
export interface Known {
  version?: number;
  seq?: number;
  after?: number;
}

const firstWait = 2000;
const longestWait = 60000;
/** How long a stream keeps a game no page follows any more, in case one follows it again. */
const grace = 5000;

/** What the hub had of each game, by id: a hub that takes over another's stream starts from it. */
export type Cursors = [string, Known][];

export class Hub {
  private subs = new Map<string, Sub>();
  private known: Map<string, Known>;
  private noting = false;
  /** games the server refused, not asked for again until their timer runs out */
  private refused = new Map<string, { timer: ReturnType<typeof setTimeout> | undefined; wait: number }>();
  private es: EventSource | undefined;
  private carried = { games: new Set<string>(), lobby: false };
  private opened = false;
  private suspended = false;
  /** the stream was refused: it is not opened again before retry runs */
  private retry: ReturnType<typeof setTimeout> | undefined;
  /** the stream ended: it is opened again when reopen runs */
  private reopen: ReturnType<typeof setTimeout> | undefined;
  private wait = firstWait;
  private later: ReturnType<typeof setTimeout> | undefined;
  private soon = false;

  /**
   * A hub starts from cursors (what another hub had, to resume where it
   * stopped), and tells noted what it has whenever that changes, after
   * the subscribers were told of the change.
   */
  constructor(cursors: Cursors = [], private readonly noted?: (c: Cursors) => void) {
    this.known = new Map(cursors.map(([id, k]) => [id, { ...k }]));
  }

  /** note tells noted what the hub has, once for all the changes of a moment. */
  private note(): void {
    if (!this.noted || this.noting) return;
    this.noting = true;
    setTimeout(() => {
      this.noting = false;
      this.noted?.([...this.known].map(([id, k]) => [id, { ...k }]));
    }, 0);
  }

  /** add subscribes key to topic; a key already subscribed is replaced. */
  add(key: string, topic: Topic, deliver: Delivery): void {
    this.subs.delete(key);
    const sub: Sub = { topic, deliver, lost: false };
    this.subs.set(key, sub);
    if (this.retry !== undefined) {
      // The stream was refused a while ago: a page opened (by the
      // player) tries again at once, and hears lost or failed if it is
      // refused again.
      clearTimeout(this.retry);
      this.retry = undefined;
    }
    if ("game" in topic && this.refused.has(topic.game)) {
      // Refused a moment ago: asked for again when its time comes.
      sub.lost = true;
      this.tell(sub, "lost");
      return;
    }
    const carried = this.opened && this.carries(topic);
    if (carried || ("game" in topic && this.known.has(topic.game))) {
      // The stream carries it, or will resume it where the hub is (a
      // stream reopened, a relay's new leader): the server tells only
      // what changes after that, and the page may have read the game
      // before it. What may have changed since is to be read again.
      this.tell(sub, "lobby" in topic ? "games" : "game");
    }
    if (!carried) this.sync(0);
  }

  /** remove ends key's subscription. */
  remove(key: string): void {
    if (this.subs.delete(key)) this.sync(grace);
  }

  /** removeAll ends the subscriptions whose keys start with prefix (a page gone). */
  removeAll(prefix: string): void {
    let any = false;
    for (const k of [...this.subs.keys()]) if (k.startsWith(prefix) && this.subs.delete(k)) any = true;
    if (any) this.sync(grace);
  }

  /** suspend closes the stream, keeping the subscriptions (a page hidden in the back-forward cache). */
  suspend(): void {
    this.suspended = true;
    this.close();
  }

  /** resume opens it again, and tells every subscriber to read again what it shows. */
  resume(): void {
    this.suspended = false;
    for (const sub of this.subs.values()) this.tell(sub, "lobby" in sub.topic ? "games" : "game");
    this.sync(0);
  }

  private carries(topic: Topic): boolean {
    return "lobby" in topic ? this.carried.lobby : this.carried.games.has(topic.game);
  }

  /** want is what the stream should carry: every game followed (but those refused, for now) and the lobby if followed. */
  private want(): { games: Map<string, string | undefined>; lobby: boolean } {
    const games = new Map<string, string | undefined>();
    let lobby = false;
    for (const { topic } of this.subs.values()) {
      if ("lobby" in topic) lobby = true;
      else if (!this.refused.has(topic.game)) games.set(topic.game, topic.invitation ?? games.get(topic.game));
    }
    return { games, lobby };
  }

  /**
   * sync opens the stream again when it lacks something followed (after
   * delay ms, to take several changes together), or after the grace when
   * it only carries more than is followed.
   */
  private sync(delay: number): void {
    if (this.suspended || this.retry !== undefined || this.reopen !== undefined) return;
    if (delay > 0 && this.later !== undefined) return;
    if (delay === 0) {
      if (this.soon) return;
      this.soon = true;
      clearTimeout(this.later);
      this.later = undefined;
    }
    const t = setTimeout(() => {
      this.soon = false;
      this.later = undefined;
      this.check(delay > 0);
    }, delay);
    if (delay > 0) this.later = t;
  }

  /** check opens the stream again if it must, or if it carries more than is followed and drop says so. */
  private check(drop: boolean): void {
    if (this.suspended || this.retry !== undefined || this.reopen !== undefined) return;
    const want = this.want();
    if (!want.games.size && !want.lobby) {
      this.close();
      return;
    }
    const lacks = (want.lobby && !this.carried.lobby) || [...want.games.keys()].some((id) => !this.carried.games.has(id));
    const more = (!want.lobby && this.carried.lobby) || [...this.carried.games].some((id) => !want.games.has(id));
    if (this.es && !lacks && !more) return;
    if (this.es && !lacks && !drop) {
      this.sync(grace); // only more than followed: it can wait
      return;
    }
    this.open(want.games, want.lobby);
  }

  private close(): void {
    this.es?.close();
    this.es = undefined;
    this.opened = false;
    this.carried = { games: new Set(), lobby: false };
  }

  /** open opens the stream for games and, if lobby, the lobby, telling the server what was had of each game. */
  private open(games: Map<string, string | undefined>, lobby: boolean): void {
    this.close();
    for (const id of [...this.known.keys()]) if (!games.has(id)) this.known.delete(id);
    const es = new EventSource(this.address(games, lobby), { withCredentials: true });
    this.es = es;
    this.carried = { games: new Set(games.keys()), lobby };
    this.listen(es);
  }

  /** address is the stream's: without games it is the lobby's own stream. */
  private address(games: Map<string, string | undefined>, lobby: boolean): string {
    const params: string[] = [];
    if (!lobby) params.push("lobby=0");
    for (const [id, code] of games) {
      const k = this.known.get(id) ?? {};
      const fields = [id, k.version ?? "", k.seq ?? "", k.after ?? ""].map(String);
      if (code) fields.push(code);
      params.push("game=" + encodeURIComponent(fields.join(":").replace(/:+$/, "")));
    }
    return "/api/v1/events" + (games.size ? "?" + params.join("&") : "");
  }

  /** listen hands es's events, while it is the hub's stream, to the methods below. */
  private listen(es: EventSource): void {
    const mine = (f: (d: Record<string, unknown>) => void) => (e: Event) => {
      if (this.es !== es) return;
      let d: Record<string, unknown>;
      try {
        d = JSON.parse((e as MessageEvent<string>).data) as Record<string, unknown>;
      } catch {
        return; // a line that is not an event's is not for the pages
      }
      f(d);
    };
    es.addEventListener("open", () => {
      if (this.es === es) this.opening();
    });
    es.addEventListener("game", mine((d) => this.gameEvent(d)));
    es.addEventListener("phase", mine((d) => {
      const id = String(d["game"]);
      const k = this.known.get(id);
      if (k) k.seq = Number(d["seq"]);
      this.toGame(id, "phase");
      this.note();
    }));
    es.addEventListener("message", mine((d) => this.messageEvent(d)));
    es.addEventListener("games", mine(() => {
      for (const sub of this.subs.values()) if ("lobby" in sub.topic) this.tell(sub, "games");
    }));
    es.addEventListener("refused", mine((d) => this.refusedEvent(String(d["game"]))));
    es.addEventListener("error", () => {
      if (this.es === es) this.ended(es.readyState === EventSource.CLOSED);
    });
  }

  /** opening: the stream is open; the games it carries that were lost are back. */
  private opening(): void {
    this.opened = true;
    this.wait = firstWait;
    for (const sub of this.subs.values()) {
      if (!this.carries(sub.topic)) continue;
      if (sub.lost) {
        sub.lost = false;
        this.tell(sub, "back");
      }
    }
  }

  /** gameEvent: a game changed; what the hub had of it is what the server says. */
  private gameEvent(d: Record<string, unknown>): void {
    const id = String(d["game"]);
    const k = this.known.get(id) ?? {};
    k.version = Number(d["version"]);
    k.seq = Number(d["seq"]);
    if (typeof d["after"] === "number" && !(k.after! > d["after"])) k.after = d["after"];
    this.known.set(id, k);
    const r = this.refused.get(id);
    if (r) {
      clearTimeout(r.timer);
      this.refused.delete(id);
    }
    this.toGame(id, "game");
    this.note();
  }

  /** messageEvent: a message of a game's press, delivered without its game. */
  private messageEvent(d: Record<string, unknown>): void {
    const id = String(d["game"]);
    const k = this.known.get(id) ?? {};
    if (typeof d["cursor"] === "number" && !(k.after! > d["cursor"])) k.after = d["cursor"];
    this.known.set(id, k);
    const m = { ...d };
    delete m["game"];
    this.toGame(id, "message", m);
    this.note();
  }

  /**
   * refusedEvent: the server refused game id only; the stream goes on with
   * the others. It is asked for again after a while (2 s, then less and
   * less often), as the pages did with streams of their own.
   */
  private refusedEvent(id: string): void {
    this.known.delete(id);
    this.note();
    for (const sub of this.subs.values()) {
      if ("game" in sub.topic && sub.topic.game === id && !sub.lost) {
        sub.lost = true;
        this.tell(sub, "lost");
      }
    }
    const r = this.refused.get(id) ?? { timer: undefined, wait: firstWait };
    clearTimeout(r.timer);
    r.timer = setTimeout(() => {
      r.timer = undefined;
      this.carried.games.delete(id); // not carried: the server dropped it
      if (this.refused.get(id) === r) this.refused.delete(id);
      this.sync(0);
    }, r.wait);
    r.wait = Math.min(r.wait * 2, longestWait);
    this.refused.set(id, r);
  }

  /** ended: the stream failed, refused (closed for good by the browser) or not. */
  private ended(refused: boolean): void {
    this.close();
    if (!refused) {
      // The stream ended (the server restarting, the session ended,
      // the network): open it again, with what was had of each game.
      this.reopen = setTimeout(() => {
        this.reopen = undefined;
        this.sync(0);
      }, this.wait / 2);
      this.wait = Math.min(this.wait * 2, longestWait);
      return;
    }
    // Refused (too many streams, signed out): the browser gives up, so
    // the hub tries again itself, less and less often.
    for (const [key, sub] of this.subs) {
      if ("lobby" in sub.topic) {
        this.subs.delete(key);
        this.tell(sub, "failed");
      } else if (!sub.lost) {
        sub.lost = true;
        this.tell(sub, "lost");
      }
    }
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.sync(0);
    }, this.wait);
    this.wait = Math.min(this.wait * 2, longestWait);
  }

  private toGame(id: string, event: string, data?: unknown): void {
    for (const sub of this.subs.values()) {
      if (!("game" in sub.topic) || sub.topic.game !== id) continue;
      if (sub.lost) {
        sub.lost = false;
        this.tell(sub, "back");
      }
      this.tell(sub, event, data);
    }
  }

  /** tell delivers an event, never from inside the caller's own call. */
  private tell(sub: Sub, event: string, data?: unknown): void {
    setTimeout(() => {
      try {
        sub.deliver(event, data);
      } catch {
        // a subscriber's failure is its own
      }
    }, 0);
  }
}
