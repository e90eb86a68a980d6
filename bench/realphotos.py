#!/usr/bin/env python3
"""Real photographs (realphoto_data.py): scene anchors located through a real `worldlayer serve`,
and pages recognized by WorldLayer, OpenCV's feature-homography tutorial and a FLANN LSH matcher.

    realphotos.py scenes WORLDLAYER DATA OUT.json    anchors every scene, locates every view
    realphotos.py pages WORLDLAYER DATA OUT.json     every page frame, by the three recognizers

Scene views are sent with the 60° field of view a browser assumes; the sticker's pixel is where
the answer's camera-space sticker lands through that same assumed lens, as the browser draws it.
"""
import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import scenes as server  # noqa: E402  (the same anchoring and locating as bench/run scenes)

FRAME = (640, 480)


def sticker_pixel(answer, fov):
    """Where the browser draws the located sticker: its camera-space point through a `fov` lens."""
    s = answer.get("sticker")
    if not answer.get("located") or not s or s["z"] <= 0:
        return None
    f = FRAME[0] / 2 / math.tan(math.radians(fov) / 2)
    return [FRAME[0] / 2 + f * s["x"] / s["z"], FRAME[1] / 2 + f * s["y"] / s["z"]]


def run_scenes(worldlayer, data, out):
    listed = json.load(open(os.path.join(data, "scenes.json")))
    results, pacer = [], server.Pacer()
    total = sum(len(s["views"]) for s in listed)
    for scene in listed:
        # A server each: a view must not find the other way round's anchoring frame, cut from its own photograph.
        with server.serving(worldlayer) as (base, token, _pid):
            lat, lon, _, anchored = server.anchor(base, token, 0, os.path.join(data, scene["anchor"]), scene["fov"], scene["distance"],
                                                  scene["spot"])
            for view in scene["views"]:
                found = server.locate(base, pacer, lat, lon, scene["fov"], os.path.join(data, view["file"]))
                drawn = sticker_pixel(found, scene["fov"]) if found.get("scene", {}).get("id") == anchored["id"] else None
                results.append({"scene": scene["name"], "file": view["file"], "fill": view["fill"], "turn": view["turn"],
                                "truth": view["sticker"], "drawn": drawn,
                                "error": math.dist(drawn, view["sticker"]) / FRAME[0] if drawn else None, "answer": found})
                print(f"\r[realphotos] scene views: {len(results)}/{total}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    with open(out, "w") as f:
        json.dump(results, f)


def run_pages(worldlayer, data, out, kinds=("worldlayer", "tutorial", "flann")):
    targets, frames = os.path.join(data, "targets"), os.path.join(data, "frames")
    count = len([f for f in os.listdir(targets) if f.endswith(".jpg")])
    baseline = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vision_baseline.py")
    answers = {}
    for kind in kinds:
        print(f"[realphotos] pages: {kind}…", file=sys.stderr)
        command = ([worldlayer + "-bench", "vision", "--targets", targets, "--count", str(count), "--frames", frames] if kind == "worldlayer"
                   else [sys.executable, baseline, targets, str(count), frames, kind])
        answers[kind] = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    with open(out, "w") as f:
        json.dump(answers, f)


if __name__ == "__main__":
    {"scenes": run_scenes, "pages": run_pages}[sys.argv[1]](sys.argv[2], sys.argv[3], sys.argv[4])
