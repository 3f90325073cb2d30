// The game page's header: the game's name and variant, the phase shown
// (or the game's end), and the time left.

import { countdown, fmtDate, paren, phaseLabel, t, variantTitle } from "../i18n";
import { h } from "../ui";
import { endText, shown, type Ctx } from "./state";

export function header(ctx: Ctx): HTMLElement {
  const title = h("h1", { class: "game-title" });
  const phase = h("span", { class: "phase", id: "phase" });
  const clock = h("span", { class: "deadline" });
  ctx.store.on(["g", "viewing", "history"], (s) => {
    const g = s.g;
    title.replaceChildren(h("bdi", {}, g.name), h("span", { class: "muted" }, " · " + variantTitle(g.variant)));
    const rec = shown(s);
    let text = rec ? phaseLabel(rec.phase) + " — " + t("history.results") : phaseLabel(g.phase);
    if (g.cancelled) text = t("status.cancelled");
    else if (g.status === "finished") text += " · " + t("status.finished");
    if (g.end) text += " — " + endText(ctx, g.end);
    phase.textContent = text;
    clock.replaceChildren();
    if (g.paused && g.status === "active" && !rec) clock.append(h("span", { class: "badge paused-mark", id: "paused" }, t("status.paused")));
    else if (g.deadline && g.status === "active" && !rec) {
      clock.append(
        h("span", { "data-deadline": g.deadline, id: "countdown" }, countdown(g.deadline)),
        h("span", { class: "muted" }, paren(fmtDate(g.deadline))),
      );
    }
  });
  return h("header", { class: "game-head" }, title, h("div", { class: "phase-line" }, phase, " ", clock));
}
