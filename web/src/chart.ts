// A chart of every power's supply centres year by year, in SVG: one line
// per power in its colour, each ending in its mark and its name, so that
// colour is never the only cue.

import { num } from "./i18n";
import { SHAPES } from "./board";
import { s } from "./ui";

/** Series is one power's centres: counts[i] at the start of years[i]. */
export interface Series {
  power: string;
  /** The power's place in the variant's list, which picks its colour. */
  index: number;
  label: string;
  counts: number[];
}

/** centreChart draws the series over the years given, with a title for screen readers. */
export function centreChart(years: string[], series: Series[], title: string): SVGSVGElement {
  const W = 640, H = 300, left = 34, right = 130, top = 12, bottom = 28;
  const max = Math.max(4, ...series.flatMap((x) => x.counts));
  const step = years.length > 1 ? (W - left - right) / (years.length - 1) : 0;
  const x = (i: number) => left + i * step;
  const y = (n: number) => top + (H - top - bottom) * (1 - n / max);
  const svg = s("svg", { class: "centre-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": title }, s("title", {}, title)) as SVGSVGElement;
  // Grid: a line every few centres, the years below.
  const every = max > 20 ? 5 : 2;
  for (let n = 0; n <= max; n += every) {
    svg.append(s("line", { class: "grid", x1: left, x2: W - right, y1: y(n), y2: y(n) }), s("text", { class: "axis", x: left - 6, y: y(n), "text-anchor": "end" }, num(n)));
  }
  const skip = Math.ceil(years.length / 12);
  years.forEach((yr, i) => {
    if (i % skip === 0 || i === years.length - 1) svg.append(s("text", { class: "axis", x: x(i), y: H - 8, "text-anchor": "middle" }, yr));
  });
  // Labels at the right end, moved apart where counts tie.
  const ends = series.map((p) => ({ p, at: y(p.counts[p.counts.length - 1] ?? 0) })).sort((a, b) => a.at - b.at);
  for (let i = 1; i < ends.length; i++) ends[i]!.at = Math.max(ends[i]!.at, ends[i - 1]!.at + 13);
  for (const { p, at } of ends) {
    const pts = p.counts.map((n, i) => `${x(i)},${y(n)}`).join(" ");
    const last = p.counts.length - 1;
    svg.append(
      s("g", { class: "series", style: `--c: var(--p${p.index < 0 ? 8 : p.index % 8})`, "data-power": p.power },
        s("polyline", { points: pts, class: "line" }),
        mark(p.index, x(last), y(p.counts[last] ?? 0)),
        s("text", { class: "name", x: W - right + 10, y: at }, `${p.label} ${num(p.counts[last] ?? 0)}`),
      ),
    );
  }
  return svg;
}

/** mark is a small copy of the power's unit shape at (cx, cy). */
function mark(index: number, cx: number, cy: number): SVGElement {
  const r = 4.5;
  const kind = SHAPES[index % SHAPES.length];
  const g = s("g", { class: "dot", transform: `translate(${cx} ${cy})` });
  if (kind === "square") g.append(s("rect", { x: -r, y: -r, width: 2 * r, height: 2 * r }));
  else if (kind === "circle") g.append(s("circle", { r }));
  else {
    const sides = { diamond: 4, triangle: 3, hexagon: 6, down: 3, pentagon: 5, octagon: 8 }[kind as "diamond"] ?? 4;
    const rot = kind === "down" ? Math.PI / 2 : kind === "diamond" || kind === "hexagon" ? 0 : -Math.PI / 2;
    g.append(s("polygon", { points: Array.from({ length: sides }, (_, k) => `${(r * 1.2 * Math.cos(rot + (k * 2 * Math.PI) / sides)).toFixed(2)},${(r * 1.2 * Math.sin(rot + (k * 2 * Math.PI) / sides)).toFixed(2)}`).join(" ") }));
  }
  return g;
}
