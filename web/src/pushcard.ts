// Notifications in this browser: Web Push (the service worker, sw.ts,
// shows what the server pushes, even with no tab open) and the page's
// own notifications while its tab is hidden (attention.ts). Both ask the
// browser's permission only when the player presses their button.

import { api, ApiError, type Notifications, type PushToggles } from "./api";
import { errorText } from "./errors";
import { t } from "./i18n";
import { h, toast } from "./ui";

/** pushSupported says whether this browser can subscribe to Web Push. */
export const pushSupported = (): boolean => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** worker registers the service worker (once) and returns its registration when it is active. */
export async function worker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return navigator.serviceWorker.ready;
}

/** currentSubscription is this browser's push subscription, if any, without registering the worker. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration("/");
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** subscriptionID is the id the server gives a subscription: base64url of the first 16 bytes of the SHA-256 of its endpoint. */
export async function subscriptionID(endpoint: string): Promise<string> {
  const sum = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(endpoint))).slice(0, 16);
  return btoa(String.fromCharCode(...sum)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64URL(s: string): Uint8Array<ArrayBuffer> {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** subscribe asks the permission, subscribes this browser with the server's key, and gives the subscription to the server. */
export async function subscribe(): Promise<void> {
  if ((await Notification.requestPermission()) !== "granted") throw new Error(t("push.denied"));
  const { key } = await api.pushSubscriptions();
  const reg = await worker();
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64URL(key) });
  await api.subscribePush(sub.toJSON());
}

/** unsubscribe ends this browser's subscription, here and on the server. */
export async function unsubscribe(): Promise<void> {
  const sub = await currentSubscription();
  if (!sub) return;
  const id = await subscriptionID(sub.endpoint);
  await sub.unsubscribe();
  try {
    await api.unsubscribePush(id);
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 404)) throw e;
  }
}

/** The page's own notifications are on in this browser (attention.ts reads it). */
export const pageNotifyKey = "chancery.page-notifications";
export const pageNotifications = (): boolean =>
  "Notification" in window && Notification.permission === "granted" && localStorage.getItem(pageNotifyKey) === "1";

/** pushCard is the settings' card of the notifications in this browser. */
export function pushCard(n: Notifications): HTMLElement {
  const card = h("section", { class: "card", id: "push-card", "aria-labelledby": "push-h" }, h("h2", { id: "push-h" }, t("push.title")));
  const status = h("p", { id: "push-status", role: "status", class: "muted" });
  const error = h("p", { class: "error", role: "alert" });
  const button = h("button", { type: "button", id: "push-toggle", class: "primary" });
  const draw = async () => {
    const on = (await currentSubscription().catch(() => null)) !== null;
    status.textContent = !pushSupported() ? t("push.unsupported") : Notification.permission === "denied" ? t("push.blocked") : on ? t("push.on") : t("push.off");
    button.textContent = on ? t("push.unsubscribe") : t("push.subscribe");
    button.hidden = !pushSupported() || (Notification.permission === "denied" && !on);
    button.onclick = async () => {
      error.textContent = "";
      button.disabled = true;
      try {
        await (on ? unsubscribe() : subscribe());
        toast(on ? t("push.unsubscribed") : t("push.subscribed"));
      } catch (e) {
        error.textContent = errorText(e);
      } finally {
        button.disabled = false;
        await draw();
      }
    };
  };
  void draw();

  // Which notifications are pushed: the same as the mails', each its own toggle.
  const keys: [keyof PushToggles, Parameters<typeof t>[0]][] = [
    ["orders_due", "settings.orders_due"],
    ["reminder", "settings.reminder"],
    ["phase_played", "settings.phase_played"],
    ["press", "push.press"],
    ["game_events", "settings.game_events"],
  ];
  const boxes = keys.map(([k, label]) => {
    const input = h("input", { type: "checkbox", id: "push-" + k, checked: n.push[k] });
    input.addEventListener("change", async () => {
      try {
        Object.assign(n, await api.setNotifications({ push: { [k]: input.checked } }));
        toast(t("settings.saved"));
      } catch (e) {
        input.checked = !input.checked;
        error.textContent = errorText(e);
      }
    });
    return h("label", { class: "check", for: "push-" + k }, input, " ", t(label));
  });

  // The page's own notifications, while its tab is hidden.
  const pageStatus = h("p", { id: "page-notify-status", role: "status", class: "muted" });
  const pageButton = h("button", { type: "button", id: "page-notify-toggle" });
  const drawPage = () => {
    const on = pageNotifications();
    pageStatus.textContent = !("Notification" in window) ? t("push.unsupported") : Notification.permission === "denied" ? t("push.blocked") : on ? t("page.on") : t("page.off");
    pageButton.textContent = on ? t("page.disable") : t("page.enable");
    pageButton.hidden = !("Notification" in window) || Notification.permission === "denied";
  };
  pageButton.addEventListener("click", async () => {
    if (pageNotifications()) localStorage.removeItem(pageNotifyKey);
    else if ((await Notification.requestPermission()) === "granted") localStorage.setItem(pageNotifyKey, "1");
    drawPage();
  });
  drawPage();

  card.append(
    h("p", { class: "muted" }, t("push.help")),
    status,
    button,
    h("fieldset", { class: "checks" }, h("legend", {}, t("push.which")), ...boxes),
    h("h3", {}, t("page.title")),
    h("p", { class: "muted" }, t("page.help")),
    pageStatus,
    pageButton,
    error,
  );
  return card;
}
