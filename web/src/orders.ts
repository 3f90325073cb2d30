// Orders by clicking. The server lists every legal order of the player's
// units (GET /games/{id}/options); the builder narrows that list one
// choice at a time (the unit, the kind of order, the target, the
// supported unit's destination, the coast), so the page knows no rule of
// its own: what it offers is exactly what the rules allow.

import type { GivenOrder, Option, OrderParts, Result } from "./api";
import type { Drawn } from "./board";

export const base = (loc: string) => loc.split("/")[0]!.toLowerCase();

/**
 * norm writes a typed order as the server does: upper case, one space
 * between words and around each dash ("F NWY-STP/NC" is "F NWY - STP/NC").
 */
export const norm = (text: string) => text.replace(/-/g, " - ").trim().replace(/\s+/g, " ").toUpperCase();

/** The choice the builder waits for. */
export type Step = "unit" | "kind" | "target" | "dest" | "coast" | "done";

export interface Choice { key: string; options: Option[] }

/** kindKey tells apart the choices of the kind step: a build names its unit type. */
export const kindKey = (o: Option) => (o.kind === "build" ? "build:" + o.unit : o.kind);

const distinct = (opts: Option[], f: (o: Option) => string): Choice[] => {
  const m = new Map<string, Option[]>();
  for (const o of opts) m.set(f(o), [...(m.get(f(o)) ?? []), o]);
  return [...m].map(([key, options]) => ({ key, options }));
};

/**
 * The keys that choose a kind of order, by its first letter: hold, move,
 * support, convoy; build, disband (or remove), retreat; a and f a build's
 * unit; w the railway, p the canal.
 */
const letters: Record<string, string[]> = {
  h: ["hold"], m: ["move"], s: ["support"], c: ["convoy"], r: ["retreat"], d: ["disband", "remove"],
  b: ["build:army", "build:fleet"], a: ["build:army"], f: ["build:fleet"], w: ["railway"], p: ["permit"],
};

/**
 * When a click alone must tell the kind of order, the first kind of these
 * with the clicked province as its target wins: a unit of the player's
 * own is supported (or convoyed), any other province is moved to.
 */
const byClickOwn = ["convoy", "support", "move", "retreat", "railway", "permit"];
const byClickOther = ["move", "retreat", "convoy", "support", "railway", "permit"];

export class Builder {
  step: Step = "unit";
  /** the orders still possible after the choices made so far */
  cands: Option[] = [];
  unit = "";
  /** the steps already chosen: a target or destination is always clicked, even when only one is legal */
  private chosen = new Set<Step>();

  constructor(readonly all: Option[]) {}

  /** units are the provinces where an order can be given (a unit, a place to build, a canal). */
  units(): string[] {
    return [...new Set(this.all.filter((o) => o.at).map((o) => base(o.at)))];
  }

  reset(): void {
    this.step = "unit";
    this.cands = [];
    this.unit = "";
    this.chosen.clear();
  }

  /** choices lists what the current step may choose. */
  choices(): Choice[] {
    switch (this.step) {
      case "kind":
        return distinct(this.cands, kindKey);
      case "target":
        return distinct(this.cands, (o) => base(o.target));
      case "dest":
        return distinct(this.cands, (o) => base(o.dest));
      case "coast":
        return distinct(this.cands, (o) => o.text);
    }
    return [];
  }

  /** provinces the board highlights as legal for the current step. */
  legal(): string[] {
    if (this.step === "unit") return this.units();
    if (this.step === "kind") return [...new Set(this.cands.filter((o) => o.target).map((o) => base(o.target)))];
    if (this.step === "target" || this.step === "dest") return this.choices().map((c) => c.key).filter(Boolean);
    return [];
  }

  /** done is the chosen order once only one is left. */
  done(): Option | null {
    return this.step === "done" ? this.cands[0] ?? null : null;
  }

  private advance(): void {
    const n = (f: (o: Option) => string) => new Set(this.cands.map(f)).size;
    if (this.cands.length === 0) this.reset();
    else if (n(kindKey) > 1 && !this.chosen.has("kind")) this.step = "kind";
    else if (this.cands.some((o) => o.target) && !this.chosen.has("target")) this.step = "target";
    // A support's destination is always clicked (its unit again to hold),
    // even when holding is all it may support.
    else if (this.cands.some((o) => o.dest || o.kind === "support") && !this.chosen.has("dest")) this.step = "dest";
    else if (n((o) => o.kind) > 1 && this.cands.some((o) => o.kind === "convoy")) {
      // Support and convoy of one move from one fleet: the fleet that
      // can carry the army is taken to carry it (s chooses the support).
      this.cands = this.cands.filter((o) => o.kind === "convoy");
      this.advance();
    } else if (n((o) => o.text) > 1) this.step = "coast";
    else this.step = "done";
  }

  /** selectUnit starts an order at a province; false when nothing can be ordered there. */
  selectUnit(prov: string): boolean {
    const c = this.all.filter((o) => o.at && base(o.at) === base(prov));
    if (!c.length) return false;
    this.unit = base(prov);
    this.cands = c;
    this.chosen.clear();
    this.advance();
    return true;
  }

  /** choose takes one of choices() by its key. */
  choose(key: string): boolean {
    const c = this.choices().find((c) => c.key === key);
    if (!c) return false;
    this.cands = c.options;
    this.chosen.add(this.step);
    this.advance();
    return true;
  }

  /**
   * letter chooses a kind of order by its key (see letters): false when
   * the unit has no such order. With both kinds of build, b leaves the
   * choice between them.
   */
  letter(key: string): boolean {
    const kinds = letters[key.toLowerCase()];
    if (this.step !== "kind" || !kinds) return false;
    const c = this.cands.filter((o) => kinds.includes(kindKey(o)) || kinds.includes(o.kind));
    if (!c.length) return false;
    this.cands = c;
    if (new Set(c.map(kindKey)).size === 1) this.chosen.add("kind");
    this.advance();
    return true;
  }

  /**
   * clickKind reads a click made while the kind is not chosen yet: the
   * unit clicked again holds (or disbands); another province is the
   * order's target, its kind told by whose unit stands there.
   */
  private clickKind(p: string): boolean {
    if (p === this.unit) {
      const stay = this.cands.filter((o) => !o.target && ["hold", "disband", "remove"].includes(o.kind));
      const kinds = new Set(stay.map((o) => o.kind));
      if (kinds.size !== 1) return false;
      this.cands = stay;
    } else {
      const at = this.cands.filter((o) => base(o.target) === p);
      const order = this.units().includes(p) ? byClickOwn : byClickOther;
      const kind = order.find((k) => at.some((o) => o.kind === k));
      if (!kind) return false;
      // A unit's own province names it: its support and its convoy stay
      // open until the destination tells them apart.
      const pair = ["support", "convoy"];
      this.cands = at.filter((o) => (pair.includes(kind) ? pair.includes(o.kind) : o.kind === kind));
      this.chosen.add("target");
    }
    this.chosen.add("kind");
    this.advance();
    return true;
  }

  /** click is a province clicked on the board, read for the current step. */
  click(prov: string): boolean {
    const p = base(prov);
    if (this.step === "unit") return this.selectUnit(p);
    if (this.step === "kind") return this.clickKind(p);
    if (this.step === "target" || this.step === "dest") {
      if (this.choose(p)) return true;
      // The supported (or convoyed) unit clicked again: support to hold.
      if (this.step === "dest" && p === base(this.cands[0]?.target ?? "") && this.choose("")) return true;
      return false;
    }
    return false;
  }

  /** matching finds the legal order a typed line means, if any. */
  matching(text: string): Option | undefined {
    const n = norm(text);
    return this.all.find((o) => norm(o.text) === n);
  }
}

/**
 * A drafted order: its text, and its parts when it is known to be legal
 * (one of the legal orders, built by clicks or typed and recognised, or
 * an order the server saved). A draft without parts is a typed line the
 * page does not know as legal: listed, sent, never drawn.
 */
export interface Draft { key: string; text: string; parts?: OrderParts }

/**
 * typedUnit reads, from a line the player typed that is no legal order,
 * the province of the unit it orders ("A PAR - PIC", "BUILD F LON"), so
 * that it replaces that unit's draft: "" when it names none. It reads
 * only the player's typing: what the server sends comes with its parts.
 */
export function typedUnit(text: string): string {
  const m = /^(?:(?:BUILD|REMOVE) )?[AF] (\S+)/.exec(norm(text));
  return m ? base(m[1]!) : "";
}

/** draftKey says which drafts replace each other: one order per unit, any number of waives. */
export function draftKey(text: string, parts?: OrderParts): string {
  const any = () => "raw:" + norm(text) + ":" + Math.random();
  if (!parts?.kind) return typedUnit(text) || any();
  if (parts.kind === "waive") return any();
  if (parts.kind === "permit") return "permit:" + base(parts.at ?? "") + ":" + base(parts.target ?? "");
  return base(parts.at ?? "");
}

/** draft makes the draft of an order's text, with its parts when the builder knows it as legal. */
export function draft(text: string, builder: Builder): Draft {
  const option = builder.matching(text);
  return option ? optionDraft(option) : { key: draftKey(text), text: norm(text) };
}

/** optionDraft makes the draft of a legal order. */
export const optionDraft = (o: Option): Draft => ({ key: draftKey(o.text, o), text: o.text, parts: o });

/**
 * savedDraft makes the draft of an order the server saved, from its parts
 * as the server sent them, never from its text; an order saved as text
 * alone that no longer reads has none, and is a typed line.
 */
export function savedDraft(o: GivenOrder, builder: Builder): Draft {
  return o.kind ? { key: draftKey(o.order, o), text: o.order, parts: o } : draft(o.order, builder);
}

/** addDraft adds a draft, in place of the draft of the same unit. */
export function addDraft(list: Draft[], d: Draft): Draft[] {
  return [...list.filter((x) => x.key !== d.key), d];
}

/** typed reads typed or pasted orders, one a line (or separated by semicolons), onto the drafts. */
export function addTyped(list: Draft[], text: string, builder: Builder): Draft[] {
  for (const line of text.split(/\n|;/)) if (line.trim()) list = addDraft(list, draft(line, builder));
  return list;
}

/**
 * sent is what a draft sends: a legal order by its parts, as the server
 * listed or saved it (so the server never reads its text again), and a
 * typed line the page does not know by its text.
 */
export function sent(d: Draft): string | OrderParts {
  const p = d.parts;
  if (!p?.kind) return d.text;
  const out: OrderParts = { kind: p.kind };
  if (p.unit) out.unit = p.unit;
  if (p.at) out.at = p.at;
  if (p.target) out.target = p.target;
  if (p.target_unit) out.target_unit = p.target_unit;
  if (p.dest) out.dest = p.dest;
  if (p.via_convoy) out.via_convoy = true;
  return out;
}

/** draftsText is what the drafts send, one order a line: compared with the saved text, it says whether they are saved. */
export const draftsText = (list: Draft[]) => list.map((d) => d.text).join("\n");

/** fromParts is what the board draws of an order with text by its parts: null for an order without them. */
function fromParts(text: string, p: OrderParts): Drawn | null {
  return p.kind ? { text, kind: p.kind, at: p.at ?? "", target: p.target ?? "", dest: p.dest ?? "" } : null;
}

/**
 * played turns a played order's result into what the board draws, from
 * the order's parts as the server sends them, never from its text: null
 * for an order that could not be read.
 */
export function played(r: Result): Drawn | null {
  const d = fromParts(r.order, r);
  if (!d) return null;
  const out: Drawn = { ...d, power: r.power, result: r.result };
  return r.reason ? { ...out, reason: r.reason } : out;
}

/**
 * drawn turns a draft into what the board draws, from its parts: a legal
 * order only (a line the page does not know as legal is never drawn as if
 * it were).
 */
export function drawn(d: Draft): Drawn | null {
  return d.parts ? fromParts(d.text, d.parts) : null;
}
