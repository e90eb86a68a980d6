// Where a visitor has arrived on a tour, the same on the tour's page and in AR: at the nearest stop
// whose circle they are in. Two stops 17 m apart share ground; the second is reached once it is the nearer.
import { LocalFrame } from "./geo.js";

/** The stop of `stops` that `here` ({latitude, longitude}) has arrived at, or undefined. */
export function arrivedAt(stops, here) {
  const frame = new LocalFrame(here.latitude, here.longitude, 0);
  const distance = (s) => { const p = frame.enu(s.position.latitude, s.position.longitude, 0); return Math.hypot(p.east, p.north); };
  return stops.filter((s) => s.position && distance(s) <= (s.radius ?? 25)).sort((a, b) => distance(a) - distance(b))[0];
}
