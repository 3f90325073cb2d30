// What a phase did to the units it dislodged: each one, who dislodged it
// (from where), and whether it may retreat or was destroyed at once, in
// the results and on the board.

import type { Dislodged, Unit } from "./api";
import { lang, t, why } from "./i18n";
import { base } from "./orders";
import { h } from "./ui";

/** A unit a phase dislodged, and whether it was destroyed at once. */
export interface Dislodgement {
  unit: Dislodged;
  destroyed: boolean;
}

/**
 * dislodgements lists what a phase's record says it dislodged: every unit,
 * destroyed when it is among the units disbanded at once.
 */
export function dislodgements(rec: { dislodged?: Dislodged[]; disbanded?: Unit[] } | null | undefined): Dislodgement[] {
  if (!rec) return [];
  const gone = new Set((rec.disbanded ?? []).map((u) => u.power + " " + base(u.province)));
  return (rec.dislodged ?? []).map((unit) => ({ unit, destroyed: gone.has(unit.power + " " + base(unit.province)) }));
}

const unitText = (u: Unit) => (u.type === "fleet" ? "F " : "A ") + u.province.toUpperCase();

/**
 * showDislodged adds to a phase's results (the list drawn in el) what
 * happened to each unit it dislodged: a line under the results, and a
 * mark on the dislodged unit's own order, whose result alone (bounced,
 * say) would not tell.
 */
export function showDislodged(el: HTMLElement, list: Dislodgement[], pname: (p: string) => string, place: (id: string) => string): void {
  el.querySelector(".dislodged-list")?.remove();
  if (!list.length) return;
  const named = (id: string) => place(id) || id.toUpperCase();
  const lines = list.map(({ unit, destroyed }) => {
    const by = unit.attacker_from ? why({ order: "", reason: "dislodged", where: unit.attacker_from, message: t("why.dislodged", { where: named(unit.attacker_from) }) }, place) : t("result.dislodged");
    const fate = destroyed ? t("dislodged.destroyed") : unit.retreats?.length ? t("dislodged.retreats", { places: listPlaces(unit.retreats, named) }) : t("dislodged.mayretreat");
    // The unit's own order, if it gave one, says it was dislodged too.
    for (const li of el.querySelectorAll<HTMLElement>(".result-list li[data-order]")) {
      const order = (li.dataset["order"] ?? "").trim().toUpperCase().split(/\s+/);
      if (base((order[1] ?? "").toLowerCase()) === base(unit.province) && !li.querySelector(".res-dislodged")) {
        li.append(" ", h("span", { class: "res-dislodged" }, "· ", destroyed ? t("dislodged.short.destroyed") : t("result.dislodged")));
      }
    }
    return h("li", { class: "dislodged-unit" + (destroyed ? " destroyed" : ""), "data-unit": base(unit.province) },
      h("span", { class: "res-mark", "aria-hidden": "true" }, destroyed ? "✕" : "↯"), " ",
      h("b", {}, pname(unit.power)), " ", unitText(unit), " — ", by, " — ", h("span", { class: "fate" }, fate));
  });
  el.append(h("div", { class: "dislodged-list", id: "dislodged" }, h("h4", {}, t("dislodged.title")), h("ul", { class: "result-list" }, ...lines)));
}

function listPlaces(ids: string[], named: (id: string) => string): string {
  // Where it may go is a choice: "Vienna, Bohemia or Serbia".
  return new Intl.ListFormat(lang, { type: "disjunction" }).format(ids.map((id) => named(base(id)) + (id.includes("/") ? " (" + id.split("/")[1]!.toUpperCase() + ")" : "")));
}
