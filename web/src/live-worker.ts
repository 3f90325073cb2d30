// The SharedWorker that holds the one live-update stream of a browser
// (see livehub.ts) for all its pages, which talk to it as live.ts does.

import type { FromWorker, ToWorker } from "./live";
import { Hub } from "./livehub";

interface ConnectEvent {
  ports: readonly MessagePort[];
}

const hub = new Hub();
let pages = 0;

(self as unknown as { onconnect: (e: ConnectEvent) => void }).onconnect = (e) => {
  const port = e.ports[0];
  if (!port) return;
  const send = (m: FromWorker) => port.postMessage(m);
  if (typeof EventSource !== "function") {
    // A worker without EventSource (some browsers): the pages keep their own.
    send({ t: "unsupported" });
    return;
  }
  const page = `${++pages}/`;
  port.addEventListener("message", (ev: MessageEvent<ToWorker>) => {
    const m = ev.data;
    switch (m.t) {
      case "sub":
        hub.add(page + m.key, m.topic, (event, data) => send({ key: m.key, event, data }));
        break;
      case "unsub":
        hub.remove(page + m.key);
        break;
      case "bye":
        hub.removeAll(page);
        break;
    }
  });
  port.start();
};
