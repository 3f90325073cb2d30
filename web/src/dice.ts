// The Diceplomacy table: every seat with its wins and losses, the
// player's own die (secret), the others' hidden until a battle reveals
// them, the war and the proposal on the table, the decision asked of the
// player with the moves that answer it, and the battle log; all live.

import { api, follow, type DiceEvent, type DiceGame, type DiceMove, type DiceView } from "./api";
import { errorText } from "./errors";
import { events } from "./history";
import { countdown, fmtDate, known, lang, list, paren, plural, t, variantTitle, type Key } from "./i18n";
import { Press } from "./press";
import { me } from "./session";
import { gameSettings, seatsForming } from "./seats";
import { h, kept, liveLost, patch, toast } from "./ui";

const FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

export function dicePage(root: HTMLElement, first: DiceGame): () => void {
  return new DicePage(root, first).stop;
}

/** name names a seat by its player, else by its number, counted from 1. */
const name = (g: DiceGame, v: DiceView | undefined, seat: number): string => v?.players[seat]?.name ?? g.seats[seat]?.name ?? t("dice.seat", { n: seat + 1 });
const names = (g: DiceGame, v: DiceView | undefined, seats: number[] | undefined): string => list((seats ?? []).map((s) => name(g, v, s)));

/**
 * DicePage is a Diceplomacy game's page: its panes (the head, the table,
 * the moves asked of the player, the log, press), the game as last read
 * and its log, kept up to date by the game's live updates.
 */
class DicePage {
  private g: DiceGame;
  private log: DiceEvent[] = [];
  private readonly played: ReturnType<typeof events>;
  private readonly head = h("header", { class: "game-head" });
  private readonly table = h("div", { class: "dice-table", id: "dice-table" });
  private readonly act = h("section", { class: "card dice-actions", id: "dice-actions", "aria-live": "polite" });
  /** the move buttons, drawn again by every live update: the one the player is on keeps the focus */
  private readonly actKept = kept(this.act, true);
  private readonly logEl = h("section", { class: "card dice-log", id: "dice-log" });
  private readonly pressEl = h("section", { class: "card dice-press", "aria-label": t("tab.press") });
  private press: Press | null = null;
  /** a reload is under way; again: another is asked for after it */
  private busy = false;
  private again = false;
  /** a move is being sent */
  private playing = false;
  /** stop ends the page's live updates. */
  readonly stop: () => void;

  constructor(root: HTMLElement, first: DiceGame) {
    this.g = first;
    this.played = events(first.id);
    const body = h("div", { class: "dice" }, h("div", {}, this.table, this.act, this.pressEl), this.logEl);
    root.append(this.head, body);
    this.stop = follow(first.id, {
      game: () => void this.reload(),
      message: (m) => this.press?.add(m),
      lost: () => liveLost(root, true),
      back: () => (liveLost(root, false), void this.reload(), void this.press?.load()),
    });
    void this.loadLog().then(() => {
      this.draw();
      document.body.dataset["ready"] = "1";
    });
    this.draw();
  }

  /** setupPress opens press between the seats, as in a Diplomacy game, once the player has one. */
  private setupPress(): void {
    const g = this.g;
    if (this.press || !g.my_power || !me) return;
    // Seats are named by who plays them, as everywhere on the table.
    const byPower = new Map(g.seats.map((s, i) => [s.power, i]));
    this.press = new Press(g.id, g.my_power, g.seats.map((s) => s.power), me.name, g.press, (p) => (byPower.has(p) ? name(this.g, this.g.view, byPower.get(p)!) : p));
    this.pressEl.replaceChildren(h("h2", {}, t("tab.press")), this.press.el);
    void this.press.load();
  }

  /** seatLabel names a seat not yet taken by its number, counted from 1. */
  private seatLabel(power: string): string {
    const i = this.g.seats.findIndex((s) => s.power === power);
    return i < 0 ? power : t("dice.seat", { n: i + 1 });
  }

  private draw(): void {
    const g = this.g, v = g.view;
    // Each pane is patched, not drawn anew: what did not change stays,
    // so that a click under way on it (a move, Start) is not lost.
    if (g.status === "forming" || !v) {
      patch(this.head, headView(g));
      patch(this.table, [seatsForming(g, g.seats, () => void this.reload(), (p) => this.seatLabel(p))]);
      this.act.hidden = true;
      this.logEl.hidden = true;
      return;
    }
    this.act.hidden = false;
    this.logEl.hidden = false;
    patch(this.head, [...headView(g), gameSettings(g)]);
    this.setupPress();
    patch(this.table, tableView(g, v));
    this.actKept.draw(...actionsView(g, v, (m) => void this.play(m)));
    this.drawLog(v);
  }

  private async play(m: DiceMove): Promise<void> {
    // One move at a time: a second click while the first is sent (a
    // double click) would be refused, the move being played already.
    if (this.playing) return;
    this.playing = true;
    const req: { kind: string; target?: number; yes?: boolean } = { kind: m.kind };
    if (m.target >= 0) req.target = m.target;
    if (m.kind.startsWith("answer_")) req.yes = !!m.yes;
    try {
      this.take(await api.move(this.g.id, req));
      await this.loadLog();
      this.draw();
    } catch (e) {
      toast(errorText(e), "error");
      void this.reload();
    } finally {
      this.playing = false;
    }
  }

  /**
   * take keeps g unless the page already holds a later version: a move's
   * answer may come after a reload that read the bots' answers to it.
   */
  private take(g: DiceGame): void {
    if (g.version >= this.g.version) this.g = g;
  }

  private drawLog(v: DiceView): void {
    const shown = this.log.filter((e) => e.kind !== "roll" || e.value).slice(-200).reverse();
    this.logEl.replaceChildren(
      h("h2", {}, t("dice.log")),
      h("ol", { class: "log", reversed: true }, ...shown.map((e) => h("li", { class: "ev ev-" + e.kind }, evText(this.g, v, e)))),
    );
  }

  private async loadLog(): Promise<void> {
    try {
      this.log = await this.played.update();
    } catch {
      // the log is shown again at the next change
    }
  }

  /** reload reads the game and its log again; one reload at a time, another after it if asked meanwhile. */
  private async reload(): Promise<void> {
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    try {
      this.take((await api.game(this.g.id)) as DiceGame);
      await this.loadLog();
      this.draw();
    } catch {
      // the stream will say again
    } finally {
      this.busy = false;
      if (this.again) {
        this.again = false;
        void this.reload();
      }
    }
  }
}

/** headView is the page's head: the game's name, whose turn it is and the deadline. */
function headView(g: DiceGame): (Node | string)[] {
  const v = g.view;
  return [
    h("h1", { class: "game-title" }, g.name, h("span", { class: "muted" }, " · " + variantTitle("diceplomacy"))),
    h("div", { class: "phase-line" },
      v ? (v.result?.winners?.length || g.status === "finished" ? t("dice.turn.over", { n: v.turn }) : t("dice.turn", { n: v.turn, name: name(g, v, v.current) })) : "",
      // While the bots decide, the deadline is the moment they were asked.
      g.deadline && g.status === "active" && !g.bots_to_answer?.length ? h("span", { class: "deadline" }, v ? " · " : "", h("span", { "data-deadline": g.deadline, id: "countdown" }, countdown(g.deadline)), h("span", { class: "muted" }, paren(fmtDate(g.deadline)))) : ""),
  ];
}

/** tableView is the table: every seat, the war, the proposal and the end. */
function tableView(g: DiceGame, v: DiceView): (Node | string)[] {
  const war = v.war && v.war.attackers?.length ? v.war : null;
  return [
    h("ul", { class: "seats-grid" }, ...v.players.map((p) => seatView(g, v, p))),
    war ? h("p", { class: "war", id: "war" }, "⚔ ", t("dice.war", { a: names(g, v, war.attackers), d: names(g, v, war.defenders) })) : "",
    v.proposal && v.phase === "alliance" ? h("p", { class: "proposal" }, t("dice.proposal", { from: name(g, v, v.proposal.from), to: name(g, v, v.proposal.to) })) : "",
    v.result && v.result.winners?.length ? h("p", { class: "end", role: "status" }, v.result.draw ? t("dice.draw", { names: names(g, v, v.result.winners) }) : t("dice.winner", { name: names(g, v, v.result.winners) })) : "",
  ];
}

/** seatView is one seat: its player, die, wins and losses, ally and side in the war. */
function seatView(g: DiceGame, v: DiceView, p: DiceView["players"][number]): HTMLElement {
  const war = v.war && v.war.attackers?.length ? v.war : null;
  const side = war?.attackers.includes(p.seat) ? "attacker" : war?.defenders.includes(p.seat) ? "defender" : "";
  const own = p.seat === v.seat;
  const die = p.die ? FACES[p.die] + " " + p.die : "?";
  return h("li", { class: ["seat", own ? "mine" : "", p.revealed ? "revealed" : "", p.out ? "out" : "", v.current === p.seat ? "current" : "", side].join(" "), "data-seat": p.seat },
    h("div", { class: "seat-name" }, v.current === p.seat ? "▶ " : "", p.name, own ? paren(t("dice.you")) : ""),
    h("div", { class: "die" + (p.die ? "" : " hidden-die"), "aria-label": p.die ? t("dice.die", { n: p.die }) : t("dice.hidden") }, die),
    h("div", { class: "small muted" }, own && !p.revealed ? t("dice.secret") : p.revealed ? t("dice.revealed") : t("dice.hidden")),
    h("div", { class: "score" }, t("dice.wins", { n: p.wins }), " ", "●".repeat(p.wins) + "○".repeat(Math.max(0, 3 - p.wins)), h("br"), t("dice.losses", { n: p.losses }), " ", "✕".repeat(p.losses) + "·".repeat(Math.max(0, 3 - p.losses))),
    p.ally >= 0 ? h("div", { class: "small" }, t("dice.ally", { name: name(g, v, p.ally) })) : null,
    side ? h("div", { class: "small side-" + side }, t(("dice." + side) as Key)) : null,
    p.out ? h("div", { class: "small" }, t("dice.out")) : null,
  );
}

function moveLabel(g: DiceGame, v: DiceView, m: DiceMove): string {
  const who = m.target >= 0 ? name(g, v, m.target) : "";
  if (m.kind.startsWith("answer_")) return t(("dice.answer." + v.request.kind + "." + (m.yes ? "yes" : "no")) as Key, { name: v.proposal ? name(g, v, v.proposal.from) : "" });
  return t(("dice.move." + m.kind) as Key, { name: who });
}

/** actionsView is the pane of the player's move: what is asked, the moves that answer it (play plays one), the default. */
function actionsView(g: DiceGame, v: DiceView, play: (m: DiceMove) => void): (Node | string)[] {
  const out: (Node | string)[] = [h("h2", {}, t("dice.yourmove"))];
  if (g.status !== "active") return [...out, h("p", { class: "muted" }, t("orders.over"))];
  if (!g.my_power) return [...out, h("p", { class: "muted" }, t("orders.spectator"))];
  // The bots answer first, a moment after they are asked: nobody else is
  // asked anything meanwhile, and their answers come as a live update.
  if (g.bots_to_answer?.length) return [...out, h("p", { class: "muted", id: "dice-wait", "data-bots": g.bots_to_answer.join(" ") }, t("dice.wait.bots", { name: names(g, v, g.bots_to_answer) }))];
  // The game waits for whoever is asked now: the player whose turn it
  // is, or the seats answering them (a war's defender, its sides).
  if (v.request.kind === "none" || !v.legal?.length) return [...out, h("p", { class: "muted", id: "dice-wait" }, t("dice.wait", { name: v.waiting?.length ? names(g, v, v.waiting) : name(g, v, v.current) }))];
  out.push(h("p", { class: "prompt" }, t(("dice.request." + v.request.kind) as Key)));
  const groups = new Map<string, DiceMove[]>();
  for (const m of v.legal) groups.set(m.kind, [...(groups.get(m.kind) ?? []), m]);
  const def = v.request.default;
  for (const [kind, moves] of groups) {
    out.push(
      h("div", { class: "choices", "data-kind": kind },
        ...moves.map((m) =>
          h("button", {
            type: "button",
            class: "choice" + (m.kind === def.kind && m.target === def.target && !!m.yes === !!def.yes ? " default" : ""),
            "data-move": m.kind + (m.target >= 0 ? ":" + m.target : "") + (m.kind.startsWith("answer_") ? ":" + (m.yes ? "yes" : "no") : ""),
            onclick: () => play(m),
          }, moveLabel(g, v, m)),
        )),
    );
  }
  out.push(h("p", { class: "muted small" }, t("dice.default", { move: moveLabel(g, v, def) })));
  return out;
}

/** evText is a line of the battle log in the reader's language. */
function evText(g: DiceGame, v: DiceView, e: DiceEvent): string {
  // A sentence about several seats has its singular where the language
  // makes the verb agree ("alice a rejoint", "alice et bob ont rejoint").
  let k = ("dice.ev." + e.kind) as Key;
  const one = k + "." + plural(e.seats?.length ?? 0);
  if (known(one)) k = one;
  const target = e.target >= 0 ? name(g, v, e.target) : "";
  // The attackers are side 0, which the log leaves out.
  const side = t(("dice.side." + (e.side || "attackers")) as Key);
  const s = t(k, {
    seat: e.seat >= 0 ? name(g, v, e.seat) : "",
    target,
    value: e.value ?? 0,
    // A move names its target where the language puts it; an answer
    // says which it was.
    move: e.move ? t(("dice.mv." + e.move + (e.move.startsWith("answer_") ? (e.yes ? ".yes" : ".no") : "")) as Key, { target }) : "",
    seats: names(g, v, e.seats),
    attackers: names(g, v, e.attackers),
    defenders: names(g, v, e.defenders),
    attack: e.attack ?? 0,
    defense: e.defense ?? 0,
    side,
    reason: e.reason ?? "",
  });
  if (s === k) return e.kind;
  // A sentence that opens with the side opens with a capital.
  return s.startsWith(side) ? side.charAt(0).toLocaleUpperCase(lang) + s.slice(1) : s;
}
