// The service worker: the app opens with no connection. The shell (pages, code, styles, the vendor
// libraries) is kept in one cache, refreshed whenever the network answers; what a person saved for
// offline (tours, map areas: ./js/offline/saved.js) is kept in another. Requests go to the network
// first, so an online person always sees the server's current answer, and fall back to the caches
// when the network fails. Writes are never cached: the outbox (./js/offline/outbox.js) keeps them.

const shellCache = "worldlayer-shell-v15";
const savedCache = "worldlayer-saved";
const shell = [
  "/", "/v1/client-config", "/v1/templates", "/manifest.webmanifest", "/icon.svg", "/icon-192.png", "/icon-512.png", "/css/app.css",
  "/js/ads.js", "/js/api.js", "/js/app.js", "/js/bell.js", "/js/book-content.js", "/js/ar/card.js", "/js/ar/frame.js", "/js/ar/route.js", "/js/ar/sensing.js", "/js/ar/sheets.js", "/js/ar/world.js", "/js/ar/guidance.js", "/js/ar/labels.js", "/js/ar/announcer.js", "/js/ar/audience.js", "/js/ar/place-form.js", "/js/ar/pick.js", "/js/ar/scene-lock.js", "/js/ar/tour-stops.js", "/js/ar/ambient.js", "/js/qr/code.js", "/js/qr/encode.js", "/js/qr/decode.js", "/js/qr/locate.js", "/js/tour-arrival.js", "/js/tour-language.js", "/js/dom.js", "/js/geo.js", "/js/handoff.js", "/js/kept.js",
  "/js/homography.js", "/js/live.js", "/js/narration.js", "/js/opening-hours.js", "/js/base-map.js", "/js/page-tracker.js", "/js/offline/idb.js", "/js/offline/outbox.js", "/js/offline/private.js", "/js/offline/saved.js", "/js/offline/saved-lookup.js", "/js/offline/walk-route.js", "/js/sensors/heading.js", "/js/sensors/permissions.js",
  "/js/sensors/position.js", "/js/settings.js", "/js/sheet.js", "/js/sticker-media.js", "/js/strings.js", "/js/route-steps.js", "/js/i18n/en.js", "/js/i18n/fi.js", "/js/i18n/sv.js", "/js/i18n/message-format.js", "/js/templates.js", "/js/warnings.js", "/js/views/ads.js", "/js/views/ar.js", "/js/views/block.js", "/js/views/book.js",
  "/js/views/celebration.js", "/js/views/designs.js", "/js/views/discover.js", "/js/views/feed.js", "/js/views/feedback-inbox.js", "/js/views/groups.js", "/js/views/guide.js", "/js/views/help.js", "/js/views/inbox.js",
  "/js/views/map.js", "/js/views/me.js", "/js/views/password-reset.js", "/js/views/my-followers.js", "/js/views/moderation.js", "/js/layers.js", "/js/views/private-maps.js", "/js/views/suspensions.js", "/js/views/people.js", "/js/views/place-sheet.js", "/js/views/recent.js", "/js/views/settings-screen.js", "/js/views/report-form.js", "/js/views/sticker-sheet.js", "/js/views/suggestions.js",
  "/js/views/tour-questions.js", "/js/views/tour-walk.js", "/js/views/tour-signs.js", "/js/views/tours.js", "/js/views/welcome.js", "/js/xr.js",
  "/vendor/leaflet/leaflet.min.js", "/vendor/leaflet/leaflet.css",
  "/vendor/leaflet/images/marker-icon.png", "/vendor/leaflet/images/marker-icon-2x.png", "/vendor/leaflet/images/marker-shadow.png",
  "/vendor/leaflet/images/layers.png", "/vendor/leaflet/images/layers-2x.png",
  "/vendor/three/build/three.module.js", "/vendor/three/examples/jsm/loaders/GLTFLoader.js",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(shellCache).then((cache) => cache.addAll(shell)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith("worldlayer-shell-") && n !== shellCache).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

// A push from the server (RFC 8030), decrypted by the browser: the server's PushMessage, shown as
// the phone shows notifications; one per entry (`tag`), so a repeat replaces rather than stacks.
self.addEventListener("push", (event) => {
  let message = {};
  try { message = event.data?.json() ?? {}; } catch { message = { title: "WorldLayer", body: event.data?.text() ?? "" }; }
  event.waitUntil(self.registration.showNotification(message.title || "WorldLayer",
    { body: message.body ?? "", tag: message.tag, icon: "/icon-192.png", badge: "/icon-192.png", data: { url: message.url || "/#/inbox" } }));
});

// A tap opens what it is about, in the app's window if one is open.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/#/inbox", location.origin);
  if (url.origin !== location.origin) return;  // only our own pages
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
    const open = windows.find((w) => new URL(w.url).origin === location.origin);
    return open ? open.navigate(url.href).then((w) => (w ?? open).focus()) : self.clients.openWindow(url.href);
  }));
});

self.addEventListener("fetch", (event) => {
  const request = event.request, url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin || url.pathname === "/v1/live") return;
  event.respondWith(networkFirst(request, url));
});

async function networkFirst(request, url) {
  const inShell = shell.includes(url.pathname) || request.mode === "navigate";
  try {
    const response = await fetch(request);
    if (response.ok && inShell && !url.search) {
      const copy = response.clone();
      caches.open(shellCache).then((cache) => cache.put(request.mode === "navigate" ? "/" : request, copy));
    }
    return response;
  } catch (failure) {
    // Saved answers are looked up by address alone: the token a request carries is no part of the key.
    const options = { ignoreVary: true };
    const kept = (await caches.open(savedCache).then((c) => c.match(request, options)))
      ?? (await caches.open(shellCache).then((c) => c.match(request.mode === "navigate" ? "/" : request, options)));
    if (kept) return kept;
    throw failure;
  }
}
