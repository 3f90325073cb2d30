// Stepping through the game's history (◀ ▶ Now), and the results of the
// phase shown, or of the last phase played, in words.

import type { Result } from "../api";
import { paren, phaseLabel, t, why, type Key } from "../i18n";
import { dislodgements, showDislodged } from "../dislodged";
import { h } from "../ui";
import { step } from "./actions";
import { shown, type Ctx, type PlayState } from "./state";

export function historyBar(ctx: Ctx): HTMLElement {
  const bar = h("div", { class: "history-bar" });
  ctx.store.on(["history", "viewing"], (s) => {
    const at = s.viewing ?? s.history.length;
    bar.replaceChildren(
      h("button", { type: "button", id: "hist-prev", "aria-label": t("history.prev"), title: t("history.prev") + " (←)",
        disabled: at <= 0, onclick: () => step(ctx, -1) }, "◀"),
      h("span", { class: "hist-label", "aria-live": "polite" }, s.viewing === null ? t("history.now") : phaseLabel(s.history[s.viewing]!.phase)),
      h("button", { type: "button", id: "hist-next", "aria-label": t("history.next"), title: t("history.next") + " (→)",
        disabled: s.viewing === null, onclick: () => step(ctx, 1) }, "▶"),
      s.viewing !== null ? h("button", { type: "button", id: "hist-now", onclick: () => step(ctx, s.history.length - s.viewing!) }, t("history.now")) : "",
    );
  });
  return bar;
}

/**
 * resultWord is a result in the reader's language: the reason's word
 * where the page knows it (bounced, cut, dislodged...), else the result's.
 */
export function resultWord(result: string, reason?: string): string {
  const k = ("reason." + (reason ?? "")) as Key;
  const r = reason ? t(k) : k;
  return r !== k ? r : t(("result." + result) as Key);
}

export function results(ctx: Ctx): HTMLElement {
  const box = h("div", { class: "results", id: "results" });
  ctx.store.on(["g", "history", "viewing", "explain", "names"], (s) => drawResults(ctx, s, box));
  return box;
}

function drawResults(ctx: Ctx, s: Readonly<PlayState>, box: HTMLElement): void {
  const rec = shown(s);
  const list = rec ? rec.results : s.g.last?.results ?? [];
  const label = rec ? phaseLabel(rec.phase) : s.g.last ? t("results.last", { phase: phaseLabel(s.g.last.phase) }) : "";
  box.replaceChildren();
  if (!list.length) return;
  const ex = s.explain;
  box.append(
    h("h3", {}, label, " ",
      !rec && s.history.length ? h("button", { type: "button", class: "link", id: "show-last", onclick: () => step(ctx, -1) }, t("results.show")) : ""),
    ex ? h("p", { class: "explain", id: "explain", role: "status" },
      h("b", {}, ex.text), " — ", resultWord(ex.result ?? "succeeded", ex.reason), ex.message ? paren(ex.message) : "") : "",
    h("ul", { class: "result-list" }, ...list.map((r) => resultLine(ctx, r))),
  );
  showDislodged(box, dislodgements(rec ?? s.g.last), ctx.pname, ctx.place);
}

function resultLine(ctx: Ctx, r: Result): HTMLElement {
  const because = why(r, ctx.place);
  return h("li", { class: "res r-" + r.result, "data-order": r.order },
    h("span", { class: "res-mark", "aria-hidden": "true" }, r.result === "succeeded" ? "✓" : r.result === "illegal" ? "!" : "✕"), " ",
    h("b", {}, ctx.pname(r.power)), " ", r.order, " — ", h("span", { class: "res-word" }, resultWord(r.result, r.reason)),
    because ? h("span", { class: "muted" }, paren(because)) : null,
  );
}
