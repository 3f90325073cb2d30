// The board's legend: what each power's colour and shape are, the units,
// the supply centres (owned or not), and every kind of mark an order or
// a result leaves on the board. The samples are drawn with the board's
// own classes, so the legend looks as the board does in either mode.

import { powerMark } from "./board";
import { t, type Key } from "./i18n";
import { h, s } from "./ui";

const W = 44, H = 22;

function sample(...children: SVGElement[]): SVGSVGElement {
  return s("svg", { class: "legend-sample", viewBox: `0 0 ${W} ${H}`, width: W, height: H, "aria-hidden": "true" }, ...children);
}

// An order's sample: its kind's class, and its result's (or a draft's).
function order(kind: string, result: string, ...parts: SVGElement[]): SVGSVGElement {
  return sample(s("g", { class: "orders" }, s("g", { class: `order k-${kind} ${result}` }, ...parts)));
}

const arrow = () => s("line", { x1: 4, y1: 11, x2: 36, y2: 11, "marker-end": "url(#arrow)" });

/** legend is the legend of a board whose variant has these powers. */
export function legend(powers: string[], pname: (p: string) => string, kinds: string[]): HTMLElement {
  const item = (pic: Element, key: Key | string) => h("li", {}, pic, " ", key.includes(".") ? t(key as Key) : key);
  const powersList = powers.map((p, i) =>
    h("li", { "data-power": p },
      s("svg", { class: "legend-sample", viewBox: "0 0 28 22", width: 28, height: 22, "aria-hidden": "true" }, s("rect", { x: 1, y: 2, width: 26, height: 18, rx: 3, class: "land", style: `fill: var(--own${i % 8})` })),
      powerMark(i), " ", pname(p)));
  const unit = (letter: string) => {
    const g = powerMark(0);
    g.querySelector("g")!.append(s("text", { y: 0.5, class: "letter" }, letter));
    return g;
  };
  const marks: HTMLElement[] = [
    item(unit("A"), "legend.army"),
    item(unit("F"), "legend.fleet"),
    item(sample(s("circle", { cx: 22, cy: 11, r: 5, class: "centre own0" })), "legend.centre"),
    item(sample(s("circle", { cx: 22, cy: 11, r: 5, class: "centre" })), "legend.centre.free"),
    item(order("move", "r-succeeded", arrow()), "legend.move"),
    item(order("support", "r-succeeded", s("path", { d: "M4 16Q22 0 38 12", "marker-end": "url(#arrow-s)" })), "legend.support"),
  ];
  if (kinds.includes("convoy")) marks.push(item(order("convoy", "r-succeeded", s("path", { d: "M4 16L22 6L38 12" })), "legend.convoy"));
  if (kinds.includes("railway")) marks.push(item(order("railway", "r-succeeded", arrow()), "kind.railway"));
  if (kinds.includes("permit")) marks.push(item(order("permit", "r-succeeded", s("path", { d: "M4 16L22 6L38 12" })), "kind.permit"));
  marks.push(
    item(order("hold", "r-succeeded", s("circle", { cx: 22, cy: 11, r: 8, class: "ring" })), "legend.hold"),
    item(order("build", "r-succeeded", s("circle", { cx: 22, cy: 11, r: 8, class: "ring" }), s("text", { x: 22, y: 11, class: "glyph" }, "+")), "legend.build"),
    item(order("disband", "r-succeeded", s("text", { x: 22, y: 11, class: "glyph cross" }, "✕")), "legend.disband"),
    item(order("move", "r-failed", arrow(), s("text", { x: 36, y: 9, class: "badge-mark" }, "✕")), "legend.failed"),
    item(order("move", "draft", arrow()), "legend.draft"),
    item(sample(s("g", { class: "unit dislodged pw0", transform: "translate(26 13)" }, s("circle", { r: 7 }))), "legend.dislodged"),
    item(sample(s("g", { class: "unit outcome destroyed pw0", transform: "translate(26 13)" }, s("circle", { r: 7 }), s("text", { class: "strike", y: 0.5 }, "✕"))), "legend.destroyed"),
  );
  return h("details", { class: "legend", id: "legend" },
    h("summary", {}, t("legend.title")),
    h("div", { class: "legend-body" },
      h("ul", { class: "legend-powers" }, ...powersList),
      h("ul", { class: "legend-marks" }, ...marks)));
}
