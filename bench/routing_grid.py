#!/usr/bin/env python3
"""A synthetic city-sized walking network for `bench/run routing`: an N×N grid of
residential streets (named) with footway diagonals in every fifth block, written as OSM
XML, plus random pairs on it. About 100× the Helsinki extract's walking graph at N=800.
Usage: routing_grid.py N OUT.osm PAIRS_OUT COUNT"""
import random, sys

n, out, pairs_out, count = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
lat0, lon0, step = 60.0, 25.0, 0.0006  # ~67 m north-south, ~33 m east-west at 60° N


def node_id(i, j):
    return i * n + j + 1


with open(out, "w") as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6" generator="worldlayer bench/routing_grid.py">\n')
    for i in range(n):
        for j in range(n):
            f.write('<node id="%d" lat="%.7f" lon="%.7f" version="1"/>\n' % (node_id(i, j), lat0 + i * step, lon0 + j * step))
    way = 1
    for i in range(n):
        f.write('<way id="%d" version="1">' % way + "".join('<nd ref="%d"/>' % node_id(i, j) for j in range(n))
                + '<tag k="highway" v="residential"/><tag k="name" v="Row %d"/></way>\n' % i)
        way += 1
    for j in range(n):
        f.write('<way id="%d" version="1">' % way + "".join('<nd ref="%d"/>' % node_id(i, j) for i in range(n))
                + '<tag k="highway" v="residential"/><tag k="name" v="Column %d"/></way>\n' % j)
        way += 1
    for i in range(0, n - 1, 5):
        for j in range(0, n - 1, 5):
            f.write('<way id="%d" version="1"><nd ref="%d"/><nd ref="%d"/><tag k="highway" v="footway"/></way>\n'
                    % (way, node_id(i, j), node_id(i + 1, j + 1)))
            way += 1
    f.write("</osm>\n")
rng = random.Random(11)
with open(pairs_out, "w") as f:
    for _ in range(count):
        a, b, c, d = (rng.randrange(n) for _ in range(4))
        f.write("%.7f %.7f %.7f %.7f\n" % (lat0 + a * step, lon0 + b * step, lat0 + c * step, lon0 + d * step))
