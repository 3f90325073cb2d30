// The lobby: the player's games (with a mark where orders are due), the
// games open to join, and the form to create one.

import { api, followLobby, type GameSummary, type Variant } from "./api";
import { errorText } from "./errors";
import { countdown, fmtDate, list, powerName, t, variantText, variantTitle, type Key } from "./i18n";
import { pct, reliabilityShort, reliabilityText, userLink } from "./profile";
import { navigate, type Page } from "./router";
import { importRecord, openSandbox } from "./sandbox";
import { me } from "./session";
import { h, patch, toast } from "./ui";

let variantsCache: Promise<Variant[]> | null = null;
export function variants(): Promise<Variant[]> {
  variantsCache ??= api.variants();
  return variantsCache;
}

export const lobbyPage: Page = (root) => {
  if (!me) {
    navigate("/signin", true);
    return;
  }
  let stopped = false;
  const card = (id: string, title: Key, ...more: HTMLElement[]) => h("section", { class: "card", "aria-labelledby": id }, h("h2", { id }, t(title)), ...more);
  const [mine, open, create] = [card("my-games-h", "lobby.mine", loadingNote()), card("open-games-h", "lobby.open", loadingNote()), card("create-h", "lobby.create")];
  root.append(h("div", { class: "lobby" }, mine, open, create));

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
      const lists = await readLists();
      if (!stopped) rereadAfter(drawLists(mine, open, lists));
    } catch (e) {
      toast(errorText(e), "error");
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

const loadingNote = () => h("p", { class: "muted" }, t("loading"));

/**
 * row is a game's line in a list: its name, variant and state, marks, time
 * left, and what may be done. What may be done has a column of its own, at
 * the line's top: a line that grows as a live update adds a player or a
 * mark never moves its buttons (a click under way would land elsewhere).
 */
function row(g: GameSummary, actions: Node[]): HTMLElement {
  return h(
    "li",
    { class: "game-row" + (g.due ? " due" : ""), "data-game": g.id },
    h("span", { class: "game-info" }, ...about(g)),
    actions.length ? h("span", { class: "game-actions" }, ...actions) : null,
  );
}

/** about is what a game's line says of the game. */
function about(g: GameSummary): (Node | null)[] {
  const isDue = !!g.due;
  return [
    h("a", { href: "/games/" + g.id, class: "game-name" }, g.name),
    h("span", { class: "muted" }, " · " + variantTitle(g.variant) + " · " + (g.cancelled ? t("status.cancelled") : t(("status." + g.status) as "status.active"))),
    g.private ? h("span", { class: "badge private-mark" }, t("settings.private")) : null,
    isDue ? h("span", { class: "badge due-mark" }, "● " + t("lobby.due")) : null,
    g.min_reliability ? h("span", { class: "badge min-reliability" }, t("lobby.minrel.mark", { pct: pct(g.min_reliability / 100) })) : null,
    g.players?.length ? h("span", { class: "players" }, ...g.players.flatMap((p, i) => [i ? ", " : " ", userLink(p.name), h("span", { class: "muted reliability", title: reliabilityText(p.reliability) }, " " + reliabilityShort(p.reliability))])) : null,
    g.deadline && g.status === "active" ? h("span", { class: "deadline", "data-deadline": g.deadline, title: fmtDate(g.deadline) }, countdown(g.deadline)) : null,
  ];
}

interface Lists { my: GameSummary[]; forming: GameSummary[]; active: GameSummary[]; wanted: GameSummary[] }

/**
 * readLists reads the lobby's lists. The player's own list marks the games
 * that wait for the player and those the player may start: no game is
 * read on its own.
 */
async function readLists(): Promise<Lists> {
  const [my, forming, active, wanted] = await Promise.all([api.games("?mine=true"), api.games("?status=forming"), api.games("?status=active"), api.games("?wanted=true")]);
  return { my, forming, active, wanted };
}

/** drawLists draws the lists into their cards and returns the games followed but not played. */
function drawLists(mine: HTMLElement, open: HTMLElement, { my, forming, active, wanted }: Lists): GameSummary[] {
  const myIds = new Set(my.map((g) => g.id));
  const myList = h("ul", { class: "games", id: "my-games" }, ...my.map((g) => row(g, g.status === "forming" && g.you_created ? [startButton(g)] : [])));
  // The cards are patched, not drawn anew: a row that did not change
  // stays, so that a click under way on its button is not lost to a
  // live update (any game's change anywhere redraws the lists).
  patch(mine, [mine.firstChild!, my.length ? myList : h("p", { class: "muted" }, t("lobby.none"))]);
  const openList = h("ul", { class: "games", id: "open-games" });
  for (const g of forming.filter((g) => !myIds.has(g.id))) openList.append(row(g, [joinButton(g)]));
  const openCard: Node[] = [open.firstChild!, openList.childElementCount ? openList : h("p", { class: "muted" }, t("lobby.noopen"))];
  // Games under way whose master asked for a substitute: a seat to take.
  const subs = wanted.filter((g) => !myIds.has(g.id) && g.replacement_wanted?.length);
  if (subs.length) {
    openCard.push(h("h3", { id: "wanted-h" }, t("lobby.wanted")), h("ul", { class: "games", id: "wanted-games" }, ...subs.map((g) => row(g, [
      h("span", { class: "badge wanted-mark" }, t("lobby.wanted.seats", { powers: list(g.replacement_wanted!.map((p) => powerName(g.variant, p))) })),
      joinButton(g, g.replacement_wanted!),
    ]))));
  }
  // Games under way that the player does not play (and that are not
  // listed above for a substitute): anyone may follow them.
  const watch = active.filter((g) => !myIds.has(g.id) && !subs.some((w) => w.id === g.id)).slice(0, 20);
  if (watch.length) {
    openCard.push(h("h3", {}, t("lobby.watch")), h("ul", { class: "games", id: "watch-games" }, ...watch.map((g) => row(g, []))));
  }
  patch(open, openCard);
  return watch;
}

function startButton(g: GameSummary): HTMLElement {
  const start = async () => {
    try {
      await api.start(g.id);
      navigate("/games/" + g.id);
    } catch (e) {
      toast(errorText(e), "error");
    }
  };
  return h("button", { class: "primary start-game", onclick: () => void start() }, t("lobby.start"));
}

/**
 * joinButton joins an open game: it first asks which power, among the
 * free ones, the player takes ("any free one" as well, the first free).
 * seats, when given, are the seats of a game under way that wait for a
 * substitute.
 */
function joinButton(g: GameSummary, seats?: string[]): HTMLElement {
  const box = h("span", { class: "join-box" });
  const join = async (power: string) => {
    try {
      await api.join(g.id, power || undefined);
      navigate("/games/" + g.id);
    } catch (e) {
      toast(errorText(e), "error");
    }
  };
  const ask = async () => {
    // A seat for a substitute is one of those the list names.
    let free: string[] = seats ?? [];
    if (!seats) {
      try {
        const d = await api.game(g.id);
        // Diceplomacy's seats are all alike: the first free one.
        if (d.kind !== "diplomacy") return join("");
        free = d.powers.filter((p) => !p.player && !p.bot).map((p) => p.power);
      } catch (e) {
        return toast(errorText(e), "error");
      }
    }
    const pick = h("select", { class: "join-power", "aria-label": t("lobby.power") }, h("option", { value: "" }, t("lobby.power.any")), ...free.map((p) => h("option", { value: p }, powerName(g.variant, p))));
    box.replaceChildren(pick, h("button", { type: "button", class: "primary join-go", onclick: () => void join(pick.value) }, t("lobby.join")));
    pick.focus();
  };
  box.append(h("button", { type: "button", class: "join-game", onclick: () => void ask() }, (seats ? t("lobby.takeseat") : t("lobby.join")) + "…"));
  return box;
}

/** knownZones is the browser's list of time zones, asked once: the master's controls draw it at every live update. */
let knownZones: string[] | undefined;

/** zones are the time zones the browser knows, the reader's own first (a new array, the caller's to change). */
export function zones(): string[] {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  if (!knownZones) {
    knownZones = [];
    try {
      knownZones = (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf("timeZone");
    } catch {
      // An older browser lists none: the reader's own and UTC.
    }
  }
  return [own, ...["UTC", ...knownZones].filter((z) => z !== own)];
}

/**
 * lengthField is a phase's length as people say it, a number of minutes,
 * hours or days; the seconds the server is sent are kept in a hidden
 * field of its own (id), which is what the form reads.
 */
export function lengthField(id: string, seconds: number): { el: HTMLElement; secs: HTMLInputElement } {
  const secs = h("input", { id, type: "hidden", value: String(seconds) });
  const n = h("input", { id: id + "-n", type: "number", min: 1, step: 1, value: "1", class: "length-n", "aria-label": t("lobby.length") });
  const unit = h("select", { id: id + "-unit", class: "length-unit", "aria-label": t("lobby.length") },
    h("option", { value: "60" }, t("lobby.length.minutes")), h("option", { value: "3600" }, t("lobby.length.hours")), h("option", { value: "86400" }, t("lobby.length.days")));
  for (const u of [86400, 3600, 60]) {
    if (seconds % u === 0) {
      unit.value = String(u);
      n.value = String(seconds / u);
      break;
    }
  }
  const sync = () => (secs.value = String(Math.round(Number(n.value) * Number(unit.value))));
  n.addEventListener("input", sync);
  unit.addEventListener("change", sync);
  return { el: h("span", { class: "length row" }, n, unit, secs), secs };
}

/**
 * scheduleFields are the form's fields of a game's schedule: the length of
 * its phases, of its retreats and builds (Diplomacy), and deadlines at a
 * time of day; and the reliability asked of its players, which keeps
 * the schedule; fill writes them into a creation request.
 */
function scheduleFields(): { els: HTMLElement[]; phasesRow: HTMLElement; fill: (req: Record<string, unknown>, phases: boolean) => void } {
  const length = lengthField("new-length", 86400);
  const retreat = h("input", { id: "new-retreat", type: "number", min: 1, step: 1, class: "length-n" });
  const adjust = h("input", { id: "new-adjust", type: "number", min: 1, step: 1, class: "length-n" });
  // Deadlines at a time of day, in a zone (the reader's own first).
  const daily = h("input", { id: "new-daily", type: "checkbox" });
  const dailyTime = h("input", { id: "new-daily-time", type: "time", value: "20:00", step: 60 });
  // The zones, hundreds of options, are listed once the box is ticked:
  // the lobby opens without making them for a form mostly used without.
  const dailyZone = h("select", { id: "new-daily-zone" });
  const weekends = h("input", { id: "new-daily-weekends", type: "checkbox" });
  const dailyRows = h("div", { class: "daily", id: "new-daily-rows" },
    h("div", { class: "field" }, h("label", { for: "new-daily-time" }, t("lobby.daily.time")), dailyTime),
    h("div", { class: "field" }, h("label", { for: "new-daily-zone" }, t("lobby.daily.zone")), dailyZone),
    h("div", { class: "field check" }, weekends, h("label", { for: "new-daily-weekends" }, t("lobby.daily.weekends"))),
    h("p", { class: "muted small" }, t("lobby.daily.note")));
  dailyRows.hidden = true;
  daily.addEventListener("change", () => {
    if (daily.checked && !dailyZone.options.length) dailyZone.append(...zones().map((z) => h("option", { value: z }, z)));
    dailyRows.hidden = !daily.checked;
  });
  const phasesRow = h("div", { class: "phases" },
    h("div", { class: "field" }, h("label", { for: "new-retreat" }, t("lobby.retreat")), retreat),
    h("div", { class: "field" }, h("label", { for: "new-adjust" }, t("lobby.adjust")), adjust));
  const minRel = h("input", { id: "new-min-reliability", type: "number", min: 0, max: 100, step: 1, class: "length-n" });
  const fill = (req: Record<string, unknown>, phases: boolean) => {
    req["phase_deadline_seconds"] = Number(length.secs.value);
    if (retreat.value && phases) req["retreat_deadline_seconds"] = Math.round(Number(retreat.value) * 60);
    if (adjust.value && phases) req["adjustment_deadline_seconds"] = Math.round(Number(adjust.value) * 60);
    if (daily.checked) req["deadline_at"] = { time: dailyTime.value, zone: dailyZone.value, skip_weekends: weekends.checked };
    if (minRel.value) req["min_reliability"] = Number(minRel.value);
  };
  const els = [
    h("div", { class: "field" }, h("label", { for: "new-length-n" }, t("lobby.length")), length.el, h("p", { class: "muted small" }, t("lobby.length.note"))),
    phasesRow,
    h("div", { class: "field check" }, daily, h("label", { for: "new-daily" }, t("lobby.daily"))),
    dailyRows,
    h("div", { class: "field" }, h("label", { for: "new-min-reliability" }, t("lobby.minrel")), minRel),
  ];
  return { els, phasesRow, fill };
}

/**
 * pressFields are the form's choice of press: named in a word, which fits
 * the field at any width, and said in full beneath it.
 */
function pressFields(): [HTMLSelectElement, HTMLElement] {
  const press = h("select", { id: "new-press", name: "press", "aria-describedby": "new-press-note" }, ...(["full", "public", "none"] as const).map((m) => h("option", { value: m }, t(`press.mode.${m}`))));
  const pressNote = h("p", { class: "muted small", id: "new-press-note" });
  const notePress = () => (pressNote.textContent = t(`press.mode.${press.value as "full" | "public" | "none"}.note`));
  press.addEventListener("change", notePress);
  notePress();
  return [press, pressNote];
}

function createForm(vs: Variant[]): HTMLFormElement {
  const variant = h("select", { id: "new-variant", name: "variant" }, ...vs.map((v) => h("option", { value: v.name }, variantTitle(v.name))));
  const name = h("input", { id: "new-name", name: "name", maxlength: 100, placeholder: t("lobby.name.placeholder") });
  const sched = scheduleFields();
  const power = h("select", { id: "new-power", name: "power" });
  const players = h("input", { id: "new-players", type: "number", min: 4, max: 8, value: 6 });
  const bots = h("input", { id: "new-bots", type: "checkbox", checked: true });
  const [press, pressNote] = pressFields();
  const priv = h("input", { id: "new-private", type: "checkbox" });
  const spectators = h("input", { id: "new-spectators", type: "checkbox", checked: true });
  const level = h("select", { id: "new-level", name: "bot_level" }, h("option", { value: "easy" }, t("bot.easy")), h("option", { value: "normal" }, t("bot.normal")), h("option", { value: "hard" }, t("bot.hard")));
  level.value = "normal";
  const describe = h("p", { class: "muted small", id: "new-describe" });
  const missed = missedFields();
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
    missed.show(v.kind !== "diceplomacy");
    sched.phasesRow.hidden = v.kind === "diceplomacy";
    describe.textContent = variantText(v, "description") + (v.draws ? "" : " " + t("votes.nodraws"));
  };
  variant.addEventListener("change", update);
  bots.addEventListener("change", () => (level.disabled = !bots.checked));
  update();
  const submit = (e: Event) => {
    e.preventDefault();
    const v = vs.find((v) => v.name === variant.value)!;
    const req: Record<string, unknown> = { variant: v.name, bots: bots.checked, press: press.value, private: priv.checked, spectators: spectators.checked };
    sched.fill(req, v.kind !== "diceplomacy");
    // Diplomacy's bots play at a level; Diceplomacy's have one.
    if (bots.checked && v.kind !== "diceplomacy") req["bot_level"] = level.value;
    if (name.value.trim()) req["name"] = name.value.trim();
    if (v.kind === "diceplomacy") req["players"] = Number(players.value);
    else req["missed_orders"] = missed.policy(level.value);
    if (power.value) req["power"] = power.value;
    void createGame(req);
  };
  const field = (id: string, label: Key, ...els: HTMLElement[]) => h("div", { class: "field" }, h("label", { for: id }, t(label)), ...els);
  const check = (box: HTMLInputElement, label: Key) => h("div", { class: "field check" }, box, h("label", { for: box.id }, t(label)));
  return h(
    "form",
    { id: "create-form", onsubmit: submit },
    field("new-variant", "lobby.variant", variant),
    describe,
    field("new-name", "lobby.name", name),
    ...sched.els,
    playersRow,
    powerRow,
    check(bots, "lobby.bots"),
    levelRow,
    ...missed.rows,
    field("new-press", "lobby.press", press, pressNote),
    check(priv, "lobby.private"),
    check(spectators, "lobby.spectators"),
    h("div", { class: "row" },
      h("button", { type: "submit", class: "primary", id: "create-game" }, t("lobby.create.go")),
      h("button", { type: "button", id: "sandbox-variant", onclick: () => void openSandbox({ variant: variant.value }) }, t("sandbox.variant"))),
    importRecord(),
  );
}

/**
 * missedFields are the form's fields of the policy for missed orders: what
 * happens to a player who gives no orders. A Diceplomacy game has none (its
 * deadline takes each decision's default): show(false) hides them.
 */
function missedFields(): { rows: HTMLElement[]; show: (on: boolean) => void; policy: (level: string) => object } {
  const missed = h("select", { id: "new-missed", name: "missed_orders" }, ...(["bot", "extend", "hold"] as const).map((m) => h("option", { value: m }, t(`lobby.missed.${m}`))));
  const after = h("input", { id: "new-missed-after", type: "number", min: 1, max: 10, value: 2 });
  const afterRow = h("div", { class: "field" }, h("label", { for: "new-missed-after" }, t("lobby.missed.after")), after);
  const missedRow = h("div", { class: "field" }, h("label", { for: "new-missed" }, t("lobby.missed")), missed);
  let on = true;
  const show = (yes: boolean) => {
    on = yes;
    missedRow.hidden = !on;
    afterRow.hidden = !on || missed.value === "hold";
  };
  missed.addEventListener("change", () => show(on));
  const policy = (level: string) => ({ policy: missed.value, after: missed.value === "hold" ? 0 : Math.min(10, Math.max(1, Number(after.value) || 2)), level });
  return { rows: [missedRow, afterRow], show, policy };
}

/** createGame creates a game, its creator seated ("any free one": the first free seat, in the same request), and opens its page. */
async function createGame(req: Record<string, unknown>): Promise<void> {
  try {
    const g = await api.create({ ...req, power: req["power"] || "any" });
    navigate("/games/" + g.id);
  } catch (err) {
    toast(errorText(err), "error");
  }
}
