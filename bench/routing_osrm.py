#!/usr/bin/env python3
"""The OSRM peer for `bench/run routing` (Python 3.12, PyPI `osrm-bindings`: the OSRM engine
and its foot.lua profile). Prepares FILE with osrm-extract/osrm-contract (timed, peak memory),
then routes each pair with steps and full geometry — what WorldLayer returns too.
CH (contraction hierarchies, OSRM's fastest queries) by default; MLD when the fourth argument
says so — contracting a large regular grid with CH takes hours, MLD minutes.
Usage: routing_osrm.py FILE PAIRS LENGTHS_OUT [CH|MLD] (prints JSON)."""
import json, os, resource, subprocess, sys, time

import osrm

source, pairs_file, lengths_out = sys.argv[1:4]
algorithm = sys.argv[4] if len(sys.argv) > 4 else "CH"
profile = os.path.join(os.path.dirname(osrm.__file__), "share", "profiles", "foot.lua")
base = os.path.splitext(os.path.splitext(source)[0])[0] + ".osrm"
start = time.perf_counter()
steps = [["extract", "-p", profile, source]] + ([["contract", base]] if algorithm == "CH" else [["partition", base], ["customize", base]])
for step in steps:
    subprocess.run([sys.executable, "-m", "osrm"] + step, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
prepare = time.perf_counter() - start
prepare_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024

rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
engine = osrm.OSRM(storage_config=base, algorithm=algorithm, use_shared_memory=False)
pairs = [list(map(float, line.split())) for line in open(pairs_file) if line.strip()]


def route(a, b, c, d):
    p = osrm.RouteParameters(coordinates=[(b, a), (d, c)], steps=True, overview="full", geometries="geojson", generate_hints=False)
    r = engine.Route(p)["routes"][0]
    return r["distance"], r["duration"]


for row in pairs[:50]:
    try:
        route(*row)
    except Exception:
        pass
latencies, lengths = [], []
for i, row in enumerate(pairs):
    t = time.perf_counter()
    try:
        distance, duration = route(*row)
        lengths.append("%.2f %.1f" % (distance, duration))
    except Exception:
        lengths.append("none")
    latencies.append((time.perf_counter() - t) * 1e6)
    if (i + 1) % (len(pairs) // 10) == 0:
        print("osrm pairs %d%%" % ((i + 1) * 100 // len(pairs)), file=sys.stderr)
open(lengths_out, "w").write("\n".join(lengths))
s = sorted(latencies)
print(json.dumps({
    "p50_us": s[len(s) // 2], "p99_us": s[min(len(s) - 1, len(s) * 99 // 100)], "mean_us": sum(s) / len(s), "pairs": len(s),
    "algorithm": algorithm, "prepare_s": round(prepare, 3), "prepare_peak_rss_bytes": prepare_peak,
    "engine_rss_bytes": (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss0) * 1024,
}))
