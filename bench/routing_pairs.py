"""Random origin/destination pairs for `bench/run routing`: both ends at junctions of the
walking network (nodes shared by two or more walkable ways, or way ends), so that every
router starts and ends at the same vertex and lengths compare without snapping noise. A junction
within 3 m of a walkable way it is not on is left out, and so is one on a way under ground: Helsinki's
service tunnels run under the streets, and given such a point OSRM starts in the tunnel while
WorldLayer, reading a point on the map as the surface, starts on the street (a kilometre apart by foot).
Usage: routing_pairs.py FILE.osm.pbf COUNT SEED > pairs.txt"""
import math
import random
import sys

import osmium

WALKABLE = {"footway", "path", "pedestrian", "steps", "living_street", "residential", "service", "unclassified", "track", "road",
            "primary", "primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link"}
NEAR_M = 3.0


class Junctions(osmium.SimpleHandler):
    def __init__(self):
        super().__init__()
        self.uses = {}
        self.ends = set()
        self.ways = []
        self.underground = set()

    def way(self, w):
        tags = w.tags
        if tags.get("highway") not in WALKABLE or tags.get("foot") in ("no", "private") or tags.get("access") in ("no", "private"):
            return
        refs = [n.ref for n in w.nodes]
        for r in refs:
            self.uses[r] = self.uses.get(r, 0) + 1
        self.ends.update((refs[0], refs[-1]))
        self.ways.append(refs)
        if tags.get("tunnel", "no") != "no" or int(tags.get("layer", "0") if tags.get("layer", "0").lstrip("-").isdigit() else 0) < 0:
            self.underground.update(refs)


class Locations(osmium.SimpleHandler):
    def __init__(self, wanted):
        super().__init__()
        self.wanted = wanted
        self.at = {}

    def node(self, n):
        if n.id in self.wanted:
            self.at[n.id] = (n.location.lat, n.location.lon)


def metres(at, origin):
    """A point in metres east and north of `origin` (a local plane: the extract is a few km across)."""
    return ((at[1] - origin[1]) * 111320.0 * math.cos(math.radians(origin[0])), (at[0] - origin[0]) * 110540.0)


def distance_to_segment(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def unambiguous(junctions, ways, at):
    """The junctions with no walkable segment of another way within NEAR_M."""
    origin = next(iter(at.values()))
    plane = {n: metres(p, origin) for n, p in at.items()}
    cells = {}
    for refs in ways:
        for a, b in zip(refs, refs[1:]):
            if a not in plane or b not in plane:  # cut off at the extract's edge
                continue
            (ax, ay), (bx, by) = plane[a], plane[b]
            for cx in range(int((min(ax, bx) - NEAR_M) // 50), int((max(ax, bx) + NEAR_M) // 50) + 1):
                for cy in range(int((min(ay, by) - NEAR_M) // 50), int((max(ay, by) + NEAR_M) // 50) + 1):
                    cells.setdefault((cx, cy), []).append((a, b))
    kept = []
    for n in junctions:
        x, y = plane[n]
        near = cells.get((int(x // 50), int(y // 50)), [])
        if all(n in (a, b) or distance_to_segment(plane[n], plane[a], plane[b]) >= NEAR_M for a, b in near):
            kept.append(n)
    return kept


def main():
    path, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    j = Junctions()
    j.apply_file(path)
    wanted = ({n for n, k in j.uses.items() if k >= 2} | j.ends) - j.underground
    loc = Locations(set(j.uses))
    loc.apply_file(path)
    nodes = sorted(unambiguous([n for n in wanted if n in loc.at], j.ways, loc.at))
    print(f"{len(nodes)} of {len(wanted)} surface junctions are 3 m or more from any other walkable way", file=sys.stderr)
    rng = random.Random(seed)
    for _ in range(count):
        a, b = rng.sample(nodes, 2)
        print("%.7f %.7f %.7f %.7f" % (loc.at[a] + loc.at[b]))


main()
