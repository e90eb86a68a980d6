// Recent places and routes, kept on this phone only (NavSB's search history): offered when the map's
// search box is empty, newest first, five of each.
import { kept, keys } from "../kept.js";

const most = 5;

function read() {
  return kept.json(keys.recent, { places: [], routes: [] });
}

/** A place I opened: `{ id, name, position, … }` as search answers it. */
export function rememberPlace(place) {
  const recent = read();
  recent.places = [place, ...recent.places.filter((p) => p.id !== place.id)].slice(0, most);
  kept.setJSON(keys.recent, recent);
}

/** A route I took: where to (as `/v1/routes` takes it) and its name. */
export function rememberRoute(to, name) {
  const recent = read();
  const same = JSON.stringify(to);
  recent.routes = [{ to, name }, ...recent.routes.filter((r) => JSON.stringify(r.to) !== same)].slice(0, most);
  kept.setJSON(keys.recent, recent);
}

export const recentPlaces = () => read().places;
export const recentRoutes = () => read().routes;

/** Forgotten at logout: a shared phone does not tell the next person where I went. */
export function forgetRecent() { kept.forget(keys.recent); }
