#!/usr/bin/env python3
"""Anchors stickers to the posters of scene_data.py through a real `worldlayer serve`, then asks
where the camera is for every view, and writes what came back beside the truth.

    scenes.py WORLDLAYER DATA OUT.json

Every scene is anchored within 60 m of the others, so each frame is matched against all of them
and must pick its own. Frames go at most 8 a second (the server's limit per address is 10).
Then the views again under load, as many phones send them: Debian's wrk (one thread,
bench/scaleout/frames.lua, each frame from an address of its own through the trusted loopback
proxy) at 1 and 3 connections (one frame located at a time on two cores, two queued: see
recognize_http.py), 10 s measured (SCENES_SECONDS), SCENES_REPS (5) rounds, a second apart, written
to OUT-load.json.
"""
import contextlib
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from processes import free_port, run_wrk  # noqa: E402

ORIGIN = (60.1699, 24.9384)


def call(base, method, path, body=None, token=None, content_type="application/json"):
    data = json.dumps(body).encode() if isinstance(body, (dict, list)) else body
    headers = {"Content-Type": content_type}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@contextlib.contextmanager
def serving(worldlayer):
    """A fresh `worldlayer serve` on SQLite with one signed-up account: (base URL, its token, the server's pid)."""
    work = tempfile.mkdtemp(prefix="wl-scenes-")
    server = None
    try:
        database, port = f"sqlite:{work}/world.sqlite", free_port()
        base = f"http://127.0.0.1:{port}"
        server = subprocess.Popen([worldlayer, "serve", "--port", str(port), "--database", database, "--media", os.path.join(work, "media"),
                                   "--web", "none", "--tiles", "none", "--log-level", "error", "--bcrypt-cost", "4",
                                   "--trusted-proxy", "127.0.0.1"])
        for _ in range(600):
            try:
                urllib.request.urlopen(base + "/health", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        call(base, "POST", "/v1/accounts", {"username": "bench", "email": "bench@example.org", "password": "bench pass word",
                                            "displayName": "Bench", "birthday": "1990-01-01"})
        yield base, call(base, "POST", "/v1/sessions", {"login": "bench", "password": "bench pass word"})[1]["token"], server.pid
    finally:
        if server:
            server.terminate()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)


def anchor(base, token, i, picture, fov, distance, spot=(0.5, 0.5)):
    """Places a sticker at the i-th capture place (20 m apart on a line, each camera facing its own
    way) and anchors it to `picture`: (latitude, longitude, heading, the scene's answer)."""
    lat, lon = ORIGIN[0] + i * 20 / 111_320, ORIGIN[1]
    heading = (90 + 47 * i) % 360
    sticker = str(uuid.uuid4())
    status, placed = call(base, "PUT", f"/v1/stickers/{sticker}", {
        "templateId": "sticky-note", "text": f"scene {i}", "tags": [], "color": "#ff8800", "size": 0.4, "orientation": [0, 0, 0, 1],
        "anchor": {"latitude": lat, "longitude": lon, "altitude": 20, "accuracy": 5}, "visibility": "public", "sharedWith": []},
        token)
    assert status == 201, placed
    status, placed = call(base, "POST", f"/v1/stickers/{sticker}/place", None, token)
    assert status == 200, placed
    query = f"latitude={lat}&longitude={lon}&heading={heading}&fov={fov}&distance={distance}&x={spot[0]}&y={spot[1]}"
    with open(picture, "rb") as f:
        status, anchored = call(base, "PUT", f"/v1/stickers/{sticker}/scene?{query}", f.read(), token, "image/jpeg")
    assert status in (200, 201), anchored
    return lat, lon, heading, anchored


class Pacer:
    """At most 8 frames a second (the server's limit per address is 10)."""
    sent = 0.0

    def wait(self):
        time.sleep(max(0.0, self.sent + 0.125 - time.time()))
        self.sent = time.time()


def locate(base, pacer, lat, lon, fov, picture):
    pacer.wait()
    with open(picture, "rb") as f:
        status, found = call(base, "POST", f"/v1/scenes/locate?latitude={lat}&longitude={lon}&fov={fov}", f.read(), None, "image/jpeg")
    assert status == 200, found
    return found


def under_load(base, server, requests, out):
    """The located views sent again by wrk: `requests` are (path with the position, frame file)."""
    here = os.path.dirname(os.path.abspath(__file__))
    listing = out + ".frames"
    with open(listing, "w") as f:
        f.writelines(f"{path}\t{file}\n" for path, file in requests)
    env = {"SCALEOUT_DIR": f"{here}/scaleout", "FRAMES": listing}
    script, seconds = f"{here}/scaleout/frames.lua", int(os.environ.get("SCENES_SECONDS", "10"))
    run_wrk(script, base, 1, 3, env=env, servers=[server])
    time.sleep(1)
    rounds = []
    for r in range(1, int(os.environ.get("SCENES_REPS", "5")) + 1):
        for connections in (1, 3):
            result = run_wrk(script, base, connections, seconds, env=env, servers=[server])
            time.sleep(1)
            print(f"[scenes] under load, round {r}, {connections} connection(s): {result['qps']:.1f} frames/s, "
                  f"p99 {result['p99_ms']:.1f} ms, {result['errors']} errors", file=sys.stderr, flush=True)
            rounds.append({"round": r, "connections": connections, **result})
    os.remove(listing)
    with open(out.removesuffix(".json") + "-load.json", "w") as f:
        json.dump({"views": len(requests), "seconds": seconds, "rounds": rounds}, f, indent=1)


def main(worldlayer, data, out):
    scenes = json.load(open(os.path.join(data, "scenes.json")))
    results, pacer, requests = [], Pacer(), []
    total = sum(len(s["views"]) for s in scenes)
    with serving(worldlayer) as (base, token, server):
        for i, scene in enumerate(scenes):
            lat, lon, heading, anchored = anchor(base, token, i, os.path.join(data, scene["anchor"]), scene["fov"], scene["distance"])
            for view in scene["views"]:
                found = locate(base, pacer, lat, lon, scene["fov"], os.path.join(data, view["file"]))
                requests.append((f"/v1/scenes/locate?latitude={lat}&longitude={lon}&fov={scene['fov']}", os.path.abspath(os.path.join(data, view["file"]))))
                results.append({"scene": scene["name"], "file": view["file"], "distance": view["distance"], "angle": view["angle"],
                                "trueCentre": view["centre"], "trueHeading": (heading + view["yaw"]) % 360,
                                "expectedScene": anchored["id"], "answer": found})
                print(f"\r[scenes] {len(results)}/{total} views", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        under_load(base, server, requests, out)
    with open(out, "w") as f:
        json.dump(results, f)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
