// My ads (StickARs, for advertiser accounts): write a sponsored sticker where I stand, the area around
// it whose visitors see it and for how long; edit a draft or a rejected one; submit it for review;
// follow it (waiting, showing, rejected with the moderator's reason, pulled) and pull it.
import { api, get, paths, post, session } from "../api.js";
import { h, say, showError } from "../dom.js";
import { currentPosition } from "../sensors/position.js";
import { dateText, t } from "../strings.js";
import { templates } from "../templates.js";

const radii = [100, 250, 500];
const lengths = [["86400", "ads.day"], ["604800", "ads.week"], ["2592000", "ads.month"]];

export async function render() {
  const screen = document.getElementById("screen");
  screen.append(h("h2", {}, t("ads.title")));
  if (!session.token) return void screen.append(h("p", {}, h("a", { href: "#/me" }, t("ads.loginFirst"))));
  let mine;
  try { mine = (await get(paths.myAds)).ads ?? []; } catch (error) {
    return void screen.append(h("p", { class: "notice", id: "ads-not-advertiser" }, error.code === "not_an_advertiser" ? t("ads.notAdvertiser") : error.message));
  }
  const list = h("ul", { class: "list", id: "my-ads" });
  const editor = await adForm(() => show());
  const show = async (ads) => {
    ads ??= (await get(paths.myAds)).ads ?? [];
    list.replaceChildren(...(ads.length ? ads.map((ad) => adItem(ad, () => show(), editor.edit)) : [h("li", { class: "muted" }, t("ads.none"))]));
  };
  screen.append(editor.form, h("h3", {}, t("ads.mine")), list);
  await show(mine);
}

/** One of my ads: its text, where its review stands, and what I can do with it now. */
function adItem(ad, changed, edit) {
  const act = (path) => async () => { try { await post(paths.adAction(ad.id, path)); await changed(); } catch (e) { say(e.message); } };
  const status = ad.status === "rejected" ? t("ads.status.rejected", { reason: ad.rejectReason ?? "" }) : t(`ads.status.${ad.status}`);
  return h("li", { class: `card ad-${ad.status}`, dataset: { ad: ad.id } },
    h("strong", {}, ad.draft.text || ad.draft.templateId),
    h("p", { class: "muted ad-status" }, status, " · ", t("ads.schedule", { from: dateText(ad.draft.startsAt), until: dateText(ad.draft.endsAt) })),
    h("div", { class: "row" },
      ad.status === "draft" ? h("button", { class: "ad-submit", onclick: act("submit") }, t("ads.submit")) : null,
      ad.status === "draft" || ad.status === "rejected" ? h("button", { class: "secondary ad-edit", onclick: () => edit(ad) }, t("ads.edit")) : null,
      ad.status === "pending" || ad.status === "approved" ? h("button", { class: "secondary ad-pull", onclick: act("pull") }, t("ads.pull")) : null));
}

async function adForm(changed) {
  // A 2D or 3D template I may use: the library's, and my own designs.
  const usable = [...(await templates()).values()].filter((x) => x.kind !== "text");
  const template = h("select", { id: "ad-template" }, ...usable.map((x) => h("option", { value: x.id }, x.name)));
  const text = h("input", { id: "ad-text", maxlength: 140 });
  const takesText = () => { text.disabled = !usable.find((x) => x.id === template.value)?.takesText; if (text.disabled) text.value = ""; };
  template.value = usable.find((x) => x.takesText)?.id ?? template.value;
  template.addEventListener("change", takesText);
  takesText();
  const color = h("input", { id: "ad-color", type: "color", value: "#ffd60a" });
  const radius = h("select", { id: "ad-radius" }, ...radii.map((r) => h("option", { value: r }, t("ads.radius", { metres: r }))));
  const length = h("select", { id: "ad-length" }, ...lengths.map(([seconds, key]) => h("option", { value: seconds }, t(key))));
  const error = h("p", { class: "error", role: "alert", id: "ad-error", hidden: true });
  const title = h("h3", {}, t("ads.new")), where = h("p", { class: "muted" }, t("ads.here"));
  let editing = null;  // the ad being edited: it keeps where it stands and its area
  const form = h("form", { class: "card", id: "ad-form" }, title, where,
    h("label", {}, t("ar.template"), template), h("label", {}, t("ar.text"), text), h("label", {}, t("ar.colour"), color),
    h("label", {}, t("ads.area"), radius), h("label", {}, t("ads.length"), length), error,
    h("button", { type: "submit", id: "ad-save" }, t("ads.save")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    const here = editing ? null : await currentPosition(10000);
    if (!editing && !here) { error.textContent = t("map.location.waiting"); error.hidden = false; return; }
    const now = new Date();
    const draft = { templateId: template.value, text: text.value, color: color.value.toUpperCase(), size: 0.8,
      anchor: editing?.draft.anchor ?? { latitude: here.latitude, longitude: here.longitude, altitude: here.altitude ?? 0, accuracy: Math.max(1, here.accuracy ?? 5) },
      area: editing?.draft.area ?? { ring: circle(here, Number(radius.value)) },
      startsAt: now.toISOString(), endsAt: new Date(now.getTime() + Number(length.value) * 1000).toISOString() };
    try {
      await api("PUT", paths.ad(editing?.id ?? crypto.randomUUID()), draft);
      say(t("ads.saved"));
      reset();
      await changed();
    } catch (e) { showError(error, e); }
  });
  function reset() {
    editing = null;
    form.reset(); takesText();
    title.textContent = t("ads.new"); where.textContent = t("ads.here");
    radius.disabled = false;
  }
  /** Fills the form with an ad to change (a draft, or a rejected one: saving makes it a draft again). */
  function edit(ad) {
    editing = ad;
    template.value = ad.draft.templateId; takesText();
    text.value = ad.draft.text;
    color.value = ad.draft.color.toLowerCase();
    radius.disabled = true;  // it keeps its area
    title.textContent = t("ads.editing"); where.textContent = t("ads.keepsPlace");
    form.scrollIntoView({ block: "start" });
    text.focus();
  }
  return { form, edit };
}

/** A circle of `metres` around a point as a 24-sided ring (flat earth: fine at a few hundred metres). */
function circle(centre, metres) {
  const perDegreeLatitude = 111_320, perDegreeLongitude = 111_320 * Math.cos(centre.latitude * Math.PI / 180);
  return Array.from({ length: 24 }, (_, i) => {
    const a = (i / 24) * 2 * Math.PI;
    return { latitude: centre.latitude + (metres * Math.cos(a)) / perDegreeLatitude, longitude: centre.longitude + (metres * Math.sin(a)) / perDegreeLongitude };
  });
}
