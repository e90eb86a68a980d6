// Sponsored stickers (StickARs' ads): shown to people standing inside an approved ad's area during its
// schedule, on the map and in AR, always labelled "Sponsored"; advertisers write theirs on #/ads.
import { get, paths } from "./api.js";
import { h } from "./dom.js";
import { dateText, t } from "./strings.js";
import { stickerPicture, templates } from "./templates.js";

/** The ads someone standing at `position` sees now, nearest first. */
export async function adsHere(position) {
  if (position?.latitude == null) return [];
  return (await get(`${paths.adsNearby}?latitude=${position.latitude}&longitude=${position.longitude}`)).ads ?? [];
}

/** The label every ad carries, wherever it shows. */
export const sponsoredBy = (ad) => t("ads.sponsoredBy", { advertiser: ad.advertiser });

/** An ad's sheet: who pays for it, its picture and text, and until when it shows. */
export function adSheet(ad) {
  const picture = h("span", {});
  templates().then((all) => picture.replaceWith(stickerPicture(ad, all))).catch(() => { /* the text stands alone */ });
  return h("div", { class: "card", id: "ad-sheet", dataset: { ad: ad.id } },
    h("p", { class: "sponsored" }, sponsoredBy(ad)),
    h("div", { class: "post", style: "border:0;padding:0" }, picture,
      h("div", { class: "grow" }, ad.text ? h("h3", {}, ad.text) : null,
        h("p", { class: "muted" }, t("ads.until", { when: dateText(ad.endsAt) })))));
}
