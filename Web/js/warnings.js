// Content warnings (StickARs): the author says a sticker is graphic or for adults only. Such a sticker
// is veiled wherever it appears (feed, profile, sheet, map label, AR, spoken description) until the
// person taps to see it; the server never sends an adults-only one to anyone under 18 or signed out.
import { session } from "./api.js";
import { h } from "./dom.js";
import { t } from "./strings.js";

const kinds = ["graphic", "age-restricted"];
// Sticker ids shown on a tap, for this visit and this account: someone else signing in on the phone
// has not chosen to see them.
const revealed = { ids: new Set(), token: null };
const revealedIds = () => {
  if (revealed.token !== session.token) revealed.ids = new Set();
  revealed.token = session.token;
  return revealed.ids;
};

/** The sticker's warnings, and whether it is still veiled here. */
export const warningsOf = (s) => (s?.contentWarnings ?? []).filter((w) => kinds.includes(w));
export const isVeiled = (s) => warningsOf(s).length > 0 && !revealedIds().has(s.id);

/** What is said in place of a veiled sticker: "Content warning: graphic". */
export const warningText = (s) => t("warning.label", { what: warningsOf(s).map((w) => t(`warning.${w}`)).join(", ") });

/** `content` (elements showing the sticker), veiled behind a button when the sticker carries a warning. */
export function veiled(s, ...content) {
  if (!isVeiled(s)) return content;
  const hidden = h("div", { class: "veiled-content", "aria-hidden": "true", inert: true }, ...content);
  const button = h("button", { type: "button", class: "veil", "aria-label": `${warningText(s)}. ${t("warning.show")}` },
    h("strong", {}, warningText(s)), h("span", {}, t("warning.show")));
  const box = h("div", { class: "veiled", dataset: { warning: warningsOf(s).join(" ") } }, hidden, button);
  button.addEventListener("click", (event) => {
    event.preventDefault(); event.stopPropagation();
    reveal(s.id);
    box.replaceWith(...hidden.childNodes);
  });
  return [box];
}

/** Shows the sticker everywhere for the rest of the visit (AR redraws its card on the event). */
export function reveal(id) {
  revealedIds().add(id);
  dispatchEvent(new CustomEvent("worldlayer:revealed", { detail: { id } }));
}

/** The placing and editing form's two boxes, ticked from `current`; `read()` gives the draft's field. */
export function warningFields(current = {}) {
  const boxes = kinds.map((w) => h("input", { type: "checkbox", id: `warning-${w}`, value: w, checked: warningsOf(current).includes(w) }));
  return {
    elements: [h("fieldset", { class: "warnings" }, h("legend", {}, t("warning.fields")),
      ...boxes.map((box) => h("label", { class: "check" }, box, t(`warning.field.${box.value}`))))],
    read: () => ({ contentWarnings: boxes.filter((b) => b.checked).map((b) => b.value) }),
  };
}

/** The words that stand for a sticker in a list, a map label or speech: the warning while it is veiled. */
export const shownText = (s, fallback) => (isVeiled(s) ? warningText(s) : s.text || fallback);
