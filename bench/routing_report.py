#!/usr/bin/env python3
"""Writes bench/results/routing.{json,md,svg} from bench/.work/routing: per-query latency of
WorldLayer, OSRM (foot.lua) and pgRouting on the same 1,000 pairs, how route lengths agree
with OSRM's and why they differ, import cost and router memory, on Helsinki and on a
synthetic grid 100× its size."""
import json, os, sys
sys.path.insert(0, os.path.dirname(__file__))
from chart import bars  # noqa: E402

work = "bench/.work/routing"
load = lambda name: json.load(open(f"{work}/{name}"))


def lengths(name):
    rows = []
    for line in open(f"{work}/{name}").read().split("\n"):
        parts = line.split()
        rows.append(None if not parts or parts[0] == "none" else tuple(map(float, parts)))
    return rows


ours, osrm_, pgr = load("ours.json"), load("osrm.json"), load("pgrouting.json")
ours_len, osrm_len, pgr_len = lengths("ours-lengths.txt"), lengths("osrm-lengths.txt"), lengths("pgrouting-lengths.txt")


def agreement(mine, theirs):
    """How lengths compare with OSRM's: within 1 %, and the rest split by which is longer.
    WorldLayer walks the shortest way; OSRM's foot.lua minimises time, walking gravel and sand
    at 0.75× and 0.5× speed and adding 2 s per traffic signal. So where WorldLayer's route is
    shorter and crosses loose surfaces (its second column), OSRM went round them for time."""
    n = within = shorter = longer = loose = 0
    worst = []
    for a, b in zip(mine, theirs):
        if a is None or b is None:
            continue
        n += 1
        d = (a[0] - b[0]) / b[0] if b[0] > 0 else 0
        if abs(d) <= 0.01:
            within += 1
        elif d < 0:
            shorter += 1
            loose += len(a) > 1 and a[1] > 0
        else:
            longer += 1
        worst.append(abs(d))
    worst.sort()
    return {"compared": n, "within_1_percent": within, "shorter_than_osrm": shorter, "shorter_over_loose_surfaces": loose,
            "longer_than_osrm": longer, "max_difference": worst[-1] if worst else 0,
            "p99_difference": worst[min(len(worst) - 1, len(worst) * 99 // 100)] if worst else 0,
            "unroutable_on_one": sum((a is None) != (b is None) for a, b in zip(mine, theirs)),
            "unroutable_on_both": sum(a is None and b is None for a, b in zip(mine, theirs))}


imp = {k: load(f"{k}-import.json") for k in ("ours", "pgrouting", "grid")}
grid_ours = load("grid-ours.json")
# OSRM on the grid is best effort: its MLD customisation of a large regular grid can outlast the run.
try:
    grid_osrm = load("grid-osrm.json")
except (OSError, ValueError):
    grid_osrm = None
report = {
    "pairs": ours["pairs"],
    "latency_us": {"worldlayer": ours, "osrm": osrm_, "pgrouting": pgr},
    "ratio_p50": {"osrm": osrm_["p50_us"] / ours["p50_us"], "pgrouting": pgr["p50_us"] / ours["p50_us"]},
    "ratio_p99": {"osrm": osrm_["p99_us"] / ours["p99_us"], "pgrouting": pgr["p99_us"] / ours["p99_us"]},
    "lengths_vs_osrm": {"worldlayer": agreement(ours_len, osrm_len), "pgrouting": agreement(pgr_len, osrm_len)},
    "import": {"worldlayer": imp["ours"], "osrm_extract_contract": {"seconds": osrm_["prepare_s"], "peak_rss_bytes": osrm_["prepare_peak_rss_bytes"]},
               "pgrouting_osm2pgrouting": imp["pgrouting"]},
    "router_memory_per_1000_vertices_bytes": ours["router_rss_bytes"] / ours["vertices"] * 1000,
    "grid": {"vertices": grid_ours["vertices"], "edges": grid_ours["edges"], "import": imp["grid"], "worldlayer": grid_ours, "osrm": grid_osrm,
             "router_memory_per_1000_vertices_bytes": grid_ours["router_rss_bytes"] / grid_ours["vertices"] * 1000,
             "lengths_vs_osrm": agreement(lengths("grid-ours-lengths.txt"), lengths("grid-osrm-lengths.txt")) if grid_osrm else None},
}
os.makedirs("bench/results", exist_ok=True)
json.dump(report, open("bench/results/routing.json", "w"), indent=2)

mib = lambda b: f"{b / 2**20:.0f} MiB"
w, g = report["lengths_vs_osrm"]["worldlayer"], report["grid"]
lines = [
    "# routing: walking routes on the Helsinki extract",
    "",
    f"The same {int(ours['pairs'])} random pairs between junctions of the walking network, on three routers in the same run.",
    "WorldLayer returns the full route (geometry, steps, AR waypoints every 5 m); OSRM is asked for steps and full geometry",
    "(through its Python bindings, `osrm-bindings`, profile `foot.lua`, CH); pgRouting is `pgr_dijkstra` after a nearest-vertex query,",
    "on the graph osm2pgrouting builds with Debian's `mapconfig_for_pedestrian.xml`. Ratios > 1 mean WorldLayer is faster.",
    "Reproduce: `bench/run routing`.",
    "",
    "| router | p50 | p99 | p50 ratio | p99 ratio |",
    "|---|---:|---:|---:|---:|",
    f"| WorldLayer | {ours['p50_us']:.0f} µs | {ours['p99_us']:.0f} µs | | |",
    f"| OSRM (foot) | {osrm_['p50_us']:.0f} µs | {osrm_['p99_us']:.0f} µs | {report['ratio_p50']['osrm']:.2f}× | {report['ratio_p99']['osrm']:.2f}× |",
    f"| pgRouting | {pgr['p50_us']:.0f} µs | {pgr['p99_us']:.0f} µs | {report['ratio_p50']['pgrouting']:.2f}× | {report['ratio_p99']['pgrouting']:.2f}× |",
    "",
    f"Route lengths against OSRM's: {w['within_1_percent']} of {w['compared']} within 1 %; {w['shorter_than_osrm']} shorter "
    f"({w['shorter_over_loose_surfaces']} of them over gravel, sand, mud or pebbles, which OSRM's `foot.lua` walks at 0.75× or 0.5× speed "
    f"and so goes round: it minimises time, WorldLayer distance — and reports the loose metres on the route instead); {w['longer_than_osrm']} longer; "
    f"largest difference {w['max_difference'] * 100:.1f} %.",
    f"pgRouting against OSRM: {report['lengths_vs_osrm']['pgrouting']['within_1_percent']} of {report['lengths_vs_osrm']['pgrouting']['compared']} within 1 % "
    "(its pedestrian config ignores access tags and sidewalk=separate, includes cycleways, and routes vertex to vertex).",
    "",
    "| import of the extract | time | peak memory |",
    "|---|---:|---:|",
    f"| `worldlayer import osm` | {imp['ours']['seconds']:.2f} s | {mib(imp['ours']['peak_rss_bytes'])} |",
    f"| osrm-extract + osrm-contract | {osrm_['prepare_s']:.2f} s | {mib(osrm_['prepare_peak_rss_bytes'])} |",
    f"| osm2pgrouting | {imp['pgrouting']['seconds']:.2f} s | {mib(imp['pgrouting']['peak_rss_bytes'])} |",
    "",
    f"WorldLayer's router: {int(ours['vertices'])} vertices, {int(ours['edges'])} directed edges, built in {ours['build_s']:.2f} s; "
    f"{report['router_memory_per_1000_vertices_bytes'] / 1024:.0f} KiB of resident memory per 1,000 vertices (walkways loaded and router built).",
    "",
    f"## Synthetic grid: {int(g['vertices']):,} vertices ({g['vertices'] / ours['vertices']:.0f}× the extract)",
    "",
    f"Import {g['import']['seconds']:.1f} s, peak {mib(g['import']['peak_rss_bytes'])}; router built in {g['worldlayer']['build_s']:.1f} s, "
    f"{g['router_memory_per_1000_vertices_bytes'] / 1024:.0f} KiB per 1,000 vertices.",
    "",
    "| router | p50 | p99 |",
    "|---|---:|---:|",
    f"| WorldLayer | {g['worldlayer']['p50_us'] / 1000:.1f} ms | {g['worldlayer']['p99_us'] / 1000:.1f} ms |",
] + ([
    f"| OSRM (foot, MLD) | {g['osrm']['p50_us'] / 1000:.1f} ms | {g['osrm']['p99_us'] / 1000:.1f} ms |",
    "",
    f"OSRM extract + partition + customize (MLD: CH contraction of a large regular grid takes hours) {g['osrm']['prepare_s']:.1f} s, "
    f"peak {mib(g['osrm']['prepare_peak_rss_bytes'])}. Lengths against OSRM on the grid: {g['lengths_vs_osrm']['within_1_percent']} of "
    f"{g['lengths_vs_osrm']['compared']} within 1 %.",
] if grid_osrm else [
    "",
    "OSRM on the grid did not finish within the run (its preparation of a large regular grid outlasted it); no peer row.",
])
open("bench/results/routing.md", "w").write("\n".join(lines) + "\n")
bars([("OSRM p50 ÷ WorldLayer p50", report["ratio_p50"]["osrm"]), ("OSRM p99 ÷ WorldLayer p99", report["ratio_p99"]["osrm"]),
      ("pgRouting p50 ÷ WorldLayer p50", report["ratio_p50"]["pgrouting"]), ("pgRouting p99 ÷ WorldLayer p99", report["ratio_p99"]["pgrouting"]),
      ] + ([("grid: OSRM p50 ÷ WorldLayer p50", g["osrm"]["p50_us"] / g["worldlayer"]["p50_us"])] if grid_osrm else []),
     "bench routing: peer time ÷ WorldLayer time (Helsinki, 1,000 pairs)", "bench/results/routing.svg")
print("\n".join(lines))
