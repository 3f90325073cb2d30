// The tabs that pick the pane a phone shows (on a desktop, the side
// column's): board, orders, press, powers.

import { t, type Key } from "../i18n";
import { h } from "../ui";
import { setTab } from "./actions";
import type { Ctx, Tab } from "./state";

const all: [Tab, Key][] = [["board", "tab.board"], ["orders", "tab.orders"], ["press", "tab.press"], ["powers", "tab.powers"]];

export function tabs(ctx: Ctx): HTMLElement {
  const nav = h("nav", { class: "tabs", role: "tablist", "aria-label": t("game.panels") });
  ctx.store.on(["tab", "unread", "g"], (s) => {
    nav.replaceChildren(
      ...all
        .filter(([k]) => k !== "press" || s.g.my_power)
        .map(([k, key]) =>
          h("button", { type: "button", role: "tab", class: "tab tab-" + k, id: "tab-" + k,
            "aria-selected": s.tab === k ? "true" : "false", "aria-controls": "pane-" + k, onclick: () => setTab(ctx, k) },
            t(key),
            k === "press" && s.unread ? h("span", { class: "count", "aria-label": t("press.unread", { n: s.unread }) }, String(s.unread)) : null,
          ),
        ),
    );
  });
  return nav;
}
