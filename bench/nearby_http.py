#!/usr/bin/env python3
"""Drives a running `worldlayer serve` with the nearby queries over HTTP (4 clients)
and reports the server process's resident memory: idle, and peak while serving.
Usage: nearby_http.py PORT QUERIES.tsv PID  (prints JSON)"""
import json, sys, time, urllib.request
from concurrent.futures import ThreadPoolExecutor

port, queries, pid = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])


def status(field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    return 0


for _ in range(300):  # wait for the server to answer
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/ready", timeout=1).read()
        break
    except Exception:
        time.sleep(0.2)
idle = status("VmRSS")
rows = [line.split("\t") for line in open(queries).read().split("\n") if line]


def ask(row):
    lat, lon, radius, _ = row
    url = f"http://127.0.0.1:{port}/v1/stickers/nearby?latitude={lat}&longitude={lon}&radius={radius}&limit=50"
    with urllib.request.urlopen(url, timeout=30) as r:
        return len(json.loads(r.read())["stickers"])


start = time.time()
with ThreadPoolExecutor(4) as pool:
    found = sum(pool.map(ask, rows * 2))
elapsed = time.time() - start
print(json.dumps({"idle_rss": idle, "rss": status("VmRSS"), "peak_rss": status("VmHWM"), "http_queries": len(rows) * 2,
                  "http_qps": round(len(rows) * 2 / elapsed, 1), "stickers_returned": found}))
