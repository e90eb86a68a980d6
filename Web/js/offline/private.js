// Private sessions: stickers kept on this phone only, never uploaded (StickARs' "private session",
// offered when there is no connection). They live in their own IndexedDB database, apart from the
// outbox (which uploads), and are drawn in AR like any other; only this phone ever sees them.
import { objectStore } from "./idb.js";

const transact = objectStore("worldlayer-private", "stickers");
const sessionKey = "worldlayer.privateSession";

/** Whether placing keeps stickers on the phone (until turned off or the tab is closed). */
export const privateSession = {
  get on() { return sessionStorage.getItem(sessionKey) === "on"; },
  set on(value) { value ? sessionStorage.setItem(sessionKey, "on") : sessionStorage.removeItem(sessionKey); },
};

/** Keeps a sticker (a draft with its id) on this phone; returns it as AR draws stickers. */
export async function keepPrivately(id, draft) {
  const sticker = { ...draft, id, private: true, state: "published", createdAt: new Date().toISOString() };
  await transact("readwrite", (s) => s.put(sticker));
  return sticker;
}

/** Every sticker kept on this phone, oldest first. */
export async function privateStickers() {
  if (!globalThis.indexedDB) return [];
  return ((await transact("readonly", (s) => s.getAll())) ?? []).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function forgetPrivate(id) {
  await transact("readwrite", (s) => s.delete(id));
}
