#!/usr/bin/env python3
"""Targets and camera frames with ground truth for `bench/run vision` (fixed seeds).

    vision_data.py targets DIR N            N reference pictures, DIR/t0000.jpg …
    vision_data.py frames TARGETS N OUT [dev|held-out]
                                            frames of the first N targets: OUT/*.jpg + OUT/truth.json;
                                            dev (the default): what the recognizer's constants were tuned
                                            on; held-out: another seed, backgrounds, occluders and
                                            distractors from other photographs (what is scored)
    vision_data.py negatives TARGETS N OUT  400 development frames that show no target (another seed, the
                                            development photographs): what false pages were found on
    vision_data.py scales TARGETS N OUT     frames with each page at 0.5, 0.7, 1, 1.4 and 2× its
                                            reference size and up to 60° of tilt, over other
                                            photographs, from another seed (held out)

Targets are collages of real photographs shipped with scikit-image (NASA, public-domain and
CC0 pictures: see its data/README and docs) with shapes and a caption, each one different.
Frames are 640×480 camera views: a perspective from a random viewpoint within a realistic cone,
scale, roll, partial occlusion, lighting change, blur, noise and JPEG compression, over a
cluttered background made from *other* photographs. One frame in five shows no target (a
distractor picture instead): the recognizer must answer none.
"""
import json
import math
import os
import sys

import cv2
import numpy as np
import skimage.data as data

TARGET_PHOTOS = ["astronaut", "coffee", "chelsea", "rocket", "hubble_deep_field", "immunohistochemistry", "camera", "retina", "brick", "gravel"]
CLUTTER_PHOTOS = ["stereo_motorcycle", "moon", "coins", "grass", "page", "text", "cell", "microaneurysms"]
HELD_OUT_CLUTTER = ["clock", "colorwheel", "logo"]  # in neither list above
SCALES = [0.5, 0.7, 1.0, 1.4, 2.0]  # the page's size in the frame ÷ its reference picture's
FRAME = (640, 480)
FOCAL = 560.0  # pixels: a phone's wide camera at 640×480


def photo(name):
    image = getattr(data, name)()
    if name == "stereo_motorcycle":
        image = image[0]  # the left view; the right is nearly the same picture
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    elif image.shape[2] == 4:
        image = cv2.cvtColor(image, cv2.COLOR_RGBA2BGR)
    else:
        image = cv2.cvtColor(image, cv2.COLOR_RGB2BGR)
    if image.dtype != np.uint8:
        image = (255 * (image / image.max())).astype(np.uint8)
    return image


def crop(rng, image, fraction):
    h, w = image.shape[:2]
    side = int(min(h, w) * fraction)
    y, x = rng.integers(0, h - side + 1), rng.integers(0, w - side + 1)
    return image[y:y + side, x:x + side]


def colour(rng):
    return tuple(int(c) for c in rng.integers(0, 256, 3))


def shapes(rng, canvas, count):
    h, w = canvas.shape[:2]
    for _ in range(count):
        kind = rng.integers(0, 3)
        if kind == 0:
            n = rng.integers(3, 7)
            centre = rng.uniform([0, 0], [w, h])
            radius = rng.uniform(15, 70)
            angles = np.sort(rng.uniform(0, 2 * math.pi, n))
            pts = np.stack([centre[0] + radius * np.cos(angles), centre[1] + radius * np.sin(angles)], 1).astype(np.int32)
            cv2.fillPoly(canvas, [pts], colour(rng), cv2.LINE_AA)
        elif kind == 1:
            cv2.circle(canvas, (int(rng.integers(0, w)), int(rng.integers(0, h))), int(rng.integers(8, 45)), colour(rng), -1, cv2.LINE_AA)
        else:
            p = rng.integers(0, [w, h, w, h])
            cv2.line(canvas, (int(p[0]), int(p[1])), (int(p[2]), int(p[3])), colour(rng), int(rng.integers(2, 7)), cv2.LINE_AA)


def paste_rotated(rng, canvas, patch):
    """A photograph patch turned and scaled, with a white frame, somewhere on the canvas."""
    scale = rng.uniform(0.5, 1.3)
    patch = cv2.resize(patch, None, fx=scale, fy=scale)
    patch = cv2.copyMakeBorder(patch, 4, 4, 4, 4, cv2.BORDER_CONSTANT, value=(250, 250, 250))
    ph, pw = patch.shape[:2]
    h, w = canvas.shape[:2]
    m = cv2.getRotationMatrix2D((pw / 2, ph / 2), rng.uniform(-180, 180), 1.0)
    m[:, 2] += [rng.uniform(-pw / 2, w - pw / 2), rng.uniform(-ph / 2, h - ph / 2)]
    warped = cv2.warpAffine(patch, m, (w, h))
    mask = cv2.warpAffine(np.full((ph, pw), 255, np.uint8), m, (w, h))
    canvas[mask > 128] = warped[mask > 128]


def target(rng, index, photos):
    w, h = (480, 360) if rng.random() < 0.6 else (360, 480)
    names = list(photos)
    canvas = cv2.resize(crop(rng, photos[names[rng.integers(len(names))]], rng.uniform(0.45, 1.0)), (w, h))
    canvas = cv2.convertScaleAbs(canvas, alpha=rng.uniform(0.8, 1.2), beta=rng.uniform(-20, 20))
    for _ in range(rng.integers(2, 4)):
        paste_rotated(rng, canvas, crop(rng, photos[names[rng.integers(len(names))]], rng.uniform(0.2, 0.4)))
    shapes(rng, canvas, rng.integers(4, 9))
    cv2.rectangle(canvas, (0, h - 34), (w, h), (245, 245, 240), -1)
    cv2.putText(canvas, f"Fig. {index // 20 + 1}.{index % 20 + 1}", (12, h - 10), int(rng.integers(0, 4)), 0.8, (30, 30, 30), 2, cv2.LINE_AA)
    return canvas


def clutter(rng, clutter_photos):
    names = list(clutter_photos)
    frame = cv2.resize(crop(rng, clutter_photos[names[rng.integers(len(names))]], rng.uniform(0.5, 1.0)), FRAME)
    shapes(rng, frame, rng.integers(3, 8))
    for _ in range(rng.integers(0, 4)):
        y = int(rng.integers(20, FRAME[1]))
        cv2.putText(frame, "".join(chr(c) for c in rng.integers(97, 123, 14)), (int(rng.integers(0, 300)), y), 0, 0.7, colour(rng), 2, cv2.LINE_AA)
    return frame


def view(rng, w, h, max_tilt=45, width_in_frame=None):
    """Where a w×h picture's corners land in the frame, seen from a random viewpoint."""
    width_in_frame = width_in_frame or rng.uniform(220, 520)
    size = width_in_frame / max(w, h) * np.array([w, h])
    pts = np.array([[-1, -1, 0], [1, -1, 0], [1, 1, 0], [-1, 1, 0]], float) * [size[0] / 2, size[1] / 2, 0]
    tilt = math.radians(rng.uniform(0, max_tilt))
    axis = rng.uniform(0, 2 * math.pi)
    rvec = np.array([math.cos(axis), math.sin(axis), 0]) * tilt
    roll = math.radians(rng.uniform(-30, 30) if rng.random() < 0.85 else rng.uniform(-180, 180))
    r = cv2.Rodrigues(np.array([0, 0, roll]))[0] @ cv2.Rodrigues(rvec)[0]
    cam = pts @ r.T + [0, 0, FOCAL]
    proj = cam[:, :2] / cam[:, 2:] * FOCAL
    span = proj.max(0) - proj.min(0)
    lo = -proj.min(0) - span * 0.05
    hi = np.array(FRAME) - proj.max(0) + span * 0.05
    shift = rng.uniform(np.minimum(lo, hi), np.maximum(lo, hi))
    return (proj + shift).astype(np.float32)


def degrade(rng, frame, mild=False):
    """Lighting change, blur, noise and a JPEG quality; `mild` is a steady hand in good light."""
    f = frame.astype(np.float32)
    if mild:
        f = cv2.GaussianBlur(f * rng.uniform(0.85, 1.15) + rng.uniform(-10, 10), (0, 0), 0.6) + rng.normal(0, 2, f.shape)
        return np.clip(f, 0, 255).astype(np.uint8), 85
    gx = np.linspace(-1, 1, FRAME[0])[None, :, None] * rng.uniform(-25, 25)
    f = f * rng.uniform(0.6, 1.35) + rng.uniform(-30, 30) + gx
    if rng.random() < 0.5:
        f = cv2.GaussianBlur(f, (0, 0), rng.uniform(0.5, 1.6))
    elif rng.random() < 0.4:
        k = int(rng.integers(5, 10))
        kernel = np.zeros((k, k), np.float32)
        kernel[k // 2, :] = 1 / k
        m = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), rng.uniform(0, 180), 1)
        f = cv2.filter2D(f, -1, cv2.warpAffine(kernel, m, (k, k)))
    f += rng.normal(0, rng.uniform(1, 7), f.shape)
    return np.clip(f, 0, 255).astype(np.uint8), int(rng.integers(40, 91))


def occlude(rng, frame, corners, clutter_photos):
    """Covers part of the picture with something else (a hand, a pen, a coffee cup)."""
    c = corners.mean(0)
    span = corners.max(0) - corners.min(0)
    w, h = (span * rng.uniform(0.25, 0.5, 2)).astype(int) + 1
    x, y = (c + rng.uniform(-0.5, 0.5, 2) * span - [w / 2, h / 2]).astype(int)
    names = list(clutter_photos)
    piece = cv2.resize(crop(rng, clutter_photos[names[rng.integers(len(names))]], 0.4), (int(w), int(h)))
    x0, y0 = max(x, 0), max(y, 0)
    x1, y1 = min(x + w, FRAME[0]), min(y + h, FRAME[1])
    if x1 > x0 and y1 > y0:
        frame[y0:y1, x0:x1] = piece[y0 - y:y1 - y, x0 - x:x1 - x]


def make_targets(folder, n):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.default_rng(7)
    photos = {name: photo(name) for name in TARGET_PHOTOS}
    for i in range(n):
        cv2.imwrite(os.path.join(folder, f"t{i:04d}.jpg"), target(rng, i, photos), [cv2.IMWRITE_JPEG_QUALITY, 92])
        if (i + 1) % 100 == 0 or i + 1 == n:
            print(f"\r[vision] targets {i + 1}/{n}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)


def make_frames(targets_folder, n, out, count=200, negatives_every=5, held_out=False, seed=None):
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(seed if seed is not None else (9000 if held_out else 1000) + n)
    clutter_photos = {name: photo(name) for name in (HELD_OUT_CLUTTER if held_out else CLUTTER_PHOTOS)}
    truth = []
    for i in range(count):
        frame = clutter(rng, clutter_photos)
        negative = i % negatives_every == negatives_every - 1
        if negative:
            picture = cv2.resize(crop(rng, clutter_photos[list(clutter_photos)[rng.integers(len(clutter_photos))]], rng.uniform(0.5, 1)), (480, 360))
            shapes(rng, picture, 5)
            name = None
        else:
            name = f"t{int(rng.integers(0, n)):04d}"
            picture = cv2.imread(os.path.join(targets_folder, name + ".jpg"))
        h, w = picture.shape[:2]
        corners = view(rng, w, h)
        hom = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]), corners)
        warped = cv2.warpPerspective(picture, hom, FRAME, flags=cv2.INTER_LINEAR)
        mask = cv2.warpPerspective(np.full((h, w), 255, np.uint8), hom, FRAME)
        frame[mask > 128] = warped[mask > 128]
        occluded = rng.random() < 0.3
        if occluded:
            occlude(rng, frame, corners, clutter_photos)
        frame, quality = degrade(rng, frame)
        file = f"f{i:04d}.jpg"
        cv2.imwrite(os.path.join(out, file), frame, [cv2.IMWRITE_JPEG_QUALITY, quality])
        truth.append({"frame": file, "target": name, "corners": corners.round(2).tolist() if name else None, "occluded": occluded, "jpeg": quality})
        if (i + 1) % 50 == 0 or i + 1 == count:
            print(f"\r[vision] frames for {n} targets {i + 1}/{count}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    with open(os.path.join(out, "truth.json"), "w") as f:
        json.dump(truth, f, indent=0)


def make_scale_frames(targets_folder, n, out, count=250):
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(5000 + n)
    clutter_photos = {name: photo(name) for name in HELD_OUT_CLUTTER}
    truth = []
    for i in range(count):
        scale = SCALES[i % len(SCALES)]
        frame = clutter(rng, clutter_photos)
        name = f"t{int(rng.integers(0, n)):04d}"
        picture = cv2.imread(os.path.join(targets_folder, name + ".jpg"))
        h, w = picture.shape[:2]
        corners = view(rng, w, h, max_tilt=60, width_in_frame=scale * max(w, h))
        hom = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]), corners)
        warped = cv2.warpPerspective(picture, hom, FRAME, flags=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
        mask = cv2.warpPerspective(np.full((h, w), 255, np.uint8), hom, FRAME)
        frame[mask > 128] = warped[mask > 128]
        frame, quality = degrade(rng, frame)
        file = f"s{i:04d}.jpg"
        cv2.imwrite(os.path.join(out, file), frame, [cv2.IMWRITE_JPEG_QUALITY, quality])
        truth.append({"frame": file, "target": name, "corners": corners.round(2).tolist(), "scale": scale, "jpeg": quality})
        if (i + 1) % 50 == 0 or i + 1 == count:
            print(f"\r[vision] scaled frames for {n} targets {i + 1}/{count}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    with open(os.path.join(out, "truth.json"), "w") as f:
        json.dump(truth, f, indent=0)


if __name__ == "__main__":
    if sys.argv[1] == "targets":
        make_targets(sys.argv[2], int(sys.argv[3]))
    elif sys.argv[1] == "frames":
        kind = sys.argv[5] if len(sys.argv) > 5 else "dev"
        if kind not in ("dev", "held-out"):
            sys.exit("frames are dev or held-out")
        make_frames(sys.argv[2], int(sys.argv[3]), sys.argv[4], held_out=kind == "held-out")
    elif sys.argv[1] == "negatives":
        make_frames(sys.argv[2], int(sys.argv[3]), sys.argv[4], count=400, negatives_every=1, seed=5000 + int(sys.argv[3]))
    elif sys.argv[1] == "scales":
        make_scale_frames(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    else:
        sys.exit("usage: vision_data.py targets DIR N | frames TARGETS N OUT [dev|held-out] | negatives TARGETS N OUT | scales TARGETS N OUT")
