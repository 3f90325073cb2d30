// The entry point of Chancery's web client: the page's frame (the name,
// the language switch, who is signed in) and the pages by address.

import { forgotPage, resetPage, settingsPage, verifyPage } from "./account";
import { api, hooks } from "./api";
import { startAttention } from "./attention";
import { authPage } from "./auth";
import { gamePage } from "./game";
import { countdown, languages, lang, setLang, t } from "./i18n";
import { lobbyPage } from "./lobby";
import { profilePage } from "./profile";
import { navigate, render, route, start } from "./router";
import { load, me, onSession, setMe } from "./session";
import { h, toast } from "./ui";

route("/", lobbyPage);
route("/signin", authPage);
route("/games/:id", gamePage);
route("/settings", settingsPage);
route("/forgot", forgotPage);
route("/reset/:token", resetPage);
route("/verify/:token", verifyPage);
route("/users/:name", profilePage);

const header = h("header", { class: "top" });
const main = h("main", { id: "main", tabindex: -1 });

function drawHeader(): void {
  const pick = h("select", { id: "lang", "aria-label": t("nav.lang") }, ...Object.entries(languages).map(([code, l]) => h("option", { value: code, lang: code }, l.name)));
  pick.value = lang;
  pick.addEventListener("change", () => {
    setLang(pick.value);
    drawHeader();
    render();
  });
  header.replaceChildren(
    h("a", { class: "skip", href: "#main", onclick: (e: Event) => (e.preventDefault(), main.focus()) }, t("nav.skip")),
    h("a", { href: "/", class: "brand" }, t("app.name")),
    h("nav", { class: "nav" },
      me ? h("a", { href: "/" }, t("nav.lobby")) : null,
      me ? h("span", { class: "who", id: "who", title: me.name }, me.name) : null,
      me ? h("a", { href: "/settings", id: "nav-settings", class: "settings-link", title: t("nav.settings"), "aria-label": t("nav.settings") }, "⚙") : null,
      me
        ? h("button", {
            type: "button",
            id: "sign-out",
            onclick: async () => {
              try {
                await api.signOut();
              } finally {
                setMe(null);
                navigate("/signin");
              }
            },
          }, t("nav.signout"))
        : null,
      pick,
    ),
  );
}

// The countdowns of every page tick together, once a second; a
// countdown whose text is unchanged (a day away, shown to the minute) is
// left alone, so that the page is not laid out and painted again for
// nothing.
setInterval(() => {
  document.querySelectorAll<HTMLElement>("[data-deadline]").forEach((el) => {
    const text = countdown(el.dataset["deadline"]!);
    if (el.textContent !== text) el.textContent = text;
  });
}, 1000);

hooks.onSignedOut = () => {
  if (!me) return;
  setMe(null);
  toast(t("error.session"), "error");
  navigate("/signin?next=" + encodeURIComponent(location.pathname));
};

const app = document.getElementById("app")!;
app.replaceChildren(header, main);
onSession(drawHeader);
void load()
  .catch(() => undefined)
  .then(() => {
    drawHeader();
    start(main);
    startAttention();
  });
