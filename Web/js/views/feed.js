// Feed: what the people, tags and groups I follow posted, newest first: each card shows the
// sticker's picture, its author (→ profile), when, how far and why it is here; a tap opens it on the map.
// It follows the feed live: a new post shows a "New posts" button at the top (the list does not jump
// while I read), and after a dropped connection the list is read again.
import { get, paths, session } from "../api.js";
import { live } from "../live.js";
import { ago, distanceText, h } from "../dom.js";
import { currentPosition } from "../sensors/position.js";
import { t } from "../strings.js";
import { stickerPicture, templateName, templates } from "../templates.js";
import { veiled } from "../warnings.js";

export async function render() {
  const screen = document.getElementById("screen");
  screen.append(h("h2", {}, t("feed.title")));
  if (!session.token) return screen.append(h("p", {}, h("a", { href: "#/me" }, t("feed.loginFirst"))));
  const position = await currentPosition();
  const where = position ? `?latitude=${position.latitude}&longitude=${position.longitude}` : "";
  const all = await templates().catch(() => new Map());
  const list = h("div", { id: "feed-list" });
  const liveState = h("p", { class: "live-state", id: "feed-live", role: "status", "data-state": "connecting" }, "");
  const newPosts = h("button", { id: "feed-new", class: "secondary", hidden: true, onclick: () => load().catch(() => { /* shown as it was */ }) }, t("feed.new"));
  async function load() {
    const { items } = await get(`${paths.feed}${where}`);
    newPosts.hidden = true;
    list.replaceChildren(items.length ? h("ul", { class: "list", id: "feed" }, ...items.map((item) => h("li", {}, postCard(item.sticker, all, {
      distance: item.distance, reason: t(`feed.reason.${item.reason}`, { who: item.sticker.author?.username ?? "" }) }))))
      : h("p", { class: "muted" }, t("feed.empty")));
  }
  screen.append(liveState, newPosts, list);
  await load();
  let wasLive = false;
  const feed = live({
    onEvent: () => { newPosts.hidden = false; },
    onState: (state) => {
      liveState.dataset.state = state;
      liveState.textContent = t(`live.${state}`);
      if (state === "live" && wasLive) load().catch(() => { /* shown as it was */ });
      wasLive ||= state === "live";
    },
  });
  feed.follow([], undefined, ["feed"]);
  return () => feed.close();
}

/** A sticker as a card: picture, text, author, time, distance; a tap opens it on the map (veiled first when
 *  it carries a content warning). Shared with profiles. */
export function postCard(s, all, { distance, reason } = {}) {
  const author = s.author?.username;
  return h("div", { class: "post", dataset: { sticker: s.id } }, ...veiled(s,
    h("a", { href: `#/map/sticker/${s.id}`, class: "open-sticker", translate: "no", "aria-label": s.text || templateName(s.templateId, all) }, stickerPicture(s, all)),
    h("div", { class: "grow" },
      h("a", { href: `#/map/sticker/${s.id}`, class: "open-sticker", style: "color:inherit;text-decoration:none" }, h("strong", { translate: "no" }, s.text || templateName(s.templateId, all))),
      h("span", { class: "muted" }, author ? h("a", { href: `#/people/${encodeURIComponent(author)}`, translate: "no" }, `@${author}`) : null,
        [s.createdAt ? ` · ${ago(s.createdAt)}` : "", distance != null ? ` · ${distanceText(distance)}` : ""].join("")),
      s.tags?.length ? h("span", { class: "muted", style: "display:block", translate: "no" }, s.tags.map((x) => `#${x.replace(/^#/, "")}`).join(" ")) : null,
      reason ? h("span", { class: "muted", style: "display:block;font-size:.8rem" }, reason) : null)));
}
