// What the saved areas (./saved.js) answer with no connection, beyond drawing the map: places found
// by name, a route on the saved walkways (./walk-route.js), and the stickers and places around a
// point for AR.
import { savedAround } from "./saved.js";
import { routeOnSaved } from "./walk-route.js";
import { LocalFrame } from "../geo.js";

const everywhere = { south: -90, west: -180, north: 90, east: 180 };

/** A box of `metres` about a point, in degrees. */
export function boxAround({ latitude, longitude }, metres) {
  const dLat = metres / 111320, dLon = metres / (111320 * Math.max(0.05, Math.cos(latitude * Math.PI / 180)));
  return { south: latitude - dLat, north: latitude + dLat, west: longitude - dLon, east: longitude + dLon };
}

/** Every saved place once, each with its distance from `from` (null when not given). */
export async function savedPlaces(bounds = everywhere, from = null) {
  const frame = from && new LocalFrame(from.latitude, from.longitude, 0);
  const byId = new Map((await savedAround("places", bounds)).flatMap((x) => x.places).map((x) => [x.place.id, x.place]));
  return [...byId.values()].map((place) => {
    const e = frame?.enu(place.position.latitude, place.position.longitude, 0);
    return { place, distance: e ? Math.hypot(e.east, e.north) : null };
  });
}

/** Every saved sticker within `bounds` once. */
export async function savedStickers(bounds) {
  return [...new Map((await savedAround("stickers", bounds)).flatMap((x) => x.stickers).map((x) => [x.sticker.id, x.sticker])).values()];
}

/** Lower case, accents and punctuation gone: "Café Engel" and "cafe engel" meet. */
const fold = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Saved places whose name has a word starting with each word of `q`, whole-name prefixes first,
 *  then nearest `from`; as the search API answers ({results: [{place, distance}]}). */
export async function searchSaved(q, from) {
  const words = fold(q);
  if (!words.length) return { results: [] };
  const hits = (await savedPlaces(everywhere, from)).filter(({ place }) => {
    const name = fold(place.name ?? "");
    return words.every((w) => name.some((n) => n.startsWith(w)));
  });
  const starts = (p) => (fold(p.place.name).join(" ").startsWith(words.join(" ")) ? 0 : 1);
  hits.sort((a, b) => starts(a) - starts(b) || (a.distance ?? 0) - (b.distance ?? 0));
  return { results: hits.slice(0, 20) };
}

/** A walking route on the saved walkways; `to` is a point or {place: id} of a saved place. Null when
 *  the saved areas do not hold a way between them. */
export async function savedRoute(from, to, name) {
  const target = to.place ? (await savedPlaces()).find((x) => x.place.id === to.place)?.place.position : to;
  if (!target) return null;
  const bounds = {
    south: Math.min(from.latitude, target.latitude) - 0.003, north: Math.max(from.latitude, target.latitude) + 0.003,
    west: Math.min(from.longitude, target.longitude) - 0.006, east: Math.max(from.longitude, target.longitude) + 0.006,
  };
  const walkways = [...new Map((await savedAround("walkways", bounds)).flatMap((x) => x.features).map((f) => [f.properties?.id ?? JSON.stringify(f.geometry.coordinates[0]), f])).values()];
  return routeOnSaved(walkways, from, target, name);
}
