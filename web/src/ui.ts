// Small helpers to build the page's elements.

import { t } from "./i18n";

type Child = Node | string | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

/** The elements h gave listeners: patch never keeps one whose new copy differs. */
const listening = new WeakSet<Element>();

/** h builds an HTML element: attributes (on* are listeners, false and null are left out) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith("on") && typeof v === "function") {
      el.addEventListener(k.slice(2), v);
      listening.add(el);
    }
    else if (k === "value" && "value" in el) (el as HTMLInputElement).value = String(v);
    else if (k === "checked" && "checked" in el) (el as HTMLInputElement).checked = Boolean(v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c);
  }
  return el;
}

/**
 * patch makes parent's children fresh, as replaceChildren would, but
 * keeps in place every child that would not change (isEqualNode, and the
 * value of a field) and patches an element whose attributes stay alike
 * and that has no listener of its own, child by child. A live update
 * that redraws a pane so leaves its buttons, fields and focus alone but
 * for what changed: a button replaced between the press of a click and
 * its release (a click takes a moment) lost the click.
 *
 * A kept element keeps its listeners, not the new copy's: they must not
 * hold what may change while the element does not (read it at the
 * event, from the page, instead).
 */
export function patch(parent: Node, fresh: (Node | string)[]): void {
  // The children kept never move (a node moved is taken out first, which
  // loses a click as much as its replacement): new ones go in before
  // the next one kept, and those that no longer show are taken out.
  let at = parent.firstChild; // the first old child not yet kept nor taken out
  for (const c of fresh) {
    const n = typeof c === "string" ? document.createTextNode(c) : c;
    let keep = at;
    while (keep && !same(keep, n)) keep = keep.nextSibling;
    if (keep) {
      while (at !== keep) {
        const gone = at!;
        at = gone.nextSibling;
        gone.remove();
      }
      at = keep.nextSibling;
    } else if (at instanceof Element && n instanceof Element && alike(at, n)) {
      patch(at, [...n.childNodes]);
      at = at.nextSibling;
    } else parent.insertBefore(n, at);
  }
  while (at) {
    const gone = at;
    at = gone.nextSibling;
    gone.remove();
  }
}

/** same: old may stay for n, as it shows the same thing. */
function same(old: Node, n: Node): boolean {
  if (!old.isEqualNode(n)) return false;
  if (!(old instanceof Element && n instanceof Element)) return true;
  // Values set as properties (h sets a field's value and a box's
  // checked so) are not attributes.
  const fields = (e: Element) => [...(e.matches("input, textarea") ? [e] : []), ...e.querySelectorAll("input, textarea")].flatMap((f) => [(f as HTMLInputElement).value, (f as HTMLInputElement).checked]);
  const a = fields(old), b = fields(n);
  return a.every((v, i) => v === b[i]);
}

/** alike: old may be patched to be n: the same tag and attributes, and no listeners (they may hold what changed). */
function alike(old: Element, n: Element): boolean {
  if (old.tagName !== n.tagName || listening.has(old) || listening.has(n) || old.attributes.length !== n.attributes.length) return false;
  if (old.matches("input, textarea, select")) return false;
  for (const a of n.attributes) if (old.getAttribute(a.name) !== a.value) return false;
  return true;
}

const SVGNS = "http://www.w3.org/2000/svg";

/** s builds an SVG element. */
export function s<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}, ...children: (Node | string)[]): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.append(...children);
  return el;
}

/** liveLost shows (or takes away) the notice that a page's live updates have stopped. */
export function liveLost(root: HTMLElement, lost: boolean): void {
  const note = root.querySelector("#live-lost");
  if (!lost) note?.remove();
  else if (!note) root.prepend(h("p", { class: "live-lost", id: "live-lost", role: "status" }, t("live.lost")));
}

/** toast shows a short message in the page's live region, read out by screen readers. */
export function toast(text: string, kind: "info" | "error" = "info"): void {
  let box = document.getElementById("toast");
  if (!box) {
    box = h("div", { id: "toast", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const item = h("div", { class: "toast " + kind }, text);
  box.append(item);
  setTimeout(() => item.remove(), kind === "error" ? 8000 : 4000);
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** keyOf names an element of a redrawn box across its redraws: its id, or the move a button plays. */
const keyOf = (el: Element | null): string => (el ? el.id || el.getAttribute("data-move") || "" : "");

/** find finds, in box, the element named key by keyOf. */
function find(box: HTMLElement, key: string): HTMLElement | null {
  for (const el of box.querySelectorAll<HTMLElement>("[id], [data-move]")) if (keyOf(el) === key) return el;
  return null;
}

/**
 * Kept is a box drawn again and again from the game (a live update
 * redraws it) that keeps, across its redraws, what the reader did in it:
 * the values they typed or chose, which <details> they opened or closed,
 * and the control they are in with its caret. Elements are known by
 * their id. A control marked data-keep="no" shows the server's state
 * (a vote): its value is drawn, not kept.
 */
export interface Kept {
  /** draw replaces (or patches) the box's children, keeping what the reader did. */
  draw(...children: (Child | Child[])[]): void;
  /** forget drops what the reader did (it was sent): the next draw shows the game's values. */
  forget(): void;
}

/**
 * kept makes box a Kept. A patching Kept draws through patch, so that
 * what did not change stays (a click under way on it is not lost); only
 * a box whose handlers read what they need when they run may patch, as a
 * kept element keeps its old handlers.
 */
export function kept(box: HTMLElement, patching = false): Kept {
  const touched = new Set<string>();
  const opened = new Map<string, boolean>();
  const mark = (e: Event) => {
    const el = e.target as Element;
    if (el.getAttribute("data-keep") !== "no" && el.id) touched.add(el.id);
  };
  box.addEventListener("input", mark);
  box.addEventListener("change", mark);
  // toggle does not bubble: it is heard on its way down.
  box.addEventListener("toggle", (e) => {
    const d = e.target as HTMLDetailsElement;
    if (d.id) opened.set(d.id, d.open);
  }, true);
  return {
    draw: (...children) => {
      const values = new Map<string, string | boolean>();
      for (const id of touched) {
        const el = find(box, id) as Control | null;
        if (el) values.set(id, el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio") ? el.checked : el.value);
      }
      const active = document.activeElement;
      const focus = active && box.contains(active) ? keyOf(active) : "";
      let caret: [number | null, number | null] = [null, null];
      if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) {
        try {
          caret = [active.selectionStart, active.selectionEnd];
        } catch {
          // a control without a caret (a checkbox, a number)
        }
      }
      const fresh = children.flat().filter((c) => c !== null && c !== undefined && c !== false) as (Node | string)[];
      if (patching) patch(box, fresh);
      else box.replaceChildren(...fresh);
      for (const [id, v] of values) {
        const el = find(box, id) as Control | null;
        if (!el) continue;
        if (typeof v === "boolean") (el as HTMLInputElement).checked = v;
        else if (el instanceof HTMLSelectElement && ![...el.options].some((o) => o.value === v)) continue;
        else el.value = v;
        // What follows the control (a total, rows shown) follows it again.
        el.dispatchEvent(new Event(typeof v === "boolean" || el instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
      }
      for (const [id, open] of opened) {
        const d = find(box, id);
        if (d instanceof HTMLDetailsElement) d.open = open;
      }
      const el = focus ? find(box, focus) : null;
      if (el && el !== document.activeElement) {
        el.focus({ preventScroll: true });
        if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && caret[0] !== null) {
          try {
            el.setSelectionRange(caret[0], caret[1]);
          } catch {
            // a control without a caret
          }
        }
      }
    },
    forget: () => {
      touched.clear();
      opened.clear();
    },
  };
}
