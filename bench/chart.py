#!/usr/bin/env python3
"""The benchmark reports' pictures in SVG (no plotting library needed): bars of ratios, a histogram, curves."""


def bar(x, left, y, bar_h, label, value, low, high, colour, text):
    """One labelled horizontal bar from `left` to x(value), the spread low–high as a whisker, and
    `text` past its end: the SVG elements, for bars() and levels()."""
    parts = [f'<text x="{left - 8}" y="{y + bar_h * 0.7}" text-anchor="end">{label}</text>',
             f'<rect x="{left}" y="{y}" width="{x(value) - left:.1f}" height="{bar_h}" fill="{colour}"/>']
    if high > low:
        mid = y + bar_h / 2
        parts.append(f'<path d="M{x(low):.1f} {mid - 6}v12M{x(low):.1f} {mid}H{x(high):.1f}M{x(high):.1f} {mid - 6}v12" stroke="#222" fill="none"/>')
    parts.append(f'<text x="{x(high) + 6:.1f}" y="{y + bar_h * 0.7}">{text}</text>')
    return parts


def bars(rows, title, path):
    """rows: [(label, ratio)] or [(label, ratio, low, high)]: a ratio above 1 means WorldLayer is
    faster; low and high, the spread of the repetitions, are drawn as a whisker. A bar is green only
    when its whole spread is above 1."""
    width, left, bar_h, gap = 760, 330, 26, 12
    top = 50
    height = top + len(rows) * (bar_h + gap) + 40
    biggest = max([r[-1] for r in rows] + [1.0]) * 1.1
    x = lambda v: left + (width - left - 60) * v / biggest
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="13">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{width/2}" y="24" text-anchor="middle" font-size="16" font-weight="bold">{title}</text>']
    for i, row in enumerate(rows):
        label, ratio = row[0], row[1]
        low, high = (row[2], row[3]) if len(row) == 4 else (ratio, ratio)
        y = top + i * (bar_h + gap)
        colour = "#2a7f62" if low >= 1 else "#b5523b"
        out += bar(x, left, y, bar_h, label, ratio, low, high, colour, f"{ratio:.2f}×")
    one = x(1.0)
    out.append(f'<line x1="{one:.1f}" y1="{top - 8}" x2="{one:.1f}" y2="{height - 30}" stroke="#333" stroke-dasharray="4 3"/>')
    out.append(f'<text x="{one:.1f}" y="{height - 12}" text-anchor="middle">1× (peer = WorldLayer); right of it WorldLayer is faster</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def curves(title, series, goal, path, x_label, y_label):
    """series: {name: [(x, median, low, high)]}, drawn as lines over a logarithmic y axis with the
    spread of the repetitions as whiskers; `goal` is a dashed horizontal line."""
    import math
    width, height, left, right, top, bottom = 800, 380, 70, 190, 44, 50
    xs = sorted({p[0] for points in series.values() for p in points})
    ys = [v for points in series.values() for p in points for v in p[1:]] + [goal]
    lo, hi = math.log10(max(min(ys), 0.1)), math.log10(max(ys))
    lo, hi = math.floor(lo), math.ceil(hi) if hi > math.floor(lo) else math.floor(lo) + 1
    x = lambda v: left + (width - left - right) * (xs.index(v) / max(1, len(xs) - 1))
    y = lambda v: top + (height - top - bottom) * (1 - (math.log10(max(v, 0.1)) - lo) / (hi - lo))
    colors = ["#2a7f62", "#b5523b", "#3b5bb5", "#8a6d1d"]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{width / 2}" y="24" text-anchor="middle" font-size="15" font-weight="bold">{title}</text>']
    for k in range(lo, hi + 1):
        out.append(f'<line x1="{left}" y1="{y(10 ** k):.1f}" x2="{width - right}" y2="{y(10 ** k):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y(10 ** k) + 4:.1f}" text-anchor="end">{10 ** k:g}</text>')
    for v in xs:
        out.append(f'<text x="{x(v):.1f}" y="{height - bottom + 18}" text-anchor="middle">{v:g}</text>')
    out.append(f'<text x="{(left + width - right) / 2}" y="{height - 10}" text-anchor="middle">{x_label}</text>')
    out.append(f'<text x="16" y="{(top + height - bottom) / 2}" text-anchor="middle" transform="rotate(-90 16 {(top + height - bottom) / 2})">{y_label}</text>')
    out.append(f'<line x1="{left}" y1="{y(goal):.1f}" x2="{width - right}" y2="{y(goal):.1f}" stroke="#444" stroke-dasharray="6 4"/>')
    out.append(f'<text x="{width - right + 6}" y="{y(goal) + 4:.1f}">goal {goal:g}</text>')
    for i, (name, points) in enumerate(series.items()):
        c = colors[i % len(colors)]
        path_d = " ".join(f"{'M' if j == 0 else 'L'}{x(p[0]):.1f},{y(p[1]):.1f}" for j, p in enumerate(points))
        out.append(f'<path d="{path_d}" fill="none" stroke="{c}" stroke-width="2"/>')
        for p in points:
            out.append(f'<line x1="{x(p[0]):.1f}" y1="{y(p[2]):.1f}" x2="{x(p[0]):.1f}" y2="{y(p[3]):.1f}" stroke="{c}"/>')
            out.append(f'<circle cx="{x(p[0]):.1f}" cy="{y(p[1]):.1f}" r="3.5" fill="{c}"/>')
        if points:
            out.append(f'<text x="{width - right + 6}" y="{y(points[-1][1]) + 4 + 14 * i:.1f}" fill="{c}">{name}</text>')
    out.append("</svg>")
    open(path, "w").write("\n".join(out) + "\n")



def levels(title, rows, unit, path):
    """rows: [(label, median, low, high)]: horizontal bars of absolute values (requests per second)
    with the spread of the repetitions as whiskers; no line at 1, nothing is a ratio here."""
    width, left, bar_h, gap, top = 760, 300, 24, 10, 50
    height = top + len(rows) * (bar_h + gap) + 30
    biggest = max([r[3] for r in rows] + [1.0]) * 1.15
    x = lambda v: left + (width - left - 80) * v / biggest
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="13">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{width/2}" y="24" text-anchor="middle" font-size="16" font-weight="bold">{title}</text>']
    for i, (label, median, low, high) in enumerate(rows):
        y = top + i * (bar_h + gap)
        out += bar(x, left, y, bar_h, label, median, low, high, "#3b5bb5", f"{median:,.0f} {unit}")
    out.append("</svg>")
    open(path, "w").write("\n".join(out) + "\n")
