// Signing up and signing in.

import { api, ApiError } from "./api";
import { errorText } from "./errors";
import { t } from "./i18n";
import { navigate, type Page } from "./router";
import { setMe } from "./session";
import { h } from "./ui";
import { solve } from "./work";

export const authPage: Page = (root) => {
  const next = new URLSearchParams(location.search).get("next") ?? "/";
  const error = h("p", { class: "error", role: "alert" });
  const name = h("input", { id: "auth-name", name: "username", autocomplete: "username", required: true, minlength: 3, maxlength: 32 });
  const password = h("input", { id: "auth-password", name: "password", type: "password", autocomplete: "current-password", required: true, minlength: 8, maxlength: 256 });
  const submit = async (signUp: boolean) => {
    error.textContent = "";
    if (!form.reportValidity()) return;
    try {
      if (signUp) await api.signUp(name.value, password.value);
      else await signIn(name.value, password.value);
      setMe(await api.me());
      navigate(next.startsWith("/") && !next.startsWith("//") ? next : "/", true);
    } catch (e) {
      error.textContent = errorText(e);
    }
  };
  // While many wrong passwords are tried for a name, the server asks each
  // sign-in for a proof of work (work.ts) instead of turning everyone away:
  // found once, it lets the right password in.
  const signIn = async (n: string, p: string) => {
    try {
      await api.signIn(n, p);
    } catch (e) {
      if (!(e instanceof ApiError) || e.code !== "work_required" || !e.challenge) throw e;
      error.textContent = t("auth.working");
      const solution = await solve(e.challenge);
      error.textContent = "";
      await api.signIn(n, p, { challenge: e.challenge.seed, solution });
    }
  };
  const form = h(
    "form",
    { class: "auth card", onsubmit: (e: Event) => (e.preventDefault(), void submit(false)) },
    h("h1", {}, t("auth.title")),
    h("p", { class: "muted" }, t("auth.intro")),
    h("label", { for: "auth-name" }, t("auth.name")),
    name,
    h("label", { for: "auth-password" }, t("auth.password")),
    password,
    error,
    h(
      "div",
      { class: "row" },
      h("button", { type: "submit", id: "sign-in", class: "primary" }, t("auth.signin")),
      h(
        "button",
        {
          type: "button",
          id: "sign-up",
          onclick: () => {
            password.autocomplete = "new-password";
            void submit(true);
          },
        },
        t("auth.signup"),
      ),
    ),
    h("p", { class: "muted small" }, t("auth.rules")),
    h("p", { class: "small" }, h("a", { href: "/forgot", id: "forgot" }, t("auth.forgot"))),
  );
  root.append(form);
  name.focus();
};
