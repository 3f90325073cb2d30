// The board: the variant's SVG inlined in the page, with the position
// (owners' tints, units), orders drawn as arrows, legal targets
// highlighted, and pan and zoom by wheel, pinch, drag, buttons and keys.

import type { Unit } from "./api";
import type { Dislodgement } from "./dislodged";
import { list, t } from "./i18n";
import { base } from "./orders";
import { h, s } from "./ui";

interface Pt { x: number; y: number }

/** owned gives a province's shape or a centre the class of its owner ("" for none), changing nothing else. */
function owned(el: Element, owner: string): void {
  for (const c of [...el.classList]) if (c.startsWith("own") && c !== owner) el.classList.remove(c);
  if (owner && !el.classList.contains(owner)) el.classList.add(owner);
}

/** An order as the board draws it; result is absent for a draft. */
export interface Drawn {
  text: string;
  kind: string;
  at: string;
  target: string;
  dest: string;
  power?: string;
  result?: "succeeded" | "failed" | "illegal";
  reason?: string;
  message?: string;
}

/** The catalogue's names of the boards' sea lanes, by the name the board gives them. */
const lanes: Record<string, "board.lane.cape"> = { "Cape route": "board.lane.cape" };

/**
 * textWidth is a label's width in ems in the board's monospace font: a
 * letter is 0.6 em, a full-width character (kana, kanji) 1 em.
 */
export function textWidth(text: string): number {
  let w = 0;
  for (const c of text) w += c.codePointAt(0)! >= 0x2e80 ? 1 : 0.6;
  return w;
}

/** The power's place in the variant's list picks its colour and shape, so colour is never the only cue. */
export const SHAPES = ["circle", "square", "diamond", "triangle", "hexagon", "down", "pentagon", "octagon"];

function shape(i: number, r: number): SVGElement {
  const poly = (n: number, rot: number, rr = r) =>
    s("polygon", {
      points: Array.from({ length: n }, (_, k) => {
        const a = rot + (k * 2 * Math.PI) / n;
        return `${(rr * Math.cos(a)).toFixed(2)},${(rr * Math.sin(a)).toFixed(2)}`;
      }).join(" "),
    });
  switch (SHAPES[i % SHAPES.length]) {
    case "square":
      return s("rect", { x: -r * 0.85, y: -r * 0.85, width: r * 1.7, height: r * 1.7 });
    case "diamond":
      return poly(4, 0, r * 1.15);
    case "triangle":
      return poly(3, -Math.PI / 2, r * 1.25);
    case "hexagon":
      return poly(6, 0, r * 1.05);
    case "down":
      return poly(3, Math.PI / 2, r * 1.25);
    case "pentagon":
      return poly(5, -Math.PI / 2, r * 1.1);
    case "octagon":
      return poly(8, Math.PI / 8, r * 1.05);
  }
  return s("circle", { r });
}

/** R is the radius around a unit's point that an order's line starts and ends outside. */
const R = 10;

/** trim shortens the segment from a to b by ra at a and rb at b. */
function trim(a: Pt, b: Pt, ra: number, rb: number): [Pt, Pt] {
  const dx = b.x - a.x, dy = b.y - a.y, d = Math.hypot(dx, dy) || 1;
  return [
    { x: a.x + (dx * ra) / d, y: a.y + (dy * ra) / d },
    { x: b.x - (dx * rb) / d, y: b.y - (dy * rb) / d },
  ];
}

/** arrow draws a move's straight arrow from a to b into g and returns its head. */
function arrow(g: SVGGElement, a: Pt, b: Pt): Pt {
  const [p, q] = trim(a, b, R, R + 2);
  g.append(s("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, "marker-end": "url(#arrow)" }));
  return q;
}

/** A small picture of a power's mark, for legends and lists. */
export function powerMark(index: number): SVGSVGElement {
  const g = s("g", { class: `unit pw${index % 8}` }, shape(index, 7));
  return s("svg", { class: "mark", viewBox: "-10 -10 20 20", width: 16, height: 16, "aria-hidden": "true" }, g);
}

/**
 * robot draws a robot's head, r across, centred on 0 0: the mark of a seat
 * a bot plays in place of its absent person, beside that power's units
 * and over the board.
 */
export function robot(r: number): SVGGElement {
  const k = r / 8;
  return s("g", { class: "robot" },
    s("circle", { class: "robot-ground", r: 8 * k }),
    s("line", { x1: 0, y1: -6 * k, x2: 0, y2: -3.5 * k }),
    s("circle", { class: "robot-face", cx: 0, cy: -6.2 * k, r: 1 * k }),
    s("rect", { class: "robot-face", x: -4.5 * k, y: -3.5 * k, width: 9 * k, height: 7 * k, rx: 1.6 * k }),
    s("circle", { class: "robot-eye", cx: -2 * k, cy: -0.5 * k, r: 1.1 * k }),
    s("circle", { class: "robot-eye", cx: 2 * k, cy: -0.5 * k, r: 1.1 * k }),
    s("line", { class: "robot-mouth", x1: -2 * k, y1: 2 * k, x2: 2 * k, y2: 2 * k })) as SVGGElement;
}

export class Board {
  readonly el: HTMLElement;
  svg: SVGSVGElement | null = null;
  private paths = new Map<string, SVGGraphicsElement[]>();
  private unitPts = new Map<string, Pt>();
  private centres = new Map<string, SVGElement>();
  private unitsG!: SVGGElement;
  private ordersG!: SVGGElement;
  private outcomeG!: SVGGElement;
  private full = { x: 0, y: 0, w: 1, h: 1 };
  private vb = { x: 0, y: 0, w: 1, h: 1 };
  private marked: SVGGraphicsElement[] = [];
  /** The powers a bot plays in place of their absent person, and the board's note of them. */
  private botPowers = new Set<string>();
  private botNote: HTMLElement = h("p", { class: "board-bots", id: "board-bots", hidden: true });
  /**
   * What the board shows now, each as the key of what drew it: a live
   * update mostly changes none of it (another player got ready, a
   * message came), and what is unchanged is left alone, so that the page
   * does not style, lay out and paint the whole board again for nothing.
   */
  private drawn = { bots: "", units: "", outcome: "", orders: "", mark: "" };
  /** named counts the namings of the provinces: the units' tooltips name them too. */
  private named = 0;
  powers: string[] = [];
  /** label names a power for the reader. */
  label: (power: string) => string = (p) => p;
  /** place names a province for the reader ("" when it has no name yet). */
  place: (id: string) => string = () => "";
  /** onProvince is called with a province's id when the player clicks or taps it. */
  onProvince: (id: string) => void = () => {};
  /** onOrder is called with an order drawn with its result when it is clicked. */
  onOrder: (d: Drawn) => void = () => {};
  /** canDrag says whether the unit at a province may be dragged to give its order (with a mouse). */
  canDrag: (id: string) => boolean = () => false;
  /** onDrag is called when a unit is dragged from one province and dropped on another. */
  onDrag: (from: string, to: string) => void = () => {};

  constructor() {
    this.el = h("div", { class: "board", tabindex: 0, "aria-label": t("board.label"), role: "application" });
  }

  /**
   * nameProvinces gives every province of the board its name, in the
   * reader's language, as a tooltip; again once the names are known.
   */
  nameProvinces(): void {
    this.named++;
    this.nameLabels();
    for (const [id, els] of this.paths) {
      const name = this.place(id);
      for (const el of els) {
        let title = [...el.children].find((c) => c.nodeName === "title");
        if (!name) {
          title?.remove();
          continue;
        }
        if (!title) el.prepend((title = s("title", {})));
        title.textContent = name;
      }
    }
  }

  /**
   * nameLabels writes the board's labels in the reader's language. The
   * board places a province's full (English) name where its box lies
   * clear of borders, units and other labels, else the abbreviation; a
   * name in another language takes that place only if it is no wider
   * (so it is as clear), else the abbreviation does. A sea lane's name
   * is the catalogue's.
   */
  private nameLabels(): void {
    if (!this.svg) return;
    for (const el of this.svg.querySelectorAll<SVGTextElement>("text[data-label-for]")) {
      const id = el.dataset["labelFor"]!;
      if (id.includes("/")) continue;
      const drawn = (el.dataset["drawn"] ??= el.textContent ?? "");
      const abbr = id.toUpperCase();
      if (drawn === abbr) continue;
      const name = this.place(id) || drawn;
      el.textContent = textWidth(name) <= textWidth(drawn) ? name : abbr;
    }
    for (const el of this.svg.querySelectorAll<SVGTextElement>("text[data-lane-label]")) {
      const key = lanes[el.dataset["laneLabel"] ?? ""];
      if (key) el.textContent = t(key);
    }
  }

  /** load fetches the variant's board; false when the variant has none drawn. */
  async load(variant: string): Promise<boolean> {
    const res = await fetch(`/api/v1/variants/${encodeURIComponent(variant)}/board.svg`, { credentials: "same-origin" });
    if (!res.ok) return false;
    const doc = new DOMParser().parseFromString(await res.text(), "image/svg+xml");
    const svg = document.importNode(doc.documentElement, true) as unknown as SVGSVGElement;
    if (svg.nodeName !== "svg") return false;
    // The board's own style sheet would style every SVG of the page once
    // inlined: the page's style.css has the same rules, scoped.
    svg.querySelectorAll("style").forEach((st) => st.remove());
    const vb = svg.viewBox.baseVal;
    this.full = { x: vb.x, y: vb.y, w: vb.width || 1200, h: vb.height || 1000 };
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", t("board.label"));
    const pt = (v: string | null): Pt | null => {
      if (!v) return null;
      const [x, y] = v.split(/\s+/).map(Number);
      return x === undefined || y === undefined || isNaN(x) || isNaN(y) ? null : { x, y };
    };
    svg.querySelectorAll<SVGGraphicsElement>("[data-province]").forEach((p) => {
      const id = p.dataset["province"]!.toLowerCase();
      const list = this.paths.get(id) ?? [];
      list.push(p);
      this.paths.set(id, list);
      const u = pt(p.getAttribute("data-unit"));
      if (u && !this.unitPts.has(id)) this.unitPts.set(id, u);
    });
    svg.querySelectorAll<SVGElement>("[data-coast]").forEach((c) => {
      const u = pt(c.getAttribute("data-unit"));
      if (u) this.unitPts.set(c.dataset["coast"]!.toLowerCase(), u);
    });
    svg.querySelectorAll<SVGElement>("[data-centre-for]").forEach((c) => this.centres.set(c.dataset["centreFor"]!.toLowerCase(), c));
    const defs = s(
      "defs",
      {},
      s("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 4.5, markerHeight: 4.5, orient: "auto-start-reverse", markerUnits: "strokeWidth" }, s("path", { d: "M0 0L10 5L0 10z", class: "head" })),
      s("marker", { id: "arrow-s", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto", markerUnits: "strokeWidth" }, s("path", { d: "M0 0L10 5L0 10z", class: "head" })),
    );
    this.unitsG = s("g", { class: "units" });
    this.ordersG = s("g", { class: "orders" });
    this.outcomeG = s("g", { class: "units outcomes" });
    // The centres are drawn over the units, larger than the board draws
    // them: a centre shows its owner whoever stands on it.
    const centresG = s("g", { class: "centres" });
    for (const c of this.centres.values()) {
      c.setAttribute("r", "5");
      centresG.append(c);
    }
    svg.prepend(defs);
    svg.append(this.ordersG, this.unitsG, this.outcomeG, centresG);
    this.svg = svg;
    // A board loaded again is drawn anew.
    this.drawn = { ...this.drawn, units: "", outcome: "", orders: "", mark: "" };
    this.marked = [];
    this.nameProvinces();
    this.vb = { ...this.full };
    this.apply();
    this.el.replaceChildren(svg, this.controls(), this.botNote);
    this.interact(svg);
    return true;
  }

  /** kinds lists the order kinds besides the common ones the board draws (a railway where it has one). */
  kinds(): string[] {
    const out = ["convoy"];
    if (this.svg?.querySelector("polyline[data-railway]")) out.push("railway");
    return out;
  }

  has(loc: string): boolean {
    return this.paths.has(base(loc));
  }

  point(loc: string): Pt | null {
    const l = loc.toLowerCase();
    const p = this.unitPts.get(l) ?? this.unitPts.get(base(l));
    if (p) return p;
    const el = this.paths.get(base(l))?.[0];
    if (!el) return null;
    const b = el.getBBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  }

  private colour(power: string): number {
    const i = this.powers.indexOf(power);
    return i < 0 ? 8 : i;
  }

  /**
   * bots marks the powers a bot plays in place of their absent person:
   * a robot beside each of their units and a note over the board, which
   * names them (drawn with the next position).
   */
  bots(powers: string[]): void {
    const key = JSON.stringify(powers);
    if (key === this.drawn.bots) return;
    this.drawn.bots = key;
    this.botPowers = new Set(powers);
    const names = powers.map((p) => this.label(p));
    this.botNote.replaceChildren(...(names.length
      ? [s("svg", { class: "mark", viewBox: "-9 -9 18 18", width: 18, height: 18, "aria-hidden": "true" }, robot(8)), " ", t("board.bots", { powers: list(names) })]
      : []));
    this.botNote.hidden = !names.length;
  }

  /** position draws who owns what and every unit. */
  position(units: Unit[], centres: Record<string, string>, dislodged: Unit[] = []): void {
    if (!this.svg) return;
    const own = (owner: string | undefined) => (owner ? "own" + (this.colour(owner) % 9) : "");
    for (const [id, list] of this.paths) {
      const owner = own(centres[id] ?? units.find((u) => base(u.province) === id && !this.isSea(id))?.power);
      for (const p of list) owned(p, owner);
    }
    for (const [id, c] of this.centres) owned(c, own(centres[id]));
    const key = JSON.stringify([units, dislodged, [...this.botPowers], this.named]);
    if (key === this.drawn.units) return;
    this.drawn.units = key;
    this.unitsG.replaceChildren();
    for (const u of units) {
      const g = this.unit(u, false, "");
      if (g) this.unitsG.append(g);
    }
    for (const u of dislodged) {
      const g = this.unit(u, true, t("result.dislodged"));
      if (g) this.unitsG.append(g);
    }
    this.outcomeG.replaceChildren();
    this.drawn.outcome = "";
  }

  /**
   * unit draws a unit at its place, or beside it (off) as a dislodged unit
   * is drawn on every Diplomacy map; note ends its tooltip.
   */
  private unit(u: Unit, off: boolean, note: string): SVGGElement | null {
    const p = this.point(u.province);
    if (!p) return null;
    const i = this.colour(u.power);
    const letter = u.type === "fleet" ? "F" : "A";
    const bot = this.botPowers.has(u.power);
    const g = s(
      "g",
      { class: `unit pw${i % 9}${off ? " dislodged" : ""}`, transform: `translate(${p.x + (off ? 12 : 0)} ${p.y + (off ? 10 : 0)})`, "data-unit": base(u.province), "data-power": u.power },
      shape(i, 11),
      s("text", { y: 0.5 }, letter),
      s("title", {}, `${this.label(u.power)}: ${t(u.type === "fleet" ? "unit.fleet" : "unit.army")} ${u.province.toUpperCase()}${this.place(base(u.province)) ? " · " + this.place(base(u.province)) : ""}${bot ? " — " + t("board.bot.unit") : ""}${note ? " — " + note : ""}`),
    ) as SVGGElement;
    if (bot) {
      // Up and to the right of the unit, where no order's line starts.
      const mark = robot(8.5);
      mark.setAttribute("transform", "translate(12 -12)");
      mark.setAttribute("data-bot", u.power);
      g.append(mark);
    }
    return g;
  }

  /**
   * outcome draws what a phase did to the units it dislodged, after its
   * orders: each beside its place, struck out when it was destroyed.
   * (position clears it when the units change.)
   */
  outcome(list: Dislodgement[]): void {
    if (!this.svg) return;
    const key = JSON.stringify([list, [...this.botPowers], this.named]);
    if (key === this.drawn.outcome) return;
    this.drawn.outcome = key;
    this.outcomeG.replaceChildren();
    for (const d of list) {
      const g = this.unit(d.unit, true, d.destroyed ? t("dislodged.short.destroyed") : t("result.dislodged"));
      if (!g) continue;
      g.classList.add("outcome");
      if (d.destroyed) {
        g.classList.add("destroyed");
        g.append(s("text", { class: "strike", y: 0.5 }, "✕"));
      }
      this.outcomeG.append(g);
    }
  }

  private isSea(id: string): boolean {
    return this.paths.get(id)?.[0]?.getAttribute("data-terrain") === "sea";
  }

  /** orders draws orders as arrows (with their results when they have one). */
  orders(list: Drawn[]): void {
    if (!this.svg) return;
    const key = JSON.stringify(list);
    if (key === this.drawn.orders) return;
    this.drawn.orders = key;
    this.ordersG.replaceChildren();
    for (const o of list) {
      const g = this.order(o);
      if (g) this.ordersG.append(g);
    }
  }

  /** order draws one order: its arrow or mark, its result's badge and its title. */
  private order(o: Drawn): SVGGElement | null {
    // A retreat or a disband is a dislodged unit's: it starts where
    // that unit is drawn, beside its place.
    const at = this.point(o.at);
    const a = at && (o.kind === "retreat" || o.kind === "disband") ? { x: at.x + 12, y: at.y + 10 } : at;
    if (!a) return null;
    const cls = ["order", "k-" + o.kind, o.result ? "r-" + o.result : "draft"];
    if (o.reason) cls.push("why-" + o.reason.replace(/\W+/g, "-"));
    const g = s("g", { class: cls.join(" "), "data-order": o.text }) as SVGGElement;
    const end = this.orderShape(g, o, a);
    if (end && o.result && o.result !== "succeeded") {
      // The mark says the result without colour: ✕ failed, ! illegal.
      g.append(s("text", { x: end.x, y: end.y, class: "badge-mark" }, o.result === "illegal" ? "!" : "✕"));
    }
    g.append(s("title", {}, o.text + (o.result ? " — " + (o.message || t(("result." + o.result) as "result.failed")) : "")));
    return g;
  }

  /**
   * orderShape draws an order from a, its unit's point, into g, and returns
   * where its result's badge goes (null when nothing was drawn).
   */
  private orderShape(g: SVGGElement, o: Drawn, a: Pt): Pt | null {
    const tg = o.target ? this.point(o.target) : null;
    switch (o.kind) {
      case "railway":
        return tg ? this.railwayArrow(g, o, a, tg) : null;
      case "move":
      case "retreat":
        return tg ? this.laneArrow(g, o, a, tg) : null;
      case "support":
      case "convoy":
      case "permit":
        return tg ? this.supportArrow(g, o, a, tg) : null;
      case "hold":
        g.append(s("circle", { cx: a.x, cy: a.y, r: R + 4, class: "ring" }));
        return { x: a.x + R, y: a.y - R };
      case "build":
        g.append(s("circle", { cx: a.x, cy: a.y, r: R + 4, class: "ring" }), s("text", { x: a.x, y: a.y, class: "glyph" }, "+"));
        return { x: a.x + R, y: a.y - R };
      case "disband":
      case "remove":
        g.append(s("text", { x: a.x, y: a.y, class: "glyph cross" }, "✕"));
        return { x: a.x + R, y: a.y - R };
    }
    return null;
  }

  /** railwayArrow draws a railway move along the railway, station by station, when the board has it. */
  private railwayArrow(g: SVGGElement, o: Drawn, a: Pt, tg: Pt): Pt {
    const way = this.railway(o.at, o.target!);
    if (way.length < 2) return arrow(g, a, tg);
    const [p] = trim(way[0]!, way[1]!, R, 0);
    const [, q] = trim(way[way.length - 2]!, way[way.length - 1]!, 0, R + 2);
    const pts = [p, ...way.slice(1, -1), q];
    g.append(s("polyline", { points: pts.map((x) => `${x.x},${x.y}`).join(" "), "marker-end": "url(#arrow)" }));
    return q;
  }

  /**
   * supportArrow draws a support, a convoy or a permission: a bent line
   * through the unit it is for to that unit's destination, or a line to a
   * ring around a unit that holds.
   */
  private supportArrow(g: SVGGElement, o: Drawn, a: Pt, tg: Pt): Pt {
    const d = o.dest ? this.point(o.dest) : null;
    if (!d) {
      const [p, q] = trim(a, tg, R, R + 3);
      g.append(s("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y }), s("circle", { cx: tg.x, cy: tg.y, r: R + 3, class: "ring" }));
      return q;
    }
    const mid = { x: tg.x + (d.x - tg.x) * 0.55, y: tg.y + (d.y - tg.y) * 0.55 };
    const [p] = trim(a, tg, R, 0);
    if (o.kind === "support") {
      g.append(s("path", { d: `M${p.x} ${p.y}Q${tg.x} ${tg.y} ${mid.x} ${mid.y}`, "marker-end": "url(#arrow-s)" }));
    } else {
      g.append(s("path", { d: `M${p.x} ${p.y}L${tg.x} ${tg.y}L${mid.x} ${mid.y}` }));
    }
    return mid;
  }

  /**
   * laneArrow draws a move along the board's sea lane between its two
   * provinces (1900's Cape route, round Africa), or else straight.
   */
  private laneArrow(g: SVGGElement, o: Drawn, a: Pt, tg: Pt): Pt {
    const from = base(o.at), to = base(o.target!);
    for (const el of this.svg?.querySelectorAll("polyline[data-lane]") ?? []) {
      const [x, y] = (el.getAttribute("data-link") ?? "").split("-");
      if (!(x === from && y === to) && !(x === to && y === from)) continue;
      let way = (el.getAttribute("points") ?? "").trim().split(/\s+/).map((p) => {
        const [px, py] = p.split(",").map(Number);
        return { x: px!, y: py! };
      });
      if (x !== from) way = way.reverse();
      way = [a, ...way, tg].filter((p, i, all) => i === 0 || Math.hypot(p.x - all[i - 1]!.x, p.y - all[i - 1]!.y) > 1);
      if (way.length < 2) break;
      const [p] = trim(way[0]!, way[1]!, R, 0);
      const [, q] = trim(way[way.length - 2]!, way[way.length - 1]!, 0, R + 2);
      const pts = [p, ...way.slice(1, -1), q];
      g.append(s("polyline", { points: pts.map((z) => `${z.x},${z.y}`).join(" "), "marker-end": "url(#arrow)" }));
      return q;
    }
    return arrow(g, a, tg);
  }

  /**
   * railway returns the points of the board's railway between two of its
   * stations, in the order travelled (none if no railway joins them).
   */
  private railway(from: string, to: string): Pt[] {
    for (const el of this.svg?.querySelectorAll("polyline[data-railway]") ?? []) {
      const stations = (el.getAttribute("data-stations") ?? "").split(" ");
      const pts = (el.getAttribute("points") ?? "").trim().split(/\s+/).map((p) => {
        const [x, y] = p.split(",").map(Number);
        return { x: x!, y: y! };
      });
      const i = stations.indexOf(base(from)), j = stations.indexOf(base(to));
      if (i < 0 || j < 0 || pts.length !== stations.length) continue;
      return i <= j ? pts.slice(i, j + 1) : pts.slice(j, i + 1).reverse();
    }
    return [];
  }

  /** mark highlights provinces: the selected unit and the legal targets. */
  mark(selected: string | null, legal: string[]): void {
    const key = JSON.stringify([selected, legal]);
    if (key === this.drawn.mark) return;
    this.drawn.mark = key;
    this.marked.forEach((p) => p.classList.remove("legal", "selected"));
    this.marked = [];
    const add = (id: string, cls: string) => {
      for (const p of this.paths.get(base(id)) ?? []) {
        p.classList.add(cls);
        this.marked.push(p);
      }
    };
    legal.forEach((id) => add(id, "legal"));
    if (selected) add(selected, "selected");
    this.el.classList.toggle("choosing", legal.length > 0);
  }

  private apply(): void {
    const v = this.vb;
    this.svg?.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
  }

  /** zoom by factor k around the board point c (the centre by default). */
  zoom(k: number, c?: Pt): void {
    const v = this.vb;
    const w = Math.min(this.full.w * 1.2, Math.max(this.full.w / 12, v.w * k));
    const f = w / v.w;
    const cx = c?.x ?? v.x + v.w / 2, cy = c?.y ?? v.y + v.h / 2;
    this.vb = { x: cx - (cx - v.x) * f, y: cy - (cy - v.y) * f, w, h: v.h * f };
    this.apply();
  }

  pan(dx: number, dy: number): void {
    this.vb.x += dx;
    this.vb.y += dy;
    this.apply();
  }

  reset(): void {
    this.vb = { ...this.full };
    this.apply();
  }

  private controls(): HTMLElement {
    return h(
      "div",
      { class: "zoom" },
      h("button", { type: "button", class: "zoom-in", "aria-label": t("board.zoomin"), title: t("board.zoomin"), onclick: () => this.zoom(0.8) }, "+"),
      h("button", { type: "button", class: "zoom-out", "aria-label": t("board.zoomout"), title: t("board.zoomout"), onclick: () => this.zoom(1.25) }, "−"),
      h("button", { type: "button", class: "zoom-reset", "aria-label": t("board.reset"), title: t("board.reset"), onclick: () => this.reset() }, "⤢"),
    );
  }

  private toBoard(svg: SVGSVGElement, x: number, y: number): Pt {
    const m = svg.getScreenCTM();
    if (!m) return { x, y };
    const p = new DOMPoint(x, y).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  /** provinceAt is the province under a point of the screen, if any. */
  private provinceAt(x: number, y: number): string | null {
    for (const hit of document.elementsFromPoint(x, y)) {
      const p = hit.closest("[data-province]");
      if (p && this.svg?.contains(p)) return p.getAttribute("data-province")!.toLowerCase();
    }
    return null;
  }

  private interact(svg: SVGSVGElement): void {
    svg.addEventListener(
      "wheel",
      (e) => {
        e.preventDefault();
        this.zoom(Math.exp(e.deltaY * 0.0015), this.toBoard(svg, e.clientX, e.clientY));
      },
      { passive: false },
    );
    this.pointers(svg);
    this.el.addEventListener("keydown", (e) => {
      if (e.target !== this.el) return;
      const step = this.vb.w / 10;
      // Shift and the arrows pan: letters give orders, the arrows alone step the history.
      const keys: Record<string, () => void> = {
        "+": () => this.zoom(0.8),
        "=": () => this.zoom(0.8),
        "-": () => this.zoom(1.25),
        "0": () => this.reset(),
        ...(e.shiftKey ? { ArrowUp: () => this.pan(0, -step), ArrowDown: () => this.pan(0, step), ArrowLeft: () => this.pan(-step, 0), ArrowRight: () => this.pan(step, 0) } : {}),
      };
      const fn = keys[e.key];
      if (fn) {
        e.preventDefault();
        e.stopPropagation();
        fn();
      }
    });
  }

  /**
   * pointers follows the pointers on the board: a click (or tap) on a
   * province or a played order; a drag that pans, or, with a mouse from
   * a unit that may be ordered, that draws its order to where it is
   * dropped; two fingers that zoom; a long press that names a province.
   */
  private pointers(svg: SVGSVGElement): void {
    const down = new Map<number, { x: number; y: number }>();
    let moved = 0, pinch = 0, dragFrom: string | null = null, held = 0, named = false;
    const line = s("line", { class: "drag-line" });
    svg.addEventListener("pointerdown", (e) => {
      down.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (down.size === 1) {
        moved = 0;
        named = false;
        const p = e.pointerType === "mouse" ? this.provinceAt(e.clientX, e.clientY) : null;
        dragFrom = p && this.canDrag(p) ? p : null;
        if (e.pointerType === "touch") held = window.setTimeout(() => (named = this.nameAt(e.clientX, e.clientY)), 550);
      }
      if (down.size === 2) {
        const [a, b] = [...down.values()];
        pinch = Math.hypot(a!.x - b!.x, a!.y - b!.y);
      }
    });
    svg.addEventListener("pointermove", (e) => {
      const prev = down.get(e.pointerId);
      if (!prev) return;
      const now = { x: e.clientX, y: e.clientY };
      if (down.size === 1) {
        moved += Math.abs(now.x - prev.x) + Math.abs(now.y - prev.y);
        if (moved > 6) {
          window.clearTimeout(held);
          svg.setPointerCapture(e.pointerId);
          if (dragFrom) this.dragLine(line, dragFrom, this.toBoard(svg, now.x, now.y));
          else {
            const a = this.toBoard(svg, prev.x, prev.y), b = this.toBoard(svg, now.x, now.y);
            this.pan(a.x - b.x, a.y - b.y);
          }
        }
      } else if (down.size === 2) {
        window.clearTimeout(held);
        moved = 100;
        down.set(e.pointerId, now);
        const [a, b] = [...down.values()];
        const d = Math.hypot(a!.x - b!.x, a!.y - b!.y);
        if (pinch > 0 && d > 0) this.zoom(pinch / d, this.toBoard(svg, (a!.x + b!.x) / 2, (a!.y + b!.y) / 2));
        pinch = d;
        return;
      }
      down.set(e.pointerId, now);
    });
    const up = (e: PointerEvent) => {
      const was = down.size;
      down.delete(e.pointerId);
      window.clearTimeout(held);
      line.remove();
      if (e.type !== "pointerup" || was !== 1 || named) return;
      if (moved > 6) {
        const to = dragFrom && this.provinceAt(e.clientX, e.clientY);
        if (dragFrom && to && to !== dragFrom) this.onDrag(dragFrom, to);
        return;
      }
      this.clicked(e.clientX, e.clientY);
    };
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
  }

  /** clicked reads a click: drafts let it through to the province under them; a played order explains itself. */
  private clicked(x: number, y: number): void {
    for (const hit of document.elementsFromPoint(x, y)) {
      const order = hit.closest(".orders .order");
      if (order) {
        const d = this.lastOrders.find((o) => o.text === order.getAttribute("data-order"));
        if (d?.result) return this.onOrder(d);
        continue;
      }
      const p = hit.closest("[data-province]");
      if (p) return this.onProvince(p.getAttribute("data-province")!.toLowerCase());
    }
  }

  /** dragLine draws the line of a unit being dragged, from its province to the pointer. */
  private dragLine(line: SVGLineElement, from: string, to: Pt): void {
    const a = this.point(from);
    if (!a) return;
    for (const [k, v] of Object.entries({ x1: a.x, y1: a.y, x2: to.x, y2: to.y })) line.setAttribute(k, String(v));
    if (!line.isConnected) this.ordersG.append(line);
  }

  /** nameAt shows the name of the province under a long press, for a while; false where there is none. */
  private nameAt(x: number, y: number): boolean {
    const p = this.provinceAt(x, y);
    const name = p ? this.place(p) : "";
    if (!p || !name) return false;
    this.el.querySelector(".province-name")?.remove();
    const r = this.el.getBoundingClientRect();
    const tip = h("div", { class: "province-name", role: "status", style: `left:${x - r.left}px;top:${y - r.top}px` }, `${p.toUpperCase()} · ${name}`);
    this.el.append(tip);
    window.setTimeout(() => tip.remove(), 2500);
    return true;
  }

  private lastOrders: Drawn[] = [];
  /** show draws orders and keeps them for clicks on their arrows. */
  show(list: Drawn[]): void {
    this.lastOrders = list;
    this.orders(list);
  }
}
