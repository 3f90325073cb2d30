// A player's profile: how reliably they give orders, and their games with
// how each ended for them.

import { api, type Reliability } from "./api";
import { errorText } from "./errors";
import { lang, num, powerName, t, variantTitle, type Key } from "./i18n";
import { navigate, type Page } from "./router";
import { me } from "./session";
import { h } from "./ui";

/** pct writes a share as a percentage in the reader's language. */
export function pct(share: number): string {
  return new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 }).format(share);
}

/** reliable is a player's reliability as a share: 1 for one who never owed orders. */
export function reliable(r: Reliability): number {
  return r.due ? r.given / r.due : 1;
}

/** reliabilityText says a player's reliability in a line. */
export function reliabilityText(r: Reliability): string {
  if (!r.due) return t("profile.none");
  return t("profile.reliability", { given: num(r.given), due: num(r.due), pct: pct(reliable(r)) }) + " · " + t("profile.recent", { given: num(r.given_90d), due: num(r.due_90d) });
}

/** departures says the games a player left or was replaced in, "" for none. */
export function departures(r: Reliability): string {
  return r.left || r.replaced ? t("profile.departures", { left: num(r.left), replaced: num(r.replaced) }) : "";
}

/** reliabilityShort is a player's reliability in a few characters, as the lobby shows it beside their name. */
export function reliabilityShort(r: Reliability): string {
  const out = [pct(reliable(r))];
  if (r.left) out.push(t("rel.left", { n: num(r.left) }));
  if (r.replaced) out.push(t("rel.replaced", { n: num(r.replaced) }));
  return out.join(" · ");
}

/** userLink is a player's name, linking to their profile. */
export function userLink(name: string): HTMLElement {
  return h("a", { href: "/users/" + encodeURIComponent(name), class: "user-link" }, h("bdi", {}, name));
}

export const profilePage: Page = (root, params) => {
  if (!me) {
    navigate("/signin?next=" + encodeURIComponent(location.pathname), true);
    return;
  }
  root.append(h("p", { class: "muted" }, t("loading")));
  void (async () => {
    try {
      const p = await api.profile(params["name"]!);
      const games = p.games.map((g) => h("li", { class: "game-row", "data-game": g.id }, h("span", { class: "game-info" },
        h("a", { href: "/games/" + encodeURIComponent(g.id), class: "game-name" }, h("bdi", {}, g.name)),
        h("span", { class: "muted" }, " · " + variantTitle(g.variant) + (g.power ? " · " + powerName(g.variant, g.power) : "") + " · " + (g.cancelled ? t("status.cancelled") : t(("status." + g.status) as Key))),
        g.result ? h("span", { class: "badge result " + g.result }, t(("result." + g.result) as Key)) : null)));
      root.replaceChildren(h("section", { class: "card profile", id: "profile" },
        h("h1", {}, h("bdi", {}, p.name)),
        h("p", { id: "reliability" }, reliabilityText(p.reliability)),
        departures(p.reliability) ? h("p", { id: "departures" }, departures(p.reliability)) : null,
        h("h2", {}, t("profile.games")),
        games.length ? h("ul", { class: "games", id: "profile-games" }, ...games) : h("p", { class: "muted" }, t("profile.nogames"))));
    } catch (e) {
      root.replaceChildren(h("p", { class: "error" }, errorText(e)));
    }
  })();
};
