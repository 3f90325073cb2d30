// A game's history as a page holds it: loaded whole once, then only what
// was played since (GET /games/{id}/history?since=n). What has been played
// never changes, so the page appends. A standard game after ten years
// would otherwise fetch its whole history (160 KB of JSON) on every phase.

import { api, type DiceEvent, type PhaseRecord } from "./api";

/** Played holds what has been played of one game, in order. */
export class Played<T> {
  readonly list: T[] = [];
  private last: Promise<T[]> = Promise.resolve(this.list);

  constructor(private fetch: (since: number) => Promise<T[]>) {}

  /**
   * update fetches what was played since the page last asked and returns
   * the whole list. Updates run one after another, so that two at once
   * cannot add the same entries twice.
   */
  update(): Promise<T[]> {
    this.last = this.last.catch(() => this.list).then(async () => {
      const more = await this.fetch(this.list.length);
      this.list.push(...more);
      return this.list;
    });
    return this.last;
  }
}

/** phases follows a Diplomacy game's phases played. */
export const phases = (id: string): Played<PhaseRecord> => new Played(async (since) => (await api.history(id, since)).phases ?? []);

/** events follows a Diceplomacy game's log, as the player may see it. */
export const events = (id: string): Played<DiceEvent> => new Played(async (since) => (await api.history(id, since)).events ?? []);
