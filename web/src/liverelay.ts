// The live updates of a browser without shared workers but with
// BroadcastChannel (Chrome on Android, for one): one of its tabs, the
// leader, holds the browser's one stream (a Hub, as the shared worker
// would) for the games every tab follows, and relays their events to the
// others over the channel. The leader is the tab holding a Web Lock for
// as long as it lives, where the browser has them, else the tab elected
// by a heartbeat over the channel. Every tab knows what every tab
// follows and what the leader had of each game (its resume cursors), so
// that when the leader goes, the tab that takes over opens the stream
// where the other stopped: nothing is missed or read twice.

import { Hub, type Cursors, type Delivery, type Topic } from "./livehub";

/** The channel's name: a new protocol between tabs gets a new name. */
const channelName = "chancery-live-relay-1";
const lockName = "chancery-live-leader-1";
/** Each tab holds a lock of its own while it takes part: a tab gone without a word (discarded, crashed) lets it go. */
const tabLock = "chancery-live-tab-1-";
/** Heartbeat election (no Web Locks): the leader beats; a leader unheard for so long is gone. */
const beatEvery = 1000;
const beatLost = 4000;
const claimWait = 300;

/** A message between tabs. */
type Relayed =
  | { t: "subs"; tab: string; subs: [string, Topic][] } // what a tab follows, all of it
  | { t: "bye"; tab: string } // a tab gone: it follows nothing
  | { t: "ev"; tab: string; key: string; event: string; data?: unknown } // the leader to a tab
  | { t: "known"; cursors: Cursors } // what the leader has of each game
  | { t: "leader"; tab: string } // a new leader: every tab tells it what it follows
  | { t: "beat" | "claim" | "resign"; tab: string }; // the heartbeat election

/** relayable says whether this browser can share a stream between tabs this way. */
export function relayable(): boolean {
  return typeof BroadcastChannel === "function";
}

/** Relay is a tab's part in the relay; it is used as a Hub is (add, remove, suspend, resume). */
export class Relay {
  private readonly tab = Math.random().toString(36).slice(2) + Date.now().toString(36);
  private readonly ch = new BroadcastChannel(channelName);
  private readonly mine = new Map<string, { topic: Topic; deliver: Delivery }>();
  /** what the other tabs follow, by tab and key */
  private readonly others = new Map<string, Map<string, Topic>>();
  private cursors: Cursors = [];
  /** the stream, while this tab leads */
  private hub: Hub | undefined;
  private hidden = false;
  /** Web Locks: stops asking for the lock, or lets it go */
  private abort: AbortController | undefined;
  private release: (() => void) | undefined;
  /** heartbeat election */
  private heard = 0;
  private claiming = false;
  private ticker: ReturnType<typeof setInterval> | undefined;
  /** Web Locks: lets this tab's own lock go; tells nothing before it holds it */
  private alive: (() => void) | undefined;

  constructor() {
    document.documentElement.dataset["live"] = "follower";
    this.ch.addEventListener("message", (e: MessageEvent<Relayed>) => this.receive(e.data));
    this.join();
  }

  add(key: string, topic: Topic, deliver: Delivery): void {
    this.mine.set(key, { topic, deliver });
    this.hub?.add(this.tab + "/" + key, topic, deliver);
    this.tellSubs();
  }

  remove(key: string): void {
    if (!this.mine.delete(key)) return;
    this.hub?.remove(this.tab + "/" + key);
    this.tellSubs();
  }

  /** suspend: the page is hidden for good, put in the back-forward cache or frozen; it follows nothing and leads no more. */
  suspend(): void {
    if (this.hidden) return;
    this.hidden = true;
    this.post({ t: "bye", tab: this.tab });
    this.leave();
  }

  /** resume: the page is shown again; it follows again, and reads again what it shows. */
  resume(): void {
    if (!this.hidden) return;
    this.hidden = false;
    for (const s of this.mine.values()) setTimeout(() => s.deliver("lobby" in s.topic ? "games" : "game"), 0);
    this.tellSubs();
    this.join();
  }

  private post(m: Relayed): void {
    this.ch.postMessage(m);
  }

  private tellSubs(): void {
    if (!this.hidden && (this.alive || !this.locks())) this.post({ t: "subs", tab: this.tab, subs: [...this.mine].map(([k, s]) => [k, s.topic]) });
  }

  /** locks is the browser's Web Locks, if it has them. */
  private locks(): LockManager | undefined {
    const locks = (navigator as Navigator & { locks?: LockManager }).locks;
    return typeof locks?.request === "function" ? locks : undefined;
  }

  /** join takes part: holds the tab's own lock and asks for the leader's, or listens for the leader's heartbeat. */
  private join(): void {
    const locks = this.locks();
    if (locks) {
      void locks.request(tabLock + this.tab, () => {
        if (this.hidden || this.alive) return;
        return new Promise<void>((done) => {
          this.alive = done;
          this.tellSubs();
        });
      });
      const abort = new AbortController();
      this.abort = abort;
      locks
        .request(lockName, { signal: abort.signal }, () => {
          if (this.hidden || this.abort !== abort) return;
          return new Promise<void>((done) => {
            this.release = done;
            this.lead();
          });
        })
        .catch(() => {}); // aborted: the page was hidden
      return;
    }
    this.heard = Date.now() - beatLost + 2 * beatEvery; // a leader beating is heard first
    this.ticker = setInterval(() => this.tick(), beatEvery / 2);
  }

  /** leave stops leading, or waiting to lead. */
  private leave(): void {
    if (this.hub) {
      this.hub.suspend();
      this.hub = undefined;
      if (!this.release) this.post({ t: "resign", tab: this.tab });
    }
    this.abort?.abort();
    this.abort = undefined;
    this.alive?.();
    this.alive = undefined;
    this.release?.();
    this.release = undefined;
    clearInterval(this.ticker);
    this.ticker = undefined;
    this.claiming = false;
    document.documentElement.dataset["live"] = "follower";
  }

  /** lead opens the browser's stream where the last leader stopped, for every tab's subscriptions. */
  private lead(): void {
    const hub = new Hub(this.cursors, (c) => {
      this.cursors = c;
      this.post({ t: "known", cursors: c });
    });
    this.hub = hub;
    document.documentElement.dataset["live"] = "leader";
    for (const [tab, subs] of this.others) for (const [key, topic] of subs) hub.add(tab + "/" + key, topic, this.relayTo(tab, key));
    for (const [key, s] of this.mine) hub.add(this.tab + "/" + key, s.topic, s.deliver);
    this.post({ t: "leader", tab: this.tab });
    this.prune();
  }

  /** prune forgets the tabs gone without a word: those that no longer hold their lock. */
  private prune(): void {
    void this.locks()
      ?.query()
      .then((s) => {
        const held = new Set((s.held ?? []).map((l) => l.name));
        for (const tab of [...this.others.keys()]) {
          if (held.has(tabLock + tab)) continue;
          this.others.delete(tab);
          this.hub?.removeAll(tab + "/");
        }
      })
      .catch(() => {});
  }

  private relayTo(tab: string, key: string): Delivery {
    return (event, data) => this.post({ t: "ev", tab, key, event, data });
  }

  private receive(m: Relayed): void {
    switch (m.t) {
      case "subs":
        this.follows(m.tab, m.subs);
        break;
      case "bye":
        this.others.delete(m.tab);
        this.hub?.removeAll(m.tab + "/");
        break;
      case "ev":
        if (m.tab === this.tab && !this.hub) this.mine.get(m.key)?.deliver(m.event, m.data);
        break;
      case "known":
        if (!this.hub) this.cursors = m.cursors;
        break;
      case "leader":
        if (this.hub) this.contest(m.tab);
        this.tellSubs();
        break;
      default:
        this.election(m.t, m.tab);
    }
  }

  /** follows: tab follows subs now; the leader follows what it did not, and tells the tab what it has. */
  private follows(tab: string, subs: [string, Topic][]): void {
    const was = this.others.get(tab) ?? new Map<string, Topic>();
    const now = new Map(subs);
    this.others.set(tab, now);
    const hub = this.hub;
    if (!hub) return;
    for (const key of was.keys()) if (!now.has(key)) hub.remove(tab + "/" + key);
    for (const [key, topic] of now) {
      if (!was.has(key) || JSON.stringify(was.get(key)) !== JSON.stringify(topic)) hub.add(tab + "/" + key, topic, this.relayTo(tab, key));
    }
    this.post({ t: "known", cursors: this.cursors });
    this.prune();
  }

  /** contest: two leaders (a heartbeat election's race): the one with the greater name gives way. */
  private contest(other: string): void {
    if (this.release || other < this.tab) return;
    this.leave();
    this.join();
    this.tellSubs();
  }

  /** election: the heartbeat election's messages. */
  private election(t: "beat" | "claim" | "resign", tab: string): void {
    if (this.release || this.abort || this.hidden) return; // Web Locks decide
    if (t === "beat") {
      this.heard = Date.now();
      this.claiming = false;
      if (this.hub) this.contest(tab);
    } else if (t === "claim") {
      if (this.hub) this.post({ t: "beat", tab: this.tab });
      else if (this.claiming && tab < this.tab) {
        this.claiming = false;
        this.heard = Date.now();
      }
    } else if (!this.hub) {
      this.heard = 0; // the leader left: elect another now
      this.tick();
    }
  }

  /** tick: the leader beats; a tab that has not heard it for a while claims the lead, and takes it unless another claims it too. */
  private tick(): void {
    if (this.hub) return this.post({ t: "beat", tab: this.tab });
    if (this.claiming || Date.now() - this.heard < beatLost) return;
    this.claiming = true;
    this.post({ t: "claim", tab: this.tab });
    setTimeout(() => {
      if (!this.claiming || this.hidden) return;
      this.claiming = false;
      this.lead();
    }, claimWait);
  }
}
