// Every string the page shows, in English, Japanese and French, and the
// numbers, dates and durations written by Intl in the viewer's language
// and time zone.

import { en } from "./messages/en";
import { fr } from "./messages/fr";
import { ja } from "./messages/ja";
import { articlesFr } from "./messages/articles.fr";
import { provincesFr } from "./messages/provinces.fr";
import { provincesJa } from "./messages/provinces.ja";
import { variantsFr } from "./messages/variants.fr";
import { variantsJa } from "./messages/variants.ja";

export type Key = keyof typeof en;
export type Catalogue = Record<Key, string>;

export const languages: Record<string, { name: string; messages: Catalogue }> = {
  en: { name: "English", messages: en },
  ja: { name: "日本語", messages: ja },
  fr: { name: "Français", messages: fr },
};

function initial(): string {
  const saved = localStorage.getItem("chancery.lang");
  if (saved && languages[saved]) return saved;
  for (const l of navigator.languages ?? [navigator.language]) {
    const code = l.slice(0, 2).toLowerCase();
    if (languages[code]) return code;
  }
  return "en";
}

export let lang = initial();
document.documentElement.lang = lang;

export function setLang(code: string): void {
  if (!languages[code]) return;
  lang = code;
  localStorage.setItem("chancery.lang", code);
  document.documentElement.lang = code;
}

/** known says whether the catalogues have a message for k. */
export const known = (k: string): k is Key => k in en;

// Intl's formatters are costly to build, and the page writes with a few
// only (every countdown each second, every message's time, every number
// of a message): each is built once per language and kept.
const formatters = new Map<string, unknown>();
function formatter<F>(name: string, make: () => F): F {
  const k = lang + " " + name;
  let f = formatters.get(k) as F | undefined;
  if (f === undefined) {
    f = make();
    formatters.set(k, f);
  }
  return f;
}

/** num writes a number as the language does ("1,234", "1 234"). */
export const num = (n: number): string => formatter("number", () => new Intl.NumberFormat(lang)).format(n);

/** plural is the language's plural category of n ("one", "other"...). */
export const plural = (n: number): Intl.LDMLPluralRule => formatter("plural", () => new Intl.PluralRules(lang)).select(n);

/** t returns a message with its {placeholders} filled; numbers are written for the language. */
export function t(key: Key, vars: Record<string, string | number> = {}): string {
  const msg = languages[lang]!.messages[key] ?? en[key] ?? key;
  return msg.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = vars[k];
    if (v === undefined) return "";
    return typeof v === "number" ? num(v) : v;
  });
}

/**
 * why explains an order's result, or why an order was refused, in the
 * viewer's language: from the reason's word and the province it refers to,
 * named by place. In English, and for a reason the catalogue does not
 * know, the server's message is the text: a variant's own explanation
 * (a railway's) is more precise than the reason's sentence.
 */
export function why(r: { order: string; reason?: string; where?: string; message?: string }, place: (id: string) => string): string {
  if (!r.reason || lang === "en") return r.message ?? "";
  let k = "why." + r.reason;
  if (r.reason === "wrong_unit_type") k += r.order.trim().toUpperCase().startsWith("F") ? ".F" : ".A";
  else if (r.where && k + ".at" in en) k += ".at";
  if (!known(k)) return r.message ?? "";
  const where = r.where ? place(r.where) || r.where.toUpperCase() : "";
  if (lang !== "fr" || !where) return t(k, { where });
  // French puts a province after its preposition as it names it in a
  // sentence: "de {where}" is "du Piémont", "de la Manche", "d’Édimbourg".
  const msg = fr[k].replace(/(^|\s)(à|de|vers) \{where\}/g, (_, sp: string, prep: "à" | "de" | "vers") => sp + frenchPlace(prep, where));
  return msg.replace(/\{where\}/g, where);
}

/**
 * frenchPlace writes a French preposition and a province's name as French
 * says them together. A city has no article: à Paris, de Paris,
 * d’Édimbourg. A region takes en, au or aux, and de without its article
 * but le's and les's: en Bourgogne, de Bourgogne, d’Espagne, au Piémont,
 * du Piémont, aux Pays-Bas, des Pays-Bas. A sea, and a region French
 * says one is "dans", keeps its article: dans la Manche, de la Manche,
 * dans le golfe du Lion, du golfe du Lion. vers takes the name with its
 * article: vers la Bourgogne, vers Paris. The names' forms are in
 * articles.fr.ts; a name not there (a city, a name the catalogue does not
 * translate) has no article.
 */
export function frenchPlace(prep: "à" | "de" | "vers", name: string): string {
  const form = articlesFr[name] ?? name;
  const inside = form.startsWith("dans ");
  const said = inside ? form.slice("dans ".length) : form;
  const [, art, bare] = /^(le |la |l’|les )?(.*)$/.exec(said)!;
  const elide = (s: string) => (/^[AEIOUÀÂÉÈÊÎÔÛŌŪaeiouàâéèêîôûōū]/.test(s) ? "d’" + s : "de " + s);
  switch (prep) {
    case "à":
      if (inside) return form;
      return art === "le " ? "au " + bare : art === "les " ? "aux " + bare : art ? "en " + bare! : "à " + bare;
    case "de":
      if (art === "le ") return "du " + bare;
      if (art === "les ") return "des " + bare;
      return inside ? "de " + said : elide(bare!);
    case "vers":
      return "vers " + said;
  }
}

export function variantTitle(name: string): string {
  const k = ("variant." + name) as Key;
  return k in en ? t(k) : name;
}

// Variants' descriptions and victory conditions by language, keyed
// "variant.<variant>.<description|victory>"; English has none of its own:
// the server's texts (GET /variants, read from the map files) are English.
const variantTexts: Record<string, Record<string, string>> = { fr: variantsFr, ja: variantsJa };

/**
 * variantText is a variant's description or victory condition in the
 * reader's language: its translation, else the server's text (English),
 * as GET /variants gives it.
 */
export function variantText(v: { name: string; description: string; victory: string }, what: "description" | "victory"): string {
  return variantTexts[lang]?.["variant." + v.name + "." + what] ?? v[what];
}

/**
 * powerName names a variant's power in the reader's language. The server's
 * name stays what the page sends back (a seat to join, press recipients)
 * and what orders are written with; a power the catalogue does not know
 * (Diceplomacy's seats) keeps it.
 */
export function powerName(variant: string, power: string): string {
  const k = ("power." + variant + "." + power) as Key;
  return k in en ? t(k) : power;
}

// Provinces' names by language, keyed "province.<variant>.<id>"; English
// has none of its own: the server's names are English.
const provinces: Record<string, Record<string, string>> = { fr: provincesFr, ja: provincesJa };

/**
 * provinceName names a variant's province (its id, "stp", without a coast)
 * in the reader's language, as powerName names a power; a province the
 * language has no name for (in English, or a variant not translated) is
 * named by fallback, the server's name. Abbreviations ("STP") are the
 * game's notation and stay as they are.
 */
export function provinceName(variant: string, id: string, fallback: string): string {
  return provinces[lang]?.["province." + variant + "." + id.split("/")[0]!.toLowerCase()] ?? fallback;
}

/** list joins names as the language writes a list ("A, B and C"). */
export const list = (names: string[]): string => formatter("list", () => new Intl.ListFormat(lang, { type: "conjunction" })).format(names);

export function phaseLabel(p: { season: string; year: number; type: string }): string {
  return t("phase.label", {
    season: t(("season." + p.season) as Key),
    year: String(p.year),
    type: t(("ptype." + p.type) as Key),
  });
}

/** paren puts an aside in brackets after what it qualifies, as the language writes them. */
export const paren = (text: string): string => t("paren", { text });

/** fmtDate writes a moment in the viewer's time zone, with the zone's name. */
export function fmtDate(iso: string): string {
  return formatter("date", () => new Intl.DateTimeFormat(lang, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZoneName: "short" })).format(new Date(iso));
}

export function fmtTime(iso: string): string {
  const d = new Date(iso);
  const today = new Date().toDateString() === d.toDateString();
  const f = today
    ? formatter("time", () => new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit" }))
    : formatter("daytime", () => new Intl.DateTimeFormat(lang, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }));
  return f.format(d);
}

// English reads the narrow units ("23h 5m"). Japanese narrow units are
// Latin letters, which read as English, and French ones lack the space
// French typography wants ("23h"): both take their short ones ("23 時間",
// "23 h 5 min").
const unit = (n: number, u: "day" | "hour" | "minute" | "second") =>
  formatter("unit." + u, () => new Intl.NumberFormat(lang, { style: "unit", unit: u, unitDisplay: lang === "en" ? "narrow" : "short" })).format(n);

/** duration writes a length of time in seconds with its two largest units ("1d 12h", "90s" as "1min 30s"). */
export function duration(seconds: number): string {
  const parts: string[] = [];
  let s = Math.max(0, Math.round(seconds));
  for (const [u, n] of [["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]] as const) {
    const k = Math.floor(s / n);
    s -= k * n;
    if (k > 0 && parts.length < 2) parts.push(unit(k, u));
  }
  return parts.join(" ") || unit(0, "second");
}

/** countdown writes the time left until a deadline ("2d 3h left"). */
export function countdown(iso: string, now = Date.now()): string {
  let s = Math.floor((new Date(iso).getTime() - now) / 1000);
  if (s <= 0) return t("clock.due");
  const d = Math.floor(s / 86400);
  s -= d * 86400;
  const hh = Math.floor(s / 3600);
  s -= hh * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  const time = d > 0 ? unit(d, "day") + " " + unit(hh, "hour") : hh > 0 ? unit(hh, "hour") + " " + unit(m, "minute") : unit(m, "minute") + " " + unit(s, "second");
  return t("clock.left", { time });
}
