// The page itself tells the player when games wait for them: the tab's
// title and icon count the games whose orders (or answer) are due, kept
// up to date by the lobby's live updates (live.ts's shared stream); and,
// while the tab is hidden, a notification when a game comes to need them,
// if the player turned the page's notifications on in the settings. One
// tab of the browser, the one holding the Web Lock "chancery-notifier",
// follows the lobby, reads the games, notifies, and tells the other tabs
// the count over a BroadcastChannel, so that a dozen tabs read the games
// once, not a dozen times, and notify once. Where the browser is
// subscribed to Web Push no tab notifies: the service worker shows the
// same news.

import { api, followLobby } from "./api";
import { t } from "./i18n";
import { currentSubscription, pageNotifications } from "./pushcard";
import { navigate } from "./router";
import { me, onSession } from "./session";

/** What the tabs say on the channel: the count, or a new tab asking for it. */
type Said = { n: number } | { ask: true };

let unfollow: (() => void) | undefined;
/** the games due as last read, id to name; undefined before the first reading */
let waiting: Map<string, string> | undefined;
let reading = false;
let again = false;
/** this tab reads and notifies for the browser (every tab, where there are no Web Locks or no channel) */
let leader = false;
let channel: BroadcastChannel | undefined;
let baseIcon: string | undefined;
/** the count the icon shows (0 before it is drawn with a badge) */
let drawn = 0;

/** startAttention counts the player's games due, for as long as someone is signed in. */
export function startAttention(): void {
  const shared = "locks" in navigator && typeof BroadcastChannel === "function";
  if (shared) {
    channel = new BroadcastChannel("chancery-attention");
    channel.onmessage = (e: MessageEvent<Said>) => {
      if ("ask" in e.data) {
        if (leader && waiting) channel?.postMessage({ n: waiting.size } satisfies Said);
      } else if (!leader && me) {
        show(e.data.n);
      }
    };
    // Held until the tab closes: then another tab takes it, and the lead.
    void navigator.locks.request("chancery-notifier", () => {
      leader = true;
      sync();
      return new Promise<void>(() => {});
    });
  } else {
    leader = true;
  }
  const sync = () => {
    if (me && leader && !unfollow) {
      unfollow = followLobby({ games: () => void read(), failed: () => void read() });
    } else if (!me) {
      unfollow?.();
      unfollow = undefined;
      waiting = undefined;
      show(0);
    }
    if (me && !leader) channel?.postMessage({ ask: true } satisfies Said);
  };
  onSession(sync);
  sync();
}

/** read reads the player's games and counts those due; one reading at a time. */
async function read(): Promise<void> {
  if (reading) {
    again = true;
    return;
  }
  reading = true;
  try {
    // The list marks the games that wait for the player: no game is
    // read on its own.
    const mine = await api.games("?mine=true");
    const now = new Map<string, string>();
    for (const g of mine) if (g.due) now.set(g.id, g.name);
    const before = waiting;
    waiting = now;
    show(now.size);
    channel?.postMessage({ n: now.size } satisfies Said);
    if (before) for (const [id, name] of now) if (!before.has(id)) void notify(id, name);
  } catch {
    // Read again at the next event.
  } finally {
    reading = false;
    if (again) {
      again = false;
      void read();
    }
  }
}

/**
 * show writes the count into the title and the icon. Every live update
 * of the player's games reads the count again, mostly unchanged: the
 * icon, a picture made anew, is drawn only when the count changes.
 */
function show(n: number): void {
  const title = document.title.replace(/^\(\d+\+?\) /, "");
  document.title = n > 0 ? `(${n > 99 ? "99+" : n}) ${title}` : title;
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (n === drawn && (link?.dataset["count"] ?? "0") === String(n)) return;
  drawn = n;
  void drawIcon(n);
}

/** drawIcon draws the site's icon with a badge counting n (none for 0). */
async function drawIcon(n: number): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) return;
  baseIcon ??= link.href;
  if (n === 0) {
    link.type = "image/svg+xml";
    link.href = baseIcon;
    link.removeAttribute("data-count");
    return;
  }
  const img = new Image();
  img.src = baseIcon;
  try {
    await img.decode();
  } catch {
    return;
  }
  const size = 64;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = size;
  const c = canvas.getContext("2d");
  if (!c) return;
  c.drawImage(img, 0, 0, size, size);
  const text = n > 9 ? "9+" : String(n);
  const r = 19;
  c.beginPath();
  c.arc(size - r, r, r, 0, 2 * Math.PI);
  c.fillStyle = "#c62828";
  c.fill();
  c.lineWidth = 3;
  c.strokeStyle = "#ffffff";
  c.stroke();
  c.fillStyle = "#ffffff";
  c.font = `bold ${text.length > 1 ? 22 : 28}px system-ui, sans-serif`;
  c.textAlign = "center";
  c.textBaseline = "middle";
  c.fillText(text, size - r, r + 1);
  link.type = "image/png";
  link.href = canvas.toDataURL("image/png");
  link.dataset["count"] = String(n);
}

/** notify shows a notification that game id needs the player, from one tab, while it is hidden. */
async function notify(id: string, name: string): Promise<void> {
  if (!leader || !document.hidden || !pageNotifications()) return;
  if (await currentSubscription().catch(() => null)) return; // the push says it
  const title = t("page.due.title", { game: name });
  const body = t("page.due.body");
  const tag = "game-" + id;
  const reg = "serviceWorker" in navigator ? await navigator.serviceWorker.getRegistration("/") : undefined;
  if (reg) {
    await reg.showNotification(title, { body, tag, icon: "/favicon.svg", data: { url: "/games/" + id } });
    return;
  }
  const n = new Notification(title, { body, tag, icon: "/favicon.svg" });
  n.onclick = () => {
    window.focus();
    navigate("/games/" + id);
    n.close();
  };
}
