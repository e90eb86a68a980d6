// Stickers placed with no connection wait here, in IndexedDB (they survive the app being closed),
// and are sent in the order they were made when the server can be reached again: the same PUT with
// the same client-made id, so a sticker is never made twice however often a send is retried. Each
// says what became of it: waiting, published, or refused with the server's reason.
import { api, paths } from "../api.js";
import { objectStore } from "./idb.js";

const transact = objectStore("worldlayer", "outbox");
const keepDone = 24 * 3600 * 1000;  // published and refused items are shown for a day

const changed = () => dispatchEvent(new CustomEvent("worldlayer-outbox"));

/** Keeps a sticker to send later, with the session it was made in. */
export async function enqueue(id, draft, token) {
  await transact("readwrite", (s) => s.put({ id, draft, token, state: "waiting", queuedAt: Date.now() }));
  changed();
}

/** Everything in the outbox, oldest first (finished items older than a day are dropped). */
export async function outboxItems() {
  const all = await transact("readonly", (s) => s.getAll()) ?? [];
  const old = all.filter((i) => i.state !== "waiting" && Date.now() - (i.finishedAt ?? 0) > keepDone);
  if (old.length) await transact("readwrite", (s) => old.forEach((i) => s.delete(i.id)));
  return all.filter((i) => !old.includes(i)).sort((a, b) => a.queuedAt - b.queuedAt);
}

async function finish(item, state, reason) {
  await transact("readwrite", (s) => s.put({ ...item, state, reason, finishedAt: Date.now() }));
  changed();
}

let sending = null;

/** Sends what waits, in order; stops at the first that cannot reach the server (to try again later). */
export function flushOutbox() {
  sending ??= send().finally(() => { sending = null; });
  return sending;
}

async function send() {
  for (const item of (await outboxItems()).filter((i) => i.state === "waiting")) {
    try {
      let version;
      try {
        version = (await api("PUT", paths.sticker(item.id), item.draft, item.token)).version;
      } catch (error) {
        if (error.status !== 409) throw error;
        // Already sent by a try whose answer was lost: placed already, or waiting to be.
        const current = await api("GET", paths.sticker(item.id), undefined, item.token);
        if (current.state === "published") { await finish(item, "published"); continue; }
        version = current.version;
      }
      await api("POST", paths.placeSticker(item.id), { version }, item.token);
      await finish(item, "published");
    } catch (error) {
      if (error.status === 0 || error.status >= 500 || error.status === 429) return;  // unreachable or busy: later
      const reason = error.fields?.length ? error.fields.map((f) => `${f.field}: ${f.message}`).join("; ") : error.message;
      await finish(item, "refused", reason);
    }
  }
}

/** Sends on start, when the browser says it is online again, and every 15 s while anything waits. */
export function startOutbox() {
  if (!globalThis.indexedDB) return;
  const attempt = () => flushOutbox().catch((error) => console.warn("outbox", error));
  addEventListener("online", attempt);
  setInterval(async () => { if ((await outboxItems()).some((i) => i.state === "waiting")) attempt(); }, 15000);
  attempt();
}
