#!/usr/bin/env python3
"""docs/scene-anchor.png: a sticker anchored to a poster, and where a real server puts it in a view
from 3 m and 20° to the side (the test fixtures of Tests/WorldLayerServerTests/Media/scenes).

    scripts/scene-anchor-picture.py WORLDLAYER
"""
import json
import math
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid

import cv2
import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SCENES = os.path.join(ROOT, "Tests", "WorldLayerServerTests", "Media", "scenes")


def call(base, method, path, body=None, token=None, kind="application/json"):
    data = json.dumps(body).encode() if isinstance(body, dict) else body
    headers = {"Content-Type": kind, **({"Authorization": f"Bearer {token}"} if token else {})}
    with urllib.request.urlopen(urllib.request.Request(base + path, data=data, method=method, headers=headers)) as r:
        return json.loads(r.read() or b"null")


def main(worldlayer):
    truth = json.load(open(os.path.join(SCENES, "scenes.json")))[0]
    work = tempfile.mkdtemp()
    base = "http://127.0.0.1:18731"
    server = subprocess.Popen([worldlayer, "serve", "--port", "18731", "--database", f"sqlite:{work}/db.sqlite", "--media", f"{work}/media",
                               "--web", "none", "--tiles", "none", "--log-level", "error", "--bcrypt-cost", "4"])
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/health")
                break
            except OSError:
                time.sleep(0.2)
        call(base, "POST", "/v1/accounts", {"username": "pic", "email": "pic@example.org", "password": "pic pass word",
                                            "displayName": "Pic", "birthday": "1990-01-01"})
        token = call(base, "POST", "/v1/sessions", {"login": "pic", "password": "pic pass word"})["token"]
        sticker = str(uuid.uuid4())
        call(base, "PUT", f"/v1/stickers/{sticker}", {"templateId": "sticky-note", "text": "Hello", "tags": [], "color": "#ff8800",
             "size": 0.4, "orientation": [0, 0, 0, 1], "anchor": {"latitude": 60.1699, "longitude": 24.9384, "altitude": 20, "accuracy": 3},
             "visibility": "public", "sharedWith": []}, token)
        call(base, "POST", f"/v1/stickers/{sticker}/place", None, token)
        spot = (0.62, 0.3)
        anchor = open(os.path.join(SCENES, truth["anchor"]), "rb").read()
        call(base, "PUT", f"/v1/stickers/{sticker}/scene?latitude=60.1699&longitude=24.9384&heading=90&fov=60"
             f"&distance={truth['distance']}&x={spot[0]}&y={spot[1]}", anchor, token, "image/jpeg")
        view = open(os.path.join(SCENES, "poster", "view-3m.jpg"), "rb").read()
        found = call(base, "POST", "/v1/scenes/locate?latitude=60.1699&longitude=24.9384&fov=60&heading=130", view, None, "image/jpeg")
    finally:
        server.terminate()
        server.wait()
    f = 320 / math.tan(math.radians(30))
    s = found["sticker"]
    seen = (int(round(320 + f * s["x"] / s["z"])), int(round(240 + f * s["y"] / s["z"])))
    left = cv2.imdecode(np.frombuffer(anchor, np.uint8), cv2.IMREAD_COLOR)
    right = cv2.imdecode(np.frombuffer(view, np.uint8), cv2.IMREAD_COLOR)
    for img, (x, y), text in ((left, (int(spot[0] * 640), int(spot[1] * 480)), "placed here"),
                              (right, seen, f"drawn here: camera found, compass was {found['correction']['degrees']:+.0f} deg off")):
        cv2.circle(img, (x, y), 14, (0, 140, 255), -1, cv2.LINE_AA)
        cv2.circle(img, (x, y), 14, (255, 255, 255), 2, cv2.LINE_AA)
        cv2.rectangle(img, (0, 440), (640, 480), (255, 255, 255), -1)
        cv2.putText(img, text, (12, 468), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (30, 30, 30), 2, cv2.LINE_AA)
    out = os.path.join(ROOT, "docs", "scene-anchor.png")
    cv2.imwrite(out, cv2.resize(np.hstack([left, np.full((480, 12, 3), 255, np.uint8), right]), None, fx=0.6, fy=0.6,
                                interpolation=cv2.INTER_AREA))
    print(f"wrote {out}: the sticker drawn at {seen}")


if __name__ == "__main__":
    main(sys.argv[1])
