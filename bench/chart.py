#!/usr/bin/env python3
"""Draws bench/results/<suite>.json ratios as a bar chart in SVG (no plotting library needed)."""
import json
import sys


def bars(rows, title, path):
    """rows: [(label, ratio)]; a ratio above 1 means WorldLayer is faster."""
    width, left, bar_h, gap = 760, 330, 26, 12
    top = 50
    height = top + len(rows) * (bar_h + gap) + 40
    biggest = max([r for _, r in rows] + [1.0]) * 1.1
    x = lambda v: left + (width - left - 60) * v / biggest
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="13">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{width/2}" y="24" text-anchor="middle" font-size="16" font-weight="bold">{title}</text>']
    for i, (label, ratio) in enumerate(rows):
        y = top + i * (bar_h + gap)
        colour = "#2a7f62" if ratio >= 1 else "#b5523b"
        out.append(f'<text x="{left - 8}" y="{y + bar_h * 0.7}" text-anchor="end">{label}</text>')
        out.append(f'<rect x="{left}" y="{y}" width="{x(ratio) - left:.1f}" height="{bar_h}" fill="{colour}"/>')
        out.append(f'<text x="{x(ratio) + 6:.1f}" y="{y + bar_h * 0.7}">{ratio:.2f}×</text>')
    one = x(1.0)
    out.append(f'<line x1="{one:.1f}" y1="{top - 8}" x2="{one:.1f}" y2="{height - 30}" stroke="#333" stroke-dasharray="4 3"/>')
    out.append(f'<text x="{one:.1f}" y="{height - 12}" text-anchor="middle">1× (peer = WorldLayer); right of it WorldLayer is faster</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    r = json.load(open(sys.argv[1]))
    ip = r["in_process_ns_per_op"]
    bars([("inverse vs GeographicLib C++", ip["inverse"]["ratio"]),
          ("point→cell vs Geohash (7)", ip["point_to_cell"]["ratio_vs_geohash"]),
          ("point→cell vs MGRS (100 m)", ip["point_to_cell"]["ratio_vs_mgrs"]),
          ("geo inverse vs GeodSolve -i (1M lines)", r["whole_process_seconds"]["ratio"])],
         "bench geo: peer time ÷ WorldLayer time", sys.argv[2])
