#!/usr/bin/env python3
"""Times `worldlayer geo inverse` against `GeodSolve -i` on the same input, checks they agree,
and writes bench/results/geo.json and geo.md with the ratios."""
import json
import os
import platform
import subprocess
import sys
import time

binary, work = sys.argv[1], sys.argv[2]
lines = os.path.join(work, "lines.txt")


def timed(cmd, out_path, repeats=3):
    best = float("inf")
    for r in range(repeats):
        with open(lines, "rb") as fin, open(out_path, "wb") as fout:
            start = time.perf_counter()
            subprocess.run(cmd, stdin=fin, stdout=fout, check=True)
            best = min(best, time.perf_counter() - start)
        print("    %s run %d/%d: %.3f s" % (os.path.basename(cmd[0]), r + 1, repeats, best), file=sys.stderr)
    return best


ours_s = timed([binary, "geo", "inverse"], os.path.join(work, "ours.out"))
peer_s = timed(["GeodSolve", "-i"], os.path.join(work, "peer.out"))

# Equal accuracy: both print azimuths to 1e-8 degrees and distances to 1 mm.
worst_s = worst_azi = 0.0
count = 0
with open(os.path.join(work, "ours.out")) as a, open(os.path.join(work, "peer.out")) as b:
    for la, lb in zip(a, b):
        x, y = [float(t) for t in la.split()], [float(t) for t in lb.split()]
        worst_s = max(worst_s, abs(x[2] - y[2]))
        for i in (0, 1):
            d = abs(x[i] - y[i]) % 360
            worst_azi = max(worst_azi, min(d, 360 - d))
        count += 1

ours = json.load(open(os.path.join(work, "ours.json")))
peer = json.load(open(os.path.join(work, "peer.json")))
n = ours["lines"]
result = {
    "suite": "geo",
    "machine": {"cpu": platform.processor() or platform.machine(), "cores": os.cpu_count()},
    "lines": n,
    "in_process_ns_per_op": {
        "inverse": {"worldlayer": ours["inverse_ns"], "geographiclib_cpp": peer["inverse_ns"], "ratio": round(peer["inverse_ns"] / ours["inverse_ns"], 2)},
        "point_to_cell": {"worldlayer": ours["cell_ns"], "geographiclib_geohash7": peer["geohash7_ns"], "geographiclib_mgrs_100m": peer["mgrs100m_ns"],
                          "ratio_vs_geohash": round(peer["geohash7_ns"] / ours["cell_ns"], 2), "ratio_vs_mgrs": round(peer["mgrs100m_ns"] / ours["cell_ns"], 2)},
        "cover_100m": {"worldlayer": ours["cover100_ns"]},
    },
    "whole_process_seconds": {"worldlayer_geo_inverse": round(ours_s, 3), "GeodSolve_-i": round(peer_s, 3), "ratio": round(peer_s / ours_s, 2)},
    "agreement": {"lines_compared": count, "max_distance_difference_m": worst_s, "max_azimuth_difference_deg": worst_azi},
}
os.makedirs("bench/results", exist_ok=True)
with open("bench/results/geo.json", "w") as f:
    json.dump(result, f, indent=2)

ip = result["in_process_ns_per_op"]
md = f"""# bench geo

{n:,} random WGS84 problems (a quarter global, a quarter regional, half within a city), one run, same inputs for both.
Ratio = peer time / WorldLayer time: above 1 means WorldLayer is faster. Chart: `geo.svg`.

| operation | WorldLayer | peer | peer time | ratio |
|---|---:|---|---:|---:|
| inverse geodesic (in process) | {ip['inverse']['worldlayer']} ns | GeographicLib C++ `Geodesic::Inverse` | {ip['inverse']['geographiclib_cpp']} ns | {ip['inverse']['ratio']} |
| point → cell (in process) | {ip['point_to_cell']['worldlayer']} ns | GeographicLib `Geohash::Forward` (7 chars) | {ip['point_to_cell']['geographiclib_geohash7']} ns | {ip['point_to_cell']['ratio_vs_geohash']} |
| point → cell (in process) | {ip['point_to_cell']['worldlayer']} ns | GeographicLib `MGRS::Forward` (100 m) | {ip['point_to_cell']['geographiclib_mgrs_100m']} ns | {ip['point_to_cell']['ratio_vs_mgrs']} |
| cover(100 m) (in process) | {ip['cover_100m']['worldlayer']} ns | no peer computes an exact geodesic-disc cover | | |
| `worldlayer geo inverse` vs `GeodSolve -i`, {n:,} lines, whole process | {result['whole_process_seconds']['worldlayer_geo_inverse']} s | GeographicLib `GeodSolve -i` | {result['whole_process_seconds']['GeodSolve_-i']} s | {result['whole_process_seconds']['ratio']} |

Agreement on all {count:,} lines at GeodSolve's printed precision: distances within {worst_s:.4f} m, azimuths within {worst_azi:.1e}°.
"""
with open("bench/results/geo.md", "w") as f:
    f.write(md)
print(md)

subprocess.run([sys.executable, "bench/chart.py", "bench/results/geo.json", "bench/results/geo.svg"], check=True)
print("chart: bench/results/geo.svg", file=sys.stderr)
