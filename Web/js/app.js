// The shell: tabs, hash routes (#/map, #/books/{slug}…), offline notice. Each view renders into <main>.
import { t, translate } from "./strings.js";
import { say } from "./dom.js";
import * as me from "./views/me.js";
import * as discover from "./views/discover.js";
import * as book from "./views/book.js";
import * as map from "./views/map.js";
import * as feed from "./views/feed.js";
import * as ar from "./views/ar.js";
import * as tours from "./views/tours.js";
import { startOutbox } from "./offline/outbox.js";

const routes = [
  [/^#\/map$/, "map", () => map.render()],
  [/^#\/discover$/, "discover", () => discover.render()],
  [/^#\/books\/([^/]+)$/, "discover", (slug) => book.render(slug)],
  [/^#\/books\/([^/]+)\/camera$/, "discover", (slug) => book.renderCamera(slug)],
  [/^#\/tours$/, "discover", () => tours.renderList()],
  [/^#\/tours\/([^/]+)$/, "discover", (slug) => tours.render(slug)],
  [/^#\/feed$/, "feed", () => feed.render()],
  [/^#\/me$/, "me", () => me.render()],
  [/^#\/ar$/, "ar", () => ar.render()],
];

let leave = null;  // what the current view must stop (a camera, a timer) before the next one
let rendering = null, wanted = false;

// One view at a time: a route change during a render waits for it to finish (and be left), so a
// slow view never ends up running unseen, with its camera or position watch, beside the next one.
function show() {
  wanted = true;
  rendering ??= (async () => {
    while (wanted) { wanted = false; await render(); }
    rendering = null;
  })();
  return rendering;
}

async function render() {
  const hash = location.hash || "#/map";
  const [, tab, view, match] = routes.map(([re, tab, view]) => [re, tab, view, hash.match(re)]).find(([, , , m]) => m) ?? [null, "map", () => map.render(), []];
  for (const a of document.querySelectorAll(".tabs a")) a.toggleAttribute("aria-current", a.dataset.tab === tab) && a.setAttribute("aria-current", "page");
  if (leave) { leave(); leave = null; }
  const screen = document.getElementById("screen");
  screen.replaceChildren();
  screen.setAttribute("aria-busy", "true");  // screen readers wait for the whole view
  say("");
  try {
    leave = (await view(...(match?.slice(1) ?? []).map(decodeURIComponent))) ?? null;
  } catch (error) {
    screen.replaceChildren(Object.assign(document.createElement("p"), { className: "error", textContent: error.message }));
  }
  screen.removeAttribute("aria-busy");
  screen.focus();
}

function connectivity() {
  say(navigator.onLine ? "" : t("offline"));
}

translate();
// The app opens with no connection (sw.js); a browser without service workers simply needs one.
navigator.serviceWorker?.register("/sw.js").catch((error) => console.warn("no offline copy of the app:", error));
startOutbox();
window.addEventListener("hashchange", show);
window.addEventListener("online", connectivity);
window.addEventListener("offline", connectivity);
show();
