// A page's live updates: every page of the browser shares one stream
// (livehub.ts), held by a SharedWorker (live-worker.ts) where the browser
// has them, else by one of its tabs, which relays it to the others over a
// BroadcastChannel (liverelay.ts), else by each page itself. A page gives
// its stream up (or its part in the relay) when it is hidden for good or
// put in the back-forward cache (pagehide), so a page left never holds a
// connection, and takes it up again when it is shown from that cache.

import { Hub, type Delivery, type Topic } from "./livehub";
import { Relay, relayable } from "./liverelay";

/** The worker's script, and its name: a new protocol between pages and worker gets a new name. */
const workerURL = "/live-worker.js";
const workerName = "chancery-live-1";

/** A message from a page to the worker. */
export type ToWorker = { t: "sub"; key: number; topic: Topic } | { t: "unsub"; key: number } | { t: "bye" };
/** A message from the worker to a page. */
export type FromWorker = { key: number; event: string; data?: unknown } | { t: "unsupported" };

const subs = new Map<number, { topic: Topic; deliver: Delivery }>();
let nextKey = 1;
let port: MessagePort | undefined;
/** the stream's holder where there is no shared worker: the tabs' relay, or the page's own hub */
let local: Hub | Relay | undefined;
let started = false;

/** useLocal moves every subscription to the tabs' relay, or to a stream of the page's own (no shared worker, or it failed). */
function useLocal(): void {
  if (local) return;
  port?.close();
  port = undefined;
  local = relayable() ? new Relay() : new Hub();
  for (const [key, s] of subs) local.add(String(key), s.topic, s.deliver);
}

function startOnce(): void {
  if (started) return;
  started = true;
  if (typeof SharedWorker === "function") {
    try {
      // A classic script (the bundle has no import left): every browser
      // with shared workers runs it.
      const w = new SharedWorker(workerURL, { name: workerName });
      w.addEventListener("error", useLocal);
      port = w.port;
      port.addEventListener("message", (e: MessageEvent<FromWorker>) => {
        const m = e.data;
        if ("t" in m) useLocal();
        else subs.get(m.key)?.deliver(m.event, m.data);
      });
      port.start();
    } catch {
      useLocal();
    }
  } else {
    useLocal();
  }
  addEventListener("pagehide", () => {
    if (local) local.suspend();
    else post({ t: "bye" });
  });
  addEventListener("pageshow", (e) => {
    if (!e.persisted) return;
    if (local) return local.resume();
    // Shown again from the back-forward cache: the worker forgot this
    // page; it follows again, and reads again what it shows.
    for (const [key, s] of subs) post({ t: "sub", key, topic: s.topic });
  });
  // A tab frozen in the background (as Chrome on Android does) runs
  // nothing: a leader of the tabs' relay gives the lead up, so that
  // another tab takes the stream over, and takes its part again when
  // it runs again.
  document.addEventListener("freeze", () => {
    if (local instanceof Relay) local.suspend();
  });
  document.addEventListener("resume", () => {
    if (local instanceof Relay) local.resume();
  });
}

function post(m: ToWorker): void {
  port?.postMessage(m);
}

/**
 * subscribe follows a topic: deliver gets its events (see Delivery) until
 * the function returned is called.
 */
export function subscribe(topic: Topic, deliver: Delivery): () => void {
  startOnce();
  const key = nextKey++;
  subs.set(key, { topic, deliver });
  if (local) local.add(String(key), topic, deliver);
  else post({ t: "sub", key, topic });
  return () => {
    if (!subs.delete(key)) return;
    if (local) local.remove(String(key));
    else post({ t: "unsub", key });
  };
}
