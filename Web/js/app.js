// The shell: tabs, hash routes (#/map, #/books/{slug}…), toasts, offline notice. Each view renders
// into <main>; a view's code (and three.js with AR) loads only when the view is first opened.
import { t, translate } from "./strings.js";
import { say } from "./dom.js";
import { startOutbox } from "./offline/outbox.js";
import { startBell } from "./bell.js";
import { kept, keys } from "./kept.js";

const view = (module, name) => async (...args) => (await import(`./views/${module}.js`))[name](...args);
// [pattern, tab, full screen, render]
const routes = [
  [/^#\/map$/, "map", true, view("map", "render")],
  [/^#\/map\/sticker\/([^/]+)$/, "map", true, (id) => view("map", "render")({ sticker: id })],
  [/^#\/map\/to\/(-?[\d.]+),(-?[\d.]+)\/(.+)$/, "map", true, (latitude, longitude, name) => view("map", "render")({ to: { latitude: Number(latitude), longitude: Number(longitude) }, name })],
  [/^#\/welcome$/, "map", false, view("welcome", "render")],
  [/^#\/discover$/, "discover", false, view("discover", "render")],
  [/^#\/books\/([^/]+)$/, "discover", false, view("book", "render")],
  [/^#\/books\/([^/]+)\/camera$/, "discover", false, view("book", "renderCamera")],
  [/^#\/tours$/, "discover", false, view("tours", "renderList")],
  [/^#\/tours\/([^/]+)$/, "discover", false, view("tours", "render")],
  [/^#\/tours\/([^/]+)\/stops\/([^/]+)$/, "discover", false, view("tours", "render")],
  [/^#\/tours\/([^/]+)\/signs$/, "me", false, view("tour-signs", "renderPrint")],
  [/^#\/tours\/([^/]+)\/guide$/, "me", false, view("guide", "render")],
  [/^#\/people\/([^/]+)$/, "feed", false, view("people", "render")],
  [/^#\/feed$/, "feed", false, view("feed", "render")],
  [/^#\/me$/, "me", false, view("me", "render")],
  [/^#\/inbox$/, "me", false, view("inbox", "render")],
  [/^#\/forgot$/, "me", false, view("password-reset", "renderForgot")],
  [/^#\/reset\/([^/]+)$/, "me", false, view("password-reset", "renderReset")],
  [/^#\/verify\/([^/]+)$/, "me", false, view("password-reset", "renderVerify")],
  [/^#\/join\/([^/]+)$/, "me", false, view("private-maps", "join")],
  [/^#\/moderation$/, "me", false, view("moderation", "render")],
  [/^#\/designs$/, "me", false, view("designs", "render")],
  [/^#\/ads$/, "me", false, view("ads", "render")],
  [/^#\/help$/, "me", false, view("help", "render")],
  [/^#\/settings$/, "me", false, view("settings-screen", "render")],
  [/^#\/ar$/, "ar", true, view("ar", "render")],
];

let leave = null;  // what the current view must stop (a camera, a timer) before the next one
let rendering = null, wanted = false;
let shown = "";  // the screen on view; the one before is kept on <body> for the feedback form

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
  // The first open explains what this is, once, before the map.
  if (!location.hash && !kept.text(keys.welcomed)) { kept.setText(keys.welcomed, "1"); history.replaceState(null, "", "#/welcome"); }
  const hash = location.hash || "#/map";
  if (hash !== shown) { document.body.dataset.previous = shown; shown = hash; }
  const [, tab, full, draw, match] = routes.map(([re, ...rest]) => [re, ...rest, hash.match(re)]).find((r) => r[4]) ?? [null, "map", true, routes[0][3], []];
  for (const a of document.querySelectorAll(".tabs a")) a.toggleAttribute("aria-current", a.dataset.tab === tab) && a.setAttribute("aria-current", "page");
  if (leave) { leave(); leave = null; }
  const screen = document.getElementById("screen");
  screen.replaceChildren();
  screen.className = full ? "full" : "";
  screen.setAttribute("aria-busy", "true");  // screen readers wait for the whole view
  window.scrollTo(0, 0);
  try {
    leave = (await draw(...(match?.slice(1) ?? []).map(decodeURIComponent))) ?? null;
  } catch (error) {
    screen.className = "";
    screen.replaceChildren(Object.assign(document.createElement("p"), { className: "error", role: "alert", textContent: error.message }));
  }
  screen.removeAttribute("aria-busy");
  // To the new view for screen readers, unless a person is already in one of its fields: a view
  // drawn in parts (its form, then its list) took the focus from the field mid-word.
  if (!screen.contains(document.activeElement) || document.activeElement === screen) screen.focus({ preventScroll: true });
}

function connectivity() {
  say(navigator.onLine ? t("online") : t("offline"));
}

translate();
document.getElementById("status").addEventListener("click", () => say(""));  // a tap dismisses the toast
// The offline copy (sw.js) is made once the first screen is up, so that it does not compete with it.
addEventListener("load", () => setTimeout(() => navigator.serviceWorker?.register("/sw.js")
  .catch((error) => console.warn("no offline copy of the app:", error)), 4000));
startOutbox();
startBell();
window.addEventListener("hashchange", show);
window.addEventListener("online", connectivity);
window.addEventListener("offline", connectivity);
show();
