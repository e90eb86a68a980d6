// Discover's suggestions (popular tags, groups I am not in, popular stickers near me) and the group
// finder: search groups by name and join or leave one (a private group is found only by those it invited).
import { api, get, paths, session } from "../api.js";
import { distanceText, h, say } from "../dom.js";
import { currentPosition } from "../sensors/position.js";
import { t } from "../strings.js";
import { tagItem } from "./people.js";
import { shownText } from "../warnings.js";

/** "Suggested for you", filled in; empty parts are left out, and the whole when nothing is suggested. */
export async function suggestionsSection() {
  const here = await currentPosition();
  const where = here ? `?latitude=${here.latitude}&longitude=${here.longitude}` : "";
  const { tags = [], groups = [], stickers = [] } = await get(`${paths.suggestions}${where}`);
  if (!tags.length && !groups.length && !stickers.length) return null;
  return h("section", { id: "suggestions", "aria-labelledby": "suggestions-title" }, h("h3", { id: "suggestions-title" }, t("suggest.title")),
    stickers.length ? [h("p", { class: "muted" }, t("suggest.stickers")), h("ul", { class: "list", id: "suggested-stickers" },
      ...stickers.slice(0, 5).map(({ sticker, distance }) => h("li", { class: "card row" },
        h("a", { class: "grow", translate: sticker.text ? "no" : null, href: `#/map/sticker/${sticker.id}` }, shownText(sticker, t("map.sticker"))), h("span", { class: "muted" }, distanceText(distance)))))] : null,
    tags.length ? [h("p", { class: "muted" }, t("suggest.tags")), h("ul", { class: "list chips", id: "suggested-tags" }, ...tags.slice(0, 6).map(tagItem))] : null,
    groups.length ? [h("p", { class: "muted" }, t("suggest.groupsToJoin")), h("ul", { class: "list", id: "suggested-groups" }, ...groups.slice(0, 5).map(groupItem))] : null);
}

/** The group finder: as-you-type search by name, largest first. */
export function groupFinder() {
  const found = h("ul", { class: "list", id: "groups-found", "aria-live": "polite" });
  const search = h("input", { type: "search", id: "group-search", "aria-label": t("suggest.groups.search"), placeholder: t("suggest.groups.search") });
  let latest = 0;
  search.addEventListener("input", async () => {
    const q = search.value.trim(), mine = ++latest;
    if (!q) return found.replaceChildren();
    const groups = (await get(`${paths.searchGroups}?q=${encodeURIComponent(q)}`)).groups ?? [];
    if (mine !== latest) return;  // a newer keystroke already asked
    found.replaceChildren(...(groups.length ? groups.map(groupItem) : [h("li", { class: "muted" }, t("suggest.groups.none", { q }))]));
  });
  return h("section", { "aria-labelledby": "groups-title" }, h("h3", { id: "groups-title" }, t("suggest.groups")), search, found);
}

/** A group with its size, and a button to join it or leave it. */
function groupItem(group) {
  const state = h("span", { class: "muted" });
  const action = h("button", { class: "secondary join-group" });
  const draw = () => {
    state.textContent = ` · ${t(group.isPrivate ? "groups.private" : "groups.open")} · ${t("groups.members", { count: group.members })}`;
    action.textContent = group.member ? t("groups.leave") : t("groups.join");
  };
  action.addEventListener("click", async () => {
    if (!session.token) return say(t("suggest.groups.loginFirst"));
    try {
      await api(group.member ? "DELETE" : "PUT", paths.groupMembership(group.id));
      group.members += group.member ? -1 : 1;
      group.member = !group.member;
      draw();
      say(t(group.member ? "suggest.groups.joined" : "suggest.groups.left", { name: group.name }));
    } catch (error) { say(error.message); }
  });
  draw();
  return h("li", { class: "card row", dataset: { group: group.id } }, h("span", { class: "grow" }, h("strong", { translate: "no" }, group.name), state), action);
}
