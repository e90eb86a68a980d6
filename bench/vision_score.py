"""Scores recognizers' answers against the frames' ground truth (used by vision_report.py)."""
import json
import math

CORRECT_PIXELS = 10.0  # a recognition counts when its corners are within this of the truth, on average


def corner_error(found, truth):
    return sum(math.dist(a, b) for a, b in zip(found, truth)) / 4


def percentile(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q / 100 * (len(values) - 1))))]


def score(truth_path, answers_path):
    truth = {t["frame"]: t for t in json.load(open(truth_path))}
    run = json.load(open(answers_path))
    answers = run["answers"]
    positives = [a for a in answers if truth[a["frame"]]["target"]]
    negatives = [a for a in answers if not truth[a["frame"]]["target"]]
    correct, errors = 0, []
    for a in positives:
        t = truth[a["frame"]]
        if a.get("target") == t["target"]:
            e = corner_error(a["corners"], t["corners"])
            errors.append(e)
            correct += e <= CORRECT_PIXELS
    claimed = [a for a in answers if a.get("target")]
    wrong = [a for a in claimed if a.get("target") != truth[a["frame"]]["target"]]
    seconds = [a["seconds"] for a in answers]
    return {
        "targets": run["targets"],
        "frames": len(answers),
        "recall": correct / max(len(positives), 1),
        "precision": (len(claimed) - len(wrong)) / max(len(claimed), 1),
        "false_on_empty": sum(1 for a in negatives if a.get("target")),
        "empty_frames": len(negatives),
        "wrong_target": len(wrong),
        "corner_error_median": percentile(errors, 50),
        "corner_error_p90": percentile(errors, 90),
        "fps": len(answers) / sum(seconds),
        "p50_ms": percentile(seconds, 50) * 1000,
        "p99_ms": percentile(seconds, 99) * 1000,
        "index_bytes_per_target": run["indexBytes"] / run["targets"] if "indexBytes" in run else None,
    }


if __name__ == "__main__":
    # bench/run vision dev: one run's score, printed.
    import sys
    s = score(sys.argv[1], sys.argv[2])
    print(f"[vision dev] {s['targets']} targets: recall {s['recall']:.1%}, precision {s['precision']:.1%}, "
          f"{s['false_on_empty']}/{s['empty_frames']} false on empty frames, corner error median {s['corner_error_median']:.1f} px, "
          f"{s['fps']:.1f} frames/s, p50 {s['p50_ms']:.1f} ms, p99 {s['p99_ms']:.1f} ms")
