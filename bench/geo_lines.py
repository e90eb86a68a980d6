#!/usr/bin/env python3
"""Print N random 'lat1 lon1 lat2 lon2' lines (seed 42, or the one given): a mix of global, regional and
city-scale problems. Usage: geo_lines.py [N] [SEED]"""
import random
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 42)
out = []
for i in range(n):
    lat1, lon1 = rng.uniform(-89.9, 89.9), rng.uniform(-180, 180)
    kind = i % 4
    if kind == 0:    # anywhere to anywhere
        lat2, lon2 = rng.uniform(-89.9, 89.9), rng.uniform(-180, 180)
    elif kind == 1:  # within a few hundred km
        lat2, lon2 = max(-90, min(90, lat1 + rng.uniform(-3, 3))), lon1 + rng.uniform(-3, 3)
    else:            # within a city: the common case for WorldLayer
        lat2, lon2 = max(-90, min(90, lat1 + rng.uniform(-0.02, 0.02))), lon1 + rng.uniform(-0.02, 0.02)
    out.append("%.7f %.7f %.7f %.7f" % (lat1, lon1, lat2, (lon2 + 180) % 360 - 180))
sys.stdout.write("\n".join(out) + "\n")
