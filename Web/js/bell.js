// The bell in the header: how many notifications are unread, kept current over the live connection
// (the server says `inbox:<my id>` changed) and after a new login; a tap opens the inbox.
import { get, paths, session } from "./api.js";
import { live } from "./live.js";
import { t } from "./strings.js";

let connection = null, watching = null, drawnFor = null;

/** Reads the count again and draws it; hides the bell for someone not signed in. */
export async function refreshBell() {
  const bell = document.getElementById("bell");
  if (!bell) return;
  drawnFor = session.token;
  if (!session.token) { bell.hidden = true; return stopWatching(); }
  try {
    const { unread } = await get(`${paths.notifications}?limit=1`);
    bell.hidden = false;
    const count = bell.querySelector(".count");
    count.textContent = unread > 99 ? "99+" : String(unread);
    count.hidden = unread === 0;
    bell.setAttribute("aria-label", unread ? t("bell.unread", { n: unread }) : t("bell.label"));
    await watch();
  } catch { /* offline or signed out: the bell stays as it was */ }
}

/** Follows my inbox's topic, once per login. */
async function watch() {
  const token = session.token;
  if (watching === token) return;
  stopWatching();
  watching = token;
  const me = await get(paths.me);
  // Read again once the subscription holds: what came between the count read above and then
  // would otherwise never be counted (the topic is followed from now, not from that read).
  connection = live({ onEvent: () => refreshBell(), onReset: () => refreshBell(), onState: (state) => { if (state === "live") refreshBell(); } });
  connection.follow([], undefined, [`inbox:${me.id}`]);
}

function stopWatching() {
  connection?.close();
  connection = null;
  watching = null;
}

export function startBell() {
  refreshBell();
  addEventListener("storage", (e) => { if (e.key === "worldlayer.token") refreshBell(); });
  addEventListener("worldlayer-session", refreshBell);
  // A session that changed some other way (kept storage written directly) is noticed on the next screen.
  addEventListener("hashchange", () => { if ((session.token ?? null) !== (drawnFor ?? null)) refreshBell(); });
}
