// A game waiting for players: who sits where, joining, starting; and the
// game's settings with, for its creator and players, a private game's
// invitation link. The Diplomacy page and the Diceplomacy table share it.

import { api, type DailyAt, type Game } from "./api";
import { errorText } from "./errors";
import { duration, powerName, t, type Key } from "./i18n";
import { h, toast } from "./ui";

/** inviteLink is the address of a private game's page with its invitation code: opening it shows the game, and joining sends the code. */
export function inviteLink(id: string, code: string): string {
  return `${location.origin}/games/${encodeURIComponent(id)}?invitation=${encodeURIComponent(code)}`;
}

/** scheduleWords says how long the game's phases last and when their deadlines fall. */
export function scheduleWords(g: { phase_deadline_seconds: number; retreat_deadline_seconds?: number | undefined; adjustment_deadline_seconds?: number | undefined; deadline_at?: DailyAt | undefined }): string {
  const words = [t("settings.length", { len: duration(g.phase_deadline_seconds) })];
  if (g.retreat_deadline_seconds) words.push(t("settings.retreat", { len: duration(g.retreat_deadline_seconds) }));
  if (g.adjustment_deadline_seconds) words.push(t("settings.adjust", { len: duration(g.adjustment_deadline_seconds) }));
  const at = g.deadline_at;
  if (at) {
    words.push(t("settings.daily", { time: at.time, zone: at.zone }));
    if (at.skip_weekends) words.push(t("settings.weekdays"));
  }
  return words.join(" · ");
}

/** gameSettings says plainly how the game is set (press, private, spectators) and, to whoever may invite, gives the invitation link with a copy button. */
export function gameSettings(g: Game): HTMLElement {
  const words = [t(("settings.press." + g.press) as Key)];
  if (g.private) words.push(t("settings.private"));
  words.push(g.spectators ? t("settings.spectators") : t("settings.nospectators"));
  const el = h("div", { class: "settings", id: "game-settings" },
    h("p", { class: "muted small", id: "settings-line" }, words.join(" · ")),
    h("p", { class: "muted small", id: "schedule-line" }, scheduleWords(g)));
  if (g.invitation) {
    const link = h("input", { id: "invite-link", readonly: true, value: inviteLink(g.id, g.invitation), "aria-label": t("invite.title") });
    const copy = async () => {
      link.select();
      try {
        await navigator.clipboard.writeText(link.value);
      } catch {
        // Without the clipboard API (a page not served over HTTPS), the
        // selected text is copied the older way.
        document.execCommand("copy");
      }
      toast(t("invite.copied"));
    };
    el.append(
      h("div", { class: "invite" },
        h("label", { for: "invite-link" }, t("invite.title")),
        h("div", { class: "row" }, link, h("button", { type: "button", id: "invite-copy", onclick: () => void copy() }, t("invite.copy"))),
        h("p", { class: "muted small" }, t("invite.note")),
      ),
    );
  }
  return el;
}

/**
 * chosen is the power picked beside the join button clicked (e), read at
 * the click: a redraw may have kept the button and replaced the list.
 */
const chosen = (e: Event): string => ((e.currentTarget as HTMLElement).parentElement?.querySelector("#join-power") as HTMLSelectElement | null)?.value ?? "";

/** The part of a forming game's page: who sits where, join, leave, start, cancel; or, once cancelled, that it was. */
export function seatsForming(g: Game, seats: { power: string; name?: string | undefined; bot?: boolean | undefined }[], reload: () => void, label = (p: string) => powerName(g.variant, p)): HTMLElement {
  // Seats are shown by their names in the reader's language; joining sends the server's.
  const free = seats.filter((s) => !s.name && !s.bot).map((s) => s.power);
  const pick = h("select", { id: "join-power", "aria-label": t("lobby.power") }, h("option", { value: "" }, t("lobby.power.any")), ...free.map((p) => h("option", { value: p }, label(p))));
  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      reload();
    } catch (e) {
      toast(errorText(e), "error");
    }
  };
  // Leaving and cancelling ask first: the button gives way to the
  // question, a yes and a no.
  const confirming = (id: string, label: Key, ask: Key, yes: Key, fn: () => Promise<unknown>) => {
    const wrap = h("span", { class: "confirm" });
    const first = h("button", { type: "button", id, onclick: () => {
      const no = h("button", { type: "button", id: id + "-no", onclick: () => (wrap.replaceChildren(first), first.focus()) }, t("game.keep"));
      wrap.replaceChildren(h("span", { role: "alert" }, t(ask)), " ", h("button", { type: "button", class: "danger", id: id + "-yes", onclick: () => act(fn) }, t(yes)), " ", no);
      no.focus();
    } }, t(label));
    wrap.append(first);
    return wrap;
  };
  const seatList = h("ul", { class: "seats" }, ...seats.map((s) => h("li", {}, h("b", {}, h("bdi", {}, label(s.power))), " — ", s.name ? h("bdi", {}, s.name) : s.bot ? t("game.bot") : t("game.empty"))));
  if (g.cancelled) {
    return h("section", { class: "card forming cancelled" }, h("h2", {}, t("status.cancelled")), h("p", { id: "cancelled", role: "status" }, t("game.cancelled")));
  }
  return h(
    "section",
    { class: "card forming" },
    h("h2", {}, t("game.forming")),
    seatList,
    !g.my_power
      ? h("div", { class: "row" }, pick, h("button", { class: "primary", id: "join", onclick: (e: Event) => act(() => api.join(g.id, chosen(e) || undefined)) }, t("lobby.join")))
      : h("div", { class: "row" }, h("span", { id: "my-seat" }, t("game.youplay", { power: label(g.my_power) })), confirming("leave", "game.leave", "game.leave.ask", "game.leave.yes", () => api.leave(g.id))),
    g.you_created
      ? h("div", { class: "row" }, h("button", { class: "primary", id: "start", onclick: () => act(() => api.start(g.id)) }, t("lobby.start")), h("span", { class: "muted" }, t("game.startnote")), confirming("cancel-game", "game.cancel", "game.cancel.ask", "game.cancel.yes", () => api.cancel(g.id)))
      : h("p", { class: "muted" }, t("game.waitstart")),
    gameSettings(g),
  );
}
