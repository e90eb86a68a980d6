#!/usr/bin/env python3
"""Chooses each peer's settings on development frames, as its user would before deploying it:
FLANN LSH over tables (6, 12) × probe levels (1, 2), FAISS over two HNSW searches and two inverted-file
probe counts. Each setting runs once on the first SWEEP_FRAMES (100) development frames; the best is
the fastest of those whose recall is within 2 points of the most accurate. Writes the sweep and the
choice to WORK/sweep-N.json; `bench/run vision` then runs the chosen settings on the held-out frames.

    vision_sweep.py TARGETS N DEV_FRAMES WORK
"""
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from vision_score import score  # noqa: E402

SETTINGS = {
    "flann": ["flann:6:1", "flann:12:1", "flann:6:2", "flann:12:2"],
    "faiss": ["faiss-hnsw:32:32", "faiss-hnsw:32:128", "faiss-ivf:8", "faiss-ivf:32"],
}
RECALL_SLACK = 0.02


def subset(dev, folder, count):
    """The first `count` development frames and their truth, in a folder of their own."""
    frames = sorted(f for f in os.listdir(dev) if f.endswith(".jpg"))[:count]
    os.makedirs(folder, exist_ok=True)
    for f in frames:
        if not os.path.exists(os.path.join(folder, f)):
            shutil.copy(os.path.join(dev, f), folder)
    truth = [t for t in json.load(open(os.path.join(dev, "truth.json"))) if t["frame"] in set(frames)]
    json.dump(truth, open(os.path.join(folder, "truth.json"), "w"))


def main(targets, n, dev, work):
    folder = os.path.join(work, f"sweep-frames-{n}")
    subset(dev, folder, int(os.environ.get("SWEEP_FRAMES", "100")))
    rows, chosen = [], {}
    for family, settings in SETTINGS.items():
        scored = []
        for kind in settings:
            out = os.path.join(work, f"sweep-{n}-{kind.replace(':', '_')}.json")
            print(f"[vision] sweep at {n} targets: {kind}", file=sys.stderr, flush=True)
            with open(out, "w") as f:
                subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "vision_baseline.py"), targets, str(n), folder, kind],
                               stdout=f, check=True)
            s = score(os.path.join(folder, "truth.json"), out)
            scored.append({"family": family, "kind": kind, "recall": s["recall"], "fps": s["fps"], "p99_ms": s["p99_ms"]})
        top = max(r["recall"] for r in scored)
        best = max((r for r in scored if r["recall"] >= top - RECALL_SLACK), key=lambda r: r["fps"])
        chosen[family] = best["kind"]
        rows += scored
    json.dump({"targets": n, "frames": len(json.load(open(os.path.join(folder, "truth.json")))), "rows": rows, "chosen": chosen},
              open(os.path.join(work, f"sweep-{n}.json"), "w"), indent=1)
    print(" ".join(chosen.values()))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4])
