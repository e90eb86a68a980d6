#!/usr/bin/env python3
"""The recognizers that `bench/run vision` compares WorldLayer with, one thread each, on WorldLayer's
own features (the same ORB settings, 500 per target at ≤ 480 px and 1,000 per frame at ≤ 640 px,
spread over an 8 × 8 grid as `Features.cpp` does) and the same acceptance (a RANSAC homography with
15 inliers), so that only the search for matches and their verification differ. Prints JSON like
`worldlayer-bench vision`.

    vision_baseline.py TARGETS N FRAMES KIND

KIND is one of:
- flann:TABLES:PROBES (what an OpenCV user would write for many targets): every target's
  descriptors in one FlannBasedMatcher with a multi-probe LSH index of TABLES tables, keys of log₂
  of the descriptors' count in bits and PROBES probe levels, trained once; each frame is matched
  once (k = 2, Lowe's ratio test), its good matches vote for their targets, and the three most
  voted are verified in turn. `flann` alone is flann:6:1.
- faiss-hnsw:M:EF and faiss-ivf:PROBES: the same votes and verification, the neighbours found by
  FAISS's binary indexes (PyPI faiss-cpu): a Hamming HNSW graph of M links searched with EF
  candidates, or an inverted file of 4·√n lists (n descriptors) trained by binary k-means,
  PROBES lists visited. All of a frame's descriptors are searched in one call, as FAISS is meant
  to be used.
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
GRID = 8


def gray(path):
    return cv2.imread(path, cv2.IMREAD_GRAYSCALE)


def spread(keypoints, count, width, height):
    """The strongest keypoint of each grid cell in turn, as WorldLayer's `spread` keeps them."""
    if len(keypoints) <= count:
        return keypoints
    xy = np.float32([k.pt for k in keypoints])
    cell = np.clip((xy[:, 1] * GRID / max(height, 1)).astype(int), 0, GRID - 1) * GRID + \
        np.clip((xy[:, 0] * GRID / max(width, 1)).astype(int), 0, GRID - 1)
    response = np.float32([k.response for k in keypoints])
    by_cell = np.lexsort((-response, cell))  # each cell's keypoints, strongest first
    rank = np.empty(len(keypoints), int)
    sorted_cells = cell[by_cell]
    starts = np.searchsorted(sorted_cells, sorted_cells)  # where each keypoint's cell begins in the order
    rank[by_cell] = np.arange(len(keypoints)) - starts
    kept = np.lexsort((cell, rank))[:count]  # round by round, cell by cell
    return [keypoints[i] for i in kept]


def describe(image, side, count, reference):
    """WorldLayer's describeReference / describeFrame: ORB (Harris score, FAST threshold 10 for
    references and 12 for frames, edge 15), three or two times the count detected, then spread."""
    scale = min(1.0, side / max(image.shape))
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else image
    orb = cv2.ORB_create(count * (3 if reference else 2), 1.2, 8, 15, 0, 2, cv2.ORB_HARRIS_SCORE, 31, 10 if reference else 12)
    keypoints = spread(orb.detect(small, None), count, small.shape[1], small.shape[0])
    keypoints, descriptors = orb.compute(small, keypoints)
    points = np.float32([k.pt for k in keypoints]) / scale if keypoints else np.zeros((0, 2), np.float32)
    return points, descriptors


class Flann:
    """All targets in one OpenCV FLANN LSH matcher."""

    def __init__(self, indexed, tables, probes):
        # Keys as long as log₂ of the descriptors indexed, so that buckets stay near one entry (the
        # tutorial's 12 bits leave ~120 per bucket at 1,000 targets: 2.6 s a frame).
        key_bits = int(np.clip(np.floor(np.log2(sum(len(t[4]) for t in indexed))), 12, 24))
        self.matcher = cv2.FlannBasedMatcher(dict(algorithm=6, table_number=tables, key_size=key_bits, multi_probe_level=probes),
                                             dict(checks=64))
        self.matcher.add([t[4] for t in indexed])
        self.matcher.train()

    def good(self, descriptors):
        """(frame feature, target slot, target feature) of each match that passes the ratio test."""
        return [(p[0].queryIdx, p[0].imgIdx, p[0].trainIdx) for p in self.matcher.knnMatch(descriptors, k=2)
                if len(p) == 2 and p[0].distance < 0.8 * p[1].distance]


class Faiss:
    """All targets' descriptors in one FAISS binary index (HNSW graph or inverted file)."""

    def __init__(self, indexed, kind, settings):
        import faiss
        faiss.omp_set_num_threads(1)
        codes = np.ascontiguousarray(np.vstack([t[4] for t in indexed]))
        self.owner = np.concatenate([np.full(len(t[4]), slot) for slot, t in enumerate(indexed)])
        self.first = np.concatenate([[0], np.cumsum([len(t[4]) for t in indexed])[:-1]])
        bits = codes.shape[1] * 8
        if kind == "faiss-hnsw":
            self.index = faiss.IndexBinaryHNSW(bits, settings[0])
            self.index.hnsw.efSearch = settings[1]
        else:
            lists = int(4 * np.sqrt(len(codes)))
            self.quantizer = faiss.IndexBinaryFlat(bits)  # kept alive: the index holds it by reference
            self.index = faiss.IndexBinaryIVF(self.quantizer, bits, lists)
            self.index.train(codes)
            self.index.nprobe = settings[0]
        self.index.add(codes)

    def good(self, descriptors):
        distances, ids = self.index.search(np.ascontiguousarray(descriptors), 2)
        keep = (ids[:, 1] >= 0) & (distances[:, 0] < 0.8 * distances[:, 1])
        rows = np.nonzero(keep)[0]
        slots = self.owner[ids[rows, 0]]
        return list(zip(rows.tolist(), slots.tolist(), (ids[rows, 0] - self.first[slots]).tolist()))


def one_index(kind, indexed):
    name, *settings = kind.split(":")
    settings = [int(s) for s in settings]
    if name == "flann":
        return Flann(indexed, *(settings or [6, 1]))
    if name in ("faiss-hnsw", "faiss-ivf"):
        return Faiss(indexed, name, settings)
    raise SystemExit(f"vision_baseline.py: unknown recognizer {kind!r}")


def main(targets_folder, n, frames_folder, kind):
    if kind == "tutorial":
        return tutorial(targets_folder, n, frames_folder)
    targets = []
    for i in range(n):
        image = gray(os.path.join(targets_folder, f"t{i:04d}.jpg"))
        points, descriptors = describe(image, 480, 500, reference=True)
        targets.append((f"t{i:04d}", image.shape[1], image.shape[0], points, descriptors))
    indexed = [t for t in targets if t[4] is not None and len(t[4]) >= 2]
    brute = kind == "brute"
    search = None if brute else one_index(kind, indexed)
    matcher = cv2.BFMatcher(cv2.NORM_HAMMING)
    answers = []
    files = sorted(f for f in os.listdir(frames_folder) if f.endswith(".jpg"))
    for k, file in enumerate(files):
        data = np.fromfile(os.path.join(frames_folder, file), np.uint8)
        start = time.perf_counter()
        frame = cv2.imdecode(data, cv2.IMREAD_GRAYSCALE)
        points, descriptors = describe(frame, 640, 1000, reference=False)
        candidates = []  # (target, [(frame feature, target feature)]), most good matches first
        if descriptors is not None and not brute:
            by_target = {}
            for query, slot, train in search.good(descriptors):
                by_target.setdefault(slot, []).append((query, train))
            candidates = sorted(((indexed[i], good) for i, good in by_target.items()), key=lambda c: -len(c[1]))[:3]
        elif descriptors is not None:
            best, best_good = None, []
            for t in indexed:
                good = [(m.queryIdx, m.trainIdx) for m, s in (p for p in matcher.knnMatch(descriptors, t[4], k=2) if len(p) == 2)
                        if m.distance < 0.8 * s.distance]
                if len(good) > len(best_good):
                    best, best_good = t, good
            candidates = [(best, best_good)] if best is not None else []
        answer = {"frame": file, "target": None, "corners": None, "inliers": 0}
        for best, best_good in candidates:
            if len(best_good) < MIN_INLIERS:
                continue
            src = np.float32([best[3][train] for _, train in best_good])
            dst = np.float32([points[query] for query, _ in best_good])
            h, mask = cv2.findHomography(src, dst, cv2.RANSAC, 5.0)
            if h is not None and int(mask.sum()) >= max(MIN_INLIERS, answer["inliers"] + 1):
                w, hh = best[1], best[2]
                corners = cv2.perspectiveTransform(np.float32([[[0, 0], [w, 0], [w, hh], [0, hh]]]), h)[0]
                answer.update(target=best[0], corners=corners.tolist(), inliers=int(mask.sum()))
        answer["seconds"] = time.perf_counter() - start
        answers.append(answer)
        if (k + 1) % 25 == 0:
            print(f"\r[vision] {kind}: {k + 1}/{len(files)} frames at {n} targets", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(json.dumps({"targets": n, "recognizer": kind, "answers": answers}))


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
