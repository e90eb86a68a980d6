#!/usr/bin/env python3
"""Generates the `nearby` benchmark's data: stickers clustered around real named places
of an OSM extract plus a uniform global spread, and the queries to run on them.

  nearby_data.py stickers N PLACES.osm.pbf [SEED] > stickers.tsv
      id  author  visibility  latitude  longitude  shared_with(comma-separated authors or -)
  nearby_data.py queries Q PLACES.osm.pbf SEED > queries.tsv
      latitude  longitude  radius  viewer

Deterministic (seeded), so every engine gets identical data. Progress goes to stderr.
"""
import math, random, sys, uuid

USERS = 10_000
CLUSTERED = 0.8          # share of stickers around real places
PLACE_SIGMA_M = 150.0    # spread around a place
PRIVATE, SHARED = 0.10, 0.10


def places(path):
    import osmium
    found = []

    class H(osmium.SimpleHandler):
        def node(self, n):
            t = n.tags
            if "name" in t and any(k in t for k in ("amenity", "tourism", "historic", "shop")):
                found.append((n.location.lat, n.location.lon))
    H().apply_file(path)
    if not found:
        sys.exit(f"no named places in {path}")
    return found


def around(rng, lat, lon, sigma):
    dn, de = rng.gauss(0, sigma), rng.gauss(0, sigma)
    return lat + dn / 111_320.0, lon + de / (111_320.0 * math.cos(math.radians(lat)))


def uniform(rng):
    return math.degrees(math.asin(rng.uniform(-0.999, 0.999))), rng.uniform(-180, 180)


def stickers(n, pbf, seed):
    rng = random.Random(seed)
    spots = places(pbf)
    out = sys.stdout
    for i in range(n):
        if i % 200_000 == 0:
            print(f"generating stickers {i * 100 // n}%", file=sys.stderr)
        if rng.random() < CLUSTERED:
            lat, lon = around(rng, *rng.choice(spots), PLACE_SIGMA_M)
        else:
            lat, lon = uniform(rng)
        author = rng.randrange(USERS)
        r = rng.random()
        if r < PRIVATE:
            vis, shared = "private", "-"
        elif r < PRIVATE + SHARED:
            vis = "shared"
            shared = ",".join(str(rng.randrange(USERS)) for _ in range(rng.randint(1, 3)))
        else:
            vis, shared = "public", "-"
        sid = uuid.UUID(int=rng.getrandbits(128), version=4)
        out.write(f"{sid}\t{author}\t{vis}\t{lat:.7f}\t{lon:.7f}\t{shared}\n")
    print("generating stickers 100%", file=sys.stderr)


def queries(q, pbf, seed):
    """Another seed gives other points around the same places: the warm-up, measured, throughput
    and HTTP sets (bench/nearby.sh gives each its own seed) share no query."""
    rng = random.Random(seed)
    spots = places(pbf)
    for i in range(q):
        lat, lon = around(rng, *rng.choice(spots), 100.0) if rng.random() < 0.9 else uniform(rng)
        radius = 100 if i % 2 == 0 else 1000
        print(f"{lat:.7f}\t{lon:.7f}\t{radius}\t{rng.randrange(USERS)}")


if __name__ == "__main__":
    kind, count, pbf = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else None
    stickers(count, pbf, seed or 20261122) if kind == "stickers" else queries(count, pbf, seed or 7)
