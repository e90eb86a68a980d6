// Map: full screen, Leaflet with the configured tiles — or, when tiles cannot load, WorldLayer's own
// streets, paths and buildings, so the map is never blank. Layers in a fixed order (own map at the
// bottom, then places, stickers, tour stops, the route on top), fetched for the view as it moves,
// stickers clustered where dense; a legend; my position; search; every answer in a bottom sheet
// (a place, a sticker, a route with its steps and arrival time).
import { live } from "../live.js";
import { get, post } from "../api.js";
import { couldNotLoad, distanceText, h, icon, label, say } from "../dom.js";
import { t } from "../strings.js";
import { bottomSheet } from "../sheet.js";
import { saveArea, savedAround } from "../offline/saved.js";
import { stickerSheet } from "./sticker-sheet.js";
import { rememberPlace, rememberRoute, recentPlaces, recentRoutes } from "./recent.js";
import { placeCard } from "./place-sheet.js";
import { currentPosition } from "../sensors/position.js";
import { settings } from "../settings.js";
import { shownText } from "../warnings.js";
import { adSheet, adsHere, sponsoredBy } from "../ads.js";

const helsinki = [60.1699, 24.9384];
let here = null;  // my last position {latitude, longitude, accuracy}
// Panes from bottom to top; Leaflet's own overlay pane is 400, markers 600.
// My position lies under what can be tapped: a sticker or an ad where I stand stays tappable.
const panes = { own: 350, me: 400, places: 410, stickers: 420, stops: 430, route: 440 };
// WorldLayer's own drawing, per style: the light one recedes so that places, stickers and routes stand out.
const ownInk = {
  streets: { building: "#d6d3d1", buildingEdge: "#a8a29e", path: "#a16207", street: "#78716c" },
  light: { building: "#efedeb", buildingEdge: "#dcd8d4", path: "#d6c3a0", street: "#c8c3be" },
};
const clusterBelowZoom = 18, clusterCell = 44;  // px: stickers closer than this on screen group up

/** `focus.sticker`: a sticker id to open (from the feed or a profile); `focus.to` and `focus.name`: a
 *  place to route to from here (the way to a tour). */
export async function render(focus = {}) {
  const screen = document.getElementById("screen");
  const search = h("input", { type: "search", id: "place-search", "aria-label": t("map.search"), placeholder: t("map.search"), autocomplete: "off" });
  const results = h("ul", { class: "list", id: "place-results", "aria-live": "polite" });
  const sheet = bottomSheet("sheet", { onClose: () => placeLayer.clearLayers() });
  const mapElement = h("div", { id: "map", role: "application", "aria-label": t("map.title") });
  const saveButton = h("button", { class: "secondary", id: "save-area" }, icon("save", { width: 18, height: 18 }), " ", t("offline.saveArea"));
  const saveStatus = h("span", { id: "area-status", class: "muted", role: "status" });
  const locate = h("button", { class: "round", id: "locate", "aria-label": t("map.locate") }, icon("locate"));
  const liveState = h("p", { class: "live-state", id: "map-live", role: "status", "data-state": "connecting" }, "");
  screen.append(mapElement, h("div", { class: "float-top" }, search, results),
    h("div", { class: "float-buttons" }, liveState, locate, saveButton), sheet.el);

  let left = false;  // set when the view is left: answers arriving later draw nothing
  const config = await get("/v1/client-config");
  const map = L.map(mapElement, { zoomControl: false }).setView(helsinki, 16);
  window.worldlayerMap = map;  // for the browser tests
  for (const [name, z] of Object.entries(panes)) map.createPane(name).style.zIndex = String(z);
  const ownData = L.layerGroup().addTo(map);
  const placesLayer = L.layerGroup().addTo(map), stickerLayer = L.layerGroup().addTo(map), tourLayer = L.layerGroup().addTo(map);
  const routeLayer = L.layerGroup().addTo(map), placeLayer = L.layerGroup().addTo(map), adLayer = L.layerGroup().addTo(map);
  // The style chosen in Settings: streets (the tiles), light (the same, quieter), or our own drawing only.
  const style = settings.get("mapStyle");
  mapElement.classList.add(`style-${style}`);
  // Satellite imagery when chosen and this server has it (streets otherwise), with its own credit.
  const imagery = style === "satellite" && config.satelliteTileURL;
  const tileURL = imagery ? config.satelliteTileURL : config.tileURL;
  let drawOwn = !tileURL || style === "own", failures = 0;
  if (tileURL && style !== "own") {
    const tiles = L.tileLayer(tileURL, { maxZoom: 19, attribution: imagery ? config.satelliteAttribution : config.tileAttribution }).addTo(map);
    tiles.on("tileerror", () => {
      if (++failures === 3 && !drawOwn) { drawOwn = true; map.removeLayer(tiles); loadOwnMap().catch(couldNotLoad("map.own")); }
    });
  } else map.attributionControl.addAttribution(config.tileAttribution);
  legend(map, { [t("map.layer.places")]: [placesLayer, "#2563eb"], [t("map.layer.stickers")]: [stickerLayer, "#f59e0b"],
    [t("map.layer.tours")]: [tourLayer, "#b45309"], [t("map.layer.ads")]: [adLayer, "#7c3aed"], [t("map.layer.route")]: [routeLayer, "#14532d"] });

  // Ads are for people standing in their area: asked where I am (again after 25 m), never for the view.
  let adsAskedAt = null;
  async function drawAds() {
    if (adsAskedAt && L.latLng(adsAskedAt.latitude, adsAskedAt.longitude).distanceTo([here.latitude, here.longitude]) < 25) return;
    adsAskedAt = here;
    const ads = await adsHere(here);
    if (left) return;
    adLayer.clearLayers();
    for (const ad of ads) {
      label(L.marker([ad.anchor.latitude, ad.anchor.longitude], { pane: "stickers", title: sponsoredBy(ad),
        icon: L.divIcon({ className: "ad-pin", html: "Ad", iconSize: [30, 22] }) }), `${sponsoredBy(ad)}${ad.text ? `: ${ad.text}` : ""}`)
        .on("click", () => sheet.show(adSheet(ad), "peek")).addTo(adLayer);
    }
    mapElement.dataset.ads = String(ads.length);
  }

  const boundsOf = (b) => ({ south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() });
  saveButton.addEventListener("click", async () => {
    saveButton.disabled = true;
    const b = boundsOf(map.getBounds()), c = map.getCenter();
    saveButton.after(saveStatus);
    try {
      await saveArea(`${c.lat.toFixed(4)}, ${c.lng.toFixed(4)}`, b, (done, total) => { saveStatus.textContent = t("offline.saving", { done, total }); });
      saveStatus.textContent = t("offline.saved", { name: t("map.title") });
      say(saveStatus.textContent);
    } catch (error) { saveStatus.textContent = t("offline.failed", { reason: error.message }); say(saveStatus.textContent); }
    saveButton.disabled = false;
  });

  /** The API's answer, or with no connection the saved areas' answers of that kind, merged with `merge`. */
  async function orSaved(url, kind, bounds, merge) {
    try { return await get(url); } catch (error) {
      const saved = error.status === 0 ? await savedAround(kind, bounds) : [];
      if (!saved.length) throw error;
      return merge(saved);
    }
  }
  const features = (all) => ({ type: "FeatureCollection", features: all.flatMap((x) => x.features) });

  // WorldLayer's own map, in its pane under everything else: buildings, then walkways over them.
  async function loadOwnMap() {
    if (!drawOwn || map.getZoom() < 14) return;
    const b = map.getBounds();
    const box = `south=${b.getSouth()}&west=${b.getWest()}&north=${b.getNorth()}&east=${b.getEast()}`;
    const [buildings, walkways] = await Promise.all([orSaved(`/v1/map/buildings?${box}`, "buildings", boundsOf(b), features),
      orSaved(`/v1/map/walkways?${box}`, "walkways", boundsOf(b), features)]);
    if (left) return;
    ownData.clearLayers();
    const ink = ownInk[style] ?? ownInk.streets;
    L.geoJSON(buildings, { pane: "own", interactive: false, style: { color: ink.buildingEdge, weight: 1, fillColor: ink.building, fillOpacity: 0.8 } }).addTo(ownData);
    L.geoJSON(walkways, { pane: "own", interactive: false,
      style: (f) => ({ color: /footway|path|pedestrian|steps/.test(f.properties.highway) ? ink.path : ink.street, weight: f.properties.highway === "footway" ? 2 : 4 }) })
      .addTo(ownData);
    mapElement.dataset.buildings = String(buildings.features.length);
    mapElement.dataset.walkways = String(walkways.features.length);
  }

  // Places and stickers for the view, fetched again whenever it moves (the newest answer wins).
  let asked = 0, stickers = [];
  // The stickers around the view's centre change live: placed, edited, removed, no longer mine to see.
  const feed = live({
    onEvent: (m) => {
      stickers = stickers.filter((s) => s.id !== m.stickerId);
      if (m.sticker) stickers.push(m.sticker);  // a body: mine to see, as a load would show it
      drawStickers();
    },
    onReset: () => loadContent().catch(couldNotLoad("map.layer.stickers")),
    onState: (state) => { liveState.dataset.state = state; liveState.textContent = t(`live.${state}`); },
  });
  async function loadContent() {
    const mine = ++asked, c = map.getCenter(), b = map.getBounds();
    // The API answers up to 1 km around a point: a wider view shows what is within 1 km of its centre.
    const radius = Math.round(Math.min(1000, Math.max(150, c.distanceTo(b.getNorthEast()))));
    const around = boundsOf(b);
    const [stickerAnswer, placeAnswer] = await Promise.all([
      orSaved(`/v1/stickers/nearby?latitude=${c.lat}&longitude=${c.lng}&radius=${radius}&limit=200`, "stickers", around,
        (all) => ({ stickers: [...new Map(all.flatMap((x) => x.stickers).map((s) => [s.sticker.id, s])).values()] })).catch((e) => { couldNotLoad("map.layer.stickers")(e); return null; }),
      orSaved(`/v1/places/nearby?latitude=${c.lat}&longitude=${c.lng}&radius=${Math.min(radius, 800)}&limit=200`, "places", around,
        (all) => ({ places: [...new Map(all.flatMap((x) => x.places).map((p) => [p.place.id, p])).values()] })).catch((e) => { couldNotLoad("map.layer.places")(e); return null; }),
    ]);
    if (mine !== asked || left) return;  // a newer view asked meanwhile, or the map was left
    mapElement.dataset.layersAround = `${c.lat},${c.lng},${radius}`;
    if (stickerAnswer) { stickers = (stickerAnswer.stickers ?? []).map((x) => x.sticker); drawStickers(); }
    if (typeof stickerAnswer?.seq === "number") followAround(c, radius, stickerAnswer.seq).catch(() => { /* drawn, not live */ });
    if (placeAnswer) {
      placesLayer.clearLayers();
      for (const p of placeAnswer.places) label(L.circleMarker([p.place.position.latitude, p.place.position.longitude], { pane: "places", radius: 5, color: "#fff", weight: 1.5, fillColor: "#2563eb", fillOpacity: 1 }), p.place.name)
        .on("click", () => showPlace(p.place)).addTo(placesLayer);
      mapElement.dataset.places = String(placeAnswer.places.length);
    }
    emptyHint(stickerAnswer, placeAnswer, mine).catch(() => { /* only a hint */ });
  }

  /** Follows the cells within 400 m of the centre (a live subscription takes 100 cells at most) from `seq`. */
  async function followAround(c, radius, seq) {
    const { cells } = await get(`/v1/cells/cover?latitude=${c.lat}&longitude=${c.lng}&radius=${Math.min(radius, 400)}`);
    if (!left) feed.follow(cells.slice(0, 100), seq);
  }

  // Stickers one by one when there is room; where they crowd on screen, a numbered circle that zooms in.
  function drawStickers() {
    stickerLayer.clearLayers();
    const cells = new Map();
    for (const s of stickers) {
      const p = map.latLngToLayerPoint([s.anchor.latitude, s.anchor.longitude]);
      const key = map.getZoom() >= clusterBelowZoom ? s.id : `${Math.floor(p.x / clusterCell)},${Math.floor(p.y / clusterCell)}`;
      cells.set(key, [...(cells.get(key) ?? []), s]);
    }
    for (const group of cells.values()) {
      if (group.length < 4) {
        for (const s of group) label(L.circleMarker([s.anchor.latitude, s.anchor.longitude], { pane: "stickers", radius: 7, color: "#fff", weight: 2, fillColor: s.color ?? "#f59e0b", fillOpacity: 1 }), shownText(s, s.templateId))
          .on("click", () => openSticker(s)).addTo(stickerLayer);
        continue;
      }
      const lat = group.reduce((a, s) => a + s.anchor.latitude, 0) / group.length, lng = group.reduce((a, s) => a + s.anchor.longitude, 0) / group.length;
      const size = Math.min(48, 26 + 3 * Math.log2(group.length));
      const count = document.createElement("span");
      count.textContent = String(group.length);
      label(L.marker([lat, lng], { pane: "stickers", icon: L.divIcon({ className: "cluster", html: count, iconSize: [size, size] }), keyboard: true, title: t("map.cluster", { count: group.length }) }),
        t("map.cluster", { count: group.length }))
        .on("click", () => map.setView([lat, lng], Math.min(19, map.getZoom() + 2))).addTo(stickerLayer);
    }
    mapElement.dataset.stickers = String(stickers.length);  // drawn, one by one or counted in a cluster
  }

  /** Outside any content: say so, and point to where the nearest content is (the demo tour's start). */
  let hint = null, contentStart = null;  // asked once per view, however often the map is moved
  async function nearestContent() {
    const { tours } = await get("/v1/tours").catch(() => ({ tours: [] }));
    const open = tours.find((x) => x.mode === "open");
    const start = open ? (await get(`/v1/tours/${open.id}`).catch(() => null))?.stops.find((x) => x.position)?.position : null;
    return { open, start };
  }
  async function emptyHint(stickerAnswer, placeAnswer, mine) {
    hint?.remove(); hint = null;
    if (!stickerAnswer || !placeAnswer || stickerAnswer.stickers?.length || placeAnswer.places.length || map.getZoom() < 13) return;
    contentStart ??= nearestContent();
    const { open, start } = await contentStart;
    if (hint || mine !== asked || left) return;
    hint = h("div", { class: "card empty-area", id: "empty-area", role: "status" }, h("p", {}, t("map.empty")),
      start ? h("button", { id: "go-to-content", onclick: () => map.setView([start.latitude, start.longitude], 16, { animate: false }) }, t("map.goToContent", { name: open.title })) : null);
    screen.append(hint);
  }

  // Open tours' stops: numbered amber pins; tapping one opens its tour.
  get("/v1/tours").then(async ({ tours }) => {
    let count = 0;
    for (const summary of tours.filter((x) => x.mode === "open")) {
      const tour = await get(`/v1/tours/${summary.id}`);
      if (left) return;
      tour.stops.filter((x) => x.position).forEach((stop, i) => {
        const number = document.createElement("span");
        number.textContent = String(i + 1);
        label(L.marker([stop.position.latitude, stop.position.longitude], { pane: "stops", title: stop.title, icon: L.divIcon({ className: "stop-pin", html: number, iconSize: [24, 24] }) }), `${tour.title}: ${stop.title}`)
          .on("click", () => { location.hash = `#/tours/${encodeURIComponent(tour.slug)}`; }).addTo(tourLayer);
        count++;
      });
    }
    mapElement.dataset.tourStops = String(count);
  }).catch(couldNotLoad("map.layer.tours"));

  let moving = null;
  map.on("moveend", () => {
    clearTimeout(moving);
    moving = setTimeout(() => {
      if (left) return;  // stopping the map on the way out ends a move too
      loadOwnMap().catch(couldNotLoad("map.own"));
      loadContent();
    }, 250);
  });
  map.on("zoomend", drawStickers);
  // Both at once: content does not wait for the streets.
  loadOwnMap().catch(couldNotLoad("map.own"));
  loadContent();

  // My position, with its uncertainty.
  let meMarker = null, centred = false;
  let watch = null;
  if (!navigator.geolocation) say(t("map.location.unsupported"));
  else watch = navigator.geolocation.watchPosition((p) => {
    if (left) return;  // a fix already on its way when the map was left
    here = { latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy };
    meMarker?.remove();
    meMarker = label(L.circle([here.latitude, here.longitude], { pane: "me", radius: Math.max(here.accuracy, 3), color: "#2563eb", weight: 2, fillOpacity: .15 }),
      t("map.here", { accuracy: Math.round(here.accuracy) })).addTo(map);
    drawAds().catch(couldNotLoad("map.layer.ads"));
    // The first fix brings the map to me (searches then rank what is near me first).
    if (!centred && !routeLayer.getLayers().length && !placeLayer.getLayers().length && !focus.sticker) { centred = true; map.setView([here.latitude, here.longitude], 17, { animate: false }); }
  }, (error) => { if (error.code === error.PERMISSION_DENIED) say(t("map.location.denied")); }, { enableHighAccuracy: true });
  locate.addEventListener("click", () => here ? map.setView([here.latitude, here.longitude], 17, { animate: false }) : say(t("map.location.waiting")));

  async function route(to, name) {
    const from = here ?? { latitude: map.getCenter().lat, longitude: map.getCenter().lng };
    try {
      const r = await post("/v1/routes", { from: { latitude: from.latitude, longitude: from.longitude }, to });
      routeLayer.clearLayers();
      // Bold, with a white casing so it stands out on any background, and a pin at the end.
      L.geoJSON(r.geometry, { pane: "route", interactive: false, style: { color: "#fff", weight: 11, opacity: 1 } }).addTo(routeLayer);
      L.geoJSON(r.geometry, { pane: "route", interactive: false, style: { color: "#14532d", weight: 7, opacity: 1 } }).addTo(routeLayer);
      L.marker([r.destination.latitude, r.destination.longitude], { pane: "route", title: name ?? t("map.destination"),
        icon: L.divIcon({ className: "pin", html: icon("pin", { fill: "currentColor", stroke: "#fff" }), iconSize: [36, 36], iconAnchor: [18, 34] }) }).addTo(routeLayer);
      placeLayer.clearLayers();
      // No animation: leaving the map mid-animation makes Leaflet throw (its timers outlive the map).
      map.fitBounds(L.geoJSON(r.geometry).getBounds(), { paddingTopLeft: [30, 70], paddingBottomRight: [30, mapElement.clientHeight * 0.45 + 20], animate: false });
      const arrival = new Date(Date.now() + r.duration * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
      sheet.show(h("div", { class: "card", id: "route" },
        h("h3", {}, name ?? r.to.name ?? t("map.destination")),
        h("p", { id: "route-summary" }, h("strong", {}, t("map.routeSummary", { distance: distanceText(r.length), minutes: Math.max(1, Math.round(r.duration / 60)) })), " · ", t("map.arrival", { time: arrival })),
        h("div", { class: "row" },
          h("a", { class: "button", id: "view-in-ar", href: "#/ar", onclick: () => sessionStorage.setItem("worldlayer.route", JSON.stringify(r)) }, t("map.viewInAR")),
          h("button", { class: "secondary", id: "end-route", onclick: () => { routeLayer.clearLayers(); sheet.hide(); sessionStorage.removeItem("worldlayer.route"); } }, t("route.end"))),
        h("ol", { id: "route-steps", class: "steps" }, ...r.steps.map((s) => h("li", {}, s.instruction,
          s.distance > 0 ? h("span", { class: "muted" }, [distanceText(s.distance), s.name].filter(Boolean).join(" · ")) : null)))));
      mapElement.dataset.route = String(r.geometry.coordinates.length);
      if (name) rememberRoute(to, name);
    } catch (error) { say(error.message); }
  }

  map.on("contextmenu", (e) => route({ latitude: e.latlng.lat, longitude: e.latlng.lng }));

  // With nothing typed, the places and routes I had lately.
  function showRecent() {
    if (search.value.trim()) return;
    const places = recentPlaces(), routes = recentRoutes();
    results.replaceChildren(...(places.length || routes.length ? [h("li", { class: "muted", style: "padding:.4rem 1rem" }, t("map.recent"))] : []),
      ...places.map((place) => h("li", {}, h("button", { class: "place-result recent-place", onclick: () => showPlace(place) }, place.name))),
      ...routes.map((r) => h("li", {}, h("button", { class: "place-result recent-route", onclick: () => { results.replaceChildren(); search.blur(); route(r.to, r.name); } },
        t("map.recentRoute", { name: r.name })))));
  }
  search.addEventListener("focus", showRecent);
  if (document.activeElement === search) showRecent();  // tapped while the map was still loading

  let latest = 0;
  search.addEventListener("input", async () => {
    const q = search.value.trim(), mine = ++latest;
    if (q.length < 2) return q ? results.replaceChildren() : showRecent();
    const center = map.getCenter();
    try {
      const found = await get(`/v1/places/search?q=${encodeURIComponent(q)}&latitude=${center.lat}&longitude=${center.lng}`);
      if (mine !== latest) return;
      results.replaceChildren(...(found.results.length ? found.results.slice(0, 6).map((hit) => h("li", {},
        h("button", { class: "place-result", dataset: { place: hit.place.id }, onclick: () => showPlace(hit.place) }, hit.place.name,
          hit.distance != null ? h("span", { class: "muted" }, ` · ${distanceText(hit.distance)}`) : null))) : [h("li", { class: "muted", style: "padding:.6rem 1rem" }, t("map.noResults", { q }))]));
    } catch (error) { say(error.message); }
  });

  function showPlace(place) {
    rememberPlace(place);
    results.replaceChildren();
    search.blur();
    placeLayer.clearLayers();
    L.marker([place.position.latitude, place.position.longitude], { pane: "route", title: place.name,
      icon: L.divIcon({ className: "pin", html: icon("pin", { fill: "currentColor", stroke: "#fff" }), iconSize: [36, 36], iconAnchor: [18, 34] }) }).addTo(placeLayer);
    map.setView([place.position.latitude, place.position.longitude], 17, { animate: false });
    const away = here ? L.latLng(here.latitude, here.longitude).distanceTo([place.position.latitude, place.position.longitude]) : null;
    sheet.show(placeCard(place, away, {
      route: () => route({ place: place.id }, place.name),
      ar: () => sessionStorage.setItem("worldlayer.highlight", place.id),
    }));
  }

  function openSticker(s) {
    const away = here ? L.latLng(here.latitude, here.longitude).distanceTo([s.anchor.latitude, s.anchor.longitude]) : null;
    sheet.show(stickerSheet(s, away, { route: () => route({ latitude: s.anchor.latitude, longitude: s.anchor.longitude }, shownText(s, t("map.sticker"))) }));
  }

  if (focus.sticker) {
    try {
      const s = await get(`/v1/stickers/${focus.sticker}`);
      map.setView([s.anchor.latitude, s.anchor.longitude], 18, { animate: false });
      openSticker(s);
    } catch (error) { say(error.message); }
  }
  // A route asked for elsewhere (the way to a tour): from where I am, once that is known.
  if (focus.to) {
    here ??= await currentPosition();
    if (!left) await route(focus.to, focus.name);
  }
  return () => { left = true; feed.close(); clearTimeout(moving); if (watch !== null) navigator.geolocation.clearWatch(watch); map.stop(); map.remove(); };
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
