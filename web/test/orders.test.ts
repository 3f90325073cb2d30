// The order builder and the drafts, without a browser: every order made in
// as few clicks as the page promises, and typed orders read as the server
// writes them.

import assert from "node:assert/strict";
import { test } from "node:test";
import type { Option } from "../src/api";
import { addDraft, addTyped, Builder, draft, draftsText, drawn, norm, played, savedDraft, sent, typedUnit, type Draft } from "../src/orders";

const o = (text: string, kind: string, at: string, target = "", dest = "", unit = "army"): Option =>
  ({ text, kind, unit, at, target, target_unit: "", dest });

// England's legal orders in a spring with a fleet in the North Sea, an
// army in Yorkshire and a fleet in London (some of them).
const spring: Option[] = [
  o("F NTH H", "hold", "nth", "", "", "fleet"),
  o("F NTH - NWY", "move", "nth", "nwy", "", "fleet"),
  o("F NTH - YOR", "move", "nth", "yor", "", "fleet"),
  o("F NTH - EDI", "move", "nth", "edi", "", "fleet"),
  o("F NTH S A YOR", "support", "nth", "yor", "", "fleet"),
  o("F NTH S A YOR - NWY", "support", "nth", "yor", "nwy", "fleet"),
  o("F NTH S A YOR - EDI", "support", "nth", "yor", "edi", "fleet"),
  o("F NTH C A YOR - NWY", "convoy", "nth", "yor", "nwy", "fleet"),
  o("F NTH S F LON", "support", "nth", "lon", "", "fleet"),
  o("A YOR H", "hold", "yor"),
  o("A YOR - EDI", "move", "yor", "edi"),
  o("A YOR - LON", "move", "yor", "lon"),
  o("A YOR - NWY", "move", "yor", "nwy"),
  o("A YOR S F LON", "support", "yor", "lon"),
  o("F LON H", "hold", "lon", "", "", "fleet"),
  o("F LON - NTH", "move", "lon", "nth", "", "fleet"),
  o("F LON - YOR", "move", "lon", "yor", "", "fleet"),
  o("F LON S A YOR - EDI", "support", "lon", "yor", "edi", "fleet"),
];

/** clicks gives an order by clicks on provinces alone and says how many it took. */
function clicks(b: Builder, ...provs: string[]): { text: string | undefined; n: number } {
  let n = 0;
  for (const p of provs) {
    n++;
    if (b.step === "unit" || !b.click(p)) {
      b.reset();
      b.selectUnit(p);
    }
    const done = b.done();
    if (done) return { text: done.text, n };
  }
  return { text: undefined, n };
}

test("a move is two clicks: the unit, then where it goes", () => {
  assert.deepEqual(clicks(new Builder(spring), "lon", "nth"), { text: "F LON - NTH", n: 2 });
  assert.deepEqual(clicks(new Builder(spring), "yor", "edi"), { text: "A YOR - EDI", n: 2 });
});

test("a hold is the unit clicked twice", () => {
  assert.deepEqual(clicks(new Builder(spring), "lon", "lon"), { text: "F LON H", n: 2 });
});

test("a support is three clicks: the supporting unit, the supported one, its destination", () => {
  assert.deepEqual(clicks(new Builder(spring), "lon", "yor", "edi"), { text: "F LON S A YOR - EDI", n: 3 });
});

test("a support to hold clicks the supported unit twice", () => {
  assert.deepEqual(clicks(new Builder(spring), "nth", "lon", "lon"), { text: "F NTH S F LON", n: 3 });
});

test("a fleet that can carry the army convoys it; s chooses the support instead", () => {
  assert.deepEqual(clicks(new Builder(spring), "nth", "yor", "nwy"), { text: "F NTH C A YOR - NWY", n: 3 });
  const b = new Builder(spring);
  b.selectUnit("nth");
  assert.ok(b.letter("s"));
  b.click("yor");
  b.click("nwy");
  assert.equal(b.done()?.text, "F NTH S A YOR - NWY");
});

test("a unit of one's own is supported, not moved onto; m moves onto it", () => {
  assert.deepEqual(clicks(new Builder(spring), "yor", "lon", "lon"), { text: "A YOR S F LON", n: 3 });
  const b = new Builder(spring);
  b.reset();
  b.selectUnit("yor");
  assert.ok(b.letter("m"));
  b.click("lon");
  assert.equal(b.done()?.text, "A YOR - LON");
});

test("a letter the unit has no order for changes nothing", () => {
  const b = new Builder(spring);
  b.selectUnit("yor");
  assert.equal(b.letter("c"), false);
  assert.equal(b.step, "kind");
});

test("the kind step outlines every province a click may mean", () => {
  const b = new Builder(spring);
  b.selectUnit("lon");
  assert.deepEqual(b.legal().sort(), ["nth", "yor"]);
});

test("only a support with a hold target offers hold", () => {
  const b = new Builder(spring);
  b.selectUnit("lon");
  b.click("yor");
  assert.equal(b.step, "dest");
  assert.deepEqual(b.choices().map((c) => c.key), ["edi"]);
});

const adjust: Option[] = [
  o("BUILD A LON", "build", "lon", "", "", "army"),
  o("BUILD F LON", "build", "lon", "", "", "fleet"),
  o("BUILD A EDI", "build", "edi", "", "", "army"),
  o("WAIVE", "waive", ""),
];

test("a build is the centre, then a or f; b leaves both", () => {
  const b = new Builder(adjust);
  b.selectUnit("lon");
  assert.equal(b.step, "kind");
  assert.ok(b.letter("b"));
  assert.equal(b.step, "kind");
  assert.ok(b.letter("f"));
  assert.equal(b.done()?.text, "BUILD F LON");
  b.reset();
  b.selectUnit("edi");
  assert.equal(b.done()?.text, "BUILD A EDI");
});

const retreat: Option[] = [
  o("A BUD R RUM", "retreat", "bud", "rum"),
  o("A BUD R SER", "retreat", "bud", "ser"),
  o("A BUD D", "disband", "bud"),
];

test("a retreat is two clicks, and the unit clicked again disbands", () => {
  assert.deepEqual(clicks(new Builder(retreat), "bud", "ser"), { text: "A BUD R SER", n: 2 });
  assert.deepEqual(clicks(new Builder(retreat), "bud", "bud"), { text: "A BUD D", n: 2 });
});

test("typed orders are read as the server writes them, spaces or not", () => {
  assert.equal(norm(" f nwy-stp/nc "), "F NWY - STP/NC");
  const b = new Builder([o("F NWY - STP/NC", "move", "nwy", "stp/nc", "", "fleet")]);
  const d = draft("F NWY-STP/NC", b);
  assert.equal(d.text, "F NWY - STP/NC");
  assert.ok(drawn(d), "a typed legal order is drawn at once");
});

test("a line that is no legal order is kept, but never drawn", () => {
  const b = new Builder(spring);
  const list = addTyped([], "F LON - MOS\nA YOR - EDI", b);
  assert.deepEqual(list.map((d) => d.text), ["F LON - MOS", "A YOR - EDI"]);
  assert.equal(drawn(list[0]!), null);
  assert.ok(drawn(list[1]!));
});

test("a unit's new order replaces its old one; waives add up", () => {
  const b = new Builder([...spring, ...adjust]);
  let list: Draft[] = addTyped([], "A YOR - EDI; F LON - NTH", b);
  list = addTyped(list, "a yor - nwy", b);
  assert.equal(draftsText(list), "F LON - NTH\nA YOR - NWY");
  list = addTyped(addTyped([], "WAIVE", b), "WAIVE", b);
  assert.equal(list.length, 2);
});

test("a played order is drawn from its parts, whatever its text says", () => {
  // A text the notation might write one day, which no pattern here reads.
  const text = "Army Paris supports Army Marseilles → Burgundy";
  const d = played({ power: "France", order: text, kind: "support", unit: "A", at: "par", target: "mar", target_unit: "A", dest: "bur", result: "failed", reason: "cut" });
  assert.deepEqual(d, { text, kind: "support", at: "par", target: "mar", dest: "bur", power: "France", result: "failed", reason: "cut" });
  const coast = played({ power: "Russia", order: "F STP/SC - BOT", kind: "move", unit: "F", at: "stp/sc", target: "bot", result: "succeeded" });
  assert.deepEqual(coast && [coast.kind, coast.at, coast.target, coast.dest], ["move", "stp/sc", "bot", ""]);
  assert.equal(played({ power: "France", order: "A PAR TO", result: "illegal", reason: "syntax" }), null, "an order never read is not drawn");
});

test("a saved order is drawn from its parts, whatever its text says and whatever the page offers", () => {
  // A text the notation might write one day, which the builder does not
  // know: no legal orders listed (the page could not read them).
  const text = "Army Paris supports Army Marseilles → Burgundy";
  const d = savedDraft({ order: text, kind: "support", unit: "A", at: "par", target: "mar", target_unit: "A", dest: "bur" }, new Builder([]));
  assert.equal(d.text, text);
  assert.deepEqual(drawn(d), { text, kind: "support", at: "par", target: "mar", dest: "bur" });
  // It is the unit's draft: a new order of the same unit replaces it.
  const b = new Builder([o("A PAR - BUR", "move", "par", "bur")]);
  const list = addTyped([d], "A PAR - BUR", b);
  assert.deepEqual(list.map((x) => x.text), ["A PAR - BUR"]);
  // Builds at two sites are two drafts; a coast's order by its province.
  const builds = [
    savedDraft({ order: "BUILD F STP/NC", kind: "build", unit: "F", at: "stp/nc" }, b),
    savedDraft({ order: "BUILD A MOS", kind: "build", unit: "A", at: "mos" }, b),
  ];
  assert.deepEqual(builds.map((x) => x.key), ["stp", "mos"]);
});

test("an order saved as text alone is drawn when it is a legal order, listed otherwise", () => {
  const b = new Builder(spring);
  const legal = savedDraft({ order: "A YOR - EDI" }, b);
  assert.deepEqual(drawn(legal), { text: "A YOR - EDI", kind: "move", at: "yor", target: "edi", dest: "" });
  const unread = savedDraft({ order: "A YOR - PAR" }, b);
  assert.equal(drawn(unread), null);
  assert.equal(unread.text, "A YOR - PAR");
});

test("a typed line that is no legal order replaces its unit's draft, and is never drawn", () => {
  assert.equal(typedUnit("a yor-mos"), "yor");
  assert.equal(typedUnit("build f stp/nc"), "stp");
  assert.equal(typedUnit("WAIVE"), "");
  const b = new Builder(spring);
  let list = addTyped([], "A YOR - EDI", b);
  list = addTyped(list, "A YOR - MOS", b);
  assert.deepEqual(list.map((x) => [x.text, drawn(x)]), [["A YOR - MOS", null]]);
  list = addDraft(list, draft("A YOR - EDI", b));
  assert.deepEqual(list.map((x) => x.text), ["A YOR - EDI"]);
});

test("a legal order is sent by its parts alone, a line the page does not know by its text", () => {
  const b = new Builder(spring);
  const list = addTyped([], "F NTH S A YOR - NWY\nA YOR - MOS", b);
  assert.deepEqual(list.map(sent), [{ kind: "support", unit: "fleet", at: "nth", target: "yor", dest: "nwy" }, "A YOR - MOS"]);
  const saved = savedDraft({ order: "A PAR - BUR VIA CONVOY", kind: "move", unit: "A", at: "par", target: "bur", via_convoy: true }, b);
  assert.deepEqual(sent(saved), { kind: "move", unit: "A", at: "par", target: "bur", via_convoy: true });
});
