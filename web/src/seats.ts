// A game waiting for players: who sits where, joining, starting. The
// Diplomacy page and the Diceplomacy table share it.

import { api, ApiError, type Game } from "./api";
import { t } from "./i18n";
import { h, toast } from "./ui";

/** The part of a forming game's page: who sits where, join, start. */
export function seatsForming(g: Game, seats: { power: string; name?: string | undefined; bot?: boolean | undefined }[], reload: () => void): HTMLElement {
  const free = seats.filter((s) => !s.name && !s.bot).map((s) => s.power);
  const pick = h("select", { id: "join-power", "aria-label": t("lobby.power") }, h("option", { value: "" }, t("lobby.power.any")), ...free.map((p) => h("option", { value: p }, p)));
  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      reload();
    } catch (e) {
      toast(e instanceof ApiError ? e.message : t("error.network"), "error");
    }
  };
  return h(
    "section",
    { class: "card forming" },
    h("h2", {}, t("game.forming")),
    h("ul", { class: "seats" }, ...seats.map((s) => h("li", {}, h("b", {}, s.power), " — ", s.name ?? (s.bot ? t("game.bot") : t("game.empty"))))),
    !g.my_power ? h("div", { class: "row" }, pick, h("button", { class: "primary", id: "join", onclick: () => act(() => api.join(g.id, pick.value || undefined)) }, t("lobby.join"))) : h("p", {}, t("game.youplay", { power: g.my_power })),
    g.you_created ? h("div", { class: "row" }, h("button", { class: "primary", id: "start", onclick: () => act(() => api.start(g.id)) }, t("lobby.start")), h("span", { class: "muted" }, t("game.startnote"))) : h("p", { class: "muted" }, t("game.waitstart")),
  );
}
