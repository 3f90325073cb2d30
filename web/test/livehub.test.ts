// The browser's one live-update stream (livehub.ts), against a stream
// played by the test: a page that follows a game gets a word for every
// change after it read the game, whenever it comes.

import assert from "node:assert/strict";
import { mock, test } from "node:test";
import { Hub } from "../src/livehub";

/** FakeStream stands for the browser's EventSource: the test opens it, sends its events and ends it. */
class FakeStream {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeStream[] = [];
  readyState = FakeStream.CONNECTING;
  private listeners = new Map<string, ((e: { data?: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeStream.all.push(this);
  }
  addEventListener(type: string, f: (e: { data?: string }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), f]);
  }
  close(): void {
    this.readyState = FakeStream.CLOSED;
  }
  emit(type: string, data?: unknown): void {
    if (type === "open") this.readyState = FakeStream.OPEN;
    for (const f of this.listeners.get(type) ?? []) f(data === undefined ? {} : { data: JSON.stringify(data) });
  }
}

test("a page following a game while the stream reconnects hears of what it may have missed", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  (globalThis as { EventSource?: unknown }).EventSource = FakeStream;
  try {
    const hub = new Hub();
    const first: string[] = [];
    hub.add("a", { game: "g" }, (e) => first.push(e));
    mock.timers.tick(0);
    const s1 = FakeStream.all.at(-1)!;
    assert.ok(/game=g(&|$)/.test(s1.url), s1.url);
    s1.emit("open");
    s1.emit("game", { game: "g", version: 7, seq: 1, status: "forming", after: 100 });
    mock.timers.tick(0);
    assert.deepEqual(first, ["game"]);

    // The stream ends (the server restarting); meanwhile the page is
    // left for another of the same game, which read it at version 6,
    // before the change the hub heard of.
    s1.emit("error");
    hub.remove("a");
    const second: string[] = [];
    hub.add("b", { game: "g" }, (e) => second.push(e));
    mock.timers.tick(60000);
    const s2 = FakeStream.all.at(-1)!;
    assert.ok(s2 !== s1, "no new stream");
    // The stream resumes where the hub was: the server sends nothing
    // of version 7 again.
    assert.ok(s2.url.includes("game=g%3A7%3A1%3A100"), s2.url);
    s2.emit("open");
    mock.timers.tick(0);
    assert.deepEqual(second, ["game"], "the new page was not told to read the game again");
  } finally {
    mock.timers.reset();
    FakeStream.all = [];
  }
});
