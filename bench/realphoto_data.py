#!/usr/bin/env python3
"""Real photographs for `bench/run realphotos` and the tests: pages and walls seen again from
another real viewpoint, with the homography that really maps one view to the other.

    realphoto_data.py pages OUT SET     reference pictures and frames in real clutter, 0.3–2×:
                                        OUT/targets/t*.jpg, OUT/frames/*.jpg + OUT/frames/truth.json
    realphoto_data.py scenes OUT SET    anchoring frames and views from another viewpoint: OUT/scenes.json + OUT/*.jpg
    realphoto_data.py fixtures OUT      the few the tests use (Tests/WorldLayerServerTests/Media/realphotos): the score
                                        set's cover at six scales turned 20°, and one anchoring with three views
    realphoto_data.py lens OUT.json     the chessboard series left01–14 (one real lens): its calibration, and each
                                        view's homography board → image, as seen and with the lens's distortion removed
    realphoto_data.py truth             recomputes the homographies below (SIFT, RANSAC 2 px, then least squares on
                                        the inliers) and draws OUT/truth.png to check them by eye

The photographs are Debian's `opencv-doc` examples (/usr/share/doc/opencv-doc/examples/data, BSD
licence, as OpenCV): `left.jpg`/`right.jpg`, two books on a floor seen from two places about 35°
apart with a phone; `leuvenA.jpg`/`leuvenB.jpg`, a street in Leuven from two places. Clutter comes
from `home.jpg`, `stuff.jpg` and `fruits.jpg`. The graffiti (`graf*`) and box (`box*`) pictures in
that folder are the project's independent acceptance set: this script never reads them.

The split, written down once: "dev" is the Leuven house (tuned on); "score" is the cover of
"Let Us C" (never tuned on). The only synthetic steps are a resize, a turn about the camera's axis,
a crop (a narrower lens) and pasting into another real photograph; the change of viewpoint, the
lens, the light and the noise are real.
"""
import json
import math
import os
import sys

import cv2
import numpy as np

DATA = "/usr/share/doc/opencv-doc/examples/data"

# Each plane: the photograph it is taken from, the other one, the plane's outline in the first
# (pixels, clockwise from the top left) and the homography first → other (`truth` recomputes it:
# 96 and 51 SIFT inliers, 0.43 and 0.91 px RMS; checked by eye on the picture it draws).
PLANES = {
    "leuven-house": {
        "set": "dev", "from": "leuvenA.jpg", "to": "leuvenB.jpg",
        "outline": [(310, 165), (405, 165), (405, 372), (310, 372)],
        "homography": [[0.37407663, -0.00644165, 320.60572037], [-0.20880877, 0.65865846, 120.99334706], [-0.00059597, -5.979e-05, 1.0]],
    },
    "let-us-c": {
        "set": "score", "from": "left.jpg", "to": "right.jpg",
        "outline": [(135, 132), (262, 127), (268, 340), (144, 372)],
        "homography": [[0.04101011, -0.11240877, 218.27893331], [-0.03976683, 0.59686052, 15.86688664], [-0.00145019, 9.578e-05, 1.0]],
    },
}
CLUTTER = ["home.jpg", "stuff.jpg", "fruits.jpg"]
FRAME = (640, 480)
REFERENCE_SIDE = 320  # a small reference picture (its longer side), as a publisher's page scan often is
SCALES = [0.3, 0.4, 0.5, 0.6, 0.7, 1.0, 1.5, 2.0]
TURNS = [0, 20]


def image(name, flags=cv2.IMREAD_COLOR):
    assert not name.startswith(("graf", "box")), "the acceptance set is not read here"
    picture = cv2.imread(os.path.join(DATA, name), flags)
    assert picture is not None, f"{DATA}/{name}: install Debian's opencv-doc"
    return picture


def homography(plane):
    """The plane's homography first → other photograph: SIFT features inside its outline, RANSAC
    at 2 px, then a least-squares fit on the inliers (an estimate independent of WorldLayer's ORB)."""
    cv2.setRNGSeed(7)
    a, b = image(plane["from"], cv2.IMREAD_GRAYSCALE), image(plane["to"], cv2.IMREAD_GRAYSCALE)
    mask = np.zeros_like(a)
    cv2.fillPoly(mask, [np.int32(plane["outline"])], 255)
    sift = cv2.SIFT_create(4000)
    ka, da = sift.detectAndCompute(a, mask)
    kb, db = sift.detectAndCompute(b, None)
    good = [m for m, n in cv2.BFMatcher().knnMatch(da, db, k=2) if m.distance < 0.8 * n.distance]
    src = np.float32([ka[m.queryIdx].pt for m in good])
    dst = np.float32([kb[m.trainIdx].pt for m in good])
    _, inliers = cv2.findHomography(src, dst, cv2.RANSAC, 2.0, maxIters=20000, confidence=0.9999)
    keep = inliers.ravel() == 1
    h, _ = cv2.findHomography(src[keep], dst[keep], 0)
    error = np.linalg.norm(cv2.perspectiveTransform(src[keep][None], h)[0] - dst[keep], axis=1)
    return h / h[2, 2], int(keep.sum()), float(np.sqrt((error ** 2).mean()))


def truth_of(name):
    return np.array(PLANES[name]["homography"], dtype=np.float64)


def apply(h, points):
    return cv2.perspectiveTransform(np.float64([points]), h)[0]


def similarity(scale, degrees, centre, to):
    """Scale and turn about `centre`, which lands on `to` (3×3)."""
    m = cv2.getRotationMatrix2D((float(centre[0]), float(centre[1])), degrees, scale)
    m[:, 2] += np.array(to) - np.array(centre)
    return np.vstack([m, [0, 0, 1]])


def crop_box(outline, fill, aspect):
    """The box (x, y, w, h) of `aspect` centred on an outline that fills `fill` of its width."""
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    w = max((max(xs) - min(xs)) / fill, (max(ys) - min(ys)) / fill * aspect)
    return cx - w / 2, cy - w / aspect / 2, w, w / aspect


def warp_box(picture, box, size, degrees=0):
    """The picture inside `box` (moved, or shrunk, to lie within it: nothing is made up past its
    edges), turned by `degrees` about its centre, as an image of `size`; and the 3×3 map from the
    picture's pixels to the new image's."""
    x, y, w, h = box
    fit = min(1.0, picture.shape[1] / w, picture.shape[0] / h)
    x, y, w, h = x + w * (1 - fit) / 2, y + h * (1 - fit) / 2, w * fit, h * fit
    x, y = min(max(x, 0), picture.shape[1] - w), min(max(y, 0), picture.shape[0] - h)
    s = size[0] / w
    m = similarity(s, degrees, (x + w / 2, y + h / 2), (size[0] / 2, size[1] / 2))
    return cv2.warpAffine(picture, m[:2], size, flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE), m


def planes_in(chosen):
    return [n for n, p in PLANES.items() if chosen in (p["set"], "all")]


def pages(out, chosen, scales=SCALES, turns=TURNS, clutters=CLUTTER[:2]):
    """One reference per plane (a crop of its first photograph, 320 px on its longer side) and frames of the other
    photograph around the plane at 0.3–2× the reference's size, turned 0° and 20°, in clutter."""
    os.makedirs(os.path.join(out, "targets"), exist_ok=True)
    os.makedirs(os.path.join(out, "frames"), exist_ok=True)
    names = list(PLANES)  # every plane is a target (the others are distractors); frames only of the chosen set's
    truth = []
    for t, name in enumerate(names):
        plane = PLANES[name]
        xs, ys = [p[0] for p in plane["outline"]], [p[1] for p in plane["outline"]]
        box = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        fit = REFERENCE_SIDE / max(box[2], box[3])
        size = (int(round(box[2] * fit)), int(round(box[3] * fit)))
        reference, to_reference = warp_box(image(plane["from"]), box, size)
        cv2.imwrite(os.path.join(out, "targets", f"t{t:04d}.jpg"), reference, [cv2.IMWRITE_JPEG_QUALITY, 92])
        if name not in planes_in(chosen):
            continue
        # The reference's corners in the other photograph, through the plane's true homography.
        corners = np.float64([[0, 0], [size[0], 0], [size[0], size[1]], [0, size[1]]])
        h = truth_of(name) @ np.linalg.inv(to_reference)
        seen = apply(h, corners)
        seen_side = max(np.linalg.norm(seen[1] - seen[0]) + np.linalg.norm(seen[2] - seen[3]),
                        np.linalg.norm(seen[3] - seen[0]) + np.linalg.norm(seen[2] - seen[1])) / 2
        other = image(plane["to"])
        for scale in scales:
            for turn in turns:
                for c, clutter_name in enumerate(clutters):
                    canvas = cv2.resize(image(clutter_name), FRAME, interpolation=cv2.INTER_AREA)
                    # The other photograph scaled and turned so the page is `scale` × the reference and lies in the frame.
                    place = (FRAME[0] / 2 + (c * 2 - 1) * 60, FRAME[1] / 2 + 20)
                    m = similarity(scale * max(size) / seen_side, turn, seen.mean(axis=0), place)
                    warped = cv2.warpAffine(other, m[:2], FRAME, flags=cv2.INTER_AREA)
                    mask = np.zeros(FRAME[::-1], np.uint8)
                    around = apply(m, seen)
                    grown = (around - around.mean(axis=0)) * 1.35 + around.mean(axis=0)  # the page and a margin of its surroundings
                    cv2.fillConvexPoly(mask, np.int32(grown.round()), 255)
                    canvas[mask > 0] = warped[mask > 0]
                    file = f"{name}-{scale}x-{turn}deg-{c}.jpg"
                    cv2.imwrite(os.path.join(out, "frames", file), canvas, [cv2.IMWRITE_JPEG_QUALITY, 88])
                    truth.append({"frame": file, "target": f"t{t:04d}", "corners": around.round(2).tolist(), "scale": scale, "turn": turn})
    with open(os.path.join(out, "frames", "truth.json"), "w") as f:
        json.dump(truth, f, indent=0)
    print(f"[realphotos] {len(truth)} page frames of {', '.join(planes_in(chosen))}", file=sys.stderr)


# Anchoring as a phone does: the plane fills about half the frame, faced from in front.
ANCHOR_FILL = 0.5
VIEW_FILLS = [0.3, 0.5, 0.7]  # the other viewpoint through lenses from wide to narrow (a crop)
VIEW_TURNS = [0, -12, 12]     # the phone held a little askew


def scenes(out, chosen, seen_as=tuple((f, t) for f in VIEW_FILLS for t in VIEW_TURNS), directions=(0, 1)):
    """For each plane, both ways round: an anchoring frame from one photograph (the sticker on the
    plane's middle) and views of the plane from the other, with where the sticker truly is in each."""
    os.makedirs(out, exist_ok=True)
    listed = []
    for name in planes_in(chosen):
        plane = PLANES[name]
        h = truth_of(name)
        outline = np.float64(plane["outline"])
        for direction, (first, second, to_second, shape) in enumerate([
            (plane["from"], plane["to"], h, outline),
            (plane["to"], plane["from"], np.linalg.inv(h), apply(h, outline)),
        ]):
            if direction not in directions:
                continue
            aspect = FRAME[0] / FRAME[1]
            anchor, to_anchor = warp_box(image(first), crop_box(shape, ANCHOR_FILL, aspect), FRAME)
            anchor_file = f"{name}-{direction}-anchor.jpg"
            cv2.imwrite(os.path.join(out, anchor_file), anchor, [cv2.IMWRITE_JPEG_QUALITY, 90])
            spot = apply(to_anchor, [shape.mean(axis=0)])[0]
            views = []
            seen_shape = apply(to_second, shape)
            for fill, turn in seen_as:
                view, to_view = warp_box(image(second), crop_box(seen_shape, fill, aspect), FRAME, turn)
                file = f"{name}-{direction}-view-{fill}-{turn}.jpg"
                cv2.imwrite(os.path.join(out, file), view, [cv2.IMWRITE_JPEG_QUALITY, 88])
                # Anchoring frame → photograph → other photograph → view.
                where = apply(to_view @ to_second @ np.linalg.inv(to_anchor), [spot])[0]
                views.append({"file": file, "fill": fill, "turn": turn, "sticker": where.round(2).tolist()})
            listed.append({"name": f"{name}-{direction}", "anchor": anchor_file, "spot": (spot / FRAME).round(4).tolist(),
                           "fov": 60, "distance": 3, "views": views})
    with open(os.path.join(out, "scenes.json"), "w") as f:
        json.dump(listed, f, indent=0)
    print(f"[realphotos] {sum(len(s['views']) for s in listed)} views of {len(listed)} anchored scenes", file=sys.stderr)


def lens(out):
    """OpenCV's calibration of the camera that took left01–14 (a 9×6 board of 25 mm squares), and
    each view's homography from the board (mm) to the image: through the real lens, and with its
    distortion removed (the corners undistorted onto the calibrated pinhole camera)."""
    board = np.zeros((54, 3), np.float32)
    board[:, :2] = np.mgrid[0:9, 0:6].T.reshape(-1, 2) * 25
    names, found = [], []
    for n in ["01", "02", "03", "04", "05", "06", "07", "08", "09", "11", "12", "13", "14"]:
        gray = image(f"left{n}.jpg", cv2.IMREAD_GRAYSCALE)
        ok, corners = cv2.findChessboardCorners(gray, (9, 6))
        if ok:
            names.append(f"left{n}.jpg")
            found.append(cv2.cornerSubPix(gray, corners, (11, 11), (-1, -1), (3, 30, 0.01)))
    rms, k, distortion, _, _ = cv2.calibrateCamera([board] * len(found), found, (640, 480), None, None)
    views = []
    for name, corners in zip(names, found):
        seen, _ = cv2.findHomography(board[:, :2], corners.reshape(-1, 2), 0)
        straight, _ = cv2.findHomography(board[:, :2], cv2.undistortPoints(corners, k, distortion, P=k).reshape(-1, 2), 0)
        views.append({"file": name, "seen": (seen / seen[2, 2]).ravel().tolist(), "undistorted": (straight / straight[2, 2]).ravel().tolist()})
    with open(out, "w") as f:
        json.dump({"calibration": {"rms": rms, "fx": k[0, 0], "fy": k[1, 1], "cx": k[0, 2], "cy": k[1, 2],
                                   "distortion": distortion.ravel().tolist()}, "views": views}, f, indent=1)


def truth(out):
    os.makedirs(out, exist_ok=True)
    rows = []
    for name, plane in PLANES.items():
        h, inliers, rms = homography(plane)
        print(f"{name}: {inliers} SIFT inliers, {rms:.2f} px RMS\n  {np.round(h, 8).tolist()}")
        a, b = image(plane["from"]), image(plane["to"])
        cv2.polylines(a, [np.int32(plane["outline"])], True, (0, 0, 255), 2)
        cv2.polylines(b, [np.int32(apply(h, plane["outline"]).round())], True, (0, 0, 255), 2)
        s = 300 / a.shape[0]
        rows.append(np.hstack([cv2.resize(a, None, fx=s, fy=s), cv2.resize(b, None, fx=s, fy=s)]))
    width = max(r.shape[1] for r in rows)
    cv2.imwrite(os.path.join(out, "truth.png"), np.vstack([np.pad(r, ((0, 0), (0, width - r.shape[1]), (0, 0))) for r in rows]))


def fixtures(out):
    pages(os.path.join(out, "pages"), "score", scales=[0.3, 0.5, 0.7, 1.0, 1.5, 2.0], turns=[20], clutters=CLUTTER[1:2])
    scenes(os.path.join(out, "scenes"), "score", seen_as=[(0.3, 0), (0.5, -12), (0.7, 12)], directions=(0,))


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "pages":
        pages(sys.argv[2], sys.argv[3])
    elif command == "scenes":
        scenes(sys.argv[2], sys.argv[3])
    elif command == "fixtures":
        fixtures(sys.argv[2])
    elif command == "lens":
        lens(sys.argv[2])
    elif command == "truth":
        truth(sys.argv[2] if len(sys.argv) > 2 else ".")
    else:
        sys.exit(__doc__)
