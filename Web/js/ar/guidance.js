// Turn-by-turn guidance along a walking route (the server's /v1/routes answer): how far along I am,
// the next turn and how far it is, whether I have arrived or left the route; and where on the
// screen's edge to point at something out of view. Pure functions: the AR view draws what they say.
import { LocalFrame } from "../geo.js";

const arrivedWithin = 12;  // metres from the destination
const turnDegrees = { straight: 0, "slight left": -45, left: -90, "sharp left": -135, "u-turn": 180, "slight right": 45, right: 90, "sharp right": 135 };

/** Metres along the route where each step begins. */
function stepStarts(route) {
  let along = 0;
  return route.steps.map((s) => { const start = along; along += s.distance; return start; });
}

/** Where I am on `route`: `{along, off, join, next: {step, distance, turn}, arrived, left}` (`off`:
 *  metres from the line; `join`: the route's nearest point, `{latitude, longitude, bearing}` from me). */
export function progress(route, latitude, longitude) {
  const frame = new LocalFrame(latitude, longitude, 0);
  let nearest = null;
  for (const w of route.waypoints) {
    const p = frame.enu(w.latitude, w.longitude, 0), d = Math.hypot(p.east, p.north);
    if (!nearest || d < nearest.d) {
      nearest = { d, along: w.along, join: { latitude: w.latitude, longitude: w.longitude, bearing: (Math.atan2(p.east, p.north) * 180 / Math.PI + 360) % 360 } };
    }
  }
  const end = frame.enu(route.destination.latitude, route.destination.longitude, 0);
  const toEnd = Math.hypot(end.east, end.north);
  const along = nearest?.along ?? 0, starts = stepStarts(route);
  const index = route.steps.findIndex((s, i) => i > 0 && starts[i] > along + 2);
  const step = index === -1 ? route.steps.at(-1) : route.steps[index];
  const distance = index === -1 ? toEnd : starts[index] - along;
  return {
    along, off: nearest?.d ?? toEnd, join: nearest?.join, left: Math.max(0, route.length - along), arrived: toEnd < arrivedWithin,
    next: { step, distance, turn: step.maneuver === "arrive" ? 0 : turnDegrees[step.direction] ?? 0 },
  };
}

/** Farther than this from the route when guidance starts (a fix in a square, a park, a building):
 *  first the way to it, then its turns. */
export const joinWithin = 10;

/** Points every `spacing` metres from where I stand to `join`, each with the bearing onward: the
 *  arrows that lead to the route before its own begin. */
export function approachPoints(latitude, longitude, join, spacing = 5) {
  const frame = new LocalFrame(latitude, longitude, 0), end = frame.enu(join.latitude, join.longitude, 0);
  const length = Math.hypot(end.east, end.north), points = [];
  for (let along = spacing / 2; along < length - spacing / 2; along += spacing) {
    const f = along / length;
    points.push({ latitude: latitude + f * (join.latitude - latitude), longitude: longitude + f * (join.longitude - longitude), bearing: join.bearing });
  }
  return points;
}

/** Whether I have left the route: farther from it than `beyond` metres (or than the fix's accuracy,
 *  when that is worse) on fixes spanning at least `seconds`. One stray fix is not leaving it. */
export class LeftRoute {
  constructor({ beyond = 25, seconds = 4 } = {}) {
    Object.assign(this, { beyond, seconds, since: null });
  }

  update(off, accuracy, at) {
    if (off <= Math.max(this.beyond, accuracy)) { this.since = null; return false; }
    this.since ??= at;
    return at - this.since >= this.seconds;
  }

  reset() { this.since = null; }
}

/**
 * Where to draw a pointer to a point out of view: `ndc` is the point projected by the camera
 * (x, y in −1…1 when on screen; z > 1 when behind). Null when it is on screen; otherwise the
 * position on the edge of the free part of the screen (`inset` px from each side: what the
 * banners and sheets leave) and the angle (degrees clockwise from up) to turn an up arrow.
 * Behind me, it points down: turn around.
 */
export function edgePointer(ndc, width, height, inset = { top: 36, right: 36, bottom: 36, left: 36 }) {
  const behind = ndc.z > 1;
  if (!behind && Math.abs(ndc.x) <= 1 && Math.abs(ndc.y) <= 1) return null;
  // Behind me the projection is mirrored: flip it, and send it to the lower half.
  const x = behind ? -ndc.x : ndc.x, y = behind ? -Math.max(Math.abs(ndc.y), 0.5) : ndc.y;
  const cx = (inset.left + width - inset.right) / 2, cy = (inset.top + height - inset.bottom) / 2;
  const halfW = (width - inset.left - inset.right) / 2, halfH = (height - inset.top - inset.bottom) / 2;
  const sx = x * width / 2, sy = -y * height / 2;  // offsets from the centre, y down
  const scale = Math.min(halfW / Math.abs(sx || 1e-9), halfH / Math.abs(sy || 1e-9));
  return { x: cx + sx * scale, y: cy + sy * scale, angle: Math.atan2(sx, -sy) * 180 / Math.PI };
}
