// The powers pane: every power's player, centres, units and state, the
// player's votes (a draw, or conceding), the victory condition and the
// game's settings.

import { api, type PowerState } from "../api";
import { powerMark } from "../board";
import { errorText } from "../errors";
import { num, t, variantText } from "../i18n";
import { userLink } from "../profile";
import { gameSettings } from "../seats";
import { h, kept, toast } from "../ui";
import { stewardPane } from "./master";
import type { Ctx, PlayState } from "./state";

const columns = ["powers.power", "powers.player", "powers.centres", "powers.units", "powers.state"] as const;

export function powersPane(ctx: Ctx): HTMLElement {
  const body = h("div", {});
  const pane = h("section", { class: "pane powers-pane", id: "pane-powers", role: "tabpanel", "aria-label": t("tab.powers") }, body, stewardPane(ctx));
  // A redraw keeps the reader's place: the vote box they are on keeps the
  // focus. It patches: a vote box pressed as a live update came (the
  // other players' votes, a phase's new counts) and released after it
  // was replaced lost the vote; its handler reads the game when it runs.
  const box = kept(body, true);
  ctx.store.on(["g"], (s) => {
    const g = s.g;
    box.draw(
      h("table", { class: "powers" },
        h("thead", {}, h("tr", {}, ...columns.map((k) => h("th", {}, t(k))))),
        h("tbody", {}, ...g.powers.map((p) => powerRow(ctx, s, p)))),
      votes(ctx, s) ?? "",
      ctx.variant ? h("p", { class: "muted small" }, variantText(ctx.variant, "victory")) : "",
      gameSettings(g),
    );
  });
  return pane;
}

function powerRow(ctx: Ctx, s: Readonly<PlayState>, p: PowerState): HTMLElement {
  return h("tr", { class: p.power === s.g.my_power ? "me" : "", "data-power": p.power },
    h("th", { scope: "row" }, powerMark(ctx.powers.indexOf(p.power)), " ", ctx.pname(p.power)),
    h("td", { class: p.away ? "away" : p.wanted ? "wanted" : "" },
      p.away ? t("powers.away", { name: p.player ?? "" }) : p.wanted ? h("span", { class: "badge wanted-mark" }, t("powers.wanted"))
        : p.player && !s.g.sandbox ? userLink(p.player) : p.player ?? (p.bot ? t("game.bot") : "—")),
    h("td", { class: "num" }, num(p.centres)),
    h("td", { class: "num" }, num(p.units)),
    h("td", {}, !p.alive ? t("powers.out") : p.ready ? "✓ " + t("powers.ready") : p.owes ? t("powers.owes") : ""),
  );
}

function votes(ctx: Ctx, s: Readonly<PlayState>): HTMLElement | null {
  const g = s.g;
  const mine = g.powers.find((p) => p.power === g.my_power);
  if (!g.my_votes || g.status !== "active" || !mine?.alive) return null;
  const draws = ctx.variant?.draws !== false;
  const box = (id: string, checked: boolean, disabled: boolean, change: (on: boolean) => object) =>
    h("input", { type: "checkbox", id, checked, "data-keep": "no", disabled, onchange: (e: Event) => void vote(ctx, change((e.target as HTMLInputElement).checked)) });
  return h("fieldset", { class: "votes" },
    h("legend", {}, t("votes.title")),
    h("label", {}, box("vote-draw", g.my_votes.draw, !draws, (draw) => ({ draw })), " ", t("votes.draw")),
    h("label", {}, box("vote-concede", g.my_votes.concede, false, (concede) => ({ concede })), " ", t("votes.concede")),
    h("p", { class: "muted small" }, draws ? t("votes.rule") : t("votes.nodraws")),
  );
}

/**
 * vote casts the votes as changed by one box. The box's own state is
 * read, not the pane's: a live update may redraw the pane between the
 * click and its change event.
 */
async function vote(ctx: Ctx, change: { draw?: boolean; concede?: boolean }): Promise<void> {
  const g = ctx.store.state.g;
  const votes = { draw: g.my_votes?.draw ?? false, concede: g.my_votes?.concede ?? false, ...change };
  g.my_votes = votes; // a redraw before the answer shows the vote as cast
  try {
    await api.votes(g.id, votes.draw, votes.concede);
    toast(t("votes.saved"));
  } catch (e) {
    toast(errorText(e), "error");
  }
}
