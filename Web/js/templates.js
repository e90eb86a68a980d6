// The sticker templates, fetched once per page, and a sticker's picture drawn from its template:
// the template's image, or a card in the sticker's colour with its text (never a template id).
import { blobWithSession, get, paths } from "./api.js";
import { h } from "./dom.js";
import { has, t } from "./strings.js";

/** A template in the reader's language: the built-in ones' names are ours to translate ("template.heart");
 *  a person's design keeps the name they gave it. */
export function localized(template) {
  const key = `template.${template.id}`;
  return template.builtIn !== false && has(key) ? { ...template, name: t(key) } : template;
}

/** The catalogue's templates, localized. */
export const templateList = async () => ((await get(paths.templates)).templates ?? []).map(localized);

let loading = null;

/** A design's picture. A pending one is shown only to its author and moderators, so it is fetched
 *  with the session (an <img> sends no token) and shown from memory. */
export function designPicture(path, className) {
  const img = h("img", { class: className, alt: "", width: 56, height: 56 });
  blobWithSession(path)
    .then((blob) => { if (blob) img.src = URL.createObjectURL(blob); })
    .catch(() => { /* no picture: the name and status still say what it is */ });
  return img;
}

/** id → template. */
export function templates() {
  loading ??= templateList().then((list) => new Map(list.map((x) => [x.id, x]))).catch((error) => { loading = null; throw error; });
  return loading;
}

/** A template's name for people, from its id when it is not loaded ("sticky-note" → "Sticky note"). */
export function templateName(id, all) {
  if (has(`template.${id}`)) return t(`template.${id}`);
  return all?.get(id)?.name ?? String(id ?? "").replace(/[-_]/g, " ").replace(/^./, (c) => c.toUpperCase());
}

/** The sticker as a small picture: its template's preview (with its text under it), or a coloured card with its text. */
export function stickerPicture(sticker, all) {
  const template = all?.get(sticker.templateId);
  const picture = h("span", { class: "picture", style: `background:${template?.previewUrl ? "#f5f5f4" : sticker.color ?? "#fde047"}` });
  if (template?.previewUrl) picture.append(h("img", { src: template.previewUrl, alt: template.name }));
  else picture.append(sticker.text || templateName(sticker.templateId, all));
  return picture;
}
