#!/usr/bin/env python3
"""Writes bench/results/vision.{json,md,svg} and vision-example.jpg from bench/.work/vision:
recall, precision, corner error, frames per second on one core and latency of WorldLayer's
recognizer and three peers on the same frames and features (all targets in one OpenCV FLANN LSH
matcher, as an OpenCV user would; in one FAISS binary index; and brute force against each target in
turn), at 10, 100 and 1,000 targets, with the development-frame sweep that chose each peer's settings."""
import glob
import json
import os
import sys

import cv2
import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from chart import bars  # noqa: E402
from method import provenance, spread  # noqa: E402
from vision_score import corner_error, score  # noqa: E402

work = "bench/.work/vision"
sizes = [int(s) for s in sys.argv[1:]] or [10, 100, 1000]
rows = []
def runs(name, n):
    """Every run's answers file, in run order (one file when the suite was run once)."""
    found = sorted(glob.glob(f"{work}/{name}-{n}-*.json"), key=lambda f: int(f.rsplit("-", 1)[1][:-5]))
    return found or [f"{work}/{name}-{n}.json"]


for n in sizes:
    truth = f"{work}/frames-{n}/truth.json"
    ours_runs = [score(truth, f) for f in runs("ours", n)]
    flann_runs = [score(truth, f) for f in runs("flann", n)]
    faiss_runs = [score(truth, f) for f in runs("faiss", n)]
    base = score(truth, f"{work}/baseline-{n}.json")
    # Each figure of a run; the table shows the median run by frames per second.
    ours = sorted(ours_runs, key=lambda r: r["fps"])[len(ours_runs) // 2]
    flann = sorted(flann_runs, key=lambda r: r["fps"])[len(flann_runs) // 2]
    faiss = sorted(faiss_runs, key=lambda r: r["fps"])[len(faiss_runs) // 2]
    ratios = [o["fps"] / f["fps"] for o, f in zip(ours_runs, flann_runs)]
    faiss_ratios = [o["fps"] / f["fps"] for o, f in zip(ours_runs, faiss_runs)]
    chosen = json.load(open(f"{work}/sweep-{n}.json"))
    rows.append({"targets": n, "worldlayer": ours, "opencv_flann_lsh": flann, "faiss_binary": faiss, "opencv_baseline": base,
                 "sweep": chosen,
                 "fps_ratio": float(np.median(ratios)), "fps_ratio_spread": spread(ratios), "fps_ratio_faiss_spread": spread(faiss_ratios),
                 "worldlayer_p99_ms": spread([r["p99_ms"] for r in ours_runs]), "fps_ratio_brute": ours["fps"] / base["fps"]})
json.dump({"sizes": rows}, open("bench/results/vision.json", "w"), indent=1)

lines = ["# bench vision: which page is this, and where?", "",
         "Frames: `bench/vision_data.py frames … held-out` (640×480, random viewpoint within 45° tilt, roll, scale, occlusion in 30 %, "
         "lighting, blur, noise, JPEG 40–90, cluttered background; one in five shows no target), held out: another seed, and "
         "backgrounds, occluders and distractors from photographs the development frames (what the constants were tuned on) never use. "
         "One core each (`worldlayer-bench vision` vs `bench/vision_baseline.py`, opencv-python-headless and faiss-cpu on WorldLayer's own ORB "
         "features with the same acceptance: every target in one FLANN LSH matcher (keys of log₂ of the descriptors in bits), or in one FAISS binary "
         "index, queried once per frame, the three most voted verified by RANSAC; and brute-force Hamming against each target in turn). "
         "Each peer's settings were chosen on development frames (the sweep below), never on these. "
         "A recognition counts when its four corners are within 10 px of the truth on average. "
         "Commit {commit}, {machine}, {date}. Reproduce: `bench/run vision`.".format(**provenance()), "",
         "| targets | recognizer | recall | precision | false on empty frames | corner error median / p90 (px) | frames/s | p50 / p99 ms | index bytes per target |",
         "|---:|---|---:|---:|---:|---:|---:|---:|---:|"]
for r in rows:
    for name, key in (("WorldLayer", "worldlayer"), (f"OpenCV FLANN LSH `{r['sweep']['chosen']['flann']}`", "opencv_flann_lsh"),
                      (f"FAISS `{r['sweep']['chosen']['faiss']}`", "faiss_binary"), ("OpenCV brute force", "opencv_baseline")):
        s = r[key]
        memory = f"{s['index_bytes_per_target'] / 1024:.0f} KiB" if s["index_bytes_per_target"] else "—"
        lines.append(f"| {r['targets']} | {name} | {s['recall']:.1%} | {s['precision']:.1%} | {s['false_on_empty']}/{s['empty_frames']} | "
                     f"{s['corner_error_median']:.1f} / {s['corner_error_p90']:.1f} | {s['fps']:.1f} | {s['p50_ms']:.1f} / {s['p99_ms']:.1f} | {memory} |")
lines += ["", "Frames per second: WorldLayer, FLANN LSH and FAISS ran the same frames in turns (each first, second and third in turn); "
          "each ratio is the median over the runs with the lowest and highest, a win only when the lowest is above 1. "
          "Brute force ran once; the table's rows are each recognizer's median run.", "",
          "| targets | runs | WorldLayer ÷ FLANN LSH | a win? | WorldLayer ÷ FAISS | a win? | WorldLayer p99 ms (median, low–high) | WorldLayer ÷ brute force (one run) |",
          "|---:|---:|---:|---|---:|---|---:|---:|"]


def verdict(q):
    return "yes" if q["low"] > 1 else ("parity" if q["high"] >= 1 else "no")


for r in rows:
    q, f, p99 = r["fps_ratio_spread"], r["fps_ratio_faiss_spread"], r["worldlayer_p99_ms"]
    lines.append(f"| {r['targets']} | {q['runs']} | {q['median']:.2f}× ({q['low']:.2f}–{q['high']:.2f}) | {verdict(q)} | "
                 f"{f['median']:.2f}× ({f['low']:.2f}–{f['high']:.2f}) | {verdict(f)} | "
                 f"{p99['median']:.1f} ({p99['low']:.1f}–{p99['high']:.1f}) | {r['fps_ratio_brute']:.1f}× |")
lines += ["", f"The peers' settings, each run once on the first {rows[0]['sweep']['frames']} development frames (`bench/vision_sweep.py`); "
          "the chosen one (bold) is the fastest within 2 points of the best recall.", "",
          "| targets | setting | recall | frames/s | p99 ms |", "|---:|---|---:|---:|---:|"]
for r in rows:
    for s in r["sweep"]["rows"]:
        mark = "**" if s["kind"] in r["sweep"]["chosen"].values() else ""
        lines.append(f"| {r['targets']} | {mark}`{s['kind']}`{mark} | {s['recall']:.1%} | {s['fps']:.1f} | {s['p99_ms']:.1f} |")
# Held out (another seed, other background photographs): pages at 0.5–2× their reference size, up to 60° of tilt.
scaled = f"{work}/scales-{sizes[-1]}"
if os.path.exists(f"{scaled}/truth.json"):
    truth = {t["frame"]: t for t in json.load(open(f"{scaled}/truth.json"))}
    by_scale = {}
    for name in ("ours", "flann", "faiss"):
        for a in json.load(open(f"{work}/{name}-scales-{sizes[-1]}.json"))["answers"]:
            t = truth[a["frame"]]
            right = a.get("target") == t["target"] and corner_error(a["corners"], t["corners"]) <= 10
            by_scale.setdefault(t["scale"], {}).setdefault(name, []).append(right)
    scales = sorted(by_scale)
    lines += ["", f"Held-out frames at {sizes[-1]} targets (`vision_data.py scales`: another seed, other background photographs, "
              "up to 60° of tilt): recall by the page's size in the frame ÷ its reference picture's.", "",
              "| recognizer | " + " | ".join(f"{x:g}×" for x in scales) + " |", "|---|" + "---:|" * len(scales)]
    for label, name in (("WorldLayer", "ours"), ("OpenCV FLANN LSH", "flann"), ("FAISS", "faiss")):
        lines.append(f"| {label} | " + " | ".join(f"{sum(by_scale[x][name]) / len(by_scale[x][name]):.0%}" for x in scales) + " |")
    json.dump({"sizes": rows, "heldOutRecallByScale": {str(x): {k: sum(v) / len(v) for k, v in by_scale[x].items()} for x in scales}},
              open("bench/results/vision.json", "w"), indent=1)
# The goals (issue 26), at the largest size.
top = rows[-1]
q, p99 = top["fps_ratio_spread"], top["worldlayer_p99_ms"]
lines += ["", "## Goals", "",
          f"- At {top['targets']} targets, ≥ 3× the FLANN LSH peer's frames per second in every run: {q['median']:.1f}× ({q['low']:.1f}–{q['high']:.1f}) — "
          + ("**met**" if q["low"] >= 3 else "**not met**") + ".",
          f"- WorldLayer p99 ≤ 40 ms at {top['targets']} targets in every run: {p99['median']:.1f} ms ({p99['low']:.1f}–{p99['high']:.1f}) — "
          + ("**met**" if p99["high"] <= 40 else "**not met**") + ".",
          f"- At {top['targets']} targets p50 ≤ 15 ms and p99 ≤ 25 ms (issue 49): p50 {top['worldlayer']['p50_ms']:.1f} ms in the median run, "
          f"p99 {p99['median']:.1f} ms ({p99['low']:.1f}–{p99['high']:.1f}) — "
          + ("**met**" if top["worldlayer"]["p50_ms"] <= 15 and p99["high"] <= 25 else "**not met**") + ".",
          "- Ahead of both one-index peers at every size in every run (issue 49): "
          + ("**met**" if all(r["fps_ratio_spread"]["low"] > 1 and r["fps_ratio_faiss_spread"]["low"] > 1 for r in rows)
             else "**not met** at " + ", ".join(f"{r['targets']} targets" for r in rows
                                                if r["fps_ratio_spread"]["low"] <= 1 or r["fps_ratio_faiss_spread"]["low"] <= 1)) + "."]
if os.path.exists(f"{scaled}/truth.json"):
    behind = [x for x in scales if sum(by_scale[x]["ours"]) < max(sum(by_scale[x]["flann"]), sum(by_scale[x]["faiss"]))]
    lines.append("- Recall at least the peers' at every scale from 0.5× to 2× (held-out scaled frames): "
                 + ("**met**" if not behind else "**not met** at " + ", ".join(f"{x:g}×" for x in behind)) + ".")
open("bench/results/vision.md", "w").write("\n".join(lines) + "\n")
bars([(f"{r['targets']} targets ÷ {peer}", q["median"], q["low"], q["high"])
      for r in rows for peer, q in (("FLANN LSH", r["fps_ratio_spread"]), ("FAISS", r["fps_ratio_faiss_spread"]))],
     "bench vision: WorldLayer frames/s ÷ each peer's frames/s (one core)", "bench/results/vision.svg")

# A picture: the hardest frames WorldLayer got right at the largest size (truth green, ours magenta).
n = sizes[-1]
truth = {t["frame"]: t for t in json.load(open(f"{work}/frames-{n}/truth.json"))}
answers = json.load(open(runs("ours", n)[0]))["answers"]
right = [a for a in answers if a.get("target") and a["target"] == truth[a["frame"]]["target"]]
right.sort(key=lambda a: a["inliers"])
tiles = []
for a in right[:3]:
    frame = cv2.imread(f"{work}/frames-{n}/{a['frame']}")
    cv2.polylines(frame, [np.int32(truth[a["frame"]]["corners"])], True, (60, 200, 60), 5, cv2.LINE_AA)
    cv2.polylines(frame, [np.int32(a["corners"])], True, (200, 40, 200), 2, cv2.LINE_AA)
    tiles.append(frame)
if tiles:
    cv2.imwrite("bench/results/vision-example.jpg", cv2.resize(np.hstack(tiles), None, fx=0.6, fy=0.6), [cv2.IMWRITE_JPEG_QUALITY, 80])
print("\n".join(lines))
