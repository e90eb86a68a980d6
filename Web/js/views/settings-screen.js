// Settings kept on this phone (../settings.js), each taking effect at once: what AR says aloud and
// buzzes for, narration at tour stops, whether a book's camera waits to be started, the map's style.
import { api, get, paths, session } from "../api.js";
import { h, say } from "../dom.js";
import { settings } from "../settings.js";
import { speak } from "../ar/announcer.js";
import { intlLocale, languages, t, translate } from "../strings.js";

export function render() {
  const screen = document.getElementById("screen");
  const toggle = (name) => {
    const box = h("input", { type: "checkbox", id: `setting-${name}`, checked: settings.get(name),
      onchange: () => { settings.set(name, box.checked); say(t("settings.saved")); } });
    return h("label", { class: "row setting" }, box, h("span", { class: "grow" }, t(`settings.${name}`), h("span", { class: "muted hint-text" }, t(`settings.${name}.hint`))));
  };
  // The language: the phone's, or one chosen here; the screen is drawn again in it at once.
  const language = h("select", { id: "setting-language" }, h("option", { value: "" }, t("settings.language.phone")),
    ...Object.entries(languages).map(([code, name]) => h("option", { value: code, lang: code }, name)));
  language.value = settings.get("language") ?? "";
  language.addEventListener("change", async () => {
    settings.set("language", language.value);
    translate();
    // Signed in, the account's e-mails follow the language too.
    const mails = session.token ? api("PATCH", paths.mySettings, { language: intlLocale() }).then(() => true, () => false) : true;
    dispatchEvent(new HashChangeEvent("hashchange"));
    say(await mails ? t("settings.saved") : t("settings.language.mailsNotSaved"));
  });
  const option = (value) => h("option", { value, selected: settings.get("mapStyle") === value }, t(`settings.mapStyle.${value}`));
  const style = h("select", { id: "setting-mapStyle" }, ...["streets", "light", "own"].map(option));
  // Satellite imagery only where this server has a source for it.
  get(paths.clientConfig).then((config) => {
    if (config.satelliteTileURL) style.append(option("satellite"));
    style.dataset.imagery = config.satelliteTileURL ? "yes" : "no";
  }).catch(() => { /* offline: the styles without imagery */ });
  style.addEventListener("change", () => { settings.set("mapStyle", style.value); say(t("settings.saved")); });
  const voice = globalThis.speechSynthesis
    ? h("button", { type: "button", class: "secondary", id: "try-voice", onclick: () => speak(t("settings.voiceSample")) }, t("settings.tryVoice"))
    : h("p", { class: "muted", id: "no-voice" }, t("settings.noVoice"));
  screen.append(h("h2", {}, t("settings.title")), h("p", { class: "muted" }, t("settings.onThisPhone")),
    h("section", { class: "card", "aria-labelledby": "settings-language" }, h("h3", { id: "settings-language" }, t("settings.language")),
      h("label", {}, t("settings.language.label"), language),
      session.token ? h("p", { class: "muted hint-text", id: "language-mails" }, t("settings.language.mails")) : null),
    h("section", { class: "card", "aria-labelledby": "settings-ar" }, h("h3", { id: "settings-ar" }, t("settings.ar")),
      toggle("speakTurns"), toggle("describeStickers"), toggle("buzzStickers"), voice),
    h("section", { class: "card", "aria-labelledby": "settings-tours" }, h("h3", { id: "settings-tours" }, t("settings.tours")), toggle("autoNarration"), toggle("ambientSound")),
    h("section", { class: "card", "aria-labelledby": "settings-books" }, h("h3", { id: "settings-books" }, t("settings.books")), toggle("askCamera")),
    h("section", { class: "card", "aria-labelledby": "settings-map" }, h("h3", { id: "settings-map" }, t("settings.map")),
      h("label", {}, t("settings.mapStyle"), style)));
}
