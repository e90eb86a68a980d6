#!/usr/bin/env python3
"""Writes the `nearby` benchmark's stickers as Redis GEOADD commands in RESP, for `redis-cli --pipe`:
the raw spatial part only (id and point; no visibility, no bodies). Redis's geohash holds latitudes
within ±85.05112878°; the few stickers beyond are left out.
Usage: nearby_redis.py STICKERS.tsv | redis-cli -p PORT --pipe"""
import sys

LIMIT = 85.05112878
out = sys.stdout.buffer


def command(args):
    parts = [f"*{len(args)}\r\n".encode()]
    for a in args:
        b = a.encode()
        parts.append(b"$%d\r\n%s\r\n" % (len(b), b))
    out.write(b"".join(parts))


members = []
with open(sys.argv[1]) as f:
    for line in f:
        sid, _, _, lat, lon, _ = line.split("\t")
        if abs(float(lat)) <= LIMIT:
            members += [lon, lat, sid]
        if len(members) >= 3000:
            command(["GEOADD", "stickers"] + members)
            members = []
if members:
    command(["GEOADD", "stickers"] + members)
