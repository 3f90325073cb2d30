// Who keeps the game going: the policy for missed orders, the game master
// and, for the master, the controls (pause, resume, extend, replace a
// player, each with a reason); the players' vote to pause a game without
// a master; the seats a bot plays for an absent person, said on the page;
// and the game's public log.

import { api, type DiplomacyGame, type Lengths, type LogEntry } from "../api";
import { errorText } from "../errors";
import { duration, fmtDate, list, t, type Key } from "../i18n";
import { lengthField, zones } from "../lobby";
import { scheduleWords } from "../seats";
import { h, kept, toast, type Kept } from "../ui";
import type { Ctx } from "./state";

/** policyText says the game's policy for missed orders. */
export function policyText(g: DiplomacyGame): string {
  const m = g.missed_orders;
  const level = t(("bot." + m.level) as Key).toLowerCase();
  if (m.policy === "bot") return t("master.policy.bot", { level, n: m.after });
  if (m.policy === "extend") return m.after > 0 ? t("master.policy.extend", { level, n: m.after, time: duration(m.extend_seconds) }) : t("master.policy.extendhold", { time: duration(m.extend_seconds) });
  return t("master.policy.hold");
}

/** seatNotice says, above the board, which seats a bot plays for an absent person and which wait for a substitute. */
export function seatNotice(ctx: Ctx): HTMLElement {
  const box = h("div", { class: "seat-notice", id: "seat-notice", role: "status" });
  ctx.store.on(["g"], (s) => {
    const g = s.g;
    const lines: HTMLElement[] = [];
    if (g.status === "active") {
      for (const p of g.powers) {
        if (p.away && p.power === g.my_power) lines.push(h("p", { class: "away-you" }, t("seat.away.you")));
        else if (p.away) lines.push(h("p", { "data-away": p.power }, t("seat.away", { power: ctx.pname(p.power), name: p.player ?? "" })));
        else if (p.wanted) lines.push(h("p", { "data-wanted": p.power }, t(p.bot ? "seat.wanted" : "seat.wanted.hold", { power: ctx.pname(p.power) })));
      }
      if (g.paused) lines.unshift(h("p", { class: "paused-note", id: "paused-note" }, t("master.paused", { time: duration(g.paused_left_seconds) })));
    }
    box.replaceChildren(...lines);
    box.hidden = lines.length === 0;
  });
  return box;
}

/** logLine says one entry of the log in the reader's words. */
function logLine(ctx: Ctx, e: LogEntry): string {
  const vars = {
    who: e.who || t("log.server"),
    power: e.power ? ctx.pname(e.power) : "",
    user: e.user ?? "",
    time: duration(e.seconds ?? 0),
    n: e.missed ?? 0,
  };
  const key: Key = e.action === "master" && !e.user ? "log.master.none" : (("log." + e.action) as Key);
  const text = e.action === "lengths"
    ? t("log.lengths", { who: vars.who, schedule: scheduleWords({ phase_deadline_seconds: e.seconds ?? 0, retreat_deadline_seconds: e.retreat_seconds, adjustment_deadline_seconds: e.adjustment_seconds, deadline_at: e.deadline_at }) })
    : t(key, vars);
  return e.reason ? text + " " + t("log.reason", { reason: e.reason }) : text;
}

/** stewardPane is the game master's part of the powers pane: who keeps the game, the policy, the controls and the log. */
export function stewardPane(ctx: Ctx): HTMLElement {
  const facts = h("div", { class: "steward-facts" });
  const controls = h("div", { class: "master-controls" });
  const log = h("ol", { class: "game-log", id: "game-log" });
  const pane = h("section", { class: "steward", id: "steward", "aria-labelledby": "steward-h" },
    h("h3", { id: "steward-h" }, t("master.title")), facts, controls, h("h3", {}, t("log.title")), log);
  let logVersion = -1;
  const readLog = async (g: DiplomacyGame) => {
    if (g.version === logVersion) return;
    logVersion = g.version;
    try {
      const { entries } = await api.log(g.id);
      log.replaceChildren(...(entries.length ? entries.map((e) => h("li", { "data-action": e.action },
        h("time", { class: "muted small", datetime: e.at }, fmtDate(e.at)), " ", logLine(ctx, e))) : [h("li", { class: "muted" }, t("log.none"))]));
    } catch {
      logVersion = -1; // read again with the next change
    }
  };
  // The controls are drawn again only when what they show changed, and
  // keep what the master typed when they are: another player's move (a
  // player ready, a phase played) does not wipe a reason half written.
  const form = kept(controls);
  let drawn = "";
  ctx.store.on(["g"], (s) => {
    const g = s.g;
    facts.replaceChildren(
      h("p", { id: "master-line" }, g.you_master ? t("master.you") : g.master ? t("master.name", { name: g.master }) : t("master.none")),
      h("p", { class: "muted small", id: "policy-line" }, policyText(g)),
      g.pause_votes.length ? h("p", { class: "muted small" }, t("master.votes", { powers: list(g.pause_votes.map(ctx.pname)) })) : "",
    );
    const now = controlsKey(g);
    if (now !== drawn) {
      drawn = now;
      form.draw(...masterControls(ctx, g, form));
    }
    if (g.status !== "forming") void readLog(g);
  });
  return pane;
}

/** controlsKey is what the master's controls show of g: they are drawn again when it changes. */
function controlsKey(g: DiplomacyGame): string {
  return JSON.stringify([g.id, g.status, g.you_master, g.master, g.my_power, g.paused, g.paused && g.paused_left_seconds, g.pause_votes,
    g.powers.map((p) => [p.power, p.player, p.alive, p.away]),
    g.phase_deadline_seconds, g.retreat_deadline_seconds, g.adjustment_deadline_seconds, g.deadline_at]);
}

/**
 * masterControls are the master's buttons (pause or resume, extend,
 * replace or remove a player, hand the role to another: an empty name
 * leaves the game without a master), or a player's vote to pause a game
 * without a master.
 */
function masterControls(ctx: Ctx, g: DiplomacyGame, form: Kept): HTMLElement[] {
  if (g.status !== "active") return [];
  const act = async (action: Parameters<typeof api.master>[1], body: Parameters<typeof api.master>[2]) => {
    try {
      await api.master(g.id, action, body);
      toast(t("master.done"));
      form.forget();
      reason.value = "";
      ctx.reload();
    } catch (e) {
      toast(errorText(e), "error");
    }
  };
  if (!g.you_master) {
    const mine = g.powers.find((p) => p.power === g.my_power);
    if (g.master || !mine || !mine.alive || mine.away) return [];
    return [g.paused
      ? h("button", { type: "button", id: "vote-resume", onclick: () => void act("resume", {}) }, t("master.resume"))
      : h("button", { type: "button", id: "vote-pause", disabled: g.pause_votes.includes(mine.power), onclick: () => void act("pause", {}) }, t("master.votepause"))];
  }
  const reason = h("input", { id: "master-reason", maxlength: 200, autocomplete: "off" });
  const why = () => (reason.value.trim() ? { reason: reason.value.trim() } : {});
  const hours = h("select", { id: "master-extend-by", "aria-label": t("master.extend") },
    ...[3600, 6 * 3600, 86400, 3 * 86400].map((s) => h("option", { value: s }, duration(s))));
  const held = g.powers.filter((p) => p.player).map((p) => p.power);
  const successor = h("input", { id: "master-appoint-name", maxlength: 32, autocomplete: "off" });
  const seat = h("select", { id: "master-replace-power", "aria-label": t("master.replace") }, ...held.map((p) => h("option", { value: p }, ctx.pname(p))));
  // A paused game resumes with the time that was left, or a new time.
  const resumeWith = h("select", { id: "master-resume-with", "aria-label": t("master.resume.with") },
    h("option", { value: 0 }, t("master.resume.left", { time: duration(g.paused_left_seconds) })),
    ...[3600, 6 * 3600, 86400, 2 * 86400, 3 * 86400, 7 * 86400].map((s) => h("option", { value: s }, t("master.resume.new", { time: duration(s) }))));
  return [
    h("div", { class: "field" }, h("label", { for: "master-reason" }, t("master.reason")), reason),
    h("div", { class: "row" },
      g.paused
        ? [h("label", { for: "master-resume-with" }, t("master.resume.with")), resumeWith,
          h("button", { type: "button", id: "master-resume", class: "primary", onclick: () => void act("resume", { ...why(), seconds: Number(resumeWith.value) }) }, t("master.resume"))]
        : h("button", { type: "button", id: "master-pause", onclick: () => void act("pause", why()) }, t("master.pause"))),
    h("div", { class: "row" }, h("label", { for: "master-extend-by" }, t("master.extend")), hours,
      h("button", { type: "button", id: "master-extend", onclick: () => void act("extend", { ...why(), seconds: Number(hours.value) }) }, t("master.extend.go"))),
    held.length
      ? h("div", { class: "row" }, h("label", { for: "master-replace-power" }, t("master.replace")), seat,
        h("button", { type: "button", id: "master-replace", class: "danger", onclick: () => void act("replace", { ...why(), power: seat.value }) }, t("master.replace.go")),
        h("button", { type: "button", id: "master-remove", class: "danger", onclick: () => void act("remove", { ...why(), power: seat.value }) }, t("master.remove.go")))
      : h("span", {}),
    h("div", { class: "row" }, h("label", { for: "master-appoint-name" }, t("master.appoint")), successor,
      h("button", { type: "button", id: "master-appoint", onclick: () => void act("master", { ...why(), user: successor.value.trim() }) }, t("master.appoint.go"))),
    lengthsForm(g, (body) => void act("lengths", { ...why(), ...body })),
  ];
}

/**
 * lengthsForm is the master's form of the game's schedule, filled with
 * the game's: the length of its phases, of its retreats and builds, and
 * deadlines at a time of day. The phase being played keeps its deadline.
 */
function lengthsForm(g: DiplomacyGame, send: (body: Lengths) => void): HTMLElement {
  const length = lengthField("master-length", g.phase_deadline_seconds);
  const minutes = (s?: number) => (s ? String(s / 60) : "");
  const retreat = h("input", { id: "master-retreat", type: "number", min: 1, step: 1, class: "length-n", value: minutes(g.retreat_deadline_seconds) });
  const adjust = h("input", { id: "master-adjust", type: "number", min: 1, step: 1, class: "length-n", value: minutes(g.adjustment_deadline_seconds) });
  const at = g.deadline_at;
  const daily = h("input", { id: "master-daily", type: "checkbox", checked: !!at });
  const dailyTime = h("input", { id: "master-daily-time", type: "time", value: at?.time ?? "20:00", step: 60 });
  const zoneList = zones();
  if (at && !zoneList.includes(at.zone)) zoneList.unshift(at.zone);
  const dailyZone = h("select", { id: "master-daily-zone" }, ...zoneList.map((z) => h("option", { value: z }, z)));
  if (at) dailyZone.value = at.zone;
  const weekends = h("input", { id: "master-daily-weekends", type: "checkbox", checked: !!at?.skip_weekends });
  const dailyRows = h("div", { class: "daily" },
    h("div", { class: "field" }, h("label", { for: "master-daily-time" }, t("lobby.daily.time")), dailyTime),
    h("div", { class: "field" }, h("label", { for: "master-daily-zone" }, t("lobby.daily.zone")), dailyZone),
    h("div", { class: "field check" }, weekends, h("label", { for: "master-daily-weekends" }, t("lobby.daily.weekends"))));
  dailyRows.hidden = !at;
  daily.addEventListener("change", () => (dailyRows.hidden = !daily.checked));
  const go = () => send({
    phase_deadline_seconds: Number(length.secs.value),
    retreat_deadline_seconds: retreat.value ? Math.round(Number(retreat.value) * 60) : 0,
    adjustment_deadline_seconds: adjust.value ? Math.round(Number(adjust.value) * 60) : 0,
    deadline_at: daily.checked ? { time: dailyTime.value, zone: dailyZone.value, skip_weekends: weekends.checked } : null,
  });
  return h("details", { class: "master-lengths", id: "master-lengths" },
    h("summary", {}, t("master.lengths")),
    h("div", { class: "field" }, h("label", { for: "master-length-n" }, t("lobby.length")), length.el),
    h("div", { class: "phases" },
      h("div", { class: "field" }, h("label", { for: "master-retreat" }, t("lobby.retreat")), retreat),
      h("div", { class: "field" }, h("label", { for: "master-adjust" }, t("lobby.adjust")), adjust)),
    h("div", { class: "field check" }, daily, h("label", { for: "master-daily" }, t("lobby.daily"))),
    dailyRows,
    h("p", { class: "muted small" }, t("master.lengths.note")),
    h("button", { type: "button", id: "master-lengths-go", onclick: go }, t("master.lengths.go")));
}
