"""Random origin/destination pairs for `bench/run routing`: both ends at junctions of the
walking network (nodes shared by two or more walkable ways, or way ends), so that every
router starts and ends at the same vertex and lengths compare without snapping noise.
Usage: routing_pairs.py FILE.osm.pbf COUNT SEED > pairs.txt"""
import random
import sys

import osmium

WALKABLE = {"footway", "path", "pedestrian", "steps", "living_street", "residential", "service", "unclassified", "track", "road",
            "primary", "primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link"}


class Junctions(osmium.SimpleHandler):
    def __init__(self):
        super().__init__()
        self.uses = {}
        self.ends = set()

    def way(self, w):
        tags = w.tags
        if tags.get("highway") not in WALKABLE or tags.get("foot") in ("no", "private") or tags.get("access") in ("no", "private"):
            return
        refs = [n.ref for n in w.nodes]
        for r in refs:
            self.uses[r] = self.uses.get(r, 0) + 1
        self.ends.update((refs[0], refs[-1]))


class Locations(osmium.SimpleHandler):
    def __init__(self, wanted):
        super().__init__()
        self.wanted = wanted
        self.at = {}

    def node(self, n):
        if n.id in self.wanted:
            self.at[n.id] = (n.location.lat, n.location.lon)


def main():
    path, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    j = Junctions()
    j.apply_file(path)
    wanted = {n for n, k in j.uses.items() if k >= 2} | j.ends
    loc = Locations(wanted)
    loc.apply_file(path)
    nodes = sorted(loc.at)
    rng = random.Random(seed)
    for _ in range(count):
        a, b = rng.sample(nodes, 2)
        print("%.7f %.7f %.7f %.7f" % (loc.at[a] + loc.at[b]))


main()
