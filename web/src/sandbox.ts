// Sandboxes: games a player plays alone, every power theirs, to try lines
// out. The page's address says which power it plays (?power=); a bar
// above the board changes it. A sandbox opens from a variant's start (the
// lobby) or from any phase of a finished game (its page).

import { api, type DiplomacyGame } from "./api";
import { errorText } from "./errors";
import { t } from "./i18n";
import { navigate } from "./router";
import { h, toast } from "./ui";

/** sandboxBar says the game is a sandbox and lets its player change the power they play. */
export function sandboxBar(g: DiplomacyGame, pname: (p: string) => string): HTMLElement {
  const pick = h("select", { id: "sandbox-power", "aria-label": t("sandbox.as") }, ...g.powers.map((p) => h("option", { value: p.power }, pname(p.power))));
  pick.value = g.my_power ?? "";
  pick.addEventListener("change", () => navigate(`/games/${encodeURIComponent(g.id)}?power=${encodeURIComponent(pick.value)}`));
  return h("div", { class: "sandbox-bar row", id: "sandbox-bar" },
    h("p", { class: "muted small" }, t("sandbox.title")),
    h("label", { for: "sandbox-power" }, t("sandbox.as")), pick);
}

/** openSandbox opens a sandbox and goes to its page. */
export async function openSandbox(from: { variant: string } | { from_game: string; phase: number } | { record: unknown }): Promise<void> {
  try {
    const sb = await api.sandbox(from);
    navigate(`/games/${encodeURIComponent(sb.id)}?power=${encodeURIComponent(sb.power)}`);
  } catch (e) {
    toast(errorText(e), "error");
  }
}

/** importRecord is a file field that opens a game's record (GET /games/{id}/record's file) as a sandbox. */
export function importRecord(): HTMLElement {
  const file = h("input", { id: "import-record", type: "file", accept: "application/json,.json" });
  file.addEventListener("change", () => {
    const f = file.files?.[0];
    if (!f) return;
    void f.text().then((text) => {
      let record: unknown;
      try {
        record = JSON.parse(text);
      } catch {
        return toast(t("sandbox.badfile"), "error");
      }
      return openSandbox({ record });
    });
  });
  return h("div", { class: "field" }, h("label", { for: "import-record" }, t("sandbox.import")), file);
}
