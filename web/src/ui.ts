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
