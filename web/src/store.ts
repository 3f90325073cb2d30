// One small store for a page's state: components read it, change it with
// set, and are told, by key, what changed, so that each redraws only its
// own part of the page.

/** A component's subscription: the keys it draws from, and how it redraws. */
type Listener<S> = { keys: ReadonlySet<keyof S>; fn: (s: Readonly<S>) => void };

export class Store<S extends object> {
  private listeners: Listener<S>[] = [];
  private pending: Set<keyof S> | null = null;

  constructor(private s: S) {}

  /** state is the current state; change it only with set. */
  get state(): Readonly<S> {
    return this.s;
  }

  /**
   * set changes the keys of patch whose values differ (by identity) and
   * tells each listener of any of them, once, after the outermost set.
   */
  set(patch: Partial<S>): void {
    const changed = new Set<keyof S>();
    for (const k of Object.keys(patch) as (keyof S)[]) {
      if (this.s[k] !== patch[k]) changed.add(k);
    }
    if (!changed.size) return;
    this.s = { ...this.s, ...patch };
    if (this.pending) {
      changed.forEach((k) => this.pending!.add(k));
      return;
    }
    this.pending = changed;
    try {
      // A listener may set again: what it changes is told in the same pass.
      for (let i = 0; i < 10 && this.pending.size; i++) {
        const now = this.pending;
        this.pending = new Set();
        for (const l of this.listeners) if ([...now].some((k) => l.keys.has(k))) l.fn(this.s);
      }
    } finally {
      this.pending = null;
    }
  }

  /** on calls fn, now and whenever one of keys changes; the result unsubscribes. */
  on(keys: (keyof S)[], fn: (s: Readonly<S>) => void): () => void {
    const l = { keys: new Set(keys), fn };
    this.listeners.push(l);
    fn(this.s);
    return () => {
      this.listeners = this.listeners.filter((x) => x !== l);
    };
  }
}
