// Press: the public channel, one channel per other power, and a channel
// per group of powers, with unread counts kept per game in the browser and
// new messages arriving live. A game with public press only has the public
// channel alone; a game without press has a note instead.

import { api, ApiError, type Message, type PressMode } from "./api";
import { errorText } from "./errors";
import { fmtTime, t } from "./i18n";
import { h, toast } from "./ui";

const PUBLIC = "*";

export class Press {
  readonly el: HTMLElement;
  private msgs: Message[] = [];
  private seen = new Set<string>();
  private channel = PUBLIC;
  private read: Record<string, number>;
  private list = h("ol", { class: "messages", "aria-live": "polite" });
  private channels = h("div", { class: "channels", role: "tablist", "aria-label": t("press.channels") });
  private input = h("textarea", { id: "press-body", rows: 2, maxlength: 4000, "aria-label": t("press.write") });
  private last = 0;
  /** visible says whether the player can see the panel now (a tab on phones). */
  visible: () => boolean = () => true;
  /** onUnread is told the total unread count, for the tab's badge. */
  onUnread: (n: number) => void = () => {};

  /** label names a power for the reader (Diceplomacy's seats by their players' names). */
  constructor(readonly game: string, readonly me: string, readonly powers: string[], readonly user: string, readonly mode: PressMode = "full", readonly label: (power: string) => string = (p) => p) {
    this.read = JSON.parse(localStorage.getItem(this.storeKey()) ?? "{}") as Record<string, number>;
    if (mode === "none") {
      this.el = h("p", { class: "muted press-none", id: "press-none" }, t("press.none"));
      return;
    }
    const group = h("details", { class: "group" },
      h("summary", {}, t("press.newgroup")),
      h("div", { class: "group-pick" }, ...this.others().map((p) => h("label", {}, h("input", { type: "checkbox", value: p, class: "group-power" }), " " + this.label(p)))),
      h("button", {
        type: "button",
        onclick: () => {
          const picked = [...group.querySelectorAll<HTMLInputElement>(".group-power:checked")].map((i) => i.value);
          if (picked.length < 1) return;
          group.open = false;
          this.open(picked.length === 1 ? picked[0]! : [...picked].sort().join(","));
        },
      }, t("press.opengroup")),
    );
    const form = h("form", {
      class: "send",
      onsubmit: (e: Event) => {
        e.preventDefault();
        void this.send();
      },
    }, this.input, h("button", { type: "submit", class: "primary", id: "press-send" }, t("press.send")));
    // Who will read what is sent: a substitute inherits the power's press.
    const heirs = h("p", { class: "muted small", id: "press-heirs" }, t("press.heirs"));
    this.input.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        void this.send();
      }
    });
    this.el = mode === "public"
      ? h("div", { class: "press" }, h("p", { class: "muted small", id: "press-public-only" }, t("press.publiconly")), this.channels, this.list, form, heirs)
      : h("div", { class: "press" }, this.channels, group, this.list, form, heirs);
    this.draw();
  }

  private storeKey(): string {
    return `chancery.read.${this.user}.${this.game}`;
  }

  private others(): string[] {
    return this.powers.filter((p) => p !== this.me);
  }

  /** channelOf names a message's channel: * for all, a power, or powers joined by commas. */
  private channelOf(m: Message): string {
    const others = this.others();
    const who = new Set([m.from, ...m.to].filter((p) => p !== this.me));
    if (m.to.includes("all") || others.every((p) => who.has(p))) return PUBLIC;
    return [...who].sort().join(",");
  }

  async load(): Promise<void> {
    if (this.mode === "none") return;
    try {
      for (;;) {
        const page = await api.messages(this.game, this.last);
        page.forEach((m) => this.add(m, false));
        if (page.length < 1000) break;
      }
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 403)) throw e;
    }
    this.draw();
  }

  add(m: Message, redraw = true): void {
    if (this.mode === "none" || this.seen.has(m.id)) return;
    this.seen.add(m.id);
    this.msgs.push(m);
    this.last = Math.max(this.last, m.cursor);
    if (redraw) this.draw();
  }

  open(channel: string): void {
    this.channel = channel;
    this.draw();
    this.input.focus();
  }

  /** byChannel sorts the messages by channel, in one pass. */
  private byChannel(): Map<string, Message[]> {
    const out = new Map<string, Message[]>();
    for (const m of this.msgs) {
      const c = this.channelOf(m);
      const list = out.get(c);
      if (list) list.push(m);
      else out.set(c, [m]);
    }
    return out;
  }

  /** markRead counts the open channel read when the panel is on screen. */
  markRead(byChannel = this.byChannel()): void {
    if (!this.visible()) return;
    const max = Math.max(0, ...(byChannel.get(this.channel) ?? []).map((m) => m.cursor));
    if ((this.read[this.channel] ?? 0) < max) {
      this.read[this.channel] = max;
      localStorage.setItem(this.storeKey(), JSON.stringify(this.read));
    }
  }

  private unread(ch: string, msgs: Message[]): number {
    const r = this.read[ch] ?? 0;
    return msgs.filter((m) => m.from !== this.me && m.cursor > r).length;
  }

  draw(): void {
    if (this.mode === "none") return;
    const byChannel = this.byChannel();
    this.markRead(byChannel);
    const chans = this.mode === "public" ? [PUBLIC] : [PUBLIC, ...this.others()];
    for (const c of byChannel.keys()) if (!chans.includes(c)) chans.push(c);
    if (!chans.includes(this.channel)) chans.push(this.channel);
    let total = 0;
    this.channels.replaceChildren(
      ...chans.map((c) => {
        const n = this.unread(c, byChannel.get(c) ?? []);
        total += n;
        const label = c === PUBLIC ? t("press.public") : this.names(c.split(","));
        return h("button", {
          type: "button",
          role: "tab",
          class: "channel" + (c === this.channel ? " active" : ""),
          "aria-selected": c === this.channel ? "true" : "false",
          "data-channel": c,
          onclick: () => this.open(c),
        }, ...(typeof label === "string" ? [label] : label), n ? h("span", { class: "count", "aria-label": t("press.unread", { n }) }, String(n)) : null);
      }),
    );
    this.onUnread(total);
    const shown = byChannel.get(this.channel) ?? [];
    // Every message shown is of the open channel: its recipients read
    // "everyone" exactly when the channel is the public one.
    const everyone = this.channel === PUBLIC;
    this.list.replaceChildren(
      ...shown.map((m) =>
        h("li", { class: "msg" + (m.from === this.me ? " mine" : "") },
          // What players write is isolated from what surrounds it (bdi,
          // dir=auto): a right-to-left override in it reverses nothing else.
          h("div", { class: "meta" }, h("b", {}, h("bdi", {}, this.label(m.from))), " → ", ...(everyone ? [t("press.public")] : this.names(m.to)), " · ", h("time", { datetime: m.time }, fmtTime(m.time))),
          h("div", { class: "body", dir: "auto" }, m.body),
        ),
      ),
    );
    if (!shown.length) this.list.append(h("li", { class: "muted" }, t("press.empty")));
    this.list.scrollTop = this.list.scrollHeight;
  }

  /** names lists powers' labels, each isolated (Diceplomacy's are players' names). */
  private names(powers: string[]): (Node | string)[] {
    return powers.flatMap((p, i) => (i ? [", ", h("bdi", {}, this.label(p))] : [h("bdi", {}, this.label(p))]));
  }

  private async send(): Promise<void> {
    const body = this.input.value.trim();
    if (!body) return;
    const to = this.channel === PUBLIC ? [] : this.channel.split(",");
    try {
      const m = await api.send(this.game, to, body);
      this.input.value = "";
      this.add(m);
    } catch (e) {
      toast(errorText(e), "error");
    }
  }
}
