// Small helpers to build the page's elements.

import { t } from "./i18n";

type Child = Node | string | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

/** h builds an HTML element: attributes (on* are listeners, false and null are left out) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
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
  /** draw replaces the box's children, keeping what the reader did. */
  draw(...children: (Child | Child[])[]): void;
  /** forget drops what the reader did (it was sent): the next draw shows the game's values. */
  forget(): void;
}

/** kept makes box a Kept. */
export function kept(box: HTMLElement): Kept {
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
      box.replaceChildren(...(children.flat().filter((c) => c !== null && c !== undefined && c !== false) as (Node | string)[]));
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
