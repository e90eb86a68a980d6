#!/usr/bin/env python3
"""Writes bench/results/nearby.{json,md,svg} from bench/.work/nearby: latency and throughput of
WorldLayer on SQLite and PostgreSQL against PostGIS, SQLite's R*Tree module and Redis on the same
data and queries, every round kept (median and spread), whether every answer was PostGIS's, the
goals of issue 26 met or not, memory and database size."""
import glob, json, os, re, sys
sys.path.insert(0, os.path.dirname(__file__))
from chart import bars  # noqa: E402
from method import above, below, provenance, shown, spread  # noqa: E402

work = "bench/.work/nearby"
ENGINES = {"sqlite": "WorldLayer on SQLite", "postgres": "WorldLayer on PostgreSQL", "postgis": "PostGIS (prepared, CLUSTERed)",
           "rtree": "SQLite R*Tree", "redis": "Redis GEOSEARCH (spatial only)"}
FIGURES = [("p50_ms_100", "p50 100 m"), ("p99_ms_100", "p99 100 m"), ("p50_ms_1000", "p50 1 km"), ("p99_ms_1000", "p99 1 km")]
# (ours, peer, the least QPS ratio, sizes it applies to): issue 26's goals.
GOALS = [("sqlite", "postgis", 1.5), ("sqlite", "rtree", 1.0), ("postgres", "postgis", 1.2)]


def same(ours, peer):
    """The same stickers in the same order; two stickers whose distances agree to a
    millimetre may come in either order (the engines' last bits differ)."""
    parse = lambda line: [(p.split(":")[0], float(p.split(":")[1])) for p in line.split(",") if p]
    a, b = parse(ours), parse(peer)
    if [i for i, _ in a] == [i for i, _ in b]:
        return True
    if sorted(i for i, _ in a) != sorted(i for i, _ in b):
        return False
    key = lambda x: (round(x[1], 3), x[0])
    return [i for i, _ in sorted(a, key=key)] == [i for i, _ in sorted(b, key=key)] and all(
        abs(x[1] - y[1]) < 1e-3 for x, y in zip(sorted(a, key=key), sorted(b, key=key)))


def rounds(engine, n):
    found = sorted(glob.glob(f"{work}/timing-{engine}-{n}-*.json"), key=lambda f: int(f.rsplit("-", 1)[1][:-5]))
    return [json.load(open(f)) for f in found]


def matches(engine, n):
    """Answers identical to PostGIS's, over every round: (identical, compared)."""
    hits = total = 0
    for f in glob.glob(f"{work}/results-{engine}-{n}-*.txt"):
        peer = open(f.replace(f"results-{engine}-", "results-postgis-")).read().split("\n")
        mine = open(f).read().split("\n")
        hits += sum(same(a, b) for a, b in zip(mine, peer))
        total += len(peer)
    return hits, total


sizes = sorted({int(re.search(r"timing-postgis-(\d+)-", p).group(1)) for p in glob.glob(f"{work}/timing-postgis-*-*.json")})
meta = provenance()
settings = json.load(open(f"{work}/postgres-settings.json"))
# Whether the page cache was emptied before each engine's round (bench/nearby.sh; root only).
emptied = os.path.exists(f"{work}/page-cache") and open(f"{work}/page-cache").read().strip() == "dropped"
before_round = ("the page cache emptied, then its files read into it" if emptied else "its files read into the page cache") \
    + " (PostgreSQL's into `shared_buffers` too, `pg_prewarm`)"
# The stickers' seed (the queries take the four after it); runs before 2026-12-07 used 20261122 and queries 7 to 10.
seed = int(open(f"{work}/seed").read()) if os.path.exists(f"{work}/seed") else 20261122
report = {"meta": meta, "postgresSettings": settings, "pageCacheEmptied": emptied, "sizes": {}}
for n in sizes:
    runs = {e: rounds(e, n) for e in ENGINES}
    entry = {"rounds": len(runs["postgis"]), "figures": {}, "ratios": {}, "identical": {}, "goals": [], "seed": seed,
             # Where the R*Tree and Redis peers start a search (bench/run nearby before 2026-12-07: 10 m).
             "peersStart": "density",
             "bytes": json.load(open(f"{work}/size-{n}.json")), "memory": json.load(open(f"{work}/memory-{n}.json")),
             # Seconds WorldLayer on SQLite took to read every sticker's place into memory, as `serve` does at start.
             "residentLoad": spread(r["resident_load_s"] for r in runs["sqlite"] if "resident_load_s" in r)
             if any("resident_load_s" in r for r in runs["sqlite"]) else None}
    for e, each in runs.items():
        entry["figures"][e] = {k: spread(r[k] for r in each) for k, _ in FIGURES + [("qps", "")]}
        entry["figures"][e]["warmup_first_round"] = {k: each[0]["warmup_" + k] for k, _ in FIGURES}
    for e in ("sqlite", "postgres", "rtree"):
        entry["identical"][e] = matches(e, n)
    # Round r of one engine against round r of the other: the ratio's spread is over rounds.
    for ours in ("sqlite", "postgres"):
        for peer in ("postgis", "rtree"):
            pairs = list(zip(runs[ours], runs[peer]))
            entry["ratios"][f"{ours}/{peer}"] = {
                "qps": spread(a["qps"] / b["qps"] for a, b in pairs),
                **{k: spread(b[k] / a[k] for a, b in pairs) for k, _ in FIGURES}}
    for ours, peer, least in GOALS:
        s = entry["ratios"][f"{ours}/{peer}"]["qps"]
        entry["goals"].append({"goal": f"{ENGINES[ours]} ≥ {least}× {ENGINES[peer]} QPS", "figure": shown(s, unit="×"), "met": above(s, least) if least > 1 else s["low"] >= least})
    # Over HTTP (bench/nearby_wrk.py), each store and setup's rounds.
    entry["http"] = {}
    for store in ("sqlite", "postgres"):
        path = f"{work}/http-{store}-{n}.json"
        if os.path.exists(path):
            runs_http = json.load(open(path))
            for setup in sorted({r["setup"] for r in runs_http}):
                each = [r for r in runs_http if r["setup"] == setup]
                entry["http"][f"{store}/{setup}"] = {
                    "connections": each[0]["connections"],
                    "errors": sum(r[k] for r in each for k in ("connect_errors", "read_errors", "write_errors", "timeouts", "non_2xx")),
                    **{k: spread(r[k] for r in each) for k in ("qps", "p50_ms", "p99_ms", "server_cpu_ms_per_request", "wrk_cpu_ms_per_request")}}
    if n == 1_000_000:
        s = entry["figures"]["sqlite"]["qps"]
        entry["goals"].append({"goal": "WorldLayer on SQLite in process ≥ 6,000 QPS (issue 49)", "figure": shown(s, 0), "met": s["low"] >= 6000})
        for setup in ("separate cores", "shared cores"):
            h = entry["http"].get(f"sqlite/{setup}")
            if h:
                entry["goals"].append({"goal": f"WorldLayer on SQLite over HTTP, {setup}, ≥ 3,000 QPS and p99 ≤ 5 ms (issue 49)",
                                       "figure": f"{shown(h['qps'], 0)} QPS, p99 {shown(h['p99_ms'])} ms",
                                       "met": h["qps"]["low"] >= 3000 and h["p99_ms"]["high"] <= 5})
    if n >= 10_000_000:
        for k in ("p99_ms_100", "p99_ms_1000"):
            s = entry["figures"]["sqlite"][k]
            entry["goals"].append({"goal": f"WorldLayer on SQLite {k.split('_')[0]} at {'100 m' if k.endswith('_100') else '1 km'} ≤ 5 ms on unseen queries",
                                   "figure": shown(s, unit=" ms"), "met": below(s, 5.0)})
    # How PostgreSQL ran PostGIS's statement (bench/nearby.sh, round 1): the plan, rows and buffers read.
    plan = f"{work}/postgis-explain-{n}-1.txt"
    if os.path.exists(plan):
        entry["postgisPlan"] = open(plan).read()
    report["sizes"][str(n)] = entry
# Sizes not run this time (NEARBY_SIZES) keep their last figures, marked with the commit they were measured at.
if os.path.exists("bench/results/nearby.json"):
    previous = json.load(open("bench/results/nearby.json"))
    for n, entry in previous["sizes"].items():
        if n not in report["sizes"]:
            entry.setdefault("measuredAt", previous["meta"]["commit"])
            report["sizes"][n] = entry
report["sizes"] = dict(sorted(report["sizes"].items(), key=lambda kv: int(kv[0])))
os.makedirs("bench/results", exist_ok=True)
json.dump(report, open("bench/results/nearby.json", "w"), indent=1, sort_keys=True)

lines = ["# nearby: visible to me within 100 m / 1 km, nearest 50", "",
         f"Commit {meta['commit']}, {meta['date']}, {meta['machine']}. Reproduce: `bench/run nearby`.", "",
         "Same stickers (80 % around real places of the Helsinki OSM extract, 20 % uniform over the globe; 10 % private, 10 % shared),",
         "same queries (90 % near places, half at 100 m, half at 1 km), same machine and run. Each engine is queried alone, one query at a time:",
         f"{before_round}, 2,000 warm-up queries, then 2,000 **measured** queries never seen before (other points around the same places), then 2,000 more",
         f"for throughput (2 clients). {entry['rounds']} rounds, the engines taking turns at going first; every round is kept and each cell shows",
         "the median round (lowest–highest). A ratio is a win only when its lowest round is above 1.", "",
         "WorldLayer on SQLite searches as `worldlayer serve` does: every sticker's place and audience in memory (read before the",
         "warm-up), one statement per search for the page's bodies, on reader connections of its own.", "",
         "The peers:",
         "- **PostGIS**: KNN (`<->`) on a GiST index of a geography column, the table `CLUSTER`ed on that index, the visibility rule per row,",
         "  exact spheroid distances on the first 100, the bodies returned; one statement prepared once per connection (as WorldLayer's is).",
         "  PostgreSQL settings: " + ", ".join(f"`{k}={v}`" for k, v in sorted(settings.items())) + " (fsync is irrelevant to reads).",
         "- **SQLite R*Tree**: the R*Tree module over the points, stickers in place order, bodies in their own table, the same SQLite and driver",
         "  as WorldLayer's, on a connection of each client's own; a box sized from the density the last search around the same place met",
         "  (as WorldLayer's first circle is), growing by the density it finds until it holds 50 visible stickers, flat then exact distances",
         "  in the client, then the 50 bodies by rowid. Not done: a best-first search through SQLite's R*Tree query callback (a C callback",
         "  the Swift driver does not expose), and statements prepared once (neither side's SQLite driver keeps them).",
         "- **Redis** `GEOSEARCH … BYRADIUS … ASC COUNT 50 WITHDIST`, in memory, the circle sized and grown likewise (with `COUNT` it",
         "  still sorts every member within the radius): the raw spatial part only (no visibility, no bodies), as a floor for what a",
         "  lookup costs; no ratio is taken against it.", ""]
for n, e in report["sizes"].items():
    f = e["figures"]
    lines += [f"## {int(n):,} stickers", ""]
    if "measuredAt" in e:
        lines += [f"**Not rerun at {meta['commit']}: these figures were measured at {e['measuredAt']}.**", ""]
    if e.get("peersStart") != "density":
        lines += ["In this run the R*Tree and Redis peers started every search from 10 m (at 10 M a 10 m box in a city",
                  "can hold thousands of rows), and the R*Tree peer read through the store's pool.", ""]
    lines += [f"**{note}**" for note in e.get("notes", [])] + ([""] if e.get("notes") else [])
    s0 = e.get("seed", 20261122)
    queries_seeds = "7 to 10" if s0 == 20261122 else f"{s0 + 1} to {s0 + 4}"
    lines += [f"Seeds: stickers {s0}, queries {queries_seeds}" + (" (the ones the code was tuned on)." if s0 == 20261122 else
              " (never used while tuning)."), ""]
    lines += ["Measured queries (unseen), ms, and throughput:", "",
              "| engine | " + " | ".join(label for _, label in FIGURES) + " | QPS (2 clients) | answers = PostGIS's |",
              "|---|" + "---|" * (len(FIGURES) + 2)]
    for eng, name in ENGINES.items():
        ident = f"{e['identical'][eng][0]}/{e['identical'][eng][1]}" if eng in e["identical"] else "—"
        lines.append(f"| {name} | " + " | ".join(shown(f[eng][k]) for k, _ in FIGURES) + f" | {shown(f[eng]['qps'], 0)} | {ident} |")
    lines += ["", "WorldLayer ÷ peer, round by round (> 1: WorldLayer faster; latency ratios are the peer's time ÷ WorldLayer's):", "",
              "| ratio | QPS | " + " | ".join(label for _, label in FIGURES) + " |", "|---|---|" + "---|" * len(FIGURES)]
    for key, r in e["ratios"].items():
        ours, peer = key.split("/")
        lines.append(f"| {ENGINES[ours]} ÷ {ENGINES[peer].split(' (')[0]} | {shown(r['qps'], unit='×')}{'' if above(r['qps'], 1) else ' not a win'} | "
                     + " | ".join(shown(r[k], unit="×") for k, _ in FIGURES) + " |")
    lines += ["", "Goals (issues 26 and 49):", ""] + [f"- {g['goal']}: {g['figure']} — **{'met' if g['met'] else 'not met'}**" for g in e["goals"]]
    lines += ["", f"Warm-up queries of the first round (each engine's first queries after the load, {before_round}), ms:", "",
              "| engine | " + " | ".join(label for _, label in FIGURES) + " |", "|---|" + "---|" * len(FIGURES)]
    for eng, name in ENGINES.items():
        lines.append(f"| {name} | " + " | ".join(f"{f[eng]['warmup_first_round'][k]:.2f}" for k, _ in FIGURES) + " |")
    if e.get("http"):
        lines += ["", "Over HTTP, the path users take (`bench/nearby_wrk.py`): `GET /v1/stickers/nearby` to `worldlayer serve` on loopback, "
                  "anonymous (the 50 nearest public stickers), at 2,000 more unseen queries, from Debian's `wrk` (one thread, "
                  f"{next(iter(e['http'].values()))['connections']} connections, closed loop: p99 is the latency at the throughput reached), 10 s a run "
                  "after 3 s unmeasured, a fresh server each run. *Separate cores*: the server pinned to one core and wrk to the other; "
                  "*shared cores*: both free on the machine's two. PostGIS, the R*Tree and Redis have no HTTP layer of their own, so no peer runs here.", "",
                  "| store | setup | requests/s | p50 ms | p99 ms | server CPU ms/request | wrk CPU ms/request | errors |", "|---|---|---|---|---|---|---|---|"]
        for key, h in e["http"].items():
            store, setup = key.split("/")
            lines.append(f"| {ENGINES[store]} | {setup} | {shown(h['qps'], 0)} | {shown(h['p50_ms'])} | {shown(h['p99_ms'])} | "
                         f"{shown(h['server_cpu_ms_per_request'], 3)} | {shown(h['wrk_cpu_ms_per_request'], 3)} | {h['errors']} |")
    if e.get("postgisPlan"):
        lines += ["", "PostGIS's plan for the first measured query of each radius, round 1 (`EXPLAIN (ANALYZE, BUFFERS)`; "
                  "`shared hit` is pages found in `shared_buffers`, `read` pages fetched from the page cache or disk):", "",
                  "```", e["postgisPlan"].rstrip(), "```"]
    m, b = e["memory"], e["bytes"]
    per = lambda v: f"{v / int(n) * 1e6 / 2**20:.0f} MiB"
    lines += ["", f"Server (`worldlayer serve` on the SQLite store, {m['http_queries']:,} HTTP queries from 4 clients, {m['http_qps']} QPS): "
              f"idle RSS {m['idle_rss'] / 2**20:.0f} MiB, peak RSS {m['peak_rss'] / 2**20:.0f} MiB"
              + (f"; the stickers' places read into memory in {shown(e['residentLoad'], 1)} s." if e.get("residentLoad") else "."),
              f"Size per million stickers: WorldLayer SQLite {per(b['sqlite'])}, WorldLayer PostgreSQL {per(b['postgres'])}, PostGIS {per(b['postgis'])}, "
              f"R*Tree file {per(b['rtree'])}, Redis memory {per(b['redis'])} (points and ids only).", ""]
open("bench/results/nearby.md", "w").write("\n".join(lines) + "\n")

rows = []
for n, e in report["sizes"].items():
    for key, label in (("sqlite/postgis", "SQLite ÷ PostGIS"), ("sqlite/rtree", "SQLite ÷ R*Tree"), ("postgres/postgis", "PostgreSQL ÷ PostGIS")):
        s = e["ratios"][key]["qps"]
        rows.append((f"{int(n) / 1e6:g}M {label}: QPS", s["median"], s["low"], s["high"]))
bars(rows, "nearby: WorldLayer vs its peers, QPS ratio (higher is better)", "bench/results/nearby.svg")
print("\n".join(lines))
