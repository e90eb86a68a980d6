// A sticker's sheet, the same on the map, in AR and from the feed: its picture, text, author (→ their
// profile), when, how far, its sound or video and link (all veiled until tapped when it carries a content warning); navigate there (a walking route), see it on the map or in AR, share it, report it, block its author.
import { h, ago, distanceText, say } from "../dom.js";
import { session } from "../api.js";
import { t } from "../strings.js";
import { stickerPicture, templateName, templates } from "../templates.js";
import { openReport } from "./report-form.js";
import { offerBlock } from "./block.js";
import { veiled } from "../warnings.js";
import { mediaContent } from "../sticker-media.js";
import { handoff } from "../handoff.js";

/** `actions.route`: walk there; `actions.extra`: more elements (the author's edit form in AR). */
export function stickerSheet(s, away, { route, onMap = true, extra = [] } = {}) {
  const picture = h("span", {});
  const title = h("h3", { translate: "no" }, s.text || templateName(s.templateId));
  templates().then((all) => { picture.replaceWith(stickerPicture(s, all)); if (!s.text) title.textContent = templateName(s.templateId, all); }).catch(() => { /* the text stands alone */ });
  const author = s.author?.username;
  const actions = h("div", { class: "row" },
    route ? h("button", { id: "navigate-there", onclick: route }, t("sticker.navigate")) : null,
    onMap ? null : h("a", { class: "button secondary", href: `#/map/sticker/${s.id}` }, t("sticker.onMap")),
    h("a", { class: "button secondary", id: "sticker-in-ar", href: "#/ar", onclick: () => { handoff.sticker = s.id; } }, t("map.viewInAR")),
    h("button", { class: "secondary", id: "share-sticker", onclick: () => share(s) }, t("sticker.share")),
    h("button", { class: "secondary", id: "report-sticker", onclick: (event) => openReport(event.currentTarget.closest("#sticker-sheet"), s) }, t("report.open")));
  if (author && session.token) offerBlock(actions, author, { id: "block-author", replaced: () => actions.closest("#sticker-sheet") });
  return h("div", { class: "card", id: "sticker-sheet", dataset: { sticker: s.id } },
    h("div", { class: "post", style: "border:0;padding:0" }, ...veiled(s, picture,
      h("div", { class: "grow" }, title,
        h("p", { class: "muted" }, author ? h("a", { href: `#/people/${encodeURIComponent(author)}`, class: "author", translate: "no" }, `@${author}`) : null,
          [s.createdAt ? ` · ${ago(s.createdAt)}` : "", away != null ? ` · ${t("map.away", { distance: distanceText(away) })}` : ""].join("")),
        s.tags?.length ? h("p", { class: "muted", translate: "no" }, s.tags.map((x) => `#${x.replace(/^#/, "")}`).join(" ")) : null,
        ...mediaContent(s)))),
    actions,
    ...extra);
}

/** Web Share where the browser has it; the link copied (or shown) where not. */
async function share(s) {
  const url = `${location.origin}/s/${s.id}`;
  try {
    if (navigator.share) return await navigator.share({ title: s.text || "WorldLayer", url });
    await navigator.clipboard.writeText(url);
    say(t("sticker.copied"));
  } catch (error) {
    if (error?.name !== "AbortError") say(t("sticker.link", { url }));
  }
}
