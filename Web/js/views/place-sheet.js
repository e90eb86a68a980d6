// A place's sheet, the same on the map and in AR (a tap on its label).
import { distanceText, h } from "../dom.js";
import { has, intlLocale, t } from "../strings.js";
import { paths } from "../api.js";
import { openingHoursText } from "../opening-hours.js";

/** A place's sheet: what it is, how far, route and AR, hours, address, levels, its interior and
 *  exterior photos, the plans of its levels. Shared with AR, where a tap on a place's label opens it. */
/** What kind of place it is in the reader's language ("amenity:library" → "library"); nothing for a
 *  kind without a translation rather than OpenStreetMap's English tag. */
export function kindText(kind) {
  const key = `kind.${kind?.split(":").pop()}`;
  return has(key) ? t(key) : null;
}

export function placeCard(place, away, { route, ar }) {
  const levels = place.tags?.["building:levels"] ?? place.tags?.level;
  return h("div", { class: "card", id: "place-sheet" },
    h("h3", { translate: "no" }, place.name),
    h("p", { class: "muted" }, [kindText(place.kind), away != null ? t("map.away", { distance: distanceText(away) }) : null].filter(Boolean).join(" · ")),
    h("div", { class: "row" },
      route ? h("button", { id: "route-here", onclick: route }, t("map.route")) : null,
      ar ? h("a", { class: "button secondary", id: "place-in-ar", href: "#/ar", onclick: ar }, t("map.viewInAR")) : null),
    place.description ? h("p", { translate: "no" }, place.description) : null,
    place.openingHours ? openingHours(place.openingHours) : null,
    place.address ? h("p", {}, h("strong", {}, t("place.address")), " ", h("span", { translate: "no" }, place.address)) : null,
    levels ? h("p", {}, h("strong", {}, t("place.levels")), " ", levels) : null,
    ...(place.photos ?? []).map((p) => h("img", { class: "photo", src: paths.placePhoto(place.id, p.id), alt: t(`place.photo.${p.kind}`) })),
    floorPlans(place.floorPlans ?? []));
}

/** "Open now, until 18:00" over the hours as mapped; only those when they say more than that reads. */
function openingHours(text) {
  const now = openingHoursText(text, new Date(), t, intlLocale());
  return h("p", { id: "place-hours" }, now ? h("strong", { id: "place-open-now" }, now) : h("strong", {}, t("place.hours")),
    // OpenStreetMap's own words for the hours ("Mo-Fr 09:00-17:00"), shown as they are.
    h("span", { class: "muted", style: now ? "display:block" : "", translate: "no" }, now ? text : ` ${text}`));
}

/** The plans of a building's levels: a button per level (the ground floor's first shown), one plan at a time. */
function floorPlans(plans) {
  if (!plans.length) return null;
  const picture = h("img", { class: "photo floor-plan", id: "floor-plan" });
  const buttons = plans.map((plan) => h("button", { type: "button", class: "secondary level", dataset: { level: plan.level }, onclick: () => show(plan) },
    t("place.level", { level: plan.level })));
  function show(plan) {
    picture.src = plan.url;
    picture.alt = t("place.plan", { level: plan.level });
    for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset.level === plan.level));
  }
  show(plans.find((p) => p.level === "0") ?? plans[0]);
  return h("section", { id: "floor-plans" }, h("h4", {}, t("place.plans")), h("div", { class: "row", role: "group", "aria-label": t("place.plans") }, ...buttons), picture);
}
