// Who follows me, each removable: their view of my followers-only stickers ends at once.
import { api, get, paths } from "../api.js";
import { h, say } from "../dom.js";
import { t } from "../strings.js";

export async function myFollowersSection(me) {
  const people = (await get(paths.followers(me.username)).catch(() => ({ people: [] }))).people;
  const list = h("ul", { class: "list", id: "my-followers" }, ...(people.length ? people.map((person) => {
    const row = h("li", { class: "card row" }, h("a", { class: "grow", href: `#/people/${encodeURIComponent(person.username)}` }, person.displayName || person.username),
      h("button", { class: "secondary", onclick: async () => {
        try {
          await api("DELETE", paths.myFollower(person.username));
          row.remove();
          say(t("me.followers.removed", { username: person.username }));
        } catch (error) { say(error.message); }
      } }, t("me.followers.remove")));
    return row;
  }) : [h("li", { class: "muted" }, t("me.followers.none"))]));
  return h("section", { id: "followers-section" }, h("h3", {}, t("me.followers")), list);
}
