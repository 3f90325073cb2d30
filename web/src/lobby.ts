// The lobby: the player's games (with a mark where orders are due), the
// games open to join, and the form to create one.

import { api, followLobby, type Game, type GameSummary, type Variant } from "./api";
import { errorText } from "./errors";
import { countdown, fmtDate, powerName, t, variantText, variantTitle } from "./i18n";
import { navigate, type Page } from "./router";
import { me } from "./session";
import { h, toast } from "./ui";

let variantsCache: Promise<Variant[]> | null = null;
export function variants(): Promise<Variant[]> {
  variantsCache ??= api.variants();
  return variantsCache;
}

/** due says whether the player owes something in a game now. */
function due(g: Game): boolean {
  if (g.status !== "active") return false;
  if (g.kind === "diplomacy") {
    const p = g.powers.find((p) => p.power === g.my_power);
    return !!p && p.owes && !p.ready;
  }
  return !!g.view && g.view.request.kind !== "none";
}

export const lobbyPage: Page = (root) => {
  if (!me) {
    navigate("/signin", true);
    return;
  }
  let stopped = false;
  const mine = h("section", { class: "card", "aria-labelledby": "my-games-h" }, h("h2", { id: "my-games-h" }, t("lobby.mine")), h("p", { class: "muted" }, t("loading")));
  const open = h("section", { class: "card", "aria-labelledby": "open-games-h" }, h("h2", { id: "open-games-h" }, t("lobby.open")), h("p", { class: "muted" }, t("loading")));
  const create = h("section", { class: "card", "aria-labelledby": "create-h" }, h("h2", { id: "create-h" }, t("lobby.create")));
  root.append(h("div", { class: "lobby" }, mine, open, create));

  const row = (g: GameSummary, detail: Game | undefined, actions: Node[]) => {
    const isDue = detail ? due(detail) : false;
    return h(
      "li",
      { class: "game-row" + (isDue ? " due" : ""), "data-game": g.id },
      h("a", { href: "/games/" + g.id, class: "game-name" }, g.name),
      h("span", { class: "muted" }, " · " + variantTitle(g.variant) + " · " + (g.cancelled ? t("status.cancelled") : t(("status." + g.status) as "status.active"))),
      g.private ? h("span", { class: "badge private-mark" }, t("settings.private")) : null,
      isDue ? h("span", { class: "badge due-mark" }, "● " + t("lobby.due")) : null,
      g.deadline && g.status === "active" ? h("span", { class: "deadline", "data-deadline": g.deadline, title: fmtDate(g.deadline) }, countdown(g.deadline)) : null,
      ...actions,
    );
  };

  const refresh = async () => {
    try {
      const [my, forming, active] = await Promise.all([api.games("?mine=true"), api.games("?status=forming"), api.games("?status=active")]);
      if (stopped) return;
      const details = new Map<string, Game>();
      await Promise.all(
        my.filter((g) => g.status !== "finished").slice(0, 20).map(async (g) => {
          try {
            details.set(g.id, await api.game(g.id));
          } catch {
            // a game that cannot be read now is listed without its mark
          }
        }),
      );
      if (stopped) return;
      const myIds = new Set(my.map((g) => g.id));
      const myList = h("ul", { class: "games", id: "my-games" });
      for (const g of my) {
        const d = details.get(g.id);
        const acts: Node[] = [];
        if (g.status === "forming" && d?.you_created) {
          acts.push(
            h("button", {
              class: "primary start-game",
              onclick: async () => {
                try {
                  await api.start(g.id);
                  navigate("/games/" + g.id);
                } catch (e) {
                  toast(errorText(e), "error");
                }
              },
            }, t("lobby.start")),
          );
        }
        myList.append(row(g, d, acts));
      }
      mine.replaceChildren(mine.firstChild!, my.length ? myList : h("p", { class: "muted" }, t("lobby.none")));
      const openList = h("ul", { class: "games", id: "open-games" });
      for (const g of forming.filter((g) => !myIds.has(g.id))) {
        openList.append(
          row(g, undefined, [
            h("button", {
              class: "join-game",
              onclick: async () => {
                try {
                  await api.join(g.id);
                  navigate("/games/" + g.id);
                } catch (e) {
                  toast(errorText(e), "error");
                }
              },
            }, t("lobby.join")),
          ]),
        );
      }
      open.replaceChildren(open.firstChild!, openList.childElementCount ? openList : h("p", { class: "muted" }, t("lobby.noopen")));
      // Games under way that the player does not play: anyone may follow them.
      const watch = active.filter((g) => !myIds.has(g.id)).slice(0, 20);
      if (watch.length) {
        open.append(h("h3", {}, t("lobby.watch")), h("ul", { class: "games", id: "watch-games" }, ...watch.map((g) => row(g, undefined, []))));
      }
      rereadAfter(watch);
    } catch (e) {
      toast(errorText(e), "error");
    }
  };

  // The lists follow the lobby's stream: each event reads them again, one
  // reading at a time, and the events of a burst that come during a
  // reading make one more after it.
  let loading = false;
  let again = false;
  const load = async () => {
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    try {
      await refresh();
    } finally {
      loading = false;
      if (again && !stopped) {
        again = false;
        void load();
      }
    }
  };

  // The stream says nothing when a game the player does not play moves on
  // to its next phase, so the lists are read again a little after the
  // first countdown of those shown runs out (and, while a phase that is
  // over waits to be played, every half minute).
  let reread: ReturnType<typeof setTimeout> | undefined;
  const rereadAfter = (games: GameSummary[]) => {
    clearTimeout(reread);
    const now = Date.now();
    const at = games.filter((g) => g.deadline).map((g) => Date.parse(g.deadline!)).map((d) => (d > now ? d + 5000 : now + 30000));
    if (at.length && !stopped) reread = setTimeout(() => void load(), Math.min(Math.min(...at) - now, 2 ** 31 - 1));
  };

  // A stream that is refused (this user has too many open, say) leaves the
  // lobby reading its lists once a minute, a slow poll as a fallback,
  // trying the stream again each time.
  let retry: ReturnType<typeof setTimeout> | undefined;
  let unfollow = () => {};
  const connect = () => {
    unfollow = followLobby({
      games: () => void load(),
      failed: () => {
        void load();
        if (!stopped) retry = setTimeout(connect, 60000);
      },
    });
  };
  connect();

  void variants().then((vs) => {
    if (stopped) return;
    create.append(createForm(vs));
  });
  return () => {
    stopped = true;
    unfollow();
    clearTimeout(retry);
    clearTimeout(reread);
  };
};

const lengths: [number, string][] = [
  [300, "len.5m"],
  [3600, "len.1h"],
  [86400, "len.1d"],
  [172800, "len.2d"],
];

function createForm(vs: Variant[]): HTMLFormElement {
  const variant = h("select", { id: "new-variant", name: "variant" }, ...vs.map((v) => h("option", { value: v.name }, variantTitle(v.name))));
  const name = h("input", { id: "new-name", name: "name", maxlength: 100, placeholder: t("lobby.name.placeholder") });
  const length = h("select", { id: "new-length", name: "length" }, ...lengths.map(([s, k]) => h("option", { value: s }, t(k as "len.1d"))));
  length.value = "86400";
  const power = h("select", { id: "new-power", name: "power" });
  const players = h("input", { id: "new-players", type: "number", min: 4, max: 8, value: 6 });
  const bots = h("input", { id: "new-bots", type: "checkbox", checked: true });
  // The press is named in a word, which fits the field at any width,
  // and said in full beneath it.
  const press = h("select", { id: "new-press", name: "press", "aria-describedby": "new-press-note" }, ...(["full", "public", "none"] as const).map((m) => h("option", { value: m }, t(`press.mode.${m}`))));
  const pressNote = h("p", { class: "muted small", id: "new-press-note" });
  const notePress = () => (pressNote.textContent = t(`press.mode.${press.value as "full" | "public" | "none"}.note`));
  press.addEventListener("change", notePress);
  notePress();
  const priv = h("input", { id: "new-private", type: "checkbox" });
  const spectators = h("input", { id: "new-spectators", type: "checkbox", checked: true });
  const level = h("select", { id: "new-level", name: "bot_level" }, h("option", { value: "easy" }, t("bot.easy")), h("option", { value: "normal" }, t("bot.normal")), h("option", { value: "hard" }, t("bot.hard")));
  level.value = "normal";
  const describe = h("p", { class: "muted small", id: "new-describe" });
  const levelRow = h("div", { class: "field" }, h("label", { for: "new-level" }, t("lobby.level")), level);
  const playersRow = h("div", { class: "field" }, h("label", { for: "new-players" }, t("lobby.players")), players);
  const powerRow = h("div", { class: "field" }, h("label", { for: "new-power" }, t("lobby.power")), power);
  // The name field proposes a name in the creator's words, which every
  // player then sees; one the creator has written is kept.
  let proposed = "";
  const update = () => {
    const v = vs.find((v) => v.name === variant.value);
    if (!v) return;
    if (name.value === proposed) {
      proposed = t("lobby.name.proposed", { variant: variantTitle(v.name) });
      name.value = proposed;
    }
    // Diceplomacy's seats are all alike: the player takes the first free one.
    const seats = v.kind === "diceplomacy" ? [] : v.powers;
    const prev = power.value;
    power.replaceChildren(h("option", { value: "" }, t("lobby.power.any")), ...seats.map((p) => h("option", { value: p }, powerName(v.name, p))));
    if (seats.includes(prev)) power.value = prev;
    playersRow.hidden = v.kind !== "diceplomacy";
    powerRow.hidden = v.kind === "diceplomacy";
    levelRow.hidden = v.kind === "diceplomacy";
    describe.textContent = variantText(v, "description") + (v.draws ? "" : " " + t("votes.nodraws"));
  };
  variant.addEventListener("change", update);
  bots.addEventListener("change", () => (level.disabled = !bots.checked));
  update();
  const form = h(
    "form",
    {
      id: "create-form",
      onsubmit: async (e: Event) => {
        e.preventDefault();
        const v = vs.find((v) => v.name === variant.value)!;
        const req: Record<string, unknown> = { variant: v.name, phase_deadline_seconds: Number(length.value), bots: bots.checked, press: press.value, private: priv.checked, spectators: spectators.checked };
        // Diplomacy's bots play at a level; Diceplomacy's have one.
        if (bots.checked && v.kind !== "diceplomacy") req["bot_level"] = level.value;
        if (name.value.trim()) req["name"] = name.value.trim();
        if (v.kind === "diceplomacy") req["players"] = Number(players.value);
        if (power.value) req["power"] = power.value;
        try {
          const g = await api.create(req);
          // "Any free one": the first free seat, as joining gives it.
          if (!power.value) await api.join(g.id);
          navigate("/games/" + g.id);
        } catch (err) {
          toast(errorText(err), "error");
        }
      },
    },
    h("div", { class: "field" }, h("label", { for: "new-variant" }, t("lobby.variant")), variant),
    describe,
    h("div", { class: "field" }, h("label", { for: "new-name" }, t("lobby.name")), name),
    h("div", { class: "field" }, h("label", { for: "new-length" }, t("lobby.length")), length),
    playersRow,
    powerRow,
    h("div", { class: "field check" }, bots, h("label", { for: "new-bots" }, t("lobby.bots"))),
    levelRow,
    h("div", { class: "field" }, h("label", { for: "new-press" }, t("lobby.press")), press, pressNote),
    h("div", { class: "field check" }, priv, h("label", { for: "new-private" }, t("lobby.private"))),
    h("div", { class: "field check" }, spectators, h("label", { for: "new-spectators" }, t("lobby.spectators"))),
    h("button", { type: "submit", class: "primary", id: "create-game" }, t("lobby.create.go")),
  );
  return form;
}
