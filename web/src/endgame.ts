// The end of a game: what the page shows once a game has ended (by a solo
// victory, a draw or a concession) above the final board: the result,
// every power's supply centres year by year, each power's player, and the
// whole record.

import type { DiplomacyGame, PhaseRecord } from "./api";
import { powerMark } from "./board";
import { centreChart, type Series } from "./chart";
import { num, t } from "./i18n";
import { h } from "./ui";

export interface EndInput {
  game: DiplomacyGame;
  history: PhaseRecord[];
  /** The variant's powers, in order. */
  powers: string[];
  pname: (power: string) => string;
  /** The result in words ("France has won."). */
  result: string;
  /** replay shows the game's first phase. */
  replay: () => void;
}

/**
 * centresByYear counts each power's centres at the start of every year
 * played (the positions of the spring moves) and at the end.
 */
export function centresByYear(g: DiplomacyGame, history: PhaseRecord[], powers: string[]): { years: string[]; counts: Map<string, number[]> } {
  const snaps: { year: string; owners: Record<string, string> }[] = [];
  for (const rec of history) {
    if (rec.phase.season === "spring" && rec.phase.type === "movement") snaps.push({ year: String(rec.phase.year), owners: rec.position.supply_centers });
  }
  const lastYear = snaps[snaps.length - 1]?.year;
  snaps.push({ year: lastYear === String(g.phase.year) ? t("endgame.final") : String(g.phase.year), owners: g.supply_centers });
  const counts = new Map(powers.map((p) => [p, snaps.map((s) => Object.values(s.owners).filter((o) => o === p).length)]));
  return { years: snaps.map((s) => s.year), counts };
}

/** endView is the end-of-game section. */
export function endView(x: EndInput): HTMLElement {
  const g = x.game;
  const { years, counts } = centresByYear(g, x.history, x.powers);
  const series: Series[] = x.powers.map((p, index) => ({ power: p, index, label: x.pname(p), counts: counts.get(p) ?? [] }));
  const end = g.end!;
  const won = (p: string) => (end.reason === "draw" ? (end.powers ?? []).includes(p) : end.winner === p);
  const rows = x.powers.map((p, i) => {
    const ps = g.powers.find((q) => q.power === p);
    return h("tr", { "data-power": p, class: won(p) ? "won" : "" },
      h("th", { scope: "row" }, powerMark(i), " ", x.pname(p)),
      h("td", {}, ps?.player ?? (ps?.bot ? t("game.bot") : "—")),
      h("td", { class: "num" }, num(ps?.centres ?? 0)),
      h("td", {}, won(p) ? (end.reason === "draw" ? t("endgame.drawn") : "★ " + t("endgame.winner")) : ps && !ps.alive ? t("powers.out") : ""),
    );
  });
  return h("section", { class: "card endgame", id: "endgame", "aria-labelledby": "endgame-title" },
    h("h2", { id: "endgame-title" }, t("endgame.title")),
    h("p", { class: "end result", role: "status" }, x.result),
    h("figure", { class: "chart" }, centreChart(years, series, t("endgame.chart")), h("figcaption", { class: "muted small" }, t("endgame.chart"))),
    h("table", { class: "powers end-powers" },
      h("thead", {}, h("tr", {}, h("th", {}, t("powers.power")), h("th", {}, t("powers.player")), h("th", {}, t("powers.centres")), h("th", {}, ""))),
      h("tbody", {}, ...rows)),
    h("p", { class: "row" },
      h("button", { type: "button", id: "replay", onclick: x.replay }, t("endgame.replay")),
      h("a", { href: `/api/v1/games/${encodeURIComponent(g.id)}/record`, download: `chancery-${g.id}.json`, id: "record" }, t("endgame.record")),
    ),
  );
}
