// The press pane, and the preview of a new message shown beside the
// orders while press is out of sight (a phone's other tab, or a desktop
// too narrow for press beside the orders).

import type { Message } from "../api";
import { t } from "../i18n";
import { Press } from "../press";
import { me } from "../session";
import { h } from "../ui";
import { setTab } from "./actions";
import type { Ctx } from "./state";

/** wide says whether the screen shows press beside the orders (see style.css). */
export const wide = () => typeof matchMedia === "function" && matchMedia("(min-width: 1280px)").matches;

export interface PressPane {
  el: HTMLElement;
  /** a message arrived live */
  add(m: Message): void;
  /** reads what came while live updates were interrupted */
  load(): void;
  /** the page's visibility changed */
  draw(): void;
}

export function pressPane(ctx: Ctx): PressPane {
  const el = h("section", { class: "pane press-pane", id: "pane-press", role: "tabpanel", "aria-label": t("tab.press") });
  let press: Press | null = null;
  const visible = () => (wide() || ctx.store.state.tab === "press") && !document.hidden;
  ctx.store.on(["g"], (s) => {
    if (press || !s.g.my_power || s.g.status === "forming" || s.g.cancelled) return;
    press = new Press(s.g.id, s.g.my_power, ctx.powers, me!.name, s.g.press, ctx.pname);
    press.visible = visible;
    press.onUnread = (unread) => ctx.store.set({ unread });
    el.replaceChildren(h("h2", { class: "press-title" }, t("tab.press")), press.el);
    void press.load();
  });
  ctx.store.on(["tab"], (s) => {
    if (s.tab === "press") press?.draw();
  });
  return {
    el,
    add: (m) => {
      press?.add(m);
      if (press && !visible() && m.from !== ctx.store.state.g.my_power) ctx.store.set({ preview: m });
    },
    load: () => void press?.load(),
    draw: () => press?.draw(),
  };
}

/** preview shows the newest message that came while press was out of sight; a click opens press. */
export function preview(ctx: Ctx): HTMLElement {
  const box = h("div", { class: "press-preview", id: "press-preview", role: "status" });
  ctx.store.on(["preview", "tab"], (s) => {
    const m = s.preview;
    box.hidden = !m || s.tab === "press";
    if (!m) return box.replaceChildren();
    box.replaceChildren(
      h("button", { type: "button", class: "link preview-open", onclick: () => setTab(ctx, "press") },
        h("b", {}, ctx.pname(m.from)), ": ", h("span", { class: "preview-body" }, m.body.length > 140 ? m.body.slice(0, 140) + "…" : m.body)),
      h("button", { type: "button", class: "link preview-close", "aria-label": t("press.preview.close"),
        onclick: () => ctx.store.set({ preview: null }) }, "✕"),
    );
  });
  return box;
}
