// Tours: the list, and a tour's entry: an open tour is walked by anyone (stamps need an account);
// a guided tour asks for a passkey from the guide (./tour-walk.js walks either).
import { inLanguage } from "../tour-language.js";
import { get, participants, paths, post, session } from "../api.js";
import { h, showError } from "../dom.js";
import { t } from "../strings.js";
import { walk } from "./tour-walk.js";

export async function renderList() {
  const tours = (await get(paths.tours)).tours.map((x) => inLanguage(x));
  document.getElementById("screen").append(h("h2", {}, t("tours.title")), h("ul", { class: "list", id: "tours" }, ...tours.map((tour) =>
    h("li", { class: "card" }, h("a", { href: `#/tours/${encodeURIComponent(tour.slug)}` },
      tour.cover ? h("img", { src: paths.media(tour.cover.id), alt: "" }) : null,
      h("span", {}, h("strong", { translate: "no", lang: tour.textLanguage }, tour.title), h("br"),
        h("span", { class: "muted" }, t(tour.mode === "guided" ? "tours.guided" : "tours.open", { stops: tour.stopCount }))))))));
}

/** A tour's page; `stopId` (a stop's link, from its QR code) opens that stop as arriving there would. */
export async function render(slug, stopId) {
  const summary = (await get(paths.tours)).tours.find((x) => x.slug === slug || x.id === slug);
  if (!summary) throw new Error(t("tours.none"));
  if (summary.mode === "guided") {
    const participant = participants.get(summary.id);
    return participant ? walk(summary, participant.token, participant, stopId) : passkey(summary);
  }
  return walk(summary, session.token, null, stopId);
}

/** No way past without a valid passkey: the guide hands them out. */
function passkey(summary) {
  const key = h("input", { name: "passkey", id: "passkey", autocomplete: "off", autocapitalize: "characters", placeholder: "XXXX-XXXX", required: true });
  const name = h("input", { name: "displayName", id: "passkey-name", autocomplete: "name" });
  const error = h("p", { class: "error", role: "alert", id: "passkey-error" });
  const form = h("form", { class: "card", id: "passkey-form" }, h("label", {}, t("tours.passkey"), key), h("label", {}, t("tours.yourName"), name),
    h("button", { type: "submit" }, t("tours.join")), error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const joined = await post(paths.tourRedeem(summary.id), { passkey: key.value.trim(), displayName: name.value.trim() || undefined, participantId: crypto.randomUUID() }, null);
      participants.set(summary.id, { token: joined.token, groupId: joined.participant.groupId, name: joined.participant.displayName });
      dispatchEvent(new HashChangeEvent("hashchange"));
    } catch (e) { showError(error, e); }
  });
  // Element.append writes null as "null": only what there is.
  document.getElementById("screen").append(...[h("h2", {}, summary.title), summary.description ? h("p", {}, summary.description) : null,
    h("p", { class: "notice" }, t("tours.needPasskey")), form,
    session.token ? h("p", {}, h("a", { href: `#/tours/${encodeURIComponent(summary.slug)}/guide`, id: "guide-link" }, t("tours.guide"))) : null].filter(Boolean));
}
