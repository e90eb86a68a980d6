#!/usr/bin/env python3
"""Writes bench/results/routing.{json,md,svg} from bench/.work/routing: per-query latency of
WorldLayer, OSRM (osrm-routed, foot.lua) and pgRouting on the same pairs, every round kept,
with and without the route's description; how route lengths agree with OSRM's and why they
differ; import cost and router memory, on Helsinki and on a synthetic grid 100× its size."""
import collections, glob, json, os, sys
from pathlib import Path
sys.path.insert(0, os.path.dirname(__file__))
from chart import bars  # noqa: E402
from method import above, provenance, shown, spread  # noqa: E402

work = "bench/.work/routing"
load = lambda name: json.load(open(f"{work}/{name}"))


def rounds(prefix):
    found = sorted(glob.glob(f"{work}/{prefix}-[0-9]*.json"), key=lambda f: int(f.rsplit("-", 1)[1][:-5]))
    return [json.load(open(f)) for f in found]


def lengths(name):
    rows = []
    for line in open(f"{work}/{name}").read().split("\n"):
        parts = line.split()
        rows.append(None if not parts or parts[0] == "none" else tuple(map(float, parts)))
    return rows


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
            "unroutable_on_one": sum((a is None) != (b is None) for a, b in zip(mine, theirs)),
            "unroutable_on_both": sum(a is None and b is None for a, b in zip(mine, theirs))}


def ratios(peer_runs, ours_runs, peer_key, ours_key):
    """Peer time ÷ WorldLayer time, round r against round r, at p50 and p99 (> 1: WorldLayer faster)."""
    pairs = list(zip(peer_runs, ours_runs))
    return {p: spread(peer_key(a)[f"{p}_us"] / ours_key(b)[f"{p}_us"] for a, b in pairs) for p in ("p50", "p99")}


described = lambda r: {"p50_us": r["p50_us"], "p99_us": r["p99_us"]}
bare = lambda r: {"p50_us": r["bare_p50_us"], "p99_us": r["bare_p99_us"]}
ours, osrm_, pgr = rounds("ours"), rounds("osrm"), rounds("pgrouting")
inproc = rounds("osrm-inprocess")


def inprocess(runs, ours_runs):
    """OSRM's engine in process (the Python binding): its times, its per-call floor, and its time ÷ WorldLayer's, like for like."""
    return {"steps": {p: spread(r["steps"][f"{p}_us"] for r in runs) for p in ("p50", "p99")},
            "bare": {p: spread(r["bare"][f"{p}_us"] for r in runs) for p in ("p50", "p99")},
            "floor": {p: spread(r["floor"][f"{p}_us"] for r in runs) for p in ("p50", "p99")},
            "ratios": {"steps": ratios(runs, ours_runs, lambda r: r["steps"], described),
                       "bare": ratios(runs, ours_runs, lambda r: r["bare"], bare)}}
meta = provenance()
seed_file = Path("bench/.work/routing/seed.txt")
seed = int(seed_file.read_text()) if seed_file.exists() else 7  # runs before seeds were recorded used 7 and 8
meta["seed"] = seed
city = {
    "rounds": len(ours), "pairs": ours[0]["pairs"],
    "worldlayer": {"described": {p: spread(r[f"{p}_us"] for r in ours) for p in ("p50", "p99")},
                   "bare": {p: spread(r[f"bare_{p}_us"] for r in ours) for p in ("p50", "p99")}},
    "osrm_ch": {v: {p: spread(r[v][f"{p}_us"] for r in osrm_) for p in ("p50", "p99")} for v in ("steps", "bare")},
    "osrm_round_trip": {v: spread(r[v]["round_trip"]["p50_us"] for r in osrm_) for v in ("steps", "bare")},
    "osrm_in_process": inprocess(inproc, ours) if inproc else None,
    "pgrouting": {p: spread(r[f"{p}_us"] for r in pgr) for p in ("p50", "p99")},
    "ratios": {"osrm_steps": ratios(osrm_, ours, lambda r: r["steps"], described),
               "osrm_bare": ratios(osrm_, ours, lambda r: r["bare"], bare),
               "pgrouting": ratios(pgr, ours, lambda r: r, bare)},
    "lengths_vs_osrm": {"worldlayer": agreement(lengths("ours-lengths.txt"), lengths("osrm-lengths.txt")),
                        "pgrouting": agreement(lengths("pgrouting-lengths.txt"), lengths("osrm-lengths.txt"))},
    "import": {"worldlayer": load("ours-import.json"), "osrm": load("osrm-prepare.json"), "pgrouting": load("pgrouting-import.json")},
    "osrm_memory": load("osrm-memory.json"),
    "graph": {k: ours[0][k] for k in ("vertices", "edges", "build_s", "router_rss_bytes", "shortcuts", "core_vertices")},
}
grid_ours = rounds("grid-ours")
ch_ours, ch_osrm, ch_inproc = rounds("chgrid-ours"), rounds("chgrid-osrm"), rounds("chgrid-osrm-inprocess")
chgrid = {"side": int(os.environ.get("ROUTING_CH_GRID", "120")), "rounds": len(ch_ours), "import": load("chgrid-import.json"), "osrm_prepare": load("chgrid-osrm-prepare.json"),
          "graph": {k: ch_ours[0][k] for k in ("vertices", "edges", "build_s", "router_rss_bytes", "shortcuts", "core_vertices")},
          "worldlayer": {v: {p: spread(r[f"{k}{p}_us"] for r in ch_ours) for p in ("p50", "p99")} for v, k in (("described", ""), ("bare", "bare_"))},
          "osrm_ch": {v: {p: spread(r[v][f"{p}_us"] for r in ch_osrm) for p in ("p50", "p99")} for v in ("steps", "bare")},
          "osrm_ch_ratios": {"steps": ratios(ch_osrm, ch_ours, lambda r: r["steps"], described),
                             "bare": ratios(ch_osrm, ch_ours, lambda r: r["bare"], bare)},
          "osrm_in_process": inprocess(ch_inproc, ch_ours),
          "lengths_vs_osrm": agreement(lengths("chgrid-ours-lengths.txt"), lengths("chgrid-osrm-lengths.txt"))} if ch_ours else None
# WorldLayer in process against osrm-routed's own time, which includes reading an HTTP request: not like for like.
# The like-for-like figure is bench/run routing-http's, both over HTTP.
goals = [{"goal": f"faster than OSRM CH with steps on the city ({p}; WorldLayer in process, OSRM's time includes parsing an HTTP "
                  "request, so not like for like: over HTTP see routing-http.md)", "figure": shown(city["ratios"]["osrm_steps"][p], unit="×"),
          "met": above(city["ratios"]["osrm_steps"][p], 1)} for p in ("p50", "p99")]
# Issue 49: like against like, both in process; and a described route within 120 µs.
if city["osrm_in_process"]:
    goals += [{"goal": f"faster than OSRM's engine in process with steps ({p}, both in process)",
               "figure": shown(city["osrm_in_process"]["ratios"]["steps"][p], unit="×"), "met": above(city["osrm_in_process"]["ratios"]["steps"][p], 1)}
              for p in ("p50", "p99")]
goals.append({"goal": "a described route within 120 µs in process (p50, every round)", "figure": shown(city["worldlayer"]["described"]["p50"], 0, " µs"),
              "met": city["worldlayer"]["described"]["p50"]["high"] <= 120})
# A run stopped during the grid (ROUTING_GRID_NOTE says why) reports the city and names the grid as not measured;
# a run that left it out (ROUTING_GRID=0) keeps the last measured grid, with the commit it was measured at.
previous = json.load(open("bench/results/routing.json")) if os.path.exists("bench/results/routing.json") else {}
kept = previous.get("grid") if not grid_ours and "not_measured" not in previous.get("grid", {"not_measured": 1}) else None
if kept:
    kept.setdefault("measured_at", previous["meta"])
grid = kept or {"rounds": len(grid_ours), "import": load("grid-import.json") if os.path.exists(f"{work}/grid-import.json") else None, "osrm": {},
                "not_measured": os.environ.get("ROUTING_GRID_NOTE", "no grid rounds in bench/.work/routing")}
finished = {}
if kept:
    finished = {a: g for a, g in grid["osrm"].items() if "steps" in g}
    best = min(finished, key=lambda a: finished[a]["steps"]["p50"]["median"]) if finished else None
    if best:
        goals.append({"goal": f"on the grid, faster than OSRM's best mode there ({best}, p50; measured at {grid['measured_at']['commit']})",
                      "figure": shown(finished[best]["ratio"]["p50"], unit="×"), "met": above(finished[best]["ratio"]["p50"], 1)})
elif grid_ours:
    del grid["not_measured"]
    grid |= {"graph": {k: grid_ours[0][k] for k in ("vertices", "edges", "build_s", "router_rss_bytes", "shortcuts", "core_vertices")},
             "worldlayer": {p: spread(r[f"{p}_us"] for r in grid_ours) for p in ("p50", "p99")}}
    for algorithm in ("MLD", "CH"):
        prepare = load(f"grid-osrm-{algorithm}-prepare.json")
        runs = rounds(f"grid-osrm-{algorithm}")
        grid["osrm"][algorithm] = {"prepare": prepare} | ({
            "steps": {p: spread(r["steps"][f"{p}_us"] for r in runs) for p in ("p50", "p99")},
            "ratio": ratios(runs, grid_ours, lambda r: r["steps"], described), "memory": load(f"grid-osrm-{algorithm}-memory.json"),
            "lengths_vs_osrm": agreement(lengths("grid-ours-lengths.txt"), lengths(f"grid-osrm-{algorithm}-lengths.txt"))} if runs else {})
    finished = {a: g for a, g in grid["osrm"].items() if "steps" in g}
    best = min(finished, key=lambda a: finished[a]["steps"]["p50"]["median"]) if finished else None
    unfinished = [a for a in grid["osrm"] if a not in finished]
    if best:
        goals.append({"goal": f"on the grid, faster than OSRM's best mode there ({best}, p50" + (
                      f"; {', '.join(unfinished)} did not finish preparing, so its queries could not be timed)" if unfinished else ")"),
                      "figure": shown(finished[best]["ratio"]["p50"], unit="×"), "met": above(finished[best]["ratio"]["p50"], 1)})
else:
    goals.append({"goal": "on the grid, faster than OSRM's best mode there", "figure": "not measured (see the grid section)", "met": False})
differences = load("differences.json")
verdicts = collections.Counter(d["verdict"] for d in differences)
report = {"meta": meta, "city": city, "ch_grid": chgrid, "grid": grid, "goals": goals, "differences": differences}
os.makedirs("bench/results", exist_ok=True)
json.dump(report, open("bench/results/routing.json", "w"), indent=1)

mib = lambda b: f"{b / 2**20:.0f} MiB"
us = lambda s: shown(s, 0, " µs")
ms = lambda s: f"{s['median'] / 1000:.1f} ms ({s['low'] / 1000:.1f}–{s['high'] / 1000:.1f})"
win = lambda s: shown(s, unit="×") + ("" if above(s, 1) else " not a win")
w, c = city["lengths_vs_osrm"]["worldlayer"], city
lines = [
    "# routing: walking routes on the Helsinki extract", "",
    f"Commit {meta['commit']}, {meta['date']}, {meta['machine']}. Reproduce: `ROUTING_SEED={seed} bench/run routing`.", "",
    f"{int(c['pairs'])} random pairs between junctions of the walking network (seed {seed + 1}; the warm-up's {seed}), never seen before (each router first warms up on",
    f"{int(c['pairs'])} others), on three routers in the same run; {c['rounds']} rounds, the routers taking turns at going first; each cell is the",
    "median round (lowest–highest). A ratio is peer time ÷ WorldLayer time, round by round, and a win only when its lowest round is above 1.", "",
    "- **WorldLayer**, in process: *described* is the route as the API sends it (geometry, steps, AR waypoints every 5 m) written as JSON;",
    "  *bare* is the length alone.",
    "- **OSRM** `osrm-routed` (from PyPI's `osrm-bindings`, profile `foot.lua`, CH, one thread) on loopback; its time is its own, from its",
    "  log (parsing the request, routing, writing the JSON), without the loopback round trip. *With steps*: `steps=true&overview=full&geometries=geojson`;",
    "  *bare*: `overview=false`. The round trip seen by the client was " + us(c["osrm_round_trip"]["steps"]) + " with steps, "
    + us(c["osrm_round_trip"]["bare"]) + " bare.",
    "- **OSRM in process**: the same engine and files through the `osrm-bindings` wheel's Python binding (the wheel ships no `libosrm`",
    "  headers for a C++ harness), `OSRM.Route` timed alone; it returns OSRM's JSON object tree built in C++, not text. The binding's",
    "  per-call floor (a route from a point to itself: two snaps, a trivial route, the crossing into C++ and back) is shown apart, not subtracted.",
    "- **pgRouting**: `pgr_dijkstra` after a nearest-vertex query, on osm2pgrouting's graph (Debian's `mapconfig_for_pedestrian.xml`); a length only.", "",
    "| router | p50 | p99 |", "|---|---:|---:|",
    f"| WorldLayer, described | {us(c['worldlayer']['described']['p50'])} | {us(c['worldlayer']['described']['p99'])} |",
    f"| OSRM CH, with steps | {us(c['osrm_ch']['steps']['p50'])} | {us(c['osrm_ch']['steps']['p99'])} |",
    f"| WorldLayer, bare | {us(c['worldlayer']['bare']['p50'])} | {us(c['worldlayer']['bare']['p99'])} |",
    f"| OSRM CH, bare | {us(c['osrm_ch']['bare']['p50'])} | {us(c['osrm_ch']['bare']['p99'])} |",
    f"| pgRouting | {us(c['pgrouting']['p50'])} | {us(c['pgrouting']['p99'])} |"] + ([
    f"| OSRM CH in process, with steps | {us(c['osrm_in_process']['steps']['p50'])} | {us(c['osrm_in_process']['steps']['p99'])} |",
    f"| OSRM CH in process, bare | {us(c['osrm_in_process']['bare']['p50'])} | {us(c['osrm_in_process']['bare']['p99'])} |",
    f"| OSRM in process, per-call floor | {us(c['osrm_in_process']['floor']['p50'])} | {us(c['osrm_in_process']['floor']['p99'])} |"]
    if c["osrm_in_process"] else []) + ["",
    "| ratio | p50 | p99 |", "|---|---:|---:|",
    f"| OSRM with steps ÷ WorldLayer described | {win(c['ratios']['osrm_steps']['p50'])} | {win(c['ratios']['osrm_steps']['p99'])} |",
    f"| OSRM bare ÷ WorldLayer bare | {win(c['ratios']['osrm_bare']['p50'])} | {win(c['ratios']['osrm_bare']['p99'])} |",
    f"| pgRouting ÷ WorldLayer bare | {win(c['ratios']['pgrouting']['p50'])} | {win(c['ratios']['pgrouting']['p99'])} |"] + ([
    f"| OSRM in process with steps ÷ WorldLayer described (both in process) | {win(c['osrm_in_process']['ratios']['steps']['p50'])} | "
    f"{win(c['osrm_in_process']['ratios']['steps']['p99'])} |",
    f"| OSRM in process bare ÷ WorldLayer bare (both in process) | {win(c['osrm_in_process']['ratios']['bare']['p50'])} | "
    f"{win(c['osrm_in_process']['ratios']['bare']['p99'])} |"] if c["osrm_in_process"] else []) + ["",
    f"Route lengths against OSRM's: {w['within_1_percent']} of {w['compared']} within 1 %; {w['shorter_than_osrm']} shorter "
    f"({w['shorter_over_loose_surfaces']} of them over gravel, sand, mud or pebbles, which OSRM's `foot.lua` walks at 0.75× or 0.5× speed "
    f"and so goes round: it minimises time, WorldLayer distance); {w['longer_than_osrm']} longer; largest difference {w['max_difference'] * 100:.1f} %.",
    "",
    f"Every pair more than 1 % apart ({len(differences)}, `bench/routing_differences.py`): OSRM is asked to walk WorldLayer's way through",
    "its points, and the ways and nodes one router walked and the other did not are checked against `foot.lua`'s rules",
    "(every pair with its reasons: bench/results/routing.json):", "",
    "| verdict | pairs | WorldLayer shorter | largest difference |", "|---|---:|---:|---:|"] + [
    f"| {k} | {n} | {sum(1 for d in differences if d['verdict'] == k and d['difference'] < 0)} | "
    f"{max(abs(d['difference']) for d in differences if d['verdict'] == k) * 100:.0f} % |" for k, n in verdicts.most_common()] + [
    "",
    f"pgRouting against OSRM: {c['lengths_vs_osrm']['pgrouting']['within_1_percent']} of {c['lengths_vs_osrm']['pgrouting']['compared']} within 1 % "
    "(its pedestrian config ignores access tags and sidewalk=separate, includes cycleways, and routes vertex to vertex).", "",
    "| import of the extract | time | peak memory |", "|---|---:|---:|",
    f"| `worldlayer import osm` | {c['import']['worldlayer']['seconds']:.2f} s | {mib(c['import']['worldlayer']['peak_rss_bytes'])} |",
    f"| osrm-extract + osrm-contract | {c['import']['osrm']['prepare_s']:.2f} s | {mib(c['import']['osrm']['prepare_peak_rss_bytes'])} |",
    f"| osm2pgrouting | {c['import']['pgrouting']['seconds']:.2f} s | {mib(c['import']['pgrouting']['peak_rss_bytes'])} |", "",
    f"WorldLayer's router: {int(c['graph']['vertices'])} vertices, {int(c['graph']['edges'])} directed edges, contracted into a hierarchy "
    f"({int(c['graph']['shortcuts']):,} shortcuts, {int(c['graph']['core_vertices']):,} vertices left uncontracted), built in {c['graph']['build_s']:.2f} s, "
    f"{c['graph']['router_rss_bytes'] / c['graph']['vertices'] * 1000 / 1024:.0f} KiB of resident memory per 1,000 vertices; osrm-routed {mib(c['osrm_memory']['engine_rss_bytes'])} resident.", "",
    ]
if chgrid:
    g = chgrid
    lines += [
        f"## CH against CH: a {g['side']}×{g['side']} grid", "",
        f"A lattice both routers contract: {int(g['graph']['vertices']):,} vertices; WorldLayer's hierarchy built in {g['graph']['build_s']:.1f} s "
        f"({int(g['graph']['shortcuts']):,} shortcuts, {int(g['graph']['core_vertices']):,} vertices left uncontracted), OSRM's extract + contract "
        f"{g['osrm_prepare']['prepare_s']:.0f} s. 200 measured pairs after 200 others to warm up; {g['rounds']} rounds.", "",
        "| router | p50 | p99 |", "|---|---:|---:|",
        f"| WorldLayer, described | {us(g['worldlayer']['described']['p50'])} | {us(g['worldlayer']['described']['p99'])} |",
        f"| WorldLayer, bare | {us(g['worldlayer']['bare']['p50'])} | {us(g['worldlayer']['bare']['p99'])} |",
        f"| OSRM CH (osrm-routed's own time), with steps | {us(g['osrm_ch']['steps']['p50'])} | {us(g['osrm_ch']['steps']['p99'])} |",
        f"| OSRM CH (osrm-routed's own time), bare | {us(g['osrm_ch']['bare']['p50'])} | {us(g['osrm_ch']['bare']['p99'])} |",
        f"| OSRM CH in process, with steps | {us(g['osrm_in_process']['steps']['p50'])} | {us(g['osrm_in_process']['steps']['p99'])} |",
        f"| OSRM CH in process, bare | {us(g['osrm_in_process']['bare']['p50'])} | {us(g['osrm_in_process']['bare']['p99'])} |",
        f"| OSRM in process, per-call floor | {us(g['osrm_in_process']['floor']['p50'])} | {us(g['osrm_in_process']['floor']['p99'])} |", "",
        "| ratio | p50 | p99 |", "|---|---:|---:|",
        f"| OSRM in process with steps ÷ WorldLayer described | {win(g['osrm_in_process']['ratios']['steps']['p50'])} | {win(g['osrm_in_process']['ratios']['steps']['p99'])} |",
        f"| OSRM in process bare ÷ WorldLayer bare | {win(g['osrm_in_process']['ratios']['bare']['p50'])} | {win(g['osrm_in_process']['ratios']['bare']['p99'])} |",
        f"| osrm-routed with steps ÷ WorldLayer described | {win(g['osrm_ch_ratios']['steps']['p50'])} | {win(g['osrm_ch_ratios']['steps']['p99'])} |",
        f"| osrm-routed bare ÷ WorldLayer bare | {win(g['osrm_ch_ratios']['bare']['p50'])} | {win(g['osrm_ch_ratios']['bare']['p99'])} |", "",
        f"Lengths against OSRM: {g['lengths_vs_osrm']['within_1_percent']} of {g['lengths_vs_osrm']['compared']} within 1 %.", ""]
lines += ["## Synthetic grid"]
if "not_measured" in grid:
    lines += ["", f"Not measured in this run: {grid['not_measured']}.", "", "Goals (issues 26 and 49):", ""]
else:
    lines += ([f"", f"Not run this time (`ROUTING_GRID=0`): the figures below are the last run's, at commit {grid['measured_at']['commit']} "
               f"({grid['measured_at']['date']})."] if kept else []) + [
        "", f"{int(grid['graph']['vertices']):,} vertices ({grid['graph']['vertices'] / c['graph']['vertices']:.0f}× the extract). "
        f"Import {grid['import']['seconds']:.1f} s, peak {mib(grid['import']['peak_rss_bytes'])}; router built and contracted in {grid['graph']['build_s']:.1f} s "
        f"({int(grid['graph']['shortcuts']):,} shortcuts, {int(grid['graph']['core_vertices']):,} vertices left uncontracted). "
        f"200 measured pairs after 200 others to warm up; {grid['rounds']} rounds.", "",
        "| router | p50 | p99 | OSRM ÷ WorldLayer p50 | preparation |", "|---|---:|---:|---:|---:|",
        f"| WorldLayer, described | {ms(grid['worldlayer']['p50'])} | {ms(grid['worldlayer']['p99'])} | | {grid['graph']['build_s']:.0f} s |"]
    for algorithm, g in grid["osrm"].items():
        prep = g["prepare"]
        if "steps" in g:
            lines.append(f"| OSRM {algorithm}, with steps | {ms(g['steps']['p50'])} | {ms(g['steps']['p99'])} | {win(g['ratio']['p50'])} | "
                         f"{prep['prepare_s']:.0f} s, peak {mib(prep['prepare_peak_rss_bytes'])} |")
        else:
            lines.append(f"| OSRM {algorithm} | — | — | — | did not finish in {prep['timed_out_s']} s |")
    lines += ["", "Lengths against OSRM on the grid: " + "; ".join(
        f"{a} {g['lengths_vs_osrm']['within_1_percent']} of {g['lengths_vs_osrm']['compared']} within 1 %" for a, g in finished.items()) + ".",
        "", "Goals (issues 26 and 49):", ""]
lines += [f"- {g['goal']}: {g['figure']} — **{'met' if g['met'] else 'not met'}**" for g in goals]
open("bench/results/routing.md", "w").write("\n".join(lines) + "\n")
rows = [("OSRM CH steps ÷ WorldLayer, p50", c["ratios"]["osrm_steps"]["p50"]), ("OSRM CH bare ÷ WorldLayer bare, p50", c["ratios"]["osrm_bare"]["p50"]),
        ("pgRouting ÷ WorldLayer bare, p50", c["ratios"]["pgrouting"]["p50"])] + (
        [("OSRM in process steps ÷ WorldLayer, p50", c["osrm_in_process"]["ratios"]["steps"]["p50"])] if c["osrm_in_process"] else []) + (
        [("CH grid: OSRM in process steps ÷ WorldLayer, p50", chgrid["osrm_in_process"]["ratios"]["steps"]["p50"])] if chgrid else []) + [
        (f"grid: OSRM {a} ÷ WorldLayer, p50", g["ratio"]["p50"]) for a, g in finished.items()]
bars([(label, s["median"], s["low"], s["high"]) for label, s in rows], "bench routing: peer time ÷ WorldLayer time (higher is better)",
     "bench/results/routing.svg")
print("\n".join(lines))
