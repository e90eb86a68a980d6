#!/usr/bin/env python3
"""Camera views of posters on walls from known poses, for scene anchors.

    scene_data.py views OUT SET          the benchmark's views: OUT/scenes.json + OUT/*/*.jpg
    scene_data.py fixtures OUT           the few views the tests use (Tests/WorldLayerServerTests/Media/scenes)

A scene is a photograph printed as a poster (0.6–1.2 m wide) on a wall (a tiled photograph of
bricks, gravel or grass), anchored from `distance` metres straight in front of it with a 60° camera
(640×480), exactly as a phone sends it (`PUT /v1/stickers/{id}/scene`: heading, pitch 0, roll 0).
Views come from 1–10 m away and up to 60° off axis, with the camera turned a little, in other
light, with blur, noise and JPEG. Coordinates are the scene plane's (WorldLayerCore/ScenePlane):
metres, origin straight ahead of the anchoring camera, x right, y down, z into the wall.
"""
import json
import math
import os
import sys

import cv2
import numpy as np
import skimage.data as data

FRAME = (640, 480)
FOV = 60.0
WALL_PIXELS_PER_METRE = 500.0
WALL = (16.0, 6.0)  # metres, centred on the plane's origin
# Not independent of the recognizer's tuning: every poster but "coins" is a photograph the vision
# benchmark's targets are cut from (vision_data.py TARGET_PHOTOS), and its constants were tuned on
# frames of those. bench/realphoto_data.py's real photographs are the independent check.
SETS = {  # other seeds and walls for dev and score
    "dev": {"seed": 11, "posters": ["astronaut", "coffee"], "walls": ["brick"]},
    "score": {"seed": 12, "posters": ["chelsea", "rocket", "hubble_deep_field", "immunohistochemistry", "retina", "coins"],
              "walls": ["brick", "gravel", "grass"]},
}


def photo(name):
    image = getattr(data, name)()
    if image.ndim == 2:
        return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    return cv2.cvtColor(image[..., :3], cv2.COLOR_RGB2BGR)


def focal():
    return FRAME[0] / 2 / math.tan(math.radians(FOV / 2))


def wall(name, poster, poster_width):
    """The wall's picture with the poster in its middle, and its pixels → plane metres."""
    texture = cv2.convertScaleAbs(photo(name), alpha=0.8, beta=25)
    w, h = int(WALL[0] * WALL_PIXELS_PER_METRE), int(WALL[1] * WALL_PIXELS_PER_METRE)
    reps = (h // texture.shape[0] + 1, w // texture.shape[1] + 1, 1)
    canvas = np.tile(texture, reps)[:h, :w].copy()
    pw = int(poster_width * WALL_PIXELS_PER_METRE)
    ph = int(round(pw * poster.shape[0] / poster.shape[1]))
    x0, y0 = (w - pw) // 2, (h - ph) // 2
    canvas[y0:y0 + ph, x0:x0 + pw] = cv2.resize(poster, (pw, ph), interpolation=cv2.INTER_AREA)
    s = 1 / WALL_PIXELS_PER_METRE
    to_plane = np.array([[s, 0, -w * s / 2], [0, s, -h * s / 2], [0, 0, 1]])
    return canvas, to_plane


def rotation(yaw, pitch, roll):
    """Plane → camera for a camera turned `yaw` degrees right, `pitch` up and `roll` clockwise."""
    y, p, r = (math.radians(a) for a in (yaw, pitch, roll))
    turn = np.array([[math.cos(y), 0, -math.sin(y)], [0, 1, 0], [math.sin(y), 0, math.cos(y)]])
    tilt = np.array([[1, 0, 0], [0, math.cos(p), math.sin(p)], [0, -math.sin(p), math.cos(p)]])
    spin = np.array([[math.cos(r), math.sin(r), 0], [-math.sin(r), math.cos(r), 0], [0, 0, 1]])
    return spin @ tilt @ turn


def render(canvas, to_plane, r, centre, rng=None, degrade=True):
    """The view of the wall from a camera at `centre` (plane metres) turned by `r` (plane → camera)."""
    k = np.array([[focal(), 0, FRAME[0] / 2], [0, focal(), FRAME[1] / 2], [0, 0, 1]])
    t = -r @ centre
    plane_to_pixels = k @ np.column_stack([r[:, 0], r[:, 1], t])
    twice = np.array([[2.0, 0, 0.5], [0, 2.0, 0.5], [0, 0, 1]])  # drawn at twice the size, then shrunk
    big = cv2.warpPerspective(canvas, twice @ plane_to_pixels @ to_plane, (FRAME[0] * 2, FRAME[1] * 2), flags=cv2.INTER_LINEAR,
                              borderValue=(90, 90, 90))
    frame = cv2.resize(big, FRAME, interpolation=cv2.INTER_AREA).astype(np.float32)
    quality = 92
    if degrade:
        frame = frame * rng.uniform(0.65, 1.3) + rng.uniform(-25, 25)
        if rng.random() < 0.5:
            frame = cv2.GaussianBlur(frame, (0, 0), rng.uniform(0.4, 1.3))
        frame += rng.normal(0, rng.uniform(1, 5), frame.shape)
        quality = int(rng.integers(50, 93))
    return np.clip(frame, 0, 255).astype(np.uint8), quality


def view_pose(rng, distance, angle):
    """A camera `distance` m from the poster's middle, `angle` degrees off its axis (left or right,
    a little up or down), looking at it with a small error, turned a little."""
    side = rng.choice([-1, 1])
    a = math.radians(angle * side)
    height = rng.uniform(-0.3, 0.3)
    centre = np.array([distance * math.sin(a), height, -distance * math.cos(a)])
    # Looking back at the poster: yaw turns towards the origin, pitch towards its height.
    yaw = -math.degrees(a) + rng.uniform(-4, 4)
    pitch = math.degrees(math.atan2(height, distance)) + rng.uniform(-4, 4)
    roll = rng.uniform(-10, 10)
    return rotation(yaw, pitch, roll), centre


def scene(rng, wall_name, poster_name, out, name):
    """Writes the anchoring frame; returns the canvas, its plane map and the anchoring record."""
    poster_width = float(rng.uniform(0.6, 1.2))
    canvas, to_plane = wall(wall_name, photo(poster_name), poster_width)
    distance = float(rng.uniform(2.0, 3.5))
    frame, _ = render(canvas, to_plane, np.eye(3), np.array([0, 0, -distance]), degrade=False)
    os.makedirs(os.path.join(out, name), exist_ok=True)
    cv2.imwrite(os.path.join(out, name, "anchor.jpg"), frame, [cv2.IMWRITE_JPEG_QUALITY, 90])
    return canvas, to_plane, {"name": name, "poster": poster_name, "wall": wall_name, "posterWidth": poster_width,
                              "anchor": f"{name}/anchor.jpg", "fov": FOV, "distance": distance, "views": []}


def record(r, centre):
    """What a view's truth is: the camera on the plane, its rotation, where it looks."""
    forward = r[2]  # the camera's z axis in plane coordinates
    return {"centre": [round(float(c), 5) for c in centre], "rotation": [round(float(x), 7) for x in r.flatten()],
            "yaw": round(math.degrees(math.atan2(forward[0], forward[2])), 4)}


def views(out, which):
    spec = SETS[which]
    rng = np.random.default_rng(spec["seed"])
    scenes = []
    distances, angles = [1, 2, 3, 5, 7, 10], [0, 15, 30, 45, 60]
    for i, poster in enumerate(spec["posters"]):
        canvas, to_plane, entry = scene(rng, spec["walls"][i % len(spec["walls"])], poster, out, f"scene{i}")
        for d in distances:
            for a in angles:
                for repeat in range(2):
                    r, centre = view_pose(rng, d, a)
                    frame, quality = render(canvas, to_plane, r, centre, rng)
                    file = f"scene{i}/d{d}-a{a}-{repeat}.jpg"
                    cv2.imwrite(os.path.join(out, file), frame, [cv2.IMWRITE_JPEG_QUALITY, quality])
                    entry["views"].append({"file": file, "distance": d, "angle": a, **record(r, centre)})
        scenes.append(entry)
        print(f"\r[scenes] {which}: {i + 1}/{len(spec['posters'])} scenes", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    with open(os.path.join(out, "scenes.json"), "w") as f:
        json.dump(scenes, f, indent=1)


def fixtures(out):
    """Two views of one poster for the tests: 3 m at 20° left, 5 m at 40° right; and an unrelated wall."""
    rng = np.random.default_rng(5)
    os.makedirs(out, exist_ok=True)
    canvas, to_plane, entry = scene(rng, "brick", "astronaut", out, "poster")
    for d, a in ((3, -20), (5, 40)):
        r = rotation(-a, 0, 3)
        centre = np.array([d * math.sin(math.radians(a)), 0.1, -d * math.cos(math.radians(a))])
        frame, _ = render(canvas, to_plane, r, centre, degrade=False)
        file = f"poster/view-{d}m.jpg"
        cv2.imwrite(os.path.join(out, file), frame, [cv2.IMWRITE_JPEG_QUALITY, 85])
        entry["views"].append({"file": file, "distance": d, "angle": a, **record(r, centre)})
    other, other_plane = wall("gravel", photo("coins"), 0.8)
    frame, _ = render(other, other_plane, np.eye(3), np.array([0, 0, -3.0]), degrade=False)
    cv2.imwrite(os.path.join(out, "poster", "elsewhere.jpg"), frame, [cv2.IMWRITE_JPEG_QUALITY, 85])
    with open(os.path.join(out, "scenes.json"), "w") as f:
        json.dump([entry], f, indent=1)


if __name__ == "__main__":
    if sys.argv[1] == "views":
        views(sys.argv[2], sys.argv[3])
    else:
        fixtures(sys.argv[2])
