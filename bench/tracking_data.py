#!/usr/bin/env python3
"""Hand-held camera clips of the demo book's pages with the true corners in every frame, for
`bench/run tracking`.

    tracking_data.py dev OUT      two pages on one desk (seed 1): what the tracker was tuned on
    tracking_data.py score OUT    the four other pages on other desks (seed 2): never looked at

Each clip is 6 s at 30 frames per second, 640×480, from a phone 15–35 cm above a page that lies on
a desk (a 12 cm page, as in demo/book/book.yaml; focal length 560 px). The phone drifts and turns
as a hand does: smooth random motion of three strengths (steady, browsing, quick), with the
motion blur of a 1/60 s exposure at that speed, sensor noise and JPEG. OUT/clips.json lists each
clip's frames and corners.
"""
import json
import math
import os
import sys

import cv2
import numpy as np
import skimage.data as data

HERE = os.path.dirname(os.path.abspath(__file__))
PAGES = os.path.join(HERE, "..", "demo", "book", "pages")
SETS = {
    "dev": {"seed": 1, "pages": ["astronaut", "coffee"], "desks": ["gravel"]},
    "score": {"seed": 2, "pages": ["chelsea", "coins", "hubble_deep_field", "immunohistochemistry"], "desks": ["brick", "grass", "text", "moon"]},
}
# How far (m) and how much (degrees) the phone wanders, and how fast (Hz): a steady hand, someone
# looking around the page, a quick sweep.
MOTIONS = {"steady": (0.006, 1.5, 0.6), "browsing": (0.025, 6.0, 0.8), "quick": (0.05, 12.0, 1.3)}
FRAME = (640, 480)
FOCAL = 560.0
FPS = 30
SECONDS = 6
PAGE_WIDTH = 0.12            # metres
DESK_PIXELS_PER_METRE = 4000.0  # the desk picture's resolution: as fine as the doubled frames see it


def desk(name, page):
    """A 0.6 m × 0.45 m desk (the named photograph, tiled) with the page in its middle."""
    texture = getattr(data, name)()
    if texture.ndim == 2:
        texture = cv2.cvtColor(texture, cv2.COLOR_GRAY2BGR)
    else:
        texture = cv2.cvtColor(texture[..., :3], cv2.COLOR_RGB2BGR)
    w, h = int(0.6 * DESK_PIXELS_PER_METRE), int(0.45 * DESK_PIXELS_PER_METRE)
    reps = (h // texture.shape[0] + 1, w // texture.shape[1] + 1, 1)
    canvas = np.tile(texture, reps)[:h, :w].copy()
    canvas = cv2.convertScaleAbs(canvas, alpha=0.7, beta=30)  # a desk is duller than a print
    pw = int(PAGE_WIDTH * DESK_PIXELS_PER_METRE)
    ph = int(round(pw * page.shape[0] / page.shape[1]))
    x0, y0 = (w - pw) // 2, (h - ph) // 2
    canvas[y0:y0 + ph, x0:x0 + pw] = cv2.resize(page, (pw, ph), interpolation=cv2.INTER_AREA)
    corners = np.array([[x0, y0], [x0 + pw, y0], [x0 + pw, y0 + ph], [x0, y0 + ph]], float) / DESK_PIXELS_PER_METRE
    centre = np.array([w, h]) / 2 / DESK_PIXELS_PER_METRE
    return canvas, corners - centre  # the page's corners in metres, the desk's middle at 0


def wander(rng, amplitude, frequency, t):
    """A smooth random signal of about this amplitude: three sines with random phases."""
    phases, rates = rng.uniform(0, 2 * math.pi, 3), frequency * rng.uniform(0.5, 1.5, 3)
    weights = np.array([0.6, 0.3, 0.1])
    return amplitude * sum(wt * np.sin(2 * math.pi * r * t + p) for wt, r, p in zip(weights, rates, phases))


def poses(rng, motion):
    """Per frame: the rotation (world → camera) and the camera's position, looking down at the desk."""
    reach, turn, frequency = MOTIONS[motion]
    t = np.arange(FPS * SECONDS) / FPS
    height = rng.uniform(0.2, 0.3)
    x, y = wander(rng, reach, frequency, t), wander(rng, reach, frequency, t)
    z = -(height + wander(rng, reach * 0.8, frequency, t))  # the desk's z points away from the camera above it
    tilt_x = math.radians(rng.uniform(-15, 15)) + np.radians(wander(rng, turn, frequency, t))
    tilt_y = math.radians(rng.uniform(-15, 15)) + np.radians(wander(rng, turn, frequency, t))
    roll = math.radians(rng.uniform(-20, 20)) + np.radians(wander(rng, turn, frequency, t))
    out = []
    for i in range(len(t)):
        # Looking straight down (the camera's axes are the desk's), then the hand's tilts and roll.
        r = cv2.Rodrigues(np.array([tilt_x[i], tilt_y[i], roll[i]]))[0]
        out.append((r, np.array([x[i], y[i], z[i]])))
    return out


def homography(r, position):
    """Desk plane (metres, z = 0) → frame pixels for a camera at `position` turned by `r`."""
    k = np.array([[FOCAL, 0, FRAME[0] / 2], [0, FOCAL, FRAME[1] / 2], [0, 0, 1]])
    t = -r @ position
    return k @ np.column_stack([r[:, 0], r[:, 1], t])


def render(canvas, to_frame, previous, rng):
    """The frame, blurred along the way the desk moved during a 1/60 s exposure, with noise."""
    centre = np.array([canvas.shape[1], canvas.shape[0]]) / 2
    pixels_to_metres = np.array([[1 / DESK_PIXELS_PER_METRE, 0, -centre[0] / DESK_PIXELS_PER_METRE],
                                 [0, 1 / DESK_PIXELS_PER_METRE, -centre[1] / DESK_PIXELS_PER_METRE], [0, 0, 1]])
    # Drawn at twice the size and shrunk: each pixel averages the desk it sees, as a sensor's does
    # (pixel x of the frame is the mean of pixels 2x and 2x + 1: their middle is 2x + 0.5).
    twice = np.array([[2.0, 0, 0.5], [0, 2.0, 0.5], [0, 0, 1]])
    big = cv2.warpPerspective(canvas, twice @ to_frame @ pixels_to_metres, (FRAME[0] * 2, FRAME[1] * 2), flags=cv2.INTER_LINEAR, borderValue=(60, 60, 60))
    frame = cv2.resize(big, FRAME, interpolation=cv2.INTER_AREA)
    if previous is not None:
        middle = cv2.perspectiveTransform(np.float32([[[FRAME[0] / 2, FRAME[1] / 2]]]), previous @ np.linalg.inv(to_frame))[0, 0]
        shift = (np.array(FRAME) / 2 - middle) * (FPS / 60)  # how far the middle moved while the shutter was open
        length = int(round(np.hypot(*shift)))
        if length >= 2:
            kernel = np.zeros((length * 2 + 1, length * 2 + 1), np.float32)
            cv2.line(kernel, (length, length), (int(round(length + shift[0])), int(round(length + shift[1]))), 1.0, 1)
            frame = cv2.filter2D(frame, -1, kernel / kernel.sum())
    noisy = frame.astype(np.float32) + rng.normal(0, 2.5, frame.shape)
    return np.clip(noisy, 0, 255).astype(np.uint8)


def main(which, out):
    spec = SETS[which]
    rng = np.random.default_rng(spec["seed"])
    os.makedirs(out, exist_ok=True)
    clips = []
    total = len(spec["pages"]) * len(MOTIONS)
    for p, page_name in enumerate(spec["pages"]):
        page = cv2.imread(os.path.join(PAGES, page_name + ".jpg"))
        canvas, page_corners = desk(spec["desks"][p % len(spec["desks"])], page)
        for motion in MOTIONS:
            name = f"{page_name}-{motion}"
            os.makedirs(os.path.join(out, name), exist_ok=True)
            frames, previous = [], None
            for i, (r, position) in enumerate(poses(rng, motion)):
                to_frame = homography(r, position)
                frame = render(canvas, to_frame, previous, rng)
                previous = to_frame
                file = f"{name}/{i:03d}.jpg"
                cv2.imwrite(os.path.join(out, file), frame, [cv2.IMWRITE_JPEG_QUALITY, 88])
                corners = cv2.perspectiveTransform(np.float32([page_corners]), to_frame)[0]
                frames.append({"file": file, "corners": [[round(float(x), 2), round(float(y), 2)] for x, y in corners]})
            clips.append({"name": name, "page": page_name, "motion": motion, "fps": FPS, "frames": frames})
            print(f"\r[tracking] {which} clips {len(clips)}/{total}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    with open(os.path.join(out, "clips.json"), "w") as f:
        json.dump(clips, f)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
