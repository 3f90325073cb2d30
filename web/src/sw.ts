// The service worker of Web Push: it shows what the server pushes (a
// game's news, encrypted for this browser: the push service cannot read
// it) as a notification, and opens the game when it is clicked. It is
// served from the root, so that its scope covers every page; it handles
// no fetch: the pages load as they do without it.

/** What the server pushes (server/push.go, pushMessage). */
interface Pushed {
  title: string;
  body: string;
  url: string;
  tag: string;
  urgent?: boolean;
}

// The worker's globals, of the WebWorker library (the sources are
// type-checked against the DOM's).
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  readonly focused: boolean;
  readonly visibilityState: DocumentVisibilityState;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface Worker {
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(o: { type: "window"; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: "push", fn: (e: PushEvent) => void): void;
  addEventListener(type: "notificationclick", fn: (e: NotificationEvent) => void): void;
}

const sw = self as unknown as Worker;

sw.addEventListener("install", (e) => e.waitUntil(sw.skipWaiting()));
sw.addEventListener("activate", (e) => e.waitUntil(sw.clients.claim()));

sw.addEventListener("push", (e) => {
  let m: Pushed | undefined;
  try {
    m = e.data?.json() as Pushed | undefined;
  } catch {
    m = undefined;
  }
  if (!m || typeof m.title !== "string") return;
  const p = m;
  e.waitUntil(
    sw.registration.showNotification(p.title, {
      body: p.body,
      tag: p.tag,
      icon: "/favicon.svg",
      data: { url: typeof p.url === "string" && p.url.startsWith("/") ? p.url : "/" },
      requireInteraction: !!p.urgent,
    }),
  );
});

sw.addEventListener("notificationclick", (e) => {
  e.notification.close();
  const url = (e.notification.data as { url?: string } | null)?.url ?? "/";
  e.waitUntil(
    (async () => {
      // A tab of the site already open goes to the page; else one opens.
      const tabs = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
      const tab = tabs.find((c) => c.focused) ?? tabs[0];
      if (tab) {
        try {
          await tab.focus();
          if (new URL(tab.url).pathname !== url) await tab.navigate(url);
          return;
        } catch {
          // A tab the worker does not control cannot be navigated: a new one opens.
        }
      }
      await sw.clients.openWindow(url);
    })(),
  );
});
