// Blocking a person, the same wherever it is offered (their page, a sticker's sheet, after a
// report): asked twice, since a block also ends follows both ways and hides both from each other.
import { api, get, paths } from "../api.js";
import { h, secondTapButton } from "../dom.js";
import { t } from "../strings.js";

/** "Block @username", acting on the second tap; `onBlocked(note)` is handed the words that say what the block means. */
export function blockButton(username, { id, onBlocked }) {
  return secondTapButton({ class: "secondary", id }, t("people.block", { username }), t("people.block.confirm"), async () => {
    await api("PUT", paths.myBlock(username));
    onBlocked(h("p", { class: "notice", id: "blocked-note", role: "status" }, t("people.blocked", { username })));
  });
}

/** Appends `blockButton` to `container` unless `author` is me (known once /v1/me answers, so that
 *  nothing above it moves); blocked, `replaced` (the sheet it stands in) shows only the note. */
export function offerBlock(container, author, { id, replaced }) {
  get(paths.me).then((me) => {
    if (me.username === author) return;
    container.append(blockButton(author, { id, onBlocked: (note) => replaced()?.replaceChildren(note) }));
  }).catch(() => { /* signed out meanwhile: nothing to offer */ });
}
