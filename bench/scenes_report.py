#!/usr/bin/env python3
"""bench/results/scenes.{json,md,svg} from scenes.py's answers.

    scenes_report.py ANSWERS.json [--print-only]

Position error: distance between the camera centre the server's pose gives (−Rᵀt on the scene's
plane) and the true one. Heading error: the located camera's heading against the true one.
Recall: views where the right scene was found with a precise pose (an approximate one, which
places the sticker in the frame but not the camera to centimetres, is not counted). Beside them, placement from GPS and the compass
alone, drawn from the errors phones have (see GPS_SIGMA and COMPASS_SIGMA).
"""
import json
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from method import provenance, shown, spread  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
RESULTS = os.path.join(HERE, "results")
# A phone's GNSS in a city: about 4 m median horizontal error (σ = 3.5 m per axis, Rayleigh);
# its compass: σ = 15° (the 15–45°, at its kindest).
GPS_SIGMA, COMPASS_SIGMA = 3.5, 15.0


def wrap(degrees):
    return (degrees + 540) % 360 - 180


def measured(rows):
    out = []
    for r in rows:
        a = r["answer"]
        # Only a precise pose claims a position to centimetres; an approximate one places the sticker
        # in the frame but is not counted here.
        right = a["located"] and a.get("precise", True) and a["scene"]["id"] == r["expectedScene"]
        entry = {"distance": r["distance"], "angle": r["angle"], "located": a["located"], "right": right, "ms": a["milliseconds"],
                 "wrongScene": a["located"] and a["scene"]["id"] != r["expectedScene"],
                 "approximate": a["located"] and a["scene"]["id"] == r["expectedScene"] and not a.get("precise", True)}
        if right:
            rot, t = a["pose"]["rotation"], a["pose"]["translation"]
            centre = [-(rot[c] * t[0] + rot[3 + c] * t[1] + rot[6 + c] * t[2]) for c in range(3)]
            entry["position"] = float(np.linalg.norm(np.array(centre) - np.array(r["trueCentre"])))
            entry["heading"] = abs(wrap(a["camera"]["heading"] - r["trueHeading"]))
        out.append(entry)
    return out


def gps_and_compass(distance, count=100_000, seed=3):
    """Where a sticker `distance` m ahead lands by GPS and compass alone: the position's error plus
    the heading's, swung over the distance."""
    rng = np.random.default_rng(seed)
    position = rng.normal(0, GPS_SIGMA, (count, 2))
    heading = rng.normal(0, math.radians(COMPASS_SIGMA), count)
    sideways = np.stack([distance * np.sin(heading), distance * (np.cos(heading) - 1)], 1)
    return np.linalg.norm(position, axis=1), np.degrees(np.abs(heading)), np.linalg.norm(position + sideways, axis=1)


def stats(values):
    return {"median": float(np.median(values)), "p90": float(np.percentile(values, 90))} if values else None


def plot(entries, distances, angles, path):
    width, height, left, top, bottom, right = 760, 380, 70, 40, 60, 20
    lo, hi = 0.002, 2.0
    x = lambda d: left + (width - left - right) * (d - distances[0]) / (distances[-1] - distances[0])
    y = lambda e: top + (height - top - bottom) * (1 - (math.log10(max(lo, min(hi, e))) - math.log10(lo)) / (math.log10(hi) - math.log10(lo)))
    colours = ["#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02"]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="15" font-weight="bold">Camera position from a scene anchor: median error by distance and angle</text>']
    for e in (0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0):
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{y(e):.1f}" y2="{y(e):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y(e) + 4:.1f}" text-anchor="end">{e * 100:g} cm</text>')
    for d in distances:
        out.append(f'<text x="{x(d):.1f}" y="{height - bottom + 18}" text-anchor="middle">{d} m</text>')
    out.append(f'<line x1="{x(3):.1f}" x2="{x(3):.1f}" y1="{top}" y2="{height - bottom}" stroke="#999" stroke-dasharray="3 3"/>')
    out.append(f'<line x1="{left}" x2="{width - right}" y1="{y(0.05):.1f}" y2="{y(0.05):.1f}" stroke="#333" stroke-dasharray="5 3"/>')
    out.append(f'<text x="{width - right - 4}" y="{y(0.05) - 4:.1f}" text-anchor="end">goal at 3 m: 5 cm</text>')
    for i, a in enumerate(angles):
        points = []
        for d in distances:
            errors = [e["position"] for e in entries if e["distance"] == d and e["angle"] == a and e["right"]]
            if errors:
                points.append(f"{x(d):.1f},{y(float(np.median(errors))):.1f}")
        out.append(f'<polyline points="{" ".join(points)}" fill="none" stroke="{colours[i]}" stroke-width="2"/>')
        lx = left + 10 + i * 110
        out.append(f'<line x1="{lx}" x2="{lx + 20}" y1="{height - 14}" y2="{height - 14}" stroke="{colours[i]}" stroke-width="2"/>')
        out.append(f'<text x="{lx + 25}" y="{height - 10}">{a}° off axis</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def under_load(path):
    """The views sent again by wrk (scenes.py's OUT-load.json): a table, median (lowest–highest round)."""
    data = json.load(open(path))
    figures, lines = {}, [
        "## Under load", "",
        f"The {data['views']} views POSTed again by Debian's `wrk` (C, one thread, `bench/scaleout/frames.lua`), {data['seconds']} s "
        "measured a run, each frame from an address of its own (X-Forwarded-For through a trusted loopback proxy, as phones behind "
        "Caddy), server and wrk sharing the machine's two cores. Median (lowest–highest round).", "",
        "| wrk connections | frames/s | p50 ms | p99 ms | server CPU ms/frame | errors |", "|---|---|---|---|---|---|"]
    for connections in sorted({r["connections"] for r in data["rounds"]}):
        got = [r for r in data["rounds"] if r["connections"] == connections]
        f = {k: spread(r[k] for r in got) for k in ("qps", "p50_ms", "p99_ms", "server_cpu_ms_per_request")} | {
            "errors": sum(r["errors"] for r in got)}
        figures[str(connections)] = f
        lines.append(f"| {connections} | {shown(f['qps'], 1)} | {shown(f['p50_ms'], 1)} | {shown(f['p99_ms'], 1)} | "
                     f"{shown(f['server_cpu_ms_per_request'], 1)} | {f['errors']} |")
    return {"figures": figures, "lines": lines + [""]}


def main(path, print_only=False):
    entries = measured(json.load(open(path)))
    distances = sorted({e["distance"] for e in entries})
    angles = sorted({e["angle"] for e in entries})
    table = {}
    for d in distances:
        for a in angles:
            cell = [e for e in entries if e["distance"] == d and e["angle"] == a]
            right = [e for e in cell if e["right"]]
            table[f"{d}m-{a}deg"] = {"views": len(cell), "recall": len(right) / len(cell),
                                     "position": stats([e["position"] for e in right]), "heading": stats([e["heading"] for e in right])}
    at3 = [e for e in entries if e["distance"] == 3]
    right3 = [e for e in at3 if e["right"]]
    gps_pos, gps_heading, gps_sticker = gps_and_compass(3)
    headline = {
        "views": len(at3), "recall": len(right3) / len(at3),
        "position": stats([e["position"] for e in right3]), "heading": stats([e["heading"] for e in right3]),
        "wrongScene": sum(1 for e in entries if e["wrongScene"]), "approximate": sum(1 for e in entries if e["approximate"]),
        "gpsAndCompass": {"position": stats(list(gps_pos)), "heading": stats(list(gps_heading)), "stickerAt3m": stats(list(gps_sticker))},
        "msMedian": float(np.median([e["ms"] for e in entries])), "msP99": float(np.percentile([e["ms"] for e in entries], 99)),
    }
    goals = {"median position ≤ 5 cm": headline["position"]["median"] <= 0.05, "p90 position ≤ 15 cm": headline["position"]["p90"] <= 0.15,
             "median heading ≤ 1°": headline["heading"]["median"] <= 1}
    meta = provenance() | {"views": len(entries), "scenes": len({(e["distance"], e["angle"]) for e in entries})}
    if print_only:  # the development views: for tuning, never the committed results
        print(json.dumps({"at3m": headline, "goals": goals}, indent=1))
        return
    os.makedirs(RESULTS, exist_ok=True)
    load = under_load(path.removesuffix(".json") + "-load.json")
    with open(os.path.join(RESULTS, "scenes.json"), "w") as f:
        json.dump({"meta": meta, "at3m": headline, "goals": goals, "byDistanceAndAngle": table, "underLoad": load["figures"]}, f, indent=1)
    plot(entries, distances, angles, os.path.join(RESULTS, "scenes.svg"))
    cm = lambda s: f'{s["median"] * 100:.1f} cm (p90 {s["p90"] * 100:.1f})' if s else "–"
    deg = lambda s: f'{s["median"]:.2f}° (p90 {s["p90"]:.2f})' if s else "–"
    g = headline["gpsAndCompass"]
    lines = [
        "# Scene anchors: where the camera is (bench/run scenes)", "",
        f'Commit {meta["commit"]}, {meta["date"]}, {meta["machine"]}. {len(entries)} held-out views (scene_data.py score: six photographs as '
        "posters on three walls, seed 12), 640×480, 60° lens, 1–10 m away, 0–60° off axis, other light, blur, noise, JPEG 50–92, "
        "each frame matched by `POST /v1/scenes/locate` against all six scenes. Recall counts a view only when its pose, from 25 "
        "matches or more, fits them within 2 px RMS (`precise`; chosen on the dev set: two other photographs on another wall, seed 11).", "",
        "## At 3 m (all angles)", "",
        "| | camera position | camera heading | a sticker 3 m ahead | recall |", "|---|---|---|---|---|",
        f'| scene anchor | **{cm(headline["position"])}** | **{deg(headline["heading"])}** | (as the position) | {headline["recall"]:.0%} |',
        f'| GPS + compass (σ {GPS_SIGMA} m, {COMPASS_SIGMA:.0f}°) | {cm(g["position"])} | {deg(g["heading"])} | {cm(g["stickerAt3m"])} | – |', "",
        "Goals: " + ", ".join(f"{k}: {'met' if v else 'not met'}" for k, v in goals.items()) + ".",
        f'Wrong scene found: {headline["wrongScene"]} of {len(entries)} views; the right scene with only an approximate pose (not '
        f'counted in recall): {headline["approximate"]}. Server time per frame: median {headline["msMedian"]:.0f} ms, '
        f'p99 {headline["msP99"]:.0f} ms.', "",
        "## By distance and angle: recall, median position error", "",
        "| distance | " + " | ".join(f"{a}°" for a in angles) + " |", "|---|" + "---|" * len(angles),
    ]
    for d in distances:
        cells = []
        for a in angles:
            c = table[f"{d}m-{a}deg"]
            cells.append(f'{c["recall"]:.0%}, {c["position"]["median"] * 100:.1f} cm' if c["position"] else f'{c["recall"]:.0%}')
        lines.append(f"| {d} m | " + " | ".join(cells) + " |")
    lines += ["", "![Median position error by distance and angle](scenes.svg)", "", *load["lines"]]
    with open(os.path.join(RESULTS, "scenes.md"), "w") as f:
        f.write("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main(sys.argv[1], "--print-only" in sys.argv[2:])
