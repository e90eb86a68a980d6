// Every text the client shows, in English, Finnish and Swedish (./i18n/), in ICU message format:
// t("key", {name}) fills {name} in the chosen language. The language follows the phone's (the
// first of navigator.languages this client speaks) unless chosen in Settings. Two pseudo-languages
// show what is not translated: "en-XA" (every text accented and bracketed) and "ar-XB" (the same,
// right to left); the browser tests walk every screen in them.
import en from "./i18n/en.js";
import fi from "./i18n/fi.js";
import sv from "./i18n/sv.js";
import { formatMessage } from "./i18n/message-format.js";
import { kept, keys } from "./kept.js";

const tables = { en, fi, sv };
/** The languages a person can choose, each named in itself. */
export const languages = { en: "English", fi: "Suomi", sv: "Svenska" };
const pseudo = { "en-XA": { base: "en", dir: "ltr" }, "ar-XB": { base: "en", dir: "rtl" } };

/** The language chosen in Settings ("" for the phone's), read where settings are kept. */
const chosen = () => kept.json(keys.settings, {}).language ?? "";

/** The language texts are shown in now: en, fi, sv, or a pseudo-language. */
export function locale() {
  const wanted = chosen();
  if (tables[wanted] || pseudo[wanted]) return wanted;
  for (const tag of globalThis.navigator?.languages ?? []) {
    const primary = tag.toLowerCase().split("-")[0];
    if (tables[primary]) return primary;
    if (primary === "nb" || primary === "nn" || primary === "no" || primary === "da") return "sv";  // the nearest we have
  }
  return "en";
}

/** Whether there is a text for `key`. */
export function has(key) { return key in en; }

/** Accents each letter and brackets the text, a third longer: what was not translated stands out. */
function pseudoText(text) {
  const accents = { a: "á", e: "é", i: "í", o: "ó", u: "ú", y: "ý", A: "Á", E: "É", I: "Í", O: "Ó", U: "Ú", n: "ñ", c: "ç", s: "š", z: "ž" };
  let out = "", depth = 0;
  for (const c of text) {
    if (c === "{") depth++;
    if (c === "}") depth--;
    out += depth > 0 || c === "}" ? c : accents[c] ?? c;
  }
  return `⟦${out}${"·".repeat(Math.ceil(text.length / 3) > 12 ? 12 : Math.ceil(text.length / 3))}⟧`;
}

export function t(key, values = {}) {
  const language = locale(), fake = pseudo[language];
  const table = tables[fake ? fake.base : language];
  const text = table[key] ?? en[key] ?? key;
  return formatMessage(fake ? pseudoText(text) : text, values, fake ? "en" : language);
}

/** The language's way with numbers, dates and times. */
export const numberFormat = (options) => new Intl.NumberFormat(intlLocale(), options);
export const dateText = (date, options) => new Date(date).toLocaleDateString(intlLocale(), options);
export const dateTimeText = (date, options) => new Date(date).toLocaleString(intlLocale(), options);
export const timeText = (date, options) => new Date(date).toLocaleTimeString(intlLocale(), options);
/** What Intl is told: a pseudo-language formats as English. */
export const intlLocale = () => (pseudo[locale()] ? "en" : locale());

/** Fills every element with data-text="key" under `root`, and says the page's language and direction. */
export function translate(root = document) {
  for (const el of root.querySelectorAll("[data-text]")) el.textContent = t(el.dataset.text);
  for (const el of root.querySelectorAll("[data-label]")) el.setAttribute("aria-label", t(el.dataset.label));
  if (root === document) {
    document.documentElement.lang = locale();
    document.documentElement.dir = pseudo[locale()]?.dir ?? "ltr";
  }
}
