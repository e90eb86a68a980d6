// "Save for offline": a tour (its stops, texts, narration, photos, stamp book, the sticker
// templates) with the map area around it, or the map area in view (WorldLayer's own streets and
// buildings, places, stickers). The answers go into the cache the service worker (/sw.js) falls
// back to; an index of what was saved stays in localStorage. OpenStreetMap's tiles are not saved:
// its tile policy forbids bulk downloads, and the map draws WorldLayer's own streets without them.
import { paths, sessionHeaders } from "../api.js";
import { kept, keys } from "../kept.js";

const cacheName = "worldlayer-saved";

/** What is saved: [{key, kind: "tour"|"area", name, savedAt, urls, bounds}]. */
export function savedList() {
  return kept.json(keys.savedAreas, []);
}

function remember(entry) {
  kept.setJSON(keys.savedAreas, [...savedList().filter((e) => e.key !== entry.key), entry]);
}

/** The addresses that draw a map area: bounds {south, west, north, east} in degrees. */
export function areaURLs(b) {
  const box = `south=${b.south}&west=${b.west}&north=${b.north}&east=${b.east}`;
  const latitude = (b.south + b.north) / 2, longitude = (b.west + b.east) / 2;
  const radius = Math.min(2000, Math.round(Math.max((b.north - b.south) * 111320, (b.east - b.west) * 111320 * Math.cos(latitude * Math.PI / 180)) / 2 + 50));
  const around = `latitude=${latitude}&longitude=${longitude}&radius=${radius}&limit=200`;
  return { buildings: `${paths.buildings}?${box}`, walkways: `${paths.walkways}?${box}`,
    places: `${paths.placesNearby}?${around}`, stickers: `${paths.stickersNearby}?${around}` };
}

/** Fetches every address with my session and keeps the answers; `progress(done, total)` as it goes. */
async function keep(urls, progress) {
  const cache = await caches.open(cacheName);
  let done = 0;
  for (const url of urls) {
    // A request that stalls (a network that stops answering) is tried once more, then the save
    // fails saying so, rather than showing "Saving…" for ever.
    for (let attempt = 1; ; attempt++) {
      try { await keepOne(cache, url); break; } catch (error) {
        if (error.name !== "AbortError") throw error;
        if (attempt === 2) throw new Error(`${url}: no answer in ${stallSeconds} s`);
      }
    }
    progress?.(++done, urls.length);
  }
}

const stallSeconds = 20;

/** One address fetched and its answer kept, within `stallSeconds` (reading the body included). */
async function keepOne(cache, url) {
  const controller = new AbortController(), timer = setTimeout(() => controller.abort(), stallSeconds * 1000);
  try {
    const response = await fetch(url, { headers: sessionHeaders(), signal: controller.signal });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    await cache.put(url, response);
  } finally { clearTimeout(timer); }
}

/** Saves a map area under `name`. */
export async function saveArea(name, bounds, progress) {
  const urls = Object.values(areaURLs(bounds));
  await keep(urls, progress);
  remember({ key: `area:${bounds.south},${bounds.west},${bounds.north},${bounds.east}`, kind: "area", name, savedAt: Date.now(), urls, bounds });
}

/** Saves a tour (its full description as the tour page reads it) and the area around its stops. */
export async function saveTour(tour, progress) {
  const positions = tour.stops.filter((s) => s.position).map((s) => s.position);
  const pad = 0.002;  // about 200 m around the stops
  const bounds = positions.length ? {
    south: Math.min(...positions.map((p) => p.latitude)) - pad, north: Math.max(...positions.map((p) => p.latitude)) + pad,
    west: Math.min(...positions.map((p) => p.longitude)) - pad * 2, east: Math.max(...positions.map((p) => p.longitude)) + pad * 2 } : null;
  const media = [...(tour.cover ? [tour.cover] : []), ...tour.stops.flatMap((s) => [...(s.media ?? []), s.sign, s.ambient].filter(Boolean))]
    .map((m) => paths.media(m.id));
  const urls = [paths.tours, paths.tour(tour.id), paths.tourStamps(tour.id), paths.templates, ...media,
    ...(bounds ? Object.values(areaURLs(bounds)) : [])];
  await keep([...new Set(urls)], progress);
  remember({ key: `tour:${tour.id}`, kind: "tour", name: tour.title, savedAt: Date.now(), urls, bounds });
}

export function isSaved(key) {
  return savedList().some((e) => e.key === key);
}

/** Forgets one saved item (its answers too, unless another saved item uses them). */
export async function forget(key) {
  const rest = savedList().filter((e) => e.key !== key), gone = savedList().find((e) => e.key === key);
  kept.setJSON(keys.savedAreas, rest);
  const still = new Set(rest.flatMap((e) => e.urls));
  const cache = await caches.open(cacheName);
  await Promise.all((gone?.urls ?? []).filter((u) => !still.has(u)).map((u) => cache.delete(u)));
}

/** On logging out: nothing saved with my session stays on the phone. */
export async function forgetAll() {
  kept.forget(keys.savedAreas);
  if (globalThis.caches) await caches.delete(cacheName);
}

/**
 * The saved answers of one kind ("buildings", "walkways", "places", "stickers") for the areas that
 * overlap `bounds`, for drawing the map with no connection.
 */
export async function savedAround(kind, bounds) {
  if (!globalThis.caches) return [];
  const cache = await caches.open(cacheName), found = [];
  for (const e of savedList().filter((x) => x.bounds && x.bounds.south < bounds.north && x.bounds.north > bounds.south && x.bounds.west < bounds.east && x.bounds.east > bounds.west)) {
    const response = await cache.match(areaURLs(e.bounds)[kind], { ignoreVary: true });
    if (response) found.push(await response.json());
  }
  return found;
}
