#!/usr/bin/env python3
"""The plain OpenCV recognizer that `bench/run vision` compares WorldLayer with (PyPI
opencv-python-headless, one thread): ORB features, brute-force Hamming matching of the frame
against every target with Lowe's ratio test, the target with the most good matches verified by
a RANSAC homography. Same feature budget as WorldLayer (500 per target at ≤ 480 px, 1,000 per
frame), same acceptance (15 inliers). Prints JSON like `worldlayer bench vision`.

    vision_baseline.py TARGETS N FRAMES
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


def main(targets_folder, n, frames_folder):
    targets = []
    for i in range(n):
        image = gray(os.path.join(targets_folder, f"t{i:04d}.jpg"))
        points, descriptors = describe(image, 480, 500)
        targets.append((f"t{i:04d}", image.shape[1], image.shape[0], points, descriptors))
    matcher = cv2.BFMatcher(cv2.NORM_HAMMING)
    answers = []
    files = sorted(f for f in os.listdir(frames_folder) if f.endswith(".jpg"))
    for k, file in enumerate(files):
        data = np.fromfile(os.path.join(frames_folder, file), np.uint8)
        start = time.perf_counter()
        frame = cv2.imdecode(data, cv2.IMREAD_GRAYSCALE)
        points, descriptors = describe(frame, 640, 1000)
        best, best_good = None, []
        if descriptors is not None:
            for t in targets:
                if t[4] is None or len(t[4]) < 2:
                    continue
                good = [m for m, s in (p for p in matcher.knnMatch(descriptors, t[4], k=2) if len(p) == 2) if m.distance < 0.8 * s.distance]
                if len(good) > len(best_good):
                    best, best_good = t, good
        answer = {"frame": file, "target": None, "corners": None, "inliers": 0}
        if best is not None and len(best_good) >= MIN_INLIERS:
            src = np.float32([best[3][m.trainIdx] for m in best_good])
            dst = np.float32([points[m.queryIdx] for m in best_good])
            h, mask = cv2.findHomography(src, dst, cv2.RANSAC, 5.0)
            if h is not None and int(mask.sum()) >= MIN_INLIERS:
                w, hh = best[1], best[2]
                corners = cv2.perspectiveTransform(np.float32([[[0, 0], [w, 0], [w, hh], [0, hh]]]), h)[0]
                answer.update(target=best[0], corners=corners.tolist(), inliers=int(mask.sum()))
        answer["seconds"] = time.perf_counter() - start
        answers.append(answer)
        if (k + 1) % 25 == 0:
            print(f"\r[vision] OpenCV baseline: {k + 1}/{len(files)} frames at {n} targets", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(json.dumps({"targets": n, "answers": answers}))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3])
