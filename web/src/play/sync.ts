// Keeping the page's state with the server's: the game, the player's legal
// orders and saved orders, the history, read when the game starts and
// again whenever its event stream says it changed.

import { api, ApiError, type DiplomacyGame } from "../api";
import { errorText } from "../errors";
import { phaseLabel, t } from "../i18n";
import { Builder, draftsText, savedDraft } from "../orders";
import { toast } from "../ui";
import { endText, type Ctx, type PlayState } from "./state";

/** options reads the player's legal orders in game g, and their saved orders as drafts: the state's change. */
export async function options(g: DiplomacyGame): Promise<Partial<PlayState>> {
  if (!g.my_power || g.status !== "active") return { options: null };
  let options;
  try {
    options = await api.options(g.id);
  } catch (e) {
    options = { phase: g.phase, power: g.my_power, adjustment: 0, orders: [] };
    if (!(e instanceof ApiError && (e.status === 403 || e.status === 409))) toast(errorText(e), "error");
  }
  const builder = new Builder(options.orders);
  const drafts = (g.my_orders?.parts ?? []).map((o) => savedDraft(o, builder));
  return { options, builder, drafts, saved: draftsText(drafts), save: "saved", saveErrors: [] };
}

/** history reads the phases played since the page last asked, and returns them all. */
export async function history(ctx: Ctx): Promise<Partial<PlayState>> {
  try {
    return { history: [...(await ctx.played.update())] };
  } catch {
    // kept as it was: the next change asks again
    return { history: ctx.store.state.history };
  }
}

/** everything reads what the page shows of game g besides the game itself, as one change of the state. */
export async function everything(ctx: Ctx, g: DiplomacyGame): Promise<Partial<PlayState>> {
  const [o, hi] = await Promise.all([options(g), history(ctx)]);
  return { ...o, ...hi };
}

/** What the page does when the game changes from forming to started, or back. */
export interface Lifecycle {
  forming: () => void;
  start: () => Promise<void>;
}

/**
 * reloader returns the function that reads the game again: one reading
 * at a time, and a change announced meanwhile reads once more. heard is
 * when the stream announced the change, to measure how long it takes to
 * show.
 */
export function reloader(ctx: Ctx, life: Lifecycle, heard: () => number): () => Promise<void> {
  let reloading = false, again = false;
  const once = async () => {
    const old = ctx.store.state.g;
    const ng = (await api.game(old.id)) as DiplomacyGame;
    if (ng.version === old.version && ng.status === old.status) return;
    const phaseChanged = ng.seq !== old.seq || ng.status !== old.status;
    // A cancelled game never started: its card says so, and no board.
    if (ng.status === "forming" || ng.cancelled) {
      ctx.store.set({ g: ng });
      return life.forming();
    }
    if (old.status === "forming") {
      ctx.store.set({ g: ng });
      return life.start();
    }
    if (phaseChanged) {
      // The new phase shows at once, whole: its position, orders and history together.
      ctx.store.set({ g: ng, ...(await everything(ctx, ng)), viewing: null, explain: null });
      if (ng.status === "finished" && ng.end) toast(t("game.over", { result: endText(ctx, ng.end) }));
      else if (ng.last) toast(t("game.resolved", { phase: phaseLabel(ng.last.phase) }));
      // How long a phase change takes to show, from the stream's word.
      performance.measure("chancery-phase-drawn", { start: heard() });
    } else if (ng.my_orders && !ctx.store.state.drafts.length && ng.my_orders.orders.length) {
      // Orders saved elsewhere: the order being picked stays picked.
      const o = await options(ng);
      if (ctx.store.state.builder.step !== "unit") delete o.builder;
      ctx.store.set({ g: ng, ...o });
    } else ctx.store.set({ g: ng });
  };
  const reload = async (): Promise<void> => {
    if (reloading) {
      again = true;
      return;
    }
    reloading = true;
    try {
      await once();
    } catch {
      // the stream will say again when the game changes
    } finally {
      reloading = false;
      if (again) {
        again = false;
        void reload();
      }
    }
  };
  return reload;
}
