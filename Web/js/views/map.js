// Map: full screen, Leaflet with the configured tiles — or, when tiles cannot load, WorldLayer's own
// streets, paths and buildings, so the map is never blank. Layers in a fixed order (own map at the
// bottom, then places, stickers, tour stops, the route on top), fetched for the view as it moves,
// stickers clustered where dense; a legend; my position; search; every answer in a bottom sheet
// (a place, a sticker, a route with its steps and arrival time).
import { live } from "../live.js";
import { get, paths, post, session } from "../api.js";
import { couldNotLoad, distanceText, h, icon, label, say } from "../dom.js";
import { t, timeText } from "../strings.js";
import { bottomSheet } from "../sheet.js";
import { saveArea } from "../offline/saved.js";
import { stickerSheet } from "./sticker-sheet.js";
import { rememberPlace, rememberRoute, recentPlaces, recentRoutes } from "./recent.js";
import { placeCard } from "./place-sheet.js";
import { currentPosition } from "../sensors/position.js";
import { shownText } from "../warnings.js";
import { adSheet, adsHere, sponsoredBy } from "../ads.js";
import { handoff } from "../handoff.js";
import { currentLayer, layerPicker, layerQuery } from "../layers.js";
import { baseMap, boundsOf, followSize, orSaved } from "../base-map.js";
import { savedRoute, searchSaved } from "../offline/saved-lookup.js";
import { stepText } from "../route-steps.js";

const helsinki = [60.1699, 24.9384];
let here = null;  // my last position {latitude, longitude, accuracy}
let locationRefused = false;  // the person said no to location access: "Locate" says so, not "waiting"
// Panes from bottom to top; Leaflet's own overlay pane is 400, markers 600.
// My position lies under what can be tapped: a sticker or an ad where I stand stays tappable.
const panes = { own: 350, me: 400, places: 410, stickers: 420, stops: 430, route: 440 };
const clusterBelowZoom = 18, clusterCell = 44;  // px: stickers closer than this on screen group up

/** `focus.sticker`: a sticker id to open (from the feed or a profile); `focus.to` and `focus.name`: a
 *  place to route to from here (the way to a tour). */
export async function render(focus = {}) {
  const screen = document.getElementById("screen");
  const search = h("input", { type: "search", id: "place-search", "aria-label": t("map.search"), placeholder: t("map.search"), autocomplete: "off" });
  const results = h("ul", { class: "list", id: "place-results", "aria-live": "polite" });
  const sheet = bottomSheet("sheet", { onClose: () => view.layers.place.clearLayers() });
  const mapElement = h("div", { id: "map", role: "application", "aria-label": t("map.title") });
  const saveButton = h("button", { class: "secondary", id: "save-area" }, icon("save", { width: 18, height: 18 }), " ", t("offline.saveArea"));
  const locate = h("button", { class: "round", id: "locate", "aria-label": t("map.locate") }, icon("locate"));
  const liveState = h("p", { class: "live-state", id: "map-live", role: "status", "data-state": "connecting" }, "");
  // A choice made before the map is ready is kept, and the first load below reads it.
  let content = null;
  const layers = layerPicker(() => content?.load());
  screen.append(mapElement, h("div", { class: "float-top" }, search, results),
    h("div", { class: "float-buttons" }, liveState, layers, locate, saveButton), sheet.el);

  const config = await get(paths.clientConfig);
  const map = L.map(mapElement, { zoomControl: false }).setView(helsinki, 16);
  const unfollowSize = followSize(map, mapElement);
  window.worldlayerMap = map;  // for the browser tests
  for (const [name, z] of Object.entries(panes)) map.createPane(name).style.zIndex = String(z);
  const layer = () => L.layerGroup().addTo(map);
  // The view's shared parts; `left` is set when the view is left: answers arriving later draw nothing.
  const view = { screen, map, mapElement, sheet, left: false,
    layers: { own: layer(), places: layer(), stickers: layer(), tours: layer(), route: layer(), place: layer(), ads: layer() } };
  legend(map, { [t("map.layer.places")]: [view.layers.places, "#2563eb"], [t("map.layer.stickers")]: [view.layers.stickers, "#f59e0b"],
    [t("map.layer.tours")]: [view.layers.tours, "#b45309"], [t("map.layer.ads")]: [view.layers.ads, "#7c3aed"], [t("map.layer.route")]: [view.layers.route, "#14532d"] });
  const ownMap = baseMap(view, config);
  view.route = (to, name) => routeTo(view, to, name);
  view.showPlace = (place) => showPlace(view, place, { search, results });
  view.openSticker = (s) => openSticker(view, s);
  content = contentLayers(view, liveState);
  saveAreaButton(view, saveButton);
  tourStops(view);

  let moving = null;
  map.on("moveend", () => {
    clearTimeout(moving);
    moving = setTimeout(() => {
      if (view.left) return;  // stopping the map on the way out ends a move too
      ownMap.load().catch(couldNotLoad("map.own"));
      content.load();
    }, 250);
  });
  map.on("zoomend", content.drawStickers);
  // Both at once: content does not wait for the streets.
  ownMap.load().catch(couldNotLoad("map.own"));
  content.load();

  const watch = followMe(view, focus);
  locate.addEventListener("click", () => here ? map.setView([here.latitude, here.longitude], 17, { animate: false }) : say(t(locationRefused ? "map.location.denied" : "map.location.waiting")));
  map.on("contextmenu", (e) => view.route({ latitude: e.latlng.lat, longitude: e.latlng.lng }));
  placeSearch(view, search, results);

  if (focus.sticker) {
    try {
      const s = await get(paths.sticker(focus.sticker));
      map.setView([s.anchor.latitude, s.anchor.longitude], 18, { animate: false });
      view.openSticker(s);
    } catch (error) {
      // Perhaps shared with me: signed out, the link asks me to sign in and then opens it.
      if (error.status === 404 && !session.token) {
        handoff.afterSignIn = location.hash;
        say(t("share.signIn"));
        location.hash = "#/me";
      } else say(error.message);
    }
  }
  // A route asked for elsewhere (the way to a tour): from where I am, once that is known.
  if (focus.to) {
    here ??= await currentPosition();
    if (!view.left) await view.route(focus.to, focus.name);
  }
  return () => { view.left = true; unfollowSize(); content.close(); clearTimeout(moving); if (watch !== null) navigator.geolocation.clearWatch(watch); map.stop(); map.remove(); };
}

/** "Save this area for offline", with what it is doing. */
function saveAreaButton(view, saveButton) {
  const saveStatus = h("span", { id: "area-status", class: "muted", role: "status" });
  saveButton.addEventListener("click", async () => {
    saveButton.disabled = true;
    const b = boundsOf(view.map.getBounds()), c = view.map.getCenter();
    saveButton.after(saveStatus);
    try {
      await saveArea(`${c.lat.toFixed(4)}, ${c.lng.toFixed(4)}`, b, (done, total) => { saveStatus.textContent = t("offline.saving", { done, total }); });
      saveStatus.textContent = t("offline.saved", { name: t("map.title") });
      say(saveStatus.textContent);
    } catch (error) { saveStatus.textContent = t("offline.failed", { reason: error.message }); say(saveStatus.textContent); }
    saveButton.disabled = false;
  });
}

/** Places and stickers for the view, fetched again whenever it moves (the newest answer wins); the
 *  stickers around the view's centre change live: placed, edited, removed, no longer mine to see. */
function contentLayers(view, liveState) {
  const { map, mapElement } = view;
  let asked = 0, stickers = [], loaded = null;  // loaded: the circle the drawn stickers were asked for
  // The cells followed live reach past that circle's edge: a sticker placed there is left for the
  // load that reaches it, so that the layer shows what asking again would.
  const inLoaded = (s) => !loaded || L.latLng(s.anchor.latitude, s.anchor.longitude).distanceTo(loaded.centre) <= loaded.radius;
  const feed = live({
    onEvent: (m) => {
      stickers = stickers.filter((s) => s.id !== m.stickerId);
      if (m.sticker && inLoaded(m.sticker)) stickers.push(m.sticker);  // a body: mine to see, as a load would show it
      drawStickers();
    },
    onReset: () => load().catch(couldNotLoad("map.layer.stickers")),
    onState: (state) => { liveState.dataset.state = state; liveState.textContent = t(`live.${state}`); },
    layer: currentLayer,
  });
  const hint = emptyAreaHint(view);
  async function load() {
    const mine = ++asked, c = map.getCenter(), b = map.getBounds();
    // The API answers up to 1 km around a point: a wider view shows what is within 1 km of its centre.
    const radius = Math.round(Math.min(1000, Math.max(150, c.distanceTo(b.getNorthEast()))));
    const around = boundsOf(b);
    const [stickerAnswer, placeAnswer] = await Promise.all([
      orSaved(`${paths.stickersNearby}?latitude=${c.lat}&longitude=${c.lng}&radius=${radius}&limit=200${layerQuery()}`, "stickers", around,
        (all) => ({ stickers: [...new Map(all.flatMap((x) => x.stickers).map((s) => [s.sticker.id, s])).values()] })).catch((e) => { couldNotLoad("map.layer.stickers")(e); return null; }),
      orSaved(`${paths.placesNearby}?latitude=${c.lat}&longitude=${c.lng}&radius=${Math.min(radius, 800)}&limit=200`, "places", around,
        (all) => ({ places: [...new Map(all.flatMap((x) => x.places).map((p) => [p.place.id, p])).values()] })).catch((e) => { couldNotLoad("map.layer.places")(e); return null; }),
    ]);
    if (mine !== asked || view.left) return;  // a newer view asked meanwhile, or the map was left
    mapElement.dataset.layersAround = `${c.lat},${c.lng},${radius}`;
    loaded = { centre: c, radius };
    if (stickerAnswer) { stickers = (stickerAnswer.stickers ?? []).map((x) => x.sticker); drawStickers(); }
    if (typeof stickerAnswer?.seq === "number") followAround(c, radius, stickerAnswer.seq).catch(() => { /* drawn, not live */ });
    if (placeAnswer) drawPlaces(view, placeAnswer.places);
    hint.update(stickerAnswer, placeAnswer, () => mine === asked).catch(() => { /* only a hint */ });
  }
  /** Follows the cells within 400 m of the centre (a live subscription takes 100 cells at most) from `seq`. */
  async function followAround(c, radius, seq) {
    const { cells } = await get(`${paths.cellCover}?latitude=${c.lat}&longitude=${c.lng}&radius=${Math.min(radius, 400)}`);
    if (!view.left) feed.follow(cells.slice(0, 100), seq);
  }
  const drawStickers = () => drawStickerLayer(view, stickers);
  return { load, drawStickers, close: () => feed.close() };
}

function drawPlaces(view, places) {
  view.layers.places.clearLayers();
  for (const p of places) label(L.circleMarker([p.place.position.latitude, p.place.position.longitude], { pane: "places", radius: 5, color: "#fff", weight: 1.5, fillColor: "#2563eb", fillOpacity: 1 }), p.place.name)
    .on("click", () => view.showPlace(p.place)).addTo(view.layers.places);
  view.mapElement.dataset.places = String(places.length);
}

/** Stickers one by one when there is room; where they crowd on screen, a numbered circle that zooms in. */
function drawStickerLayer(view, stickers) {
  const { map } = view, layer = view.layers.stickers;
  layer.clearLayers();
  const cells = new Map();
  for (const s of stickers) {
    const p = map.latLngToLayerPoint([s.anchor.latitude, s.anchor.longitude]);
    const key = map.getZoom() >= clusterBelowZoom ? s.id : `${Math.floor(p.x / clusterCell)},${Math.floor(p.y / clusterCell)}`;
    cells.set(key, [...(cells.get(key) ?? []), s]);
  }
  for (const group of cells.values()) {
    if (group.length < 4) {
      for (const s of group) label(L.circleMarker([s.anchor.latitude, s.anchor.longitude], { pane: "stickers", radius: 7, color: "#fff", weight: 2, fillColor: s.color ?? "#f59e0b", fillOpacity: 1 }), shownText(s, s.templateId))
        .on("click", () => view.openSticker(s)).addTo(layer);
      continue;
    }
    const lat = group.reduce((a, s) => a + s.anchor.latitude, 0) / group.length, lng = group.reduce((a, s) => a + s.anchor.longitude, 0) / group.length;
    const size = Math.min(48, 26 + 3 * Math.log2(group.length));
    const count = document.createElement("span");
    count.textContent = String(group.length);
    label(L.marker([lat, lng], { pane: "stickers", icon: L.divIcon({ className: "cluster", html: count, iconSize: [size, size] }), keyboard: true, title: t("map.cluster", { count: group.length }) }),
      t("map.cluster", { count: group.length }))
      .on("click", () => map.setView([lat, lng], Math.min(19, map.getZoom() + 2))).addTo(layer);
  }
  view.mapElement.dataset.stickers = String(stickers.length);  // drawn, one by one or counted in a cluster
}

/** Outside any content: say so, and point to where the nearest content is (the demo tour's start). */
function emptyAreaHint(view) {
  let hint = null, contentStart = null;  // asked once per view, however often the map is moved
  async function nearestContent() {
    const { tours } = await get(paths.tours).catch(() => ({ tours: [] }));
    const open = tours.find((x) => x.mode === "open");
    const start = open ? (await get(paths.tour(open.id)).catch(() => null))?.stops.find((x) => x.position)?.position : null;
    return { open, start };
  }
  return {
    /** `current()` says whether the answers are still the newest. */
    async update(stickerAnswer, placeAnswer, current) {
      hint?.remove(); hint = null;
      if (!stickerAnswer || !placeAnswer || stickerAnswer.stickers?.length || placeAnswer.places.length || view.map.getZoom() < 13) return;
      contentStart ??= nearestContent();
      const { open, start } = await contentStart;
      if (hint || !current() || view.left) return;
      hint = h("div", { class: "card empty-area", id: "empty-area", role: "status" }, h("p", {}, t("map.empty")),
        start ? h("button", { id: "go-to-content", onclick: () => view.map.setView([start.latitude, start.longitude], 16, { animate: false }) }, t("map.goToContent", { name: open.title })) : null);
      view.screen.append(hint);
    },
  };
}

/** Open tours' stops: numbered amber pins; tapping one opens its tour. */
function tourStops(view) {
  get(paths.tours).then(async ({ tours }) => {
    let count = 0;
    for (const summary of tours.filter((x) => x.mode === "open")) {
      const tour = await get(paths.tour(summary.id));
      if (view.left) return;
      tour.stops.filter((x) => x.position).forEach((stop, i) => {
        const number = document.createElement("span");
        number.textContent = String(i + 1);
        label(L.marker([stop.position.latitude, stop.position.longitude], { pane: "stops", title: stop.title, icon: L.divIcon({ className: "stop-pin", html: number, iconSize: [24, 24] }) }), `${tour.title}: ${stop.title}`)
          .on("click", () => { location.hash = `#/tours/${encodeURIComponent(tour.slug)}`; }).addTo(view.layers.tours);
        count++;
      });
    }
    view.mapElement.dataset.tourStops = String(count);
  }).catch(couldNotLoad("map.layer.tours"));
}

/** My position, with its uncertainty, and the ads for where I stand; the first fix brings the map to
 *  me. Returns the position watch. */
function followMe(view, focus) {
  const { map } = view;
  const drawAds = adsWhereIAm(view);
  let meMarker = null, centred = false;
  if (!navigator.geolocation) { say(t("map.location.unsupported")); return null; }
  return navigator.geolocation.watchPosition((p) => {
    if (view.left) return;  // a fix already on its way when the map was left
    here = { latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy };
    locationRefused = false;
    meMarker?.remove();
    meMarker = label(L.circle([here.latitude, here.longitude], { pane: "me", radius: Math.max(here.accuracy, 3), color: "#2563eb", weight: 2, fillOpacity: .15 }),
      t("map.here", { accuracy: Math.round(here.accuracy) })).addTo(map);
    drawAds().catch(couldNotLoad("map.layer.ads"));
    // Searches then rank what is near me first.
    if (!centred && !view.layers.route.getLayers().length && !view.layers.place.getLayers().length && !focus.sticker) { centred = true; map.setView([here.latitude, here.longitude], 17, { animate: false }); }
  }, (error) => {
    locationRefused = error.code === error.PERMISSION_DENIED;
    if (locationRefused) say(t("map.location.denied"));
  }, { enableHighAccuracy: true });
}

/** Ads are for people standing in their area: asked where I am (again after 25 m), never for the view. */
function adsWhereIAm(view) {
  let adsAskedAt = null;
  return async () => {
    if (adsAskedAt && L.latLng(adsAskedAt.latitude, adsAskedAt.longitude).distanceTo([here.latitude, here.longitude]) < 25) return;
    adsAskedAt = here;
    const ads = await adsHere(here);
    if (view.left) return;
    view.layers.ads.clearLayers();
    for (const ad of ads) {
      label(L.marker([ad.anchor.latitude, ad.anchor.longitude], { pane: "stickers", title: sponsoredBy(ad),
        icon: L.divIcon({ className: "ad-pin", html: "Ad", iconSize: [30, 22] }) }), `${sponsoredBy(ad)}${ad.text ? `: ${ad.text}` : ""}`)
        .on("click", () => view.sheet.show(adSheet(ad), "peek")).addTo(view.layers.ads);
    }
    view.mapElement.dataset.ads = String(ads.length);
  };
}

/** A walking route from here (or the map's centre) to `to`, drawn on top, with its steps in the sheet. */
async function routeTo(view, to, name) {
  const { map, mapElement, sheet } = view, routeLayer = view.layers.route;
  const from = here ?? { latitude: map.getCenter().lat, longitude: map.getCenter().lng };
  try {
    const r = await post(paths.routes, { from: { latitude: from.latitude, longitude: from.longitude }, to }).catch(async (error) => {
      // No connection: walked on the saved areas' walkways, on this phone.
      if (error.status !== 0) throw error;
      const offline = await savedRoute(from, to, name ?? t("map.destination"));
      if (!offline) throw new Error(t("route.offline.none"));
      return offline;
    });
    routeLayer.clearLayers();
    // Bold, with a white casing so it stands out on any background, and a pin at the end.
    L.geoJSON(r.geometry, { pane: "route", interactive: false, style: { color: "#fff", weight: 11, opacity: 1 } }).addTo(routeLayer);
    L.geoJSON(r.geometry, { pane: "route", interactive: false, style: { color: "#14532d", weight: 7, opacity: 1 } }).addTo(routeLayer);
    L.marker([r.destination.latitude, r.destination.longitude], { pane: "route", title: name ?? t("map.destination"),
      icon: L.divIcon({ className: "pin", html: icon("pin", { fill: "currentColor", stroke: "#fff" }), iconSize: [36, 36], iconAnchor: [18, 34] }) }).addTo(routeLayer);
    view.layers.place.clearLayers();
    // No animation: leaving the map mid-animation makes Leaflet throw (its timers outlive the map).
    map.fitBounds(L.geoJSON(r.geometry).getBounds(), { paddingTopLeft: [30, 70], paddingBottomRight: [30, mapElement.clientHeight * 0.45 + 20], animate: false });
    const arrival = timeText(Date.now() + r.duration * 1000, { hour: "2-digit", minute: "2-digit" });
    sheet.show(h("div", { class: "card", id: "route" },
      name ?? r.to.name ? h("h3", { translate: "no" }, name ?? r.to.name) : h("h3", {}, t("map.destination")),
      h("p", { id: "route-summary" }, h("strong", {}, t("map.routeSummary", { distance: distanceText(r.length), minutes: Math.max(1, Math.round(r.duration / 60)) })), " · ", t("map.arrival", { time: arrival })),
      r.offline ? h("p", { class: "muted", id: "route-offline" }, t("route.offline.made")) : null,
      h("div", { class: "row" },
        h("a", { class: "button", id: "view-in-ar", href: "#/ar", onclick: () => { handoff.route = r; } }, t("map.viewInAR")),
        h("button", { class: "secondary", id: "end-route", onclick: () => { routeLayer.clearLayers(); sheet.hide(); handoff.route = null; } }, t("route.end"))),
      h("ol", { id: "route-steps", class: "steps" }, ...r.steps.map((s) => h("li", {}, stepText(s),
        s.distance > 0 ? h("span", { class: "muted" }, distanceText(s.distance), s.name ? [" · ", h("span", { translate: "no" }, s.name)] : null) : null)))));
    mapElement.dataset.route = String(r.geometry.coordinates.length);
    mapElement.dataset.routeLength = String(Math.round(r.length));
    if (name) rememberRoute(to, name);
  } catch (error) { say(error.message); }
}

/** Place search as I type (the newest answer wins) and, with nothing typed, the places and routes I had lately. */
function placeSearch(view, search, results) {
  function showRecent() {
    if (search.value.trim()) return;
    const places = recentPlaces(), routes = recentRoutes();
    results.replaceChildren(...(places.length || routes.length ? [h("li", { class: "muted", style: "padding:.4rem 1rem" }, t("map.recent"))] : []),
      ...places.map((place) => h("li", {}, h("button", { class: "place-result recent-place", translate: "no", onclick: () => view.showPlace(place) }, place.name))),
      ...routes.map((r) => h("li", {}, h("button", { class: "place-result recent-route", onclick: () => { results.replaceChildren(); search.blur(); view.route(r.to, r.name); } },
        t("map.recentRoute", { name: r.name })))));
  }
  search.addEventListener("focus", showRecent);
  if (document.activeElement === search) showRecent();  // tapped while the map was still loading

  let latest = 0;
  search.addEventListener("input", async () => {
    const q = search.value.trim(), mine = ++latest;
    if (q.length < 2) return q ? results.replaceChildren() : showRecent();
    const center = view.map.getCenter();
    try {
      const found = await get(`${paths.placeSearch}?q=${encodeURIComponent(q)}&latitude=${center.lat}&longitude=${center.lng}`)
        .catch((error) => { if (error.status === 0) return searchSaved(q, { latitude: center.lat, longitude: center.lng }); throw error; });
      if (mine !== latest) return;
      results.replaceChildren(...(found.results.length ? found.results.slice(0, 6).map((hit) => h("li", {},
        h("button", { class: "place-result", dataset: { place: hit.place.id }, onclick: () => view.showPlace(hit.place) }, h("span", { translate: "no" }, hit.place.name),
          hit.distance != null ? h("span", { class: "muted" }, ` · ${distanceText(hit.distance)}`) : null))) : [h("li", { class: "muted", style: "padding:.6rem 1rem" }, t("map.noResults", { q }))]));
    } catch (error) { say(error.message); }
  });
}

/** A place chosen (from search, recent or the map): a pin, the map on it, its card in the sheet. */
function showPlace(view, place, { search, results }) {
  rememberPlace(place);
  results.replaceChildren();
  search.blur();
  view.layers.place.clearLayers();
  L.marker([place.position.latitude, place.position.longitude], { pane: "route", title: place.name,
    icon: L.divIcon({ className: "pin", html: icon("pin", { fill: "currentColor", stroke: "#fff" }), iconSize: [36, 36], iconAnchor: [18, 34] }) }).addTo(view.layers.place);
  view.map.setView([place.position.latitude, place.position.longitude], 17, { animate: false });
  const away = here ? L.latLng(here.latitude, here.longitude).distanceTo([place.position.latitude, place.position.longitude]) : null;
  view.sheet.show(placeCard(place, away, {
    route: () => view.route({ place: place.id }, place.name),
    ar: () => { handoff.place = place.id; },
  }));
  keepAboveSheet(view, [place.position.latitude, place.position.longitude]);
}

function openSticker(view, s) {
  const away = here ? L.latLng(here.latitude, here.longitude).distanceTo([s.anchor.latitude, s.anchor.longitude]) : null;
  view.sheet.show(stickerSheet(s, away, { route: () => view.route({ latitude: s.anchor.latitude, longitude: s.anchor.longitude }, shownText(s, t("map.sticker"))) }));
  keepAboveSheet(view, [s.anchor.latitude, s.anchor.longitude]);
}

/** Moves the map, if need be, so that `point` is in the middle of what the open sheet leaves of it:
 *  what a sheet is about stays in sight above it, never under it. */
function keepAboveSheet(view, point) {
  const { map } = view, box = map.getContainer().getBoundingClientRect();
  const visibleBottom = Math.min(box.bottom, view.sheet.open ? view.sheet.el.getBoundingClientRect().top : box.bottom) - box.top;
  const at = map.latLngToContainerPoint(point), margin = 48;
  if (at.y > margin && at.y < visibleBottom - margin && at.x > 0 && at.x < box.width) return;
  map.panBy([at.x - box.width / 2, at.y - visibleBottom / 2], { animate: false });
}

/** A legend that is also the layer switch: a swatch, a name and a checkbox per layer. */
function legend(map, layers) {
  const Legend = L.Control.extend({
    onAdd() {
      const box = h("div", { class: "legend leaflet-control", id: "legend" }, ...Object.entries(layers).map(([name, [layer, colour]]) => {
        const check = h("input", { type: "checkbox", checked: true, onchange: () => check.checked ? layer.addTo(map) : map.removeLayer(layer) });
        return h("label", {}, check, h("span", { class: "swatch", style: `background:${colour}` }), name);
      }));
      L.DomEvent.disableClickPropagation(box);
      return box;
    },
  });
  new Legend({ position: "bottomleft" }).addTo(map);
}
