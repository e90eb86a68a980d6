#!/usr/bin/env python3
"""Explains every pair whose WorldLayer length differs from OSRM's by more than 1 %
(bench/run routing): which ways and nodes one router walked and the other did not, and what
OSRM's foot.lua says about them. Needs the osrm-routed of the run (for the nodes of its routes,
`annotations=nodes`) and WorldLayer's route shapes (`worldlayer-bench routing --routes`).
Usage: routing_differences.py EXTRACT.osm.pbf PAIRS OURS_LENGTHS OURS_ROUTES OSRM_LENGTHS OSRM_PORT > differences.json"""
import collections, http.client, json, math, sys

import osmium

pbf, pairs_file, ours_lengths, ours_routes, osrm_lengths, port = sys.argv[1:7]
# foot.lua, read from the profile shipped with osrm-bindings 26.10 (bench/routing_osrm.py).
FOOT_HIGHWAYS = {"primary", "primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link", "unclassified",
                 "residential", "living_street", "service", "track", "path", "steps", "pedestrian", "platform", "footway", "pier"}
BLOCKED_ACCESS = {"no", "agricultural", "forestry", "private", "delivery", "use_sidepath"}
BLOCKING_BARRIERS = {"yes", "wall", "fence"}
LOOSE = {"fine_gravel", "gravel", "pebblestone", "mud", "sand"}


class Map(osmium.SimpleHandler):
    def __init__(self):
        super().__init__()
        self.node_at, self.node_location, self.node_tags, self.edge_way, self.way_tags = {}, {}, {}, {}, {}

    def node(self, n):
        # Several nodes may stand at one point (a tunnel's node under a street's): all are kept.
        self.node_at.setdefault((round(n.location.lon, 7), round(n.location.lat, 7)), []).append(n.id)
        self.node_location[n.id] = (n.location.lon, n.location.lat)
        if len(n.tags):
            self.node_tags[n.id] = dict(n.tags)

    def way(self, w):
        tags = dict(w.tags)
        if not any(k in tags for k in ("highway", "railway", "man_made", "route", "amenity")):
            return
        self.way_tags[w.id] = tags
        refs = [n.ref for n in w.nodes]
        for a, b in zip(refs, refs[1:]):
            self.edge_way[(a, b)] = self.edge_way[(b, a)] = w.id


osm = Map()
osm.apply_file(pbf)


def lengths(path):
    return [None if not l.split() or l.split()[0] == "none" else float(l.split()[0]) for l in open(path).read().split("\n")]


def foot_says(tags, node=False):
    """Why foot.lua would not walk this way or node the same (None when it walks it at full speed)."""
    access = tags.get("foot") or tags.get("access")
    if access in BLOCKED_ACCESS:
        return f"{'foot' if 'foot' in tags else 'access'}={access} (foot.lua: no entry)"
    if node:
        return f"barrier={tags['barrier']} (foot.lua: no passage)" if tags.get("barrier") in BLOCKING_BARRIERS and tags.get("bollard") != "rising" else None
    if any(tags.get(k) == "separate" for k in ("sidewalk", "sidewalk:both", "sidewalk:left", "sidewalk:right")) and access not in {"yes", "permissive", "designated"}:
        return "sidewalk=separate (foot.lua: walk the sidewalk way instead)"
    highway = tags.get("highway")
    if highway and highway not in FOOT_HIGHWAYS and not (tags.get("railway") == "platform" or tags.get("man_made") == "pier") and access is None:
        return f"highway={highway} (not in foot.lua's ways without an access tag)"
    if access == "destination":
        return "access=destination (foot.lua: only at a route's start or end, never passed through)"
    if tags.get("oneway:foot") in ("yes", "-1"):
        return f"oneway:foot={tags['oneway:foot']}"
    if tags.get("surface") in LOOSE:
        return f"surface={tags['surface']} (foot.lua walks it at {'0.5' if tags['surface'] in ('mud', 'sand') else '0.75'}× speed)"
    if tags.get("area") == "yes":
        return "area=yes (foot.lua walks the outline)"
    return None


def nodes_along(points):
    """The nodes a route's points stand on; where several share a point, the one joined to its neighbour."""
    candidates = [osm.node_at.get((round(lon, 7), round(lat, 7)), []) for lon, lat in points]
    candidates = [c for c in candidates if c]
    nodes = []
    for i, here in enumerate(candidates):
        neighbours = [nodes[-1]] if nodes else (candidates[i + 1] if i + 1 < len(candidates) else [])
        joined = [n for n in here if any((n, m) in osm.edge_way for m in neighbours)]
        nodes.append((joined or here)[0])
    return nodes


def snapped_onto(edge):
    way = osm.edge_way.get(tuple(edge))
    if way is None:
        return "a way not in the extract"
    tags = osm.way_tags[way]
    return f"way {way} " + " ".join(f"{k}={tags[k]}" for k in ("highway", "tunnel", "bridge", "layer", "access", "foot") if k in tags)


def platform_metres(nodes):
    """Each railway platform WorldLayer's route walks along, with its ref and the metres walked on it."""
    metres = collections.Counter()
    for a, b in zip(nodes, nodes[1:]):
        way = osm.edge_way.get((a, b))
        tags = osm.way_tags.get(way, {})
        if tags.get("railway") == "platform" or tags.get("public_transport") == "platform" or tags.get("highway") == "platform":
            metres[way] += metres_between(osm.node_location[a], osm.node_location[b])
    return [(w, osm.way_tags[w].get("ref"), m) for w, m in metres.most_common()]


def metres_between(p, q):
    (lon1, lat1), (lon2, lat2) = p, q
    x = math.radians(lon2 - lon1) * math.cos(math.radians((lat1 + lat2) / 2))
    return 6371008.8 * math.hypot(x, math.radians(lat2 - lat1))


def edges(nodes):
    return {(a, b) for a, b in zip(nodes, nodes[1:])} | {(b, a) for a, b in zip(nodes, nodes[1:])}


connection = http.client.HTTPConnection("127.0.0.1", int(port))
pairs = [list(map(float, l.split())) for l in open(pairs_file) if l.strip()]
ours, theirs = lengths(ours_lengths), lengths(osrm_lengths)
shapes = open(ours_routes).read().split("\n")
found = []
for i, ((a, b, c, d), mine, osrm, shape) in enumerate(zip(pairs, ours, theirs, shapes)):
    if mine is None or osrm is None or osrm == 0 or abs(mine - osrm) / osrm <= 0.01:
        continue
    connection.request("GET", f"/route/v1/foot/{b},{a};{d},{c}?overview=false&annotations=nodes&generate_hints=false")
    route = json.loads(connection.getresponse().read())["routes"][0]
    osrm_nodes = [n for leg in route["legs"] for n in leg["annotation"]["nodes"]]
    our_nodes = nodes_along([tuple(map(float, p.split(","))) for p in shape.split(";")])
    only_ours = edges(our_nodes) - edges(osrm_nodes)
    only_osrm = edges(osrm_nodes) - edges(our_nodes)
    ways_ours = {osm.edge_way[e] for e in only_ours if e in osm.edge_way}
    ways_osrm = {osm.edge_way[e] for e in only_osrm if e in osm.edge_way}
    reasons = collections.Counter()
    for n in set(our_nodes) - set(osrm_nodes):
        why = foot_says(osm.node_tags.get(n, {}), node=True)
        if why:
            reasons[f"node {n}: {why}"] += 1
    for w in ways_ours:
        why = foot_says(osm.way_tags[w])
        if why:
            reasons[f"way {w}: {why}"] += 1
    # OSRM asked to walk WorldLayer's way (through its points): can it, and how long does it take by its own weights?
    points = shape.split(";")
    points = points[:: max(1, len(points) // 400 + 1)] + ([points[-1]] if (len(points) - 1) % max(1, len(points) // 400 + 1) else [])
    connection.request("GET", f"/route/v1/foot/{';'.join(points)}?overview=false&generate_hints=false")
    along = json.loads(connection.getresponse().read())["routes"][0]
    walked = abs(along["distance"] - mine) <= max(1.0, 0.01 * mine)
    ends = [our_nodes[0], our_nodes[-1]] if our_nodes else [None, None]
    gates = [n for n in ends if n is not None and foot_says(osm.node_tags.get(n, {}), node=True)]
    # An end OSRM's route never touches: it snapped that end onto another way through the same point (a tunnel
    # or bridge crossing the junction without sharing its node), and walked to it from wherever that way is entered.
    elsewhere = {label: snapped_onto(edge) for label, node, edge in (("start", ends[0], osrm_nodes[:2]), ("end", ends[1], osrm_nodes[-2:]))
                 if node is not None and node not in edge}
    platforms = platform_metres(our_nodes)
    if platforms:
        reasons["WorldLayer walks along railway platforms: " + ", ".join(f"way {w} (ref {ref or '-'}) {m:.0f} m" for w, ref, m in platforms)] += 1
    if elsewhere:
        verdict = "OSRM snapped an end onto another way through the same point (" + "; ".join(f"{k}: {v}" for k, v in elsewhere.items()) + ")"
    elif gates:
        verdict = "an end is a barrier node (a gate): each router starts or ends on a different side of it"
        reasons[f"node {gates[0]}: {foot_says(osm.node_tags[gates[0]], node=True)}"] += 1
    elif walked and along["duration"] < route["duration"] - 0.5 and any("access=destination" in r for r in reasons):
        verdict = ("WorldLayer passes through destination-only ways (access=destination), which OSRM enters only at a route's start "
                   "or end; asked through WorldLayer's points, each leg may start and end on them")
    elif walked and along["duration"] < route["duration"] - 0.5:
        verdict = "OSRM can walk WorldLayer's way and, by its own durations, it is quicker than the route OSRM gave: OSRM's answer is not its best"
    elif walked:
        verdict = "OSRM can walk WorldLayer's way but it is slower by foot.lua's durations: OSRM minimises time, WorldLayer distance"
    else:
        verdict = "OSRM cannot walk part of WorldLayer's way"
    found.append({"pair": i + 1, "worldlayer_m": mine, "osrm_m": osrm, "difference": (mine - osrm) / osrm, "verdict": verdict,
                  "osrm_duration_s": route["duration"], "osrm_along_worldlayer": {"m": along["distance"], "s": along["duration"]},
                  "reasons": sorted(reasons), "worldlayer_only_ways": sorted(ways_ours), "osrm_only_ways": sorted(ways_osrm),
                  "worldlayer_only_highways": sorted({osm.way_tags[w].get("highway", "-") for w in ways_ours}),
                  "osrm_only_highways": sorted({osm.way_tags[w].get("highway", "-") for w in ways_osrm})})
json.dump(found, sys.stdout, indent=1)
