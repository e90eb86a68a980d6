#!/usr/bin/env python3
"""Writes bench/results/nearby.{json,md,svg} from bench/.work/nearby: latency and
throughput of WorldLayer on SQLite and PostgreSQL as ratios to PostGIS on the same
data and queries, whether every answer was identical, memory and database size."""
import glob, json, os, re, sys
sys.path.insert(0, os.path.dirname(__file__))
from chart import bars  # noqa: E402

work = "bench/.work/nearby"


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
sizes = sorted({int(re.search(r"-(\d+)\.json$", p).group(1)) for p in glob.glob(f"{work}/timing-postgis-*.json")})
report = {"sizes": {}}
for n in sizes:
    t = {e: json.load(open(f"{work}/timing-{e}-{n}.json")) for e in ("sqlite", "postgres", "postgis")}
    res = {e: open(f"{work}/results-{e}-{n}.txt").read().split("\n") for e in t}
    mismatches = {e: sum(not same(a, b) for a, b in zip(res[e], res["postgis"])) for e in ("sqlite", "postgres")}
    size = json.load(open(f"{work}/size-{n}.json"))
    memory = json.load(open(f"{work}/memory-{n}.json"))
    entry = {"timing": t, "mismatches": mismatches, "queries": len(res["postgis"]), "bytes": size, "memory": memory,
             "ratios": {}}
    for e in ("sqlite", "postgres"):
        entry["ratios"][e] = {"qps": round(t[e]["qps"] / t["postgis"]["qps"], 2)}
        for r in (100, 1000):
            for p in ("p50", "p99"):
                k = f"{p}_ms_{r}"
                # > 1 means faster than PostGIS.
                entry["ratios"][e][k] = round(t["postgis"][k] / t[e][k], 2)
    report["sizes"][str(n)] = entry
os.makedirs("bench/results", exist_ok=True)
json.dump(report, open("bench/results/nearby.json", "w"), indent=2, sort_keys=True)

lines = ["# nearby: visible to me within 100 m / 1 km, nearest 50", "",
         "Same stickers (80 % around real places of the Helsinki OSM extract, 20 % uniform over the globe; 10 % private, 10 % shared),",
         "same 2,000 queries (90 % near places), same machine and run. PostGIS: KNN (`<->`) on a GiST index of a geography column, then exact spheroid distances (its fastest form here; `ST_DWithin` first is slower at 1 km, see bench/README.md).",
         "Each engine is queried alone: a first timed pass over the queries, a second (warm) pass, then the throughput pass; ratios use the warm figures.",
         "Ratios > 1 mean WorldLayer is faster. Reproduce: `bench/run nearby`.", ""]
for n, e in report["sizes"].items():
    t = e["timing"]
    lines += [f"## {int(n):,} stickers", "",
              "Warm (the second pass over the queries, and the throughput pass after it):", "",
              "| engine | p50 100 m | p99 100 m | p50 1 km | p99 1 km | QPS (2 clients) | identical answers |", "|---|---|---|---|---|---|---|"]
    for eng in ("sqlite", "postgres", "postgis"):
        x = t[eng]
        same = "—" if eng == "postgis" else f"{e['queries'] - e['mismatches'][eng]}/{e['queries']}"
        lines.append(f"| {'WorldLayer ' + eng if eng != 'postgis' else 'PostGIS'} | {x['p50_ms_100']:.2f} ms | {x['p99_ms_100']:.2f} ms | "
                     f"{x['p50_ms_1000']:.2f} ms | {x['p99_ms_1000']:.2f} ms | {x['qps']:.0f} | {same} |")
    if all("first_p50_ms_100" in t[eng] for eng in t):
        lines += ["", "First pass (before it, each engine's pages are wherever the load and the machine left them; mostly on disk at 10 M):", "",
                  "| engine | p50 100 m | p99 100 m | p50 1 km | p99 1 km |", "|---|---|---|---|---|"]
        for eng in ("sqlite", "postgres", "postgis"):
            x = t[eng]
            lines.append(f"| {'WorldLayer ' + eng if eng != 'postgis' else 'PostGIS'} | {x['first_p50_ms_100']:.2f} ms | {x['first_p99_ms_100']:.2f} ms | "
                         f"{x['first_p50_ms_1000']:.2f} ms | {x['first_p99_ms_1000']:.2f} ms |")
    lines += ["", "| ratio to PostGIS (warm) | QPS | p50 100 m | p99 100 m | p50 1 km | p99 1 km |", "|---|---|---|---|---|---|"]
    for eng in ("sqlite", "postgres"):
        r = e["ratios"][eng]
        lines.append(f"| WorldLayer {eng} | {r['qps']}× | {r['p50_ms_100']}× | {r['p99_ms_100']}× | {r['p50_ms_1000']}× | {r['p99_ms_1000']}× |")
    m, b = e["memory"], e["bytes"]
    per = lambda v: f"{v / int(n) * 1e6 / 2**20:.0f} MiB"
    lines += ["", f"Server (`worldlayer serve` on the SQLite store, {m['http_queries']:,} HTTP queries from 4 clients, {m['http_qps']} QPS): "
              f"idle RSS {m['idle_rss'] / 2**20:.0f} MiB, peak RSS {m['peak_rss'] / 2**20:.0f} MiB.",
              f"Database size per million stickers: SQLite {per(b['sqlite'])}, PostgreSQL {per(b['postgres'])}, PostGIS table {per(b['postgis'])}.", ""]
open("bench/results/nearby.md", "w").write("\n".join(lines) + "\n")

rows = []
for n, e in report["sizes"].items():
    for eng, name in (("sqlite", "SQLite"), ("postgres", "PostgreSQL")):
        r = e["ratios"][eng]
        rows += [(f"{int(n) // 1_000_000}M {name}: QPS", r["qps"]), (f"{int(n) // 1_000_000}M {name}: p99 1 km", r["p99_ms_1000"]),
                 (f"{int(n) // 1_000_000}M {name}: p99 100 m", r["p99_ms_100"])]
bars(rows, "nearby: WorldLayer vs PostGIS (ratio; higher is better)", "bench/results/nearby.svg")
print("\n".join(lines))
