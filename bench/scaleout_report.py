#!/usr/bin/env python3
"""bench/results/scaleout.{json,md,svg} from bench/.work/scaleout/rounds.json (bench/scaleout.py's rounds)."""
import json, os, sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(__file__))
from chart import levels  # noqa: E402
from method import provenance, shown, spread  # noqa: E402

data = json.load(open("bench/.work/scaleout/rounds.json"))
rows, failovers = data["rows"], data["failover"]
SETUPS = ["one server", "one server behind Caddy", "two servers behind Caddy"]
WORKLOADS = {"nearby": "nearby searches (GET, public stickers, 100,000 around Helsinki)",
             "writes": "sticker writes (PUT, a new private draft each, fsync on)"}
by = defaultdict(list)
for r in rows:
    by[(r["workload"], r["setup"])].append(r)
runs = len({r["round"] for r in rows})

figures = {}
lines = ["# Scaling out: servers behind Caddy on one PostgreSQL", "",
         "`bench/run scaleout`: `worldlayer serve` on one PostgreSQL (fsync on), straight and behind `deploy/Caddyfile` "
         "(HTTPS with Caddy's own authority), driven by Debian's `wrk` (C, 2 threads, "
         f"{data['connections']} connections, {data['seconds']} s a run after 3 s unmeasured) with `bench/scaleout/*.lua`; "
         f"{runs} rounds, the setups in a rotated order. Median (lowest–highest run).", "",
         f"**Everything shares this machine's {data['cores']} cores**: the servers, Caddy, PostgreSQL and wrk itself. A second "
         "server cannot add cores, so these figures say what the recipe costs and that a second server takes load, "
         "not how far it scales on machines of their own. wrk is closed-loop: p99 is the latency at the throughput reached.", ""]
for workload, title in WORKLOADS.items():
    lines += [f"## {title}", "",
              "| setup | requests/s | p50 ms | p99 ms | errors | server CPU ms/request | Caddy | wrk | PostgreSQL and the rest |",
              "|---|---|---|---|---|---|---|---|---|"]
    for setup in SETUPS:
        got = by[(workload, setup)]
        if not got:
            continue
        rps = spread(r["rps"] for r in got)
        errors = sum(r["connect_errors"] + r["read_errors"] + r["write_errors"] + r["timeouts"] + r["non_2xx"] for r in got)
        per = lambda key: spread(1000 * r["cpu"][key] / r["requests"] for r in got)
        figures[f"{workload}/{setup}"] = {"rps": rps, "p50_ms": spread(r["p50_ms"] for r in got),
                                          "p99_ms": spread(r["p99_ms"] for r in got), "errors": errors,
                                          "cpu_ms_per_request": {k: per(k) for k in ("servers", "caddy", "wrk", "rest")}}
        f = figures[f"{workload}/{setup}"]
        lines.append(f"| {setup} | {shown(rps, 0)} | {shown(f['p50_ms'], 2)} | {shown(f['p99_ms'], 2)} | {errors} | "
                     + " | ".join(shown(f["cpu_ms_per_request"][k], 3) for k in ("servers", "caddy", "wrk", "rest")) + " |")
    one, two = by[(workload, "one server behind Caddy")], by[(workload, "two servers behind Caddy")]
    if one and two:
        ratios = spread(b["rps"] / a["rps"] for a, b in zip(sorted(one, key=lambda r: r["round"]), sorted(two, key=lambda r: r["round"])))
        figures[f"{workload}/two over one behind Caddy"] = ratios
        verdict = "parity (the spread crosses 1)" if ratios["low"] <= 1 <= ratios["high"] else (
            "more with two" if ratios["low"] > 1 else "less with two")
        lines += ["", f"Two servers over one, both behind Caddy, round by round: {shown(ratios, 2)}×, {verdict}."]
    lines.append("")

if failovers:
    lines += ["## A server killed (SIGKILL) under writes through Caddy", "",
              "Four writers through Caddy to two servers for 8 s, each retrying its own PUT (the client's id: never applied twice) "
              "until acknowledged; one server killed 3 s in; then every acknowledged write read back from the survivor.", "",
              "| run | acknowledged | failed after the kill | failed before | statuses seen | lost |", "|---|---|---|---|---|---|"]
    for i, f in enumerate(failovers, 1):
        lines.append(f"| {i} | {f['acknowledged']} | {f['failed']} | {f['failed_before_kill']} | "
                     f"{', '.join(map(str, f['statuses'])) or '—'} | {f['lost']} |")
    figures["failover"] = failovers
    lines.append("")

meta = provenance()
lines += [f"Measured at commit {meta['commit']} on {meta['machine']}, {meta['date']}."]
os.makedirs("bench/results", exist_ok=True)
open("bench/results/scaleout.md", "w").write("\n".join(lines) + "\n")
json.dump({**meta, "figures": figures, "rows": rows, "failover": failovers}, open("bench/results/scaleout.json", "w"), indent=1)
bars = []
for workload in WORKLOADS:
    for setup in SETUPS:
        if by[(workload, setup)]:
            s = spread(r["rps"] for r in by[(workload, setup)])
            bars.append((f"{workload}: {setup}", s["median"], s["low"], s["high"]))
levels(f"Requests per second on {data['cores']} shared cores ({runs} runs)", bars, "/s", "bench/results/scaleout.svg")
print("\n".join(lines))
