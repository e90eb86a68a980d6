#!/usr/bin/env python3
"""bench/run geo's report: the in-process rounds (geo-ours-R.json, geo-peer-R.json), then
`worldlayer geo inverse` against `GeodSolve -i` as whole programs over the same rounds, in turns
after one untimed pass each on the warm-up lines; checks the two programs agree line by line and
writes bench/results/geo.{json,md,svg}. Usage: geo_report.py BIN WORK ROUNDS"""
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from chart import bars  # noqa: E402
from method import above, provenance, shown, spread  # noqa: E402

binary, work, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
lines, warmup = os.path.join(work, "lines.txt"), os.path.join(work, "warmup.txt")
programs = {"ours": [binary, "geo", "inverse"], "peer": ["GeodSolve", "-i"]}


def run(name, source, out_path):
    with open(source, "rb") as fin, open(out_path, "wb") as fout:
        start = time.perf_counter()
        subprocess.run(programs[name], stdin=fin, stdout=fout, check=True)
        return time.perf_counter() - start


for name in programs:
    run(name, warmup, os.devnull)
whole = {"ours": [], "peer": []}
for r in range(1, rounds + 1):
    for name in (("ours", "peer") if r % 2 else ("peer", "ours")):
        whole[name].append(run(name, lines, os.path.join(work, f"{name}.out")))
    print(f"    whole programs, round {r}/{rounds}: worldlayer {whole['ours'][-1]:.3f} s, GeodSolve {whole['peer'][-1]:.3f} s", file=sys.stderr)

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

ours = [json.load(open(os.path.join(work, f"geo-ours-{r}.json"))) for r in range(1, rounds + 1)]
peer = [json.load(open(os.path.join(work, f"geo-peer-{r}.json"))) for r in range(1, rounds + 1)]
# GeographicLib from Debian's source built -O3 -march=native (bench/peers/build-geographiclib-native).
native = [json.load(open(os.path.join(work, f"geo-native-{r}.json"))) for r in range(1, rounds + 1)]
NATIVE = "built `-O3 -march=native` from Debian's source"
n = ours[0]["lines"]
# Each ratio round by round: peer time ÷ WorldLayer time, above 1 when WorldLayer is faster.
rows = [
    ("inverse geodesic (in process)", "GeographicLib C++ `Geodesic::Inverse`", "inverse vs GeographicLib C++",
     [o["inverse_ns"] for o in ours], [p["inverse_ns"] for p in peer], "ns"),
    ("inverse geodesic (in process)", f"GeographicLib C++ `Geodesic::Inverse`, {NATIVE}", "inverse vs GeographicLib -O3 native",
     [o["inverse_ns"] for o in ours], [p["inverse_ns"] for p in native], "ns"),
    ("point → cell (in process)", "GeographicLib `Geohash::Forward` (7 chars)", "point→cell vs Geohash (7)",
     [o["cell_ns"] for o in ours], [p["geohash7_ns"] for p in peer], "ns"),
    ("point → cell (in process)", f"GeographicLib `Geohash::Forward` (7 chars), {NATIVE}", "point→cell vs Geohash (7), -O3 native",
     [o["cell_ns"] for o in ours], [p["geohash7_ns"] for p in native], "ns"),
    ("point → cell (in process)", "GeographicLib `MGRS::Forward` (100 m)", "point→cell vs MGRS (100 m)",
     [o["cell_ns"] for o in ours], [p["mgrs100m_ns"] for p in peer], "ns"),
    (f"`worldlayer geo inverse` vs `GeodSolve -i`, {n:,} lines, whole process", "GeographicLib `GeodSolve -i`",
     "geo inverse vs GeodSolve -i (whole program)", whole["ours"], whole["peer"], "s"),
]
table = []
for what, peer_name, label, w, p, unit in rows:
    table.append({"operation": what, "peer": peer_name, "label": label, "unit": unit, "worldlayer": spread(w), "peer_time": spread(p),
                  "ratio": spread(b / a for a, b in zip(w, p))})
cover = spread(o["cover100_ns"] for o in ours)
result = {"suite": "geo", "provenance": provenance(), "lines": n, "rounds": rounds, "rows": table, "cover_100m_ns": cover,
          "agreement": {"lines_compared": count, "max_distance_difference_m": worst_s, "max_azimuth_difference_deg": worst_azi}}
os.makedirs("bench/results", exist_ok=True)
json.dump(result, open("bench/results/geo.json", "w"), indent=2)

p = result["provenance"]
md = ["# bench geo", "",
      f"{n:,} random WGS84 problems (a quarter global, a quarter regional, half within a city; seed 42), measured after one "
      f"untimed pass over {n:,} others (seed 41); {rounds} rounds, WorldLayer and GeographicLib (Debian's library, and its "
      "source built `-O3 -march=native`) taking turns at going first. "
      "Cells: the median round (lowest–highest). Ratio = peer time ÷ WorldLayer time, taken round by round: above 1 means "
      "WorldLayer is faster, a win only when every round is. "
      f"Commit {p['commit']}, {p['machine']}, {p['date']}. Reproduce: `bench/run geo`. Chart: `geo.svg`.", "",
      "| operation | WorldLayer | peer | peer time | ratio | a win? |", "|---|---:|---|---:|---:|---|"]
for row in table:
    digits = 1 if row["unit"] == "ns" else 3
    md.append(f"| {row['operation']} | {shown(row['worldlayer'], digits, ' ' + row['unit'])} | {row['peer']} | "
              f"{shown(row['peer_time'], digits, ' ' + row['unit'])} | {shown(row['ratio'])} | {'yes' if above(row['ratio'], 1) else 'no'} |")
md.append(f"| cover(100 m) (in process) | {shown(cover, 1, ' ns')} | no peer computes an exact geodesic-disc cover | | | |")
md += ["", f"Agreement on all {count:,} lines at GeodSolve's printed precision: distances within {worst_s:.4f} m, azimuths within {worst_azi:.1e}°.", ""]
open("bench/results/geo.md", "w").write("\n".join(md))
print("\n".join(md))
bars([(r["label"], r["ratio"]["median"], r["ratio"]["low"], r["ratio"]["high"]) for r in table], "bench geo: peer time ÷ WorldLayer time", "bench/results/geo.svg")
