// Map: Leaflet with the configured tiles — or, when tiles cannot load, WorldLayer's own streets,
// paths and buildings, so the map is never blank — my position, places search with a detail sheet, and
// walking routes (from a searched place's "Route here", or a long press anywhere).
import { get, post } from "../api.js";
import { couldNotLoad, h, label, say } from "../dom.js";
import { t } from "../strings.js";
import { saveArea, savedAround } from "../offline/saved.js";

const helsinki = [60.1699, 24.9384];
let here = null;  // my last position {latitude, longitude, accuracy}

export async function render() {
  const screen = document.getElementById("screen");
  const search = h("input", { type: "search", id: "place-search", "aria-label": t("map.search"), placeholder: t("map.search"), autocomplete: "off" });
  const results = h("ul", { class: "list", id: "place-results", "aria-live": "polite" });
  const sheet = h("section", { class: "sheet", id: "sheet", "aria-live": "polite" });
  const mapElement = h("div", { id: "map", role: "application", "aria-label": t("map.title") });
  const saveButton = h("button", { class: "secondary", id: "save-area" }, t("offline.saveArea"));
  const saveStatus = h("span", { id: "area-status", role: "status" });
  screen.append(search, results, mapElement, h("p", { class: "muted" }, t("map.longPress")), h("p", { class: "row" }, saveButton, saveStatus), sheet);

  const config = await get("/v1/client-config");
  const map = L.map(mapElement, { zoomControl: true }).setView(helsinki, 16);
  window.worldlayerMap = map;  // for the browser tests
  const ownData = L.layerGroup().addTo(map);
  const routeLayer = L.layerGroup().addTo(map);
  const placeLayer = L.layerGroup().addTo(map);
  let drawOwn = !config.tileURL, failures = 0;
  if (config.tileURL) {
    const tiles = L.tileLayer(config.tileURL, { maxZoom: 19, attribution: config.tileAttribution }).addTo(map);
    tiles.on("tileerror", () => {
      if (++failures === 3 && !drawOwn) { drawOwn = true; say(t("map.noTiles")); map.removeLayer(tiles); loadOwnMap().catch(couldNotLoad("map.own")); }
    });
  } else {
    map.attributionControl.addAttribution(config.tileAttribution);
    say(t("map.noTiles"));
  }

  const boundsOf = (b) => ({ south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() });
  saveButton.addEventListener("click", async () => {
    saveButton.disabled = true;
    const b = boundsOf(map.getBounds()), c = map.getCenter();
    try {
      await saveArea(`${c.lat.toFixed(4)}, ${c.lng.toFixed(4)}`, b, (done, total) => { saveStatus.textContent = t("offline.saving", { done, total }); });
      saveStatus.textContent = t("offline.saved", { name: t("map.title") });
    } catch (error) { saveStatus.textContent = t("offline.failed", { reason: error.message }); }
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

  // Buildings first, so the walkways are drawn over them.
  async function loadOwnMap() {
    if (!drawOwn || map.getZoom() < 14) return;
    const b = map.getBounds();
    const box = `south=${b.getSouth()}&west=${b.getWest()}&north=${b.getNorth()}&east=${b.getEast()}`;
    const [buildings, walkways] = await Promise.all([orSaved(`/v1/map/buildings?${box}`, "buildings", boundsOf(b), features),
      orSaved(`/v1/map/walkways?${box}`, "walkways", boundsOf(b), features)]);
    ownData.clearLayers();
    L.geoJSON(buildings, { interactive: false, style: { color: "#a8a29e", weight: 1, fillColor: "#d6d3d1", fillOpacity: 0.8 } }).addTo(ownData);
    L.geoJSON(walkways, { style: (f) => ({ color: /footway|path|pedestrian|steps/.test(f.properties.highway) ? "#a16207" : "#57534e", weight: f.properties.highway === "footway" ? 2 : 4 }) })
      .addTo(ownData);
    mapElement.dataset.buildings = String(buildings.features.length);
    mapElement.dataset.walkways = String(walkways.features.length);
  }
  map.on("moveend", () => loadOwnMap().catch(couldNotLoad("map.own")));
  await loadOwnMap().catch(couldNotLoad("map.own"));

  // Layers: stickers, places and the open tours' stops around the view, each switchable.
  const c = map.getCenter();
  mapElement.dataset.layersAround = `${c.lat},${c.lng}`;
  const stickerLayer = L.layerGroup().addTo(map), placesLayer = L.layerGroup().addTo(map), tourLayer = L.layerGroup().addTo(map);
  L.control.layers(null, { [t("map.layer.stickers")]: stickerLayer, [t("map.layer.places")]: placesLayer, [t("map.layer.tours")]: tourLayer }).addTo(map);
  const around = boundsOf(map.getBounds());
  orSaved(`/v1/stickers/nearby?latitude=${c.lat}&longitude=${c.lng}&radius=1000&limit=200`, "stickers", around,
    (all) => ({ stickers: [...new Map(all.flatMap((x) => x.stickers).map((s) => [s.sticker.id, s])).values()] })).then(({ stickers }) => {
    for (const { sticker: s } of stickers ?? []) label(L.circleMarker([s.anchor.latitude, s.anchor.longitude], { radius: 6, color: s.color ?? "#f59e0b" }), s.text || s.templateId).addTo(stickerLayer);
    mapElement.dataset.stickers = String(stickerLayer.getLayers().length);  // drawn, not merely fetched
  }).catch(couldNotLoad("map.layer.stickers"));
  orSaved(`/v1/places/nearby?latitude=${c.lat}&longitude=${c.lng}&radius=600&limit=200`, "places", around,
    (all) => ({ places: [...new Map(all.flatMap((x) => x.places).map((p) => [p.place.id, p])).values()] })).then(({ places }) => {
    for (const p of places) label(L.circleMarker([p.place.position.latitude, p.place.position.longitude], { radius: 4, color: "#2563eb", weight: 1 }), p.place.name)
      .on("click", () => showPlace(p.place)).addTo(placesLayer);
    mapElement.dataset.places = String(places.length);
  }).catch(couldNotLoad("map.layer.places"));
  get("/v1/tours").then(async ({ tours }) => {
    let count = 0;
    for (const summary of tours.filter((x) => x.mode === "open")) {
      const tour = await get(`/v1/tours/${summary.id}`);
      for (const stop of tour.stops.filter((x) => x.position)) {
        label(L.marker([stop.position.latitude, stop.position.longitude], { title: stop.title, icon: L.divIcon({ className: "tour-stop", html: "★", iconSize: [22, 22] }) }), `${tour.title}: ${stop.title}`)
          .on("click", () => { location.hash = `#/tours/${encodeURIComponent(tour.slug)}`; }).addTo(tourLayer);
        count++;
      }
    }
    mapElement.dataset.tourStops = String(count);
  }).catch(couldNotLoad("map.layer.tours"));

  // My position, with its uncertainty.
  let meMarker = null, centred = false;
  let watch = null, left = false;
  if (!navigator.geolocation) say(t("map.location.unsupported"));
  else watch = navigator.geolocation.watchPosition((p) => {
    if (left) return;  // a fix already on its way when the map was left
    here = { latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy };
    meMarker?.remove();
    meMarker = label(L.circle([here.latitude, here.longitude], { radius: Math.max(here.accuracy, 3), color: "#2563eb" }),
      t("map.here", { accuracy: Math.round(here.accuracy) })).addTo(map);
    // The first fix brings the map to me (searches then rank what is near me first).
    if (!centred && !routeLayer.getLayers().length && !placeLayer.getLayers().length) { centred = true; map.setView([here.latitude, here.longitude], 17, { animate: false }); }
  }, (error) => say(error.code === error.PERMISSION_DENIED ? t("map.location.denied") : t("map.location.unsupported")), { enableHighAccuracy: true });

  async function route(to, label) {
    const from = here ?? { latitude: map.getCenter().lat, longitude: map.getCenter().lng };
    try {
      const r = await post("/v1/routes", { from: { latitude: from.latitude, longitude: from.longitude }, to });
      routeLayer.clearLayers();
      L.geoJSON(r.geometry, { style: { color: "#14532d", weight: 6, opacity: .85 } }).addTo(routeLayer);
      // No animation: leaving the map mid-animation makes Leaflet throw (its timers outlive the map).
      map.fitBounds(L.geoJSON(r.geometry).getBounds(), { padding: [30, 30], animate: false });
      sheet.replaceChildren(h("div", { class: "card", id: "route" },
        h("h3", {}, label ?? r.to.name ?? ""), h("p", { id: "route-summary" }, t("map.routeSummary", { distance: Math.round(r.length), minutes: Math.max(1, Math.round(r.duration / 60)) })),
        h("ol", { id: "route-steps" }, ...r.steps.map((s) => h("li", {}, s.instruction))),
        h("a", { class: "button", id: "view-in-ar", href: "#/ar", onclick: () => sessionStorage.setItem("worldlayer.route", JSON.stringify(r)) }, t("map.viewInAR"))));
      mapElement.dataset.route = String(r.geometry.coordinates.length);
    } catch (error) { say(error.message); }
  }

  map.on("contextmenu", (e) => route({ latitude: e.latlng.lat, longitude: e.latlng.lng }));

  let latest = 0;
  search.addEventListener("input", async () => {
    const q = search.value.trim(), mine = ++latest;
    if (q.length < 2) return results.replaceChildren();
    const center = map.getCenter();
    const found = await get(`/v1/places/search?q=${encodeURIComponent(q)}&latitude=${center.lat}&longitude=${center.lng}`);
    if (mine !== latest) return;
    results.replaceChildren(...(found.results.length ? found.results.slice(0, 6).map((hit) => h("li", {},
      h("button", { class: "secondary place-result", style: "width:100%;text-align:left", dataset: { place: hit.place.id }, onclick: () => showPlace(hit.place) }, hit.place.name,
        hit.distance != null ? h("span", { class: "muted" }, ` · ${Math.round(hit.distance)} m`) : null))) : [h("li", { class: "muted" }, t("map.noResults", { q }))]));
  });

  function showPlace(place) {
    results.replaceChildren();
    placeLayer.clearLayers();
    L.marker([place.position.latitude, place.position.longitude], { title: place.name }).addTo(placeLayer);
    map.setView([place.position.latitude, place.position.longitude], 17, { animate: false });
    sheet.replaceChildren(h("div", { class: "card", id: "place-sheet" },
      h("h3", {}, place.name), place.description ? h("p", {}, place.description) : null,
      place.openingHours ? h("p", { class: "muted" }, place.openingHours) : null,
      ...place.photos.map((p) => h("img", { src: `/v1/places/${place.id}/photos/${p.id}`, alt: "", style: "max-width:100%;border-radius:8px" })),
      h("div", { class: "row" }, h("button", { id: "route-here", onclick: () => route({ place: place.id }, place.name) }, t("map.route")),
        h("a", { class: "button secondary", id: "place-in-ar", href: "#/ar", onclick: () => sessionStorage.setItem("worldlayer.highlight", place.id) }, t("map.viewInAR")))));
  }

  return () => { left = true; if (watch !== null) navigator.geolocation.clearWatch(watch); map.stop(); map.remove(); };
}
