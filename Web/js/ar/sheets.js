// What a tap in AR opens in the bottom sheet: a sticker (with its author's edit form and delete), a
// private sticker kept on this phone, one waiting to upload, a tour stop or its photo, an ad, a place from its label.
import { api, get, paths, session } from "../api.js";
import { h, say, viewpointText } from "../dom.js";
import { t } from "../strings.js";
import { stickerSheet } from "../views/sticker-sheet.js";
import { placeCard } from "../views/place-sheet.js";
import { adSheet } from "../ads.js";
import { forgetPrivate } from "../offline/private.js";
import { shownText, warningFields } from "../warnings.js";
import { mediaFields } from "../sticker-media.js";
import { audienceFields } from "./audience.js";
import { narrationPlayer } from "../narration.js";
import { narrateStop } from "./tour-stops.js";

export class ARSheets {
  /** `route`: the AR route (`start(to, name)`); `places`: id → place, for the labels' sheets. */
  constructor(world, sheet, route, places) {
    Object.assign(this, { world, sheet, route, places });
  }

  async show(o) {
    if (!o) return;
    const { sheet } = this;
    if (o.kind === "tour-stop" || o.kind === "tour-photo") return this.showStop(o);
    if (o.kind === "ad") return sheet.show(adSheet(o.data), "peek");
    if (o.kind !== "sticker") return sheet.show(h("div", { class: "card" }, h("h3", {}, o.data.name ?? t("ar.waypoint"))), "peek");
    const s = o.data;
    if (s.private) return sheet.show(this.privateCard(s));
    if (s.waiting) return sheet.show(h("div", { class: "card", id: "waiting-sheet" }, h("h3", {}, s.text || this.world.templates.get(s.templateId)?.name || t("map.sticker")),
      h("p", { class: "muted", role: "status" }, t("outbox.queued.one"))), "peek");
    let mine = false;
    if (session.token) try { mine = (await get(paths.me)).id === s.author?.id; } catch { /* not signed in any more */ }
    sheet.show(stickerSheet(s, o.placement?.distance ?? null, {
      route: () => this.route.start({ latitude: s.anchor.latitude, longitude: s.anchor.longitude }, shownText(s, t("map.sticker"))), onMap: false,
      extra: mine ? [await this.editForm(s), h("button", { class: "danger", onclick: async () => {
        try { await api("DELETE", paths.sticker(s.id)); this.world.remove(s.id); sheet.hide(); } catch (error) { say(error.message); }
      } }, t("ar.delete"))] : [] }));
  }

  /** A sticker this phone keeps to itself (a private session): what it is, and forgetting it. */
  privateCard(s) {
    return h("div", { class: "card", id: "private-sheet" }, h("h3", {}, s.text || this.world.templates.get(s.templateId)?.name || t("map.sticker")),
      h("p", { class: "muted" }, t("private.sheet")),
      h("button", { class: "danger", id: "forget-private", onclick: async () => { await forgetPrivate(s.id); this.world.remove(s.id); this.sheet.hide(); } }, t("private.forget")));
  }

  /** A tour stop's sheet (a tap, or arriving at it: then peeking, with its narration started when `play`). */
  showStop(o, { play = false } = {}) {
    this.sheet.show(tourStopCard(o.data), play ? "peek" : "half");
    narrateStop(o.data, { play }).then((result) => {
      if (result === "waiting") say(t("tours.narration.after"));
      if (result === "refused") say(t("tours.playNarration"));
    });
  }

  /** A place's sheet, from a tap on its label. */
  showPlace(id) {
    const place = this.places.get(id);
    if (!place) return;
    const here = this.world.position({ latitude: place.position.latitude, longitude: place.position.longitude, altitude: 0, altitudeMode: "relativeToDevice" });
    this.sheet.show(placeCard(place, here.distance, { route: () => this.route.start({ place: id }, place.name) }));
  }

  /** Editing (text, tags, colour, size, content warnings, sound or video and link, who sees it, the timer) returns a sticker to unpublished
   * (StickARs' state diagram); saving places it again. */
  async editForm(s) {
    const text = h("input", { id: "edit-text", value: s.text ?? "", maxlength: 140, disabled: !this.world.templates.get(s.templateId)?.takesText });
    const tags = h("input", { id: "edit-tags", value: (s.tags ?? []).join(" ") });
    const color = h("input", { id: "edit-color", type: "color", value: (s.color ?? "#ffd60a").toLowerCase() });
    const size = h("input", { id: "edit-size", type: "range", min: "0.2", max: "2", step: "0.1", value: String(s.size ?? 0.5) });
    const audience = await audienceFields(s), warnings = warningFields(s), media = mediaFields(s);
    const form = h("form", { class: "card", id: "edit-form" }, h("label", {}, t("ar.text"), text), h("label", {}, t("ar.tags"), tags),
      h("label", {}, t("ar.colour"), color), h("label", {}, t("ar.size"), size), ...warnings.elements, ...media.elements, ...audience.elements,
      h("button", { type: "submit", class: "secondary" }, t("ar.save")));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        const draft = { templateId: s.templateId, color: color.value.toUpperCase(), size: Number(size.value), orientation: s.orientation, anchor: s.anchor,
          ...audience.read(), ...warnings.read(), ...(await media.read()), text: text.disabled ? "" : text.value, tags: tags.value.split(/[\s,]+/).filter(Boolean), version: s.version };
        const edited = await api("PUT", paths.sticker(s.id), draft);
        const placed = await api("POST", paths.placeSticker(s.id));
        await this.world.addSticker(placed ?? edited);
        this.sheet.show(h("p", { class: "notice", id: "edited" }, t("ar.saved")), "peek");
      } catch (e) { say(e.message); }
    });
    return form;
  }
}

/** A tour stop's (or its photo's) card: its text, pictures and narration, and the way to its tour. */
/** A stop's sheet: its name, its narration on the page's one player (../narration.js), text and pictures. */
function tourStopCard(data) {
  const v = data.viewpoint, hasNarration = (data.media ?? []).some((m) => m.contentType.startsWith("audio/"));
  return h("div", { class: "card", id: "stop-sheet", dataset: { kind: data.kind ?? "" } }, h("h3", {}, data.name),
    hasNarration ? narrationPlayer() : null,
    v ? h("p", { class: "muted" }, viewpointText(v)) : null,
    h("p", {}, data.text),
    ...(data.media ?? []).filter((m) => m.contentType.startsWith("image/")).map((m) => h("img", { class: "photo", src: paths.media(m.id), alt: data.name })),
    h("a", { class: "button", href: `#/tours/${encodeURIComponent(data.slug)}` }, t("ar.openTour")));
}
