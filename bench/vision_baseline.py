#!/usr/bin/env python3
"""The OpenCV recognizers that `bench/run vision` compares WorldLayer with (PyPI
opencv-python-headless, one thread), with the same feature budget as WorldLayer (500 ORB
features per target at ≤ 480 px, 1,000 per frame) and the same acceptance (a RANSAC homography
with 15 inliers). Prints JSON like `worldlayer-bench vision`.

    vision_baseline.py TARGETS N FRAMES [flann|brute|tutorial]

- flann (what an OpenCV user would write for many targets): every target's descriptors in one
  FlannBasedMatcher with a multi-probe LSH index (6 tables, keys of log₂ of the descriptors'
  count in bits, 1 probe level), trained once; each frame is matched once (k = 2, Lowe's ratio test), its good matches vote for their
  targets, and the three most voted are verified in turn.
- brute: the frame matched against each target in turn by brute-force Hamming; the target with
  the most good matches verified. Its cost grows with the number of targets by construction.
- tutorial: OpenCV's feature-homography tutorial as written (ORB with 1,000 features at full size on
  both sides, brute-force Hamming, Lowe's ratio 0.75, RANSAC 5 px), each target in turn; the one
  with the most inliers (15 or more) is the answer.
"""
import json
import os
import sys
import time

import cv2
import numpy as np

cv2.setNumThreads(1)
MIN_INLIERS = 15


def gray(path):
    return cv2.imread(path, cv2.IMREAD_GRAYSCALE)


def describe(image, side, count):
    scale = min(1.0, side / max(image.shape))
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else image
    keypoints, descriptors = cv2.ORB_create(count).detectAndCompute(small, None)
    points = np.float32([k.pt for k in keypoints]) / scale if keypoints else np.zeros((0, 2), np.float32)
    return points, descriptors


def main(targets_folder, n, frames_folder, kind):
    if kind == "tutorial":
        return tutorial(targets_folder, n, frames_folder)
    targets = []
    for i in range(n):
        image = gray(os.path.join(targets_folder, f"t{i:04d}.jpg"))
        points, descriptors = describe(image, 480, 500)
        targets.append((f"t{i:04d}", image.shape[1], image.shape[0], points, descriptors))
    flann = kind == "flann"
    if flann:
        indexed = [t for t in targets if t[4] is not None and len(t[4]) >= 2]
        # Keys as long as log₂ of the descriptors indexed, so that buckets stay near one entry (the
        # tutorial's 12 bits leave ~120 per bucket at 1,000 targets: 2.6 s a frame).
        key_bits = int(np.clip(np.floor(np.log2(sum(len(t[4]) for t in indexed))), 12, 24))
        matcher = cv2.FlannBasedMatcher(dict(algorithm=6, table_number=6, key_size=key_bits, multi_probe_level=1), dict(checks=64))
        matcher.add([t[4] for t in indexed])
        matcher.train()
    else:
        matcher = cv2.BFMatcher(cv2.NORM_HAMMING)
    answers = []
    files = sorted(f for f in os.listdir(frames_folder) if f.endswith(".jpg"))
    for k, file in enumerate(files):
        data = np.fromfile(os.path.join(frames_folder, file), np.uint8)
        start = time.perf_counter()
        frame = cv2.imdecode(data, cv2.IMREAD_GRAYSCALE)
        points, descriptors = describe(frame, 640, 1000)
        candidates = []  # (target, good matches), most good matches first
        if descriptors is not None and flann:
            by_target = {}
            for pair in matcher.knnMatch(descriptors, k=2):
                if len(pair) == 2 and pair[0].distance < 0.8 * pair[1].distance:
                    by_target.setdefault(pair[0].imgIdx, []).append(pair[0])
            candidates = sorted(((indexed[i], good) for i, good in by_target.items()), key=lambda c: -len(c[1]))[:3]
        elif descriptors is not None:
            best, best_good = None, []
            for t in targets:
                if t[4] is None or len(t[4]) < 2:
                    continue
                good = [m for m, s in (p for p in matcher.knnMatch(descriptors, t[4], k=2) if len(p) == 2) if m.distance < 0.8 * s.distance]
                if len(good) > len(best_good):
                    best, best_good = t, good
            candidates = [(best, best_good)] if best is not None else []
        answer = {"frame": file, "target": None, "corners": None, "inliers": 0}
        for best, best_good in candidates:
            if len(best_good) < MIN_INLIERS:
                continue
            src = np.float32([best[3][m.trainIdx] for m in best_good])
            dst = np.float32([points[m.queryIdx] for m in best_good])
            h, mask = cv2.findHomography(src, dst, cv2.RANSAC, 5.0)
            if h is not None and int(mask.sum()) >= max(MIN_INLIERS, answer["inliers"] + 1):
                w, hh = best[1], best[2]
                corners = cv2.perspectiveTransform(np.float32([[[0, 0], [w, 0], [w, hh], [0, hh]]]), h)[0]
                answer.update(target=best[0], corners=corners.tolist(), inliers=int(mask.sum()))
        answer["seconds"] = time.perf_counter() - start
        answers.append(answer)
        if (k + 1) % 25 == 0:
            print(f"\r[vision] OpenCV {kind}: {k + 1}/{len(files)} frames at {n} targets", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(json.dumps({"targets": n, "answers": answers}))


def tutorial(targets_folder, n, frames_folder):
    orb, matcher = cv2.ORB_create(1000), cv2.BFMatcher(cv2.NORM_HAMMING)
    targets = []
    for i in range(n):
        image = gray(os.path.join(targets_folder, f"t{i:04d}.jpg"))
        keypoints, descriptors = orb.detectAndCompute(image, None)
        targets.append((f"t{i:04d}", image.shape[1], image.shape[0], np.float32([k.pt for k in keypoints]), descriptors))
    answers = []
    for file in sorted(f for f in os.listdir(frames_folder) if f.endswith(".jpg")):
        start = time.perf_counter()
        frame = cv2.imdecode(np.fromfile(os.path.join(frames_folder, file), np.uint8), cv2.IMREAD_GRAYSCALE)
        keypoints, descriptors = orb.detectAndCompute(frame, None)
        answer = {"frame": file, "target": None, "corners": None, "inliers": 0}
        for name, w, h, points, reference in targets:
            if descriptors is None or reference is None or len(reference) < 2:
                continue
            good = [m for m, s in (p for p in matcher.knnMatch(reference, descriptors, k=2) if len(p) == 2) if m.distance < 0.75 * s.distance]
            if len(good) < 4:
                continue
            src = np.float32([points[m.queryIdx] for m in good])
            dst = np.float32([keypoints[m.trainIdx].pt for m in good])
            homography, mask = cv2.findHomography(src, dst, cv2.RANSAC, 5.0)
            if homography is not None and int(mask.sum()) >= max(MIN_INLIERS, answer["inliers"] + 1):
                corners = cv2.perspectiveTransform(np.float32([[[0, 0], [w, 0], [w, h], [0, h]]]), homography)[0]
                answer.update(target=name, corners=corners.tolist(), inliers=int(mask.sum()))
        answer["seconds"] = time.perf_counter() - start
        answers.append(answer)
    print(json.dumps({"targets": n, "answers": answers}))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else "brute")
