// Feed: what the people, tags and groups I follow posted, newest first: each card shows the
// sticker's picture, its author (→ profile), when, how far and why it is here; a tap opens it on the map.
import { get, session } from "../api.js";
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
  const [{ items }, all] = await Promise.all([get(`/v1/feed${where}`), templates().catch(() => new Map())]);
  screen.append(items.length ? h("ul", { class: "list", id: "feed" }, ...items.map((item) => h("li", {}, postCard(item.sticker, all, {
    distance: item.distance, reason: t(`feed.reason.${item.reason}`, { who: item.sticker.author?.username ?? "" }) }))))
    : h("p", { class: "muted" }, t("feed.empty")));
}

/** A sticker as a card: picture, text, author, time, distance; a tap opens it on the map (veiled first when
 *  it carries a content warning). Shared with profiles. */
export function postCard(s, all, { distance, reason } = {}) {
  const author = s.author?.username;
  return h("div", { class: "post", dataset: { sticker: s.id } }, ...veiled(s,
    h("a", { href: `#/map/sticker/${s.id}`, class: "open-sticker", "aria-label": s.text || templateName(s.templateId, all) }, stickerPicture(s, all)),
    h("div", { class: "grow" },
      h("a", { href: `#/map/sticker/${s.id}`, class: "open-sticker", style: "color:inherit;text-decoration:none" }, h("strong", {}, s.text || templateName(s.templateId, all))),
      h("span", { class: "muted" }, author ? h("a", { href: `#/people/${encodeURIComponent(author)}` }, `@${author}`) : null,
        [s.createdAt ? ` · ${ago(s.createdAt)}` : "", distance != null ? ` · ${distanceText(distance)}` : ""].join("")),
      s.tags?.length ? h("span", { class: "muted", style: "display:block" }, s.tags.map((x) => `#${x.replace(/^#/, "")}`).join(" ")) : null,
      reason ? h("span", { class: "muted", style: "display:block;font-size:.8rem" }, reason) : null)));
}
