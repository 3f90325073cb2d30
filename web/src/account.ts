// The account's pages: settings (the e-mail address, the notifications,
// the calendar feed), a forgotten password, and the pages the links of
// mails open (/verify/{token}, /reset/{token}).

import { api, type Notifications } from "./api";
import { errorText } from "./errors";
import { t } from "./i18n";
import { pushCard } from "./pushcard";
import { navigate, type Page } from "./router";
import { me } from "./session";
import { h, toast } from "./ui";

/** settingsPage is /settings: who may write to the user, and about what. */
export const settingsPage: Page = (root) => {
  if (!me) {
    navigate("/signin?next=/settings", true);
    return;
  }
  const main = h("div", { class: "settings" }, h("p", { class: "muted" }, t("loading")));
  root.append(main);
  let gone = false;
  void api.notifications().then(
    (n) => {
      if (!gone) draw(main, n);
    },
    (e) => {
      if (!gone) main.replaceChildren(h("p", { class: "error", role: "alert" }, errorText(e)));
    },
  );
  return () => {
    gone = true;
  };
};

function draw(root: HTMLElement, n: Notifications): void {
  root.replaceChildren(h("h1", {}, t("settings.title")), emailCard(n), notifyCard(n), pushCard(n), calendarCard(n));
}

/** emailCard is the form of the user's address and whether it is verified. */
function emailCard(n: Notifications): HTMLElement {
  const status = (): HTMLElement =>
    h("p", { id: "email-status", class: n.verified ? "ok" : "muted", role: "status" },
      !n.email ? t("settings.no_email") : n.verified ? t("settings.verified") : t("settings.unverified"));
  let shown = status();
  const email = h("input", { id: "settings-email", type: "email", autocomplete: "email", maxlength: 254, value: n.email });
  const emailError = h("p", { class: "error", role: "alert" });
  return form(
    "card",
    emailError,
    async () => {
      const u = await api.setEmail(email.value.trim());
      n.email = u.email;
      n.verified = u.verified;
      const next = status();
      shown.replaceWith(next);
      shown = next;
      if (u.email && !u.verified && u.mail) toast(t("settings.sent"));
    },
    h("h2", {}, t("settings.email")),
    h("p", { class: "muted" }, n.mail ? t("settings.email_help") : t("settings.nomail")),
    h("label", { for: "settings-email" }, t("settings.email")),
    h("div", { class: "row" }, email, h("button", { type: "submit", id: "save-email", class: "primary" }, t("settings.save"))),
    shown,
    emailError,
  );
}

/** notifyCard is the form of the notifications by mail. */
function notifyCard(n: Notifications): HTMLElement {
  const box = (id: keyof Notifications, label: string) => {
    const input = h("input", { type: "checkbox", id: "notify-" + id, checked: Boolean(n[id]) });
    return { input, el: h("label", { class: "check", for: "notify-" + id }, input, " ", label) };
  };
  const due = box("orders_due", t("settings.orders_due"));
  const reminder = box("reminder", t("settings.reminder"));
  const hours = h("input", { type: "number", id: "notify-reminder-hours", min: 1, max: 168, step: 1, value: Math.max(1, Math.round(n.reminder_minutes / 60)) });
  const played = box("phase_played", t("settings.phase_played"));
  const press = box("press", t("settings.press"));
  const minutes = h("input", { type: "number", id: "notify-press-minutes", min: 1, max: 1440, step: 1, value: n.press_minutes });
  const events = box("game_events", t("settings.game_events"));
  const language = h("select", { id: "notify-language" },
    h("option", { value: "en", lang: "en" }, "English"), h("option", { value: "fr", lang: "fr" }, "Français"), h("option", { value: "ja", lang: "ja" }, "日本語"));
  language.value = n.language;
  const notifyError = h("p", { class: "error", role: "alert" });
  return form(
    "card",
    notifyError,
    async () => {
      Object.assign(n, await api.setNotifications({
        orders_due: due.input.checked, reminder: reminder.input.checked, reminder_minutes: Number(hours.value) * 60,
        phase_played: played.input.checked, press: press.input.checked, press_minutes: Number(minutes.value),
        game_events: events.input.checked, language: language.value,
      }));
      toast(t("settings.saved"));
    },
    h("h2", {}, t("settings.notify")),
    h("p", { class: "muted" }, t("settings.notify_help")),
    due.el,
    reminder.el,
    h("div", { class: "row sub" }, hours, h("label", { for: "notify-reminder-hours" }, t("settings.reminder_hours"))),
    played.el,
    press.el,
    h("div", { class: "row sub" }, minutes, h("label", { for: "notify-press-minutes" }, t("settings.press_minutes"))),
    events.el,
    h("div", { class: "row" }, h("label", { for: "notify-language" }, t("settings.language")), language),
    notifyError,
    h("button", { type: "submit", id: "save-notify", class: "primary" }, t("settings.save")),
  );
}

/** calendarCard shows the calendar feed's secret address, and makes a new one. */
function calendarCard(n: Notifications): HTMLElement {
  const feed = h("input", { id: "calendar-url", readonly: true, value: n.calendar_url, onfocus: (e: Event) => (e.target as HTMLInputElement).select() });
  const calendar = h(
    "section",
    { class: "card" },
    h("h2", {}, t("settings.calendar")),
    h("p", { class: "muted" }, t("settings.calendar_help")),
    h("label", { for: "calendar-url" }, t("settings.calendar_url")),
    feed,
    h("div", { class: "row" },
      h("button", {
        type: "button",
        id: "calendar-new",
        onclick: async () => {
          try {
            const next = await api.setNotifications({ new_calendar_url: true });
            n.calendar_url = next.calendar_url;
            feed.value = next.calendar_url;
            toast(t("settings.calendar_replaced"));
          } catch (err) {
            toast(errorText(err), "error");
          }
        },
      }, t("settings.calendar_new"))),
  );
  return calendar;
}

/** forgotPage is /forgot: a reset link sent to an address. */
export const forgotPage: Page = (root) => {
  const email = h("input", { id: "forgot-email", type: "email", autocomplete: "email", required: true, maxlength: 254 });
  const out = h("p", { role: "status" });
  const page = form(
    "auth card",
    out,
    async () => {
      await api.forgot(email.value.trim());
      out.textContent = t("forgot.sent");
    },
    h("h1", {}, t("forgot.title")),
    h("p", { class: "muted" }, t("forgot.intro")),
    h("label", { for: "forgot-email" }, t("settings.email")),
    email,
    out,
    h("div", { class: "row" }, h("button", { type: "submit", id: "forgot-send", class: "primary" }, t("forgot.send")), h("a", { href: "/signin" }, t("auth.signin"))),
  );
  root.append(page);
  email.focus();
};

/** resetPage is /reset/{token}: the link of a reset mail. */
export const resetPage: Page = (root, params) => {
  const password = h("input", { id: "reset-password", type: "password", autocomplete: "new-password", required: true, minlength: 8, maxlength: 256 });
  const out = h("p", { role: "status" });
  const page: HTMLFormElement = form(
    "auth card",
    out,
    async () => {
      const r = await api.resetPassword(params["token"] ?? "", password.value);
      page.replaceChildren(h("h1", {}, t("reset.title")), h("p", { id: "reset-done", role: "status" }, t("reset.done", { name: r.name })),
        h("a", { href: "/signin", class: "button" }, t("auth.signin")));
    },
    h("h1", {}, t("reset.title")),
    h("p", { class: "muted" }, t("reset.intro")),
    h("label", { for: "reset-password" }, t("reset.password")),
    password,
    out,
    h("button", { type: "submit", id: "reset-save", class: "primary" }, t("settings.save")),
  );
  root.append(page);
  password.focus();
};

/** verifyPage is /verify/{token}: the link of a verification mail, which it follows at once. */
export const verifyPage: Page = (root, params) => {
  const out = h("p", { id: "verify-status", role: "status" }, t("loading"));
  root.append(h("div", { class: "auth card" }, h("h1", {}, t("verify.title")), out, h("a", { href: "/" }, t("nav.lobby"))));
  void api.verify(params["token"] ?? "").then(
    (r) => (out.textContent = t("verify.done", { email: r.email })),
    (e) => {
      out.className = "error";
      out.textContent = errorText(e);
    },
  );
};

/**
 * form is a form of the account's pages: once the browser finds its fields
 * valid, a submission runs send, and what send throws is shown in the
 * form's line out (emptied at each submission).
 */
function form(cls: string, out: HTMLElement, send: () => Promise<void>, ...children: (Node | string)[]): HTMLFormElement {
  const f = h(
    "form",
    {
      class: cls,
      onsubmit: async (e: Event) => {
        e.preventDefault();
        out.textContent = "";
        out.classList.remove("error");
        if (!f.reportValidity()) return;
        try {
          await send();
        } catch (err) {
          out.classList.add("error");
          out.textContent = errorText(err);
        }
      },
    },
    ...children,
  );
  return f;
}
