// The page's store: listeners hear of the keys they draw from, once per
// change, and a change made while listeners run is told in the same pass.

import assert from "node:assert/strict";
import { test } from "node:test";
import { Store } from "../src/store";

test("a listener is called at once, then only when one of its keys changes", () => {
  const st = new Store({ a: 1, b: "x" });
  const seen: number[] = [];
  st.on(["a"], (s) => seen.push(s.a));
  st.set({ b: "y" });
  st.set({ a: 1 });
  st.set({ a: 2 });
  assert.deepEqual(seen, [1, 2]);
});

test("a change made by a listener reaches the others", () => {
  const st = new Store({ a: 0, b: 0 });
  st.on(["a"], (s) => st.set({ b: s.a * 10 }));
  const bs: number[] = [];
  st.on(["b"], (s) => bs.push(s.b));
  st.set({ a: 3 });
  assert.deepEqual(bs, [0, 30]);
  assert.equal(st.state.b, 30);
});

test("unsubscribing stops the calls", () => {
  const st = new Store({ a: 0 });
  let n = 0;
  const off = st.on(["a"], () => n++);
  off();
  st.set({ a: 1 });
  assert.equal(n, 1);
});
