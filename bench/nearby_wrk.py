#!/usr/bin/env python3
"""Nearby searches the way users send them: GET /v1/stickers/nearby to `worldlayer serve` over
loopback HTTP, driven by Debian's wrk (C, one thread, NEARBY_HTTP_CONNECTIONS = 8 connections,
closed loop) with bench/scaleout/nearby.lua at the throughput queries (seen in no pass before),
anonymous, so each answer is the 50 nearest public stickers within the radius.

Two setups each round, in turn: the server and wrk on separate cores (taskset: the server on
CPU 1, wrk on CPU 0), and both free to use either core (the machine has two). 3 s of unmeasured
requests first, then NEARBY_HTTP_SECONDS (10) measured; the CPU the server and wrk used is kept.

Usage: nearby_wrk.py BIN DATABASE QUERIES.tsv ROUNDS OUT.json"""
import json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from processes import run_wrk, serve_worldlayer  # noqa: E402

bin_, database, queries, rounds, out = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
here = os.path.dirname(os.path.abspath(__file__))
connections = int(os.environ.get("NEARBY_HTTP_CONNECTIONS", "8"))
seconds = int(os.environ.get("NEARBY_HTTP_SECONDS", "10"))
SETUPS = {"separate cores": (["taskset", "-c", "1"], ["taskset", "-c", "0"]), "shared cores": ([], [])}


def say(text):
    print(f"[nearby] {text}", file=sys.stderr, flush=True)


def wrk(pin, port, duration, server):
    env = {"SCALEOUT_DIR": f"{here}/scaleout", "SCALEOUT_QUERIES": os.path.abspath(queries)}
    return run_wrk(f"{here}/scaleout/nearby.lua", f"http://127.0.0.1:{port}", connections, duration, env=env, pin=pin, servers=[server.pid])


runs = []
for r in range(1, rounds + 1):
    order = list(SETUPS) if r % 2 else list(reversed(SETUPS))
    for setup in order:
        server_pin, wrk_pin = SETUPS[setup]
        server, port = serve_worldlayer(bin_, database, pin=server_pin)
        try:
            wrk(wrk_pin, port, 3, server)
            result = wrk(wrk_pin, port, seconds, server)
        finally:
            server.kill()
            server.wait()
        say(f"HTTP round {r} of {rounds}, {setup}: {result['qps']:.0f} requests/s, p99 {result['p99_ms']:.2f} ms, {result['errors']} errors")
        runs.append({"round": r, "setup": setup, "connections": connections, **result})
json.dump(runs, open(out, "w"), indent=1)
