// A sticker's sound, short video or link (StickARs): the placing and editing form's fields, and the
// player and link in its sheet. A clip is uploaded first (POST /v1/stickers/media; the server checks
// its type, size and length) and the sticker names it; it plays from /v1/stickers/{id}/media, which
// answers only those who may see the sticker.
import { api, blobWithSession, paths, session } from "./api.js";
import { h, outboundLink } from "./dom.js";
import { t } from "./strings.js";

/** "0:03", "1:00": rounded first, so 59.6 s is 1:00 rather than 0:60. */
const clock = (seconds) => { const s = Math.round(seconds); return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`; };
const kindOf = (media) => (media?.contentType ?? "").startsWith("video/") ? "video" : "audio";

/** The form's fields, set from `current` (a sticker being edited); `read()` uploads a chosen clip and
 *  gives the draft's `media` and `link`. */
export function mediaFields(current = {}) {
  const file = h("input", { type: "file", id: "place-media", accept: "audio/*,video/*" });
  const link = h("input", { type: "url", id: "place-link", inputmode: "url", placeholder: "https://", value: current.link ?? "" });
  const remove = current.media ? h("input", { type: "checkbox", id: "media-remove" }) : null;
  return {
    elements: [
      h("label", {}, t("media.field"), file, h("span", { class: "muted hint" }, t("media.hint"))),
      remove ? h("label", { class: "check" }, remove, t("media.remove", { what: t(`media.kind.${kindOf(current.media)}`), length: clock(current.media.duration ?? 0) })) : null,
      h("label", {}, t("media.link"), link)],
    /** Throws the server's reason when the clip is refused (too long, not a sound or video). */
    async read() {
      let media = remove?.checked ? undefined : current.media ? { id: current.media.id } : undefined;
      if (file.files[0]) media = { id: (await api("POST", paths.stickerMediaUpload, file.files[0])).id };
      return { media, link: link.value.trim() || undefined };
    },
  };
}

/** What the sheet shows for the sticker's clip and link (nothing when it has neither). */
export function mediaContent(s) {
  const parts = [];
  if (s.media) {
    const path = paths.stickerMedia(s.id);
    const player = h(kindOf(s.media), { id: "sticker-media", controls: true, preload: "metadata", playsinline: true,
      "aria-label": t(`media.kind.${kindOf(s.media)}`), class: `sticker-${kindOf(s.media)}` });
    // A public sticker's clip streams with ranges; another's needs the session, which an element cannot send.
    const open = s.visibility === "public" && !s.worldmapIsPrivate;
    if (open || !session.token) player.src = path;
    else {
      blobWithSession(path).then((blob) => { if (blob) player.src = URL.createObjectURL(blob); }).catch(() => { /* the sheet stands without it */ });
    }
    parts.push(h("figure", { id: "sticker-clip" }, h("figcaption", { class: "muted" },
      t("media.caption", { what: t(`media.kind.${kindOf(s.media)}`), length: clock(s.media.duration ?? 0) })), player));
  }
  if (s.link) parts.push(h("p", {}, outboundLink(s.link, { id: "sticker-link" })));
  return parts;
}
