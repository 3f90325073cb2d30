// A game's page: Diplomacy's is made of components (play/), Diceplomacy
// has its own table (dice.ts). Everything follows the game's event stream.

import { actAs, api, invited } from "./api";
import { errorText } from "./errors";
import { dicePage } from "./dice";
import { t } from "./i18n";
import { variants } from "./lobby";
import { diplomacyPage } from "./play/page";
import { navigate, type Page } from "./router";
import { me } from "./session";
import { h } from "./ui";

export const gamePage: Page = (root, params) => {
  if (!me) {
    navigate("/signin?next=" + encodeURIComponent(location.pathname), true);
    return;
  }
  const id = params["id"]!;
  // An invitation link (a private game's page with ?invitation=) lets
  // whoever opens it see the game and join it.
  const query = new URLSearchParams(location.search);
  invited(id, query.get("invitation") ?? "");
  // In a sandbox, the address says which power the page plays.
  actAs(id, query.get("power") ?? "");
  let undo: (() => void) | void;
  let left = false;
  root.append(h("p", { class: "muted" }, t("loading")));
  void (async () => {
    try {
      const [g, vs] = await Promise.all([api.game(id), variants()]);
      if (left) return;
      root.replaceChildren();
      if (g.kind === "diceplomacy") undo = dicePage(root, g);
      else undo = diplomacyPage(root, g, vs.find((v) => v.name === g.variant));
    } catch (e) {
      root.replaceChildren(h("p", { class: "error" }, errorText(e)));
    }
  })();
  return () => {
    left = true;
    if (undo) undo();
  };
};
