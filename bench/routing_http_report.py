#!/usr/bin/env python3
"""bench/results/routing-http.{json,md,svg} from bench/.work/routing-http/rounds.json (bench/routing_http.py)."""
import json, os, sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(__file__))
from chart import levels  # noqa: E402
from method import provenance, shown, spread  # noqa: E402

data = json.load(open("bench/.work/routing-http/rounds.json"))
rows = data["rows"]
by = defaultdict(list)
for r in rows:
    by[(r["connections"], r["router"])].append(r)
runs = len({r["round"] for r in rows})
ROUTERS = {"worldlayer": "WorldLayer (`POST /v1/routes`)", "osrm": "OSRM (`GET /route/v1/foot`, steps, GeoJSON)"}

figures = {"bytes_per_answer": data["bytes"]}
lines = ["# Walking routes over HTTP", "",
         "`bench/run routing-http`: a described route (steps and the whole geometry) between "
         f"{data['pairs']:,} pairs of Helsinki's surface junctions (a seed no code was tuned on), asked of `worldlayer serve` "
         "and of `osrm-routed` (OSRM 26.10 from PyPI's osrm-bindings, foot.lua, CH, its default threads) by Debian's `wrk` "
         f"(C, one thread), {data['seconds']} s a run, {runs} rounds in a rotated order. Median (lowest–highest run). "
         f"Everything shares this machine's {data['cores']} cores. wrk is closed-loop: with 1 connection a request waits for "
         "nothing but itself; with 8, both cores are busy and p99 is the latency at the throughput reached.", "",
         "Bytes per answer (the mean over the warm-up pairs): "
         + ", ".join(f"{name} {data['bytes'][name]:,.0f}" for name in ROUTERS if name in data["bytes"])
         + ". WorldLayer's answer also carries AR waypoints every 5 m; OSRM's carries each step's intersections and "
         "maneuver. Socket errors on OSRM's side are `osrm-routed` closing each kept-alive connection after 512 "
         "requests (wrk opens another); non-2xx answers are counted apart.", ""]
for connections in (1, 8):
    lines += [f"## {connections} connection{'s' if connections > 1 else ''}", "",
              "| router | requests/s | p50 ms | p99 ms | non-2xx | socket errors | server CPU µs/request | wrk CPU µs/request |",
              "|---|---|---|---|---|---|---|---|"]
    for name, title in ROUTERS.items():
        got = by[(connections, name)]
        if not got:
            continue
        errors = sum(r["connect_errors"] + r["read_errors"] + r["write_errors"] + r["timeouts"] for r in got)
        refused = sum(r["non_2xx"] for r in got)
        f = {"rps": spread(r["rps"] for r in got), "p50_ms": spread(r["p50_ms"] for r in got), "p99_ms": spread(r["p99_ms"] for r in got),
             "socket_errors": errors, "non_2xx": refused, "server_cpu_us": spread(1e6 * r["server_cpu_s"] / r["requests"] for r in got),
             "wrk_cpu_us": spread(1e6 * r["wrk_cpu_s"] / r["requests"] for r in got)}
        figures[f"{connections}/{name}"] = f
        lines.append(f"| {title} | {shown(f['rps'], 0)} | {shown(f['p50_ms'], 3)} | {shown(f['p99_ms'], 3)} | {refused} | {errors} | "
                     f"{shown(f['server_cpu_us'], 0)} | {shown(f['wrk_cpu_us'], 0)} |")
    ours, osrm = sorted(by[(connections, "worldlayer")], key=lambda r: r["round"]), sorted(by[(connections, "osrm")], key=lambda r: r["round"])
    if ours and osrm:
        ratio = spread(a["rps"] / b["rps"] for a, b in zip(ours, osrm))
        cpu = spread((b["server_cpu_s"] / b["requests"]) / (a["server_cpu_s"] / a["requests"]) for a, b in zip(ours, osrm))
        figures[f"{connections}/worldlayer over osrm"] = {"rps": ratio, "server_cpu": cpu}
        verdict = lambda s: "parity (the spread crosses 1)" if s["low"] <= 1 <= s["high"] else (
            "WorldLayer ahead" if s["low"] > 1 else "OSRM ahead")
        lines += ["", f"WorldLayer's requests/s over OSRM's, round by round: {shown(ratio, 2)}×, {verdict(ratio)}. "
                  f"OSRM's server CPU per request over WorldLayer's: {shown(cpu, 2)}×, {verdict(cpu)}."]
    lines.append("")
meta = provenance()
lines += [f"Measured at commit {meta['commit']} on {meta['machine']}, {meta['date']}."]
os.makedirs("bench/results", exist_ok=True)
open("bench/results/routing-http.md", "w").write("\n".join(lines) + "\n")
json.dump({**meta, "figures": figures, "rows": rows}, open("bench/results/routing-http.json", "w"), indent=1)
levels(f"Described routes per second over HTTP, {data['cores']} shared cores ({runs} runs)",
       [(f"{name}, {c} conn.", s["median"], s["low"], s["high"]) for c in (1, 8) for name in ROUTERS
        if by[(c, name)] for s in [spread(r["rps"] for r in by[(c, name)])]], "/s", "bench/results/routing-http.svg")
print("\n".join(lines))
