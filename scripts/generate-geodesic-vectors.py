#!/usr/bin/env python3
"""Generate WGS84 geodesic test vectors with GeographicLib (the reference implementation).

Writes Tests/WorldLayerGeoTests/Vectors/geodesic.txt, one line per geodesic:
    lat1 lon1 azi1 lat2 lon2 azi2 s12
in the format of GeographicLib's GeodTest.dat. Run once; the output is committed.
Requires: pip install geographiclib
"""
import os
import random
import sys

from geographiclib.geodesic import Geodesic

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "WorldLayerGeoTests", "Vectors", "geodesic.txt")
g = Geodesic.WGS84
rng = random.Random(20261122)


def lat():
    return rng.uniform(-90, 90)


def lon():
    return rng.uniform(-180, 180)


def cases():
    # Each family: (name, count, generator of (lat1, lon1, lat2, lon2) or (lat1, lon1, azi1, s12, "direct")).
    for _ in range(4000):  # anywhere to anywhere
        yield lat(), lon(), lat(), lon()
    for _ in range(1500):  # nearly antipodal
        la, lo = lat(), lon()
        yield la, lo, -la + rng.uniform(-0.5, 0.5) * 10 ** rng.uniform(-6, 0), lo + 180 + rng.uniform(-0.5, 0.5) * 10 ** rng.uniform(-6, 0)
    for _ in range(1000):  # exactly antipodal and antipodal on the equator
        la, lo = lat() * rng.choice([1, 1e-3, 0]), lon()
        yield la, lo, -la, lo + 180
    for _ in range(1000):  # polar: one or both ends at or very near a pole
        p = rng.choice([90, -90])
        yield p - rng.choice([0, 1e-9, 1e-6, 1e-3, 0.5]) * (1 if p > 0 else -1), lon(), lat(), lon()
    for _ in range(1000):  # equatorial
        yield 0.0, lon(), 0.0, lon()
    for _ in range(1000):  # meridional
        lo = lon()
        yield lat(), lo, lat(), rng.choice([lo, lo + 180])
    for _ in range(1500):  # sub-metre and short lines, via the direct problem
        la, lo, az = lat(), lon(), rng.uniform(-180, 180)
        s = 10 ** rng.uniform(-3, 0) if rng.random() < 0.6 else 10 ** rng.uniform(0, 4)
        yield la, lo, az, s, "direct"
    for _ in range(1000):  # long lines via the direct problem, up to half the circumference
        yield lat(), lon(), rng.uniform(-180, 180), rng.uniform(0, 20_000_000), "direct"


def main():
    rows = []
    for c in cases():
        if len(c) == 5:
            la1, lo1, az1, s12, _ = c
            r = g.Direct(la1, lo1, az1, s12)
            # Re-solve the inverse so every line is a shortest geodesic (direct lines past the
            # antipode are not), keeping both problems consistent on each line.
            r = g.Inverse(la1, lo1, r["lat2"], r["lon2"])
        else:
            la1, lo1, la2, lo2 = c
            lo2 = (lo2 + 180) % 360 - 180
            r = g.Inverse(la1, lo1, la2, lo2)
        rows.append("%.17g %.17g %.17g %.17g %.17g %.17g %.17g" % (
            r["lat1"], r["lon1"], r["azi1"], r["lat2"], r["lon2"], r["azi2"], r["s12"]))
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        f.write("# WGS84 geodesics from GeographicLib %s (scripts/generate-geodesic-vectors.py)\n" % __import__("geographiclib").__version__)
        f.write("# lat1 lon1 azi1 lat2 lon2 azi2 s12\n")
        f.write("\n".join(rows) + "\n")
    print("wrote %d vectors to %s" % (len(rows), os.path.relpath(OUT)), file=sys.stderr)


if __name__ == "__main__":
    main()
