// The map under everything else, the same on the map screen and a tour's page: the tiles of the
// style chosen in Settings or WorldLayer's own streets and buildings; and the map kept to its
// element's size, which the page may settle only after the map is made.
import { get, paths } from "./api.js";
import { couldNotLoad } from "./dom.js";
import { savedAround } from "./offline/saved.js";
import { settings } from "./settings.js";

// WorldLayer's own drawing, per style: the light one recedes so that places, stickers and routes stand out.
const ownInk = {
  streets: { building: "#d6d3d1", buildingEdge: "#a8a29e", path: "#a16207", street: "#78716c" },
  light: { building: "#efedeb", buildingEdge: "#dcd8d4", path: "#d6c3a0", street: "#c8c3be" },
};

/** The tiles of the style chosen in Settings (streets, light, satellite where the server has it) or,
 *  when they cannot load or "own" is chosen, WorldLayer's own streets and buildings under everything. */
export function baseMap(view, config) {
  const { map, mapElement } = view;
  // What the map shows is content (names from OpenStreetMap, stickers' and stops' titles) and its
  // credit line is the data's licence: neither is translated.
  for (const pane of Object.values(map.getPanes())) pane.setAttribute("translate", "no");
  map.attributionControl?.getContainer()?.setAttribute("translate", "no");
  const style = settings.get("mapStyle");
  mapElement.classList.add(`style-${style}`);
  const imagery = style === "satellite" && config.satelliteTileURL;
  const tileURL = imagery ? config.satelliteTileURL : config.tileURL;
  let drawOwn = !tileURL || style === "own", failures = 0;
  // WorldLayer's own map, in its pane under everything else: buildings, then walkways over them.
  async function load() {
    if (!drawOwn || map.getZoom() < 14) return;
    const b = map.getBounds();
    const box = `south=${b.getSouth()}&west=${b.getWest()}&north=${b.getNorth()}&east=${b.getEast()}`;
    const [buildings, walkways] = await Promise.all([orSaved(`${paths.buildings}?${box}`, "buildings", boundsOf(b), features),
      orSaved(`${paths.walkways}?${box}`, "walkways", boundsOf(b), features)]);
    if (view.left) return;
    view.layers.own.clearLayers();
    const ink = ownInk[style] ?? ownInk.streets;
    L.geoJSON(buildings, { pane: "own", interactive: false, style: { color: ink.buildingEdge, weight: 1, fillColor: ink.building, fillOpacity: 0.8 } }).addTo(view.layers.own);
    L.geoJSON(walkways, { pane: "own", interactive: false,
      style: (f) => ({ color: /footway|path|pedestrian|steps/.test(f.properties.highway) ? ink.path : ink.street, weight: f.properties.highway === "footway" ? 2 : 4 }) })
      .addTo(view.layers.own);
    mapElement.dataset.buildings = String(buildings.features.length);
    mapElement.dataset.walkways = String(walkways.features.length);
  }
  if (tileURL && style !== "own") {
    const tiles = L.tileLayer(tileURL, { maxZoom: 19, attribution: imagery ? config.satelliteAttribution : config.tileAttribution }).addTo(map);
    tiles.on("tileerror", () => {
      if (++failures === 3 && !drawOwn) { drawOwn = true; map.removeLayer(tiles); load().catch(couldNotLoad("map.own")); }
    });
  } else map.attributionControl.addAttribution(config.tileAttribution);
  return { load };
}

export const boundsOf = (b) => ({ south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() });
const features = (all) => ({ type: "FeatureCollection", features: all.flatMap((x) => x.features) });

/** The API's answer, or with no connection the saved areas' answers of that kind, merged with `merge`. */
export async function orSaved(url, kind, bounds, merge) {
  try { return await get(url); } catch (error) {
    const saved = error.status === 0 ? await savedAround(kind, bounds) : [];
    if (!saved.length) throw error;
    return merge(saved);
  }
}

/** Keeps `map` to `element`'s size. Made before the page had settled its layout, Leaflet drew one
 *  cold open in seven with its paths clipped to an empty box (819 of 821 `d="M0 0"`) until panned.
 *  Returns what stops it. */
export function followSize(map, element) {
  if (!globalThis.ResizeObserver) return () => {};
  let last = "";
  const observer = new ResizeObserver(([entry]) => {
    const size = `${Math.round(entry.contentRect.width)}x${Math.round(entry.contentRect.height)}`;
    if (size === last) return;
    last = size;
    map.invalidateSize({ pan: false });
  });
  observer.observe(element);
  return () => observer.disconnect();
}
