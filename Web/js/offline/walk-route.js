// Walking routes with no connection: plain A* over the walkways a saved area keeps (the same
// GeoJSON the map draws, from the ways the server's router was built from), in metres on the
// local plane about the start. Answers in the server's shape (geometry, length, duration, steps,
// waypoints), so that the map and AR draw and guide it as they do a route the server made.
import { LocalFrame } from "../geo.js";

const walkingSpeed = 1.4;  // m/s, as the server's router assumes for a plain path
const waypointEvery = 5;   // metres between AR's arrows, as the server spaces them

const pedestrian = new Set(["footway", "pedestrian", "path", "steps", "corridor", "platform", "elevator"]);
/** Metres an underground way counts farther when snapping, as the server's EdgeSnapper: a point on
 *  the map means the surface, and a car park ramp under a square is not where a walk starts. */
const undergroundPenalty = (highway) => (pedestrian.has(highway) ? 0.5 : 40);

/** The graph of `walkways` (GeoJSON LineStrings): nodes where their points are (shared points
 *  join ways), each edge with its length and way name. */
function graph(walkways, frame) {
  const index = new Map(), nodes = [], edges = [];
  const node = ([longitude, latitude]) => {
    const key = `${longitude.toFixed(7)},${latitude.toFixed(7)}`;
    if (!index.has(key)) {
      const { east, north } = frame.enu(latitude, longitude, 0);
      index.set(key, nodes.length);
      nodes.push({ latitude, longitude, x: east, y: north });
      edges.push([]);
    }
    return index.get(key);
  };
  for (const feature of walkways) {
    if (feature.geometry?.type !== "LineString") continue;
    const ids = feature.geometry.coordinates.map(node), name = feature.properties?.name ?? null, highway = feature.properties?.highway ?? "footway";
    const under = feature.properties?.underground === "yes" ? undergroundPenalty(feature.properties.highway) : 0;
    for (let i = 1; i < ids.length; i++) {
      const a = nodes[ids[i - 1]], b = nodes[ids[i]], length = Math.hypot(a.x - b.x, a.y - b.y);
      edges[ids[i - 1]].push({ to: ids[i], length, name, highway, under });
      edges[ids[i]].push({ to: ids[i - 1], length, name, highway, under });
    }
  }
  return { nodes, edges };
}

/** The nodes of the largest connected part of the graph: a footway fragment cut off by the saved
 *  area's edge (or joined to the rest by nothing walkable) is no place to start, as the server's
 *  router snaps to its main network only. */
function mainPart({ nodes, edges }) {
  const part = new Int32Array(nodes.length).fill(-1), sizes = [];
  for (let seed = 0; seed < nodes.length; seed++) {
    if (part[seed] >= 0) continue;
    const stack = [seed], id = sizes.length;
    part[seed] = id;
    let size = 0;
    while (stack.length) {
      const at = stack.pop();
      size++;
      for (const e of edges[at]) if (part[e.to] < 0) { part[e.to] = id; stack.push(e.to); }
    }
    sizes.push(size);
  }
  const biggest = sizes.indexOf(Math.max(...sizes));
  return (i) => part[i] === biggest;
}

/** Where (x, y) meets the nearest walkway: a new node on the nearest segment, joined to both of
 *  its ends (and to a node already put on the same segment, so that two ends on one segment join).
 *  Returns {id, distance}, or null for an empty graph. */
function snap(net, x, y, frame, main) {
  let best = null;
  net.edges.forEach((list, a) => list.forEach((e) => {
    if (e.to < a || !main(a)) return;  // each segment of the main part once
    const p = net.nodes[a], q = net.nodes[e.to], dx = q.x - p.x, dy = q.y - p.y, l2 = dx * dx + dy * dy;
    const s = l2 ? Math.max(0, Math.min(1, ((x - p.x) * dx + (y - p.y) * dy) / l2)) : 0;
    const d = Math.hypot(p.x + s * dx - x, p.y + s * dy - y);
    if (!best || d + e.under < best.distance + best.under) best = { a, b: e.to, s, distance: d, under: e.under, name: e.name, highway: e.highway, length: e.length };
  }));
  if (!best) return null;
  const p = net.nodes[best.a], q = net.nodes[best.b], at = { x: p.x + best.s * (q.x - p.x), y: p.y + best.s * (q.y - p.y) };
  const id = net.nodes.length, place = frame.geodetic({ east: at.x, north: at.y, up: 0 });
  net.nodes.push({ latitude: place.latitude, longitude: place.longitude, ...at, on: best });
  net.edges.push([]);
  const join = (other, length) => {
    net.edges[id].push({ to: other, length, name: best.name, highway: best.highway, under: best.under });
    net.edges[other].push({ to: id, length, name: best.name, highway: best.highway, under: best.under });
  };
  join(best.a, best.s * best.length);
  join(best.b, (1 - best.s) * best.length);
  for (const [other, n] of net.nodes.entries()) {
    if (other !== id && n.on && ((n.on.a === best.a && n.on.b === best.b) || (n.on.a === best.b && n.on.b === best.a))) join(other, Math.hypot(n.x - at.x, n.y - at.y));
  }
  return { id, distance: best.distance };
}

/** The shortest path's node ids from `start` to `goal` (A*, straight-line distance as the estimate), or null. */
function shortest({ nodes, edges }, start, goal) {
  const g = new Float64Array(nodes.length).fill(Infinity), from = new Int32Array(nodes.length).fill(-1), via = new Array(nodes.length);
  const estimate = (i) => Math.hypot(nodes[i].x - nodes[goal].x, nodes[i].y - nodes[goal].y);
  const heap = [[estimate(start), start]];
  g[start] = 0;
  const push = (item) => {
    heap.push(item);
    for (let i = heap.length - 1; i > 0;) { const p = (i - 1) >> 1; if (heap[p][0] <= heap[i][0]) break; [heap[p], heap[i]] = [heap[i], heap[p]]; i = p; }
  };
  const pop = () => {
    const top = heap[0], last = heap.pop();
    if (heap.length) {
      heap[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        if (l < heap.length && heap[l][0] < heap[m][0]) m = l;
        if (r < heap.length && heap[r][0] < heap[m][0]) m = r;
        if (m === i) break;
        [heap[m], heap[i]] = [heap[i], heap[m]]; i = m;
      }
    }
    return top;
  };
  while (heap.length) {
    const [f, at] = pop();
    if (at === goal) break;
    if (f > g[at] + estimate(at) + 1e-9) continue;  // a stale entry
    for (const e of edges[at]) {
      const cost = g[at] + e.length;
      if (cost < g[e.to]) { g[e.to] = cost; from[e.to] = at; via[e.to] = e; push([cost + estimate(e.to), e.to]); }
    }
  }
  if (g[goal] === Infinity) return null;
  const path = [goal];
  while (path[0] !== start) path.unshift(from[path[0]]);
  return { path, ways: path.map((i) => via[i] ?? null) };
}

const bearingOf = (a, b) => (Math.atan2(b.x - a.x, b.y - a.y) * 180 / Math.PI + 360) % 360;

/** Steps as the server describes them (../route-steps.js words them): the start, each change of
 *  way (a turn when it bends by more than 30°), the arrival. `ways[i]` is the edge that reached point i. */
function steps(points, ways, destinationName) {
  const out = [];
  let along = 0, legStart = 0;
  const close = () => { if (out.length) out.at(-1).distance = along - legStart; legStart = along; };
  const same = (a, b) => (a?.name ?? null) === (b?.name ?? null) && (a?.name || a?.highway === b?.highway);
  for (let i = 0; i < points.length - 1; i++) {
    const bearing = bearingOf(points[i], points[i + 1]), onto = ways[i + 1];
    const step = { bearing, name: onto?.name ?? undefined, highway: onto?.highway ?? "footway", location: points[i] };
    if (i === 0) out.push({ ...step, maneuver: "depart" });
    else if (!same(onto, ways[i])) {
      close();
      const turn = ((bearing - bearingOf(points[i - 1], points[i]) + 540) % 360) - 180;
      const direction = turn < -30 ? "left" : turn > 30 ? "right" : "straight";
      out.push({ ...step, maneuver: direction === "straight" ? "continue" : "turn", direction });
    }
    along += Math.hypot(points[i + 1].x - points[i].x, points[i + 1].y - points[i].y);
  }
  close();
  out.push({ maneuver: "arrive", name: destinationName, highway: ways.at(-1)?.highway ?? "footway", distance: 0, bearing: 0, location: points.at(-1) });
  for (const s of out) { s.duration = s.distance / walkingSpeed; s.location = { latitude: s.location.latitude, longitude: s.location.longitude }; }
  return out;
}

/** A route on the saved walkways from `from` to `to` ({latitude, longitude}), each end met where it
 *  is nearest a walkway, or null when they do not join (or an end is more than 150 m from one). */
export function routeOnSaved(walkways, from, to, destinationName) {
  const frame = new LocalFrame(from.latitude, from.longitude, 0), net = graph(walkways, frame);
  if (!net.nodes.length) return null;  // no saved walkway
  const goalAt = frame.enu(to.latitude, to.longitude, 0);
  const main = mainPart(net);
  const start = snap(net, 0, 0, frame, main), goal = snap(net, goalAt.east, goalAt.north, frame, main);
  if (start.distance > 150 || goal.distance > 150) return null;
  const found = shortest(net, start.id, goal.id);
  if (!found) return null;
  const points = found.path.map((i) => net.nodes[i]);
  let length = 0;
  const waypoints = [];
  for (let i = 0; i < points.length - 1; i++) {
    const a = points[i], b = points[i + 1], leg = Math.hypot(b.x - a.x, b.y - a.y), bearing = bearingOf(a, b);
    for (let d = Math.ceil(length / waypointEvery) * waypointEvery; d < length + leg; d += waypointEvery) {
      const s = (d - length) / leg, p = frame.geodetic({ east: a.x + s * (b.x - a.x), north: a.y + s * (b.y - a.y), up: 0 });
      waypoints.push({ along: d, bearing, height: 1, latitude: p.latitude, longitude: p.longitude });
    }
    length += leg;
  }
  const end = points.at(-1), snapped = (p) => ({ latitude: p.latitude, longitude: p.longitude });
  return {
    geometry: { type: "LineString", coordinates: points.map((p) => [p.longitude, p.latitude]) },
    length, duration: length / walkingSpeed, looseLength: 0, offline: true, waypoints,
    from: { requested: from, snapped: snapped(points[0]), snapDistance: start.distance },
    to: { requested: to, snapped: snapped(end), snapDistance: goal.distance, name: destinationName },
    destination: { ...snapped(end), along: length, bearing: 0, height: 2.5 },
    steps: steps(points, found.ways, destinationName),
  };
}
