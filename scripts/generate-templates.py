#!/usr/bin/env python3
"""Generates WorldLayer's built-in sticker templates: 128x128 PNG previews, 2D images
and 3D models (glTF binary), plus manifest.json, into Sources/WorldLayerServices/Resources/Templates.

Standard library only; the output is deterministic, so re-running changes nothing.
Usage: scripts/generate-templates.py [OUTPUT_DIR]
"""
import json, math, os, struct, sys, zlib

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "Sources", "WorldLayerServices", "Resources", "Templates")
SIZE = 128


def png(pixels, size=SIZE):
    """pixels: function (x, y) in [0,1)^2 -> (r, g, b, a) 0..255"""
    rows = bytearray()
    for j in range(size):
        rows.append(0)
        for i in range(size):
            # 4x supersampling for smooth edges
            acc = [0, 0, 0, 0]
            for sy in (0.25, 0.75):
                for sx in (0.25, 0.75):
                    r, g, b, a = pixels((i + sx) / size, (j + sy) / size)
                    acc[0] += r * a; acc[1] += g * a; acc[2] += b * a; acc[3] += a
            a = acc[3] / 4
            rows += bytes([int(acc[k] / acc[3]) if acc[3] else 0 for k in range(3)] + [int(a)])
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)) + \
        chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")


CLEAR = (0, 0, 0, 0)


def heart(x, y):
    u, v = (x - 0.5) * 2.6, (0.45 - y) * 2.6
    return (230, 57, 70, 255) if (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0 else CLEAR


def star_polygon(cx, cy, r_out, r_in, points=5):
    return [(cx + (r_out if k % 2 == 0 else r_in) * math.sin(k * math.pi / points),
             cy - (r_out if k % 2 == 0 else r_in) * math.cos(k * math.pi / points)) for k in range(points * 2)]


def inside(poly, x, y):
    c = False
    for k in range(len(poly)):
        (x1, y1), (x2, y2) = poly[k], poly[k - 1]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            c = not c
    return c


STAR = star_polygon(0.5, 0.53, 0.46, 0.19)


def star(x, y):
    return (255, 200, 40, 255) if inside(STAR, x, y) else CLEAR


def sticky_note(x, y):
    if 0.1 < x < 0.9 and 0.1 < y < 0.9:
        if x + y > 1.55:  # folded corner
            return (214, 180, 40, 255) if x + y < 1.62 else CLEAR
        if 0.2 < x < 0.8 and any(abs(y - l) < 0.012 for l in (0.35, 0.5, 0.65)):
            return (150, 120, 30, 255)
        return (255, 224, 102, 255)
    return CLEAR


def speech_bubble(x, y):
    u, v = (x - 0.5) / 0.42, (y - 0.42) / 0.3
    tail = inside([(0.3, 0.6), (0.22, 0.9), (0.5, 0.66)], x, y)
    if u * u + v * v <= 1 or tail:
        dots = any((x - cx) ** 2 + (y - 0.42) ** 2 < 0.0025 for cx in (0.35, 0.5, 0.65))
        return (40, 40, 40, 255) if dots else (250, 250, 250, 255)
    return CLEAR


def arrow_icon(x, y):
    return (11, 87, 208, 255) if inside([(0.1, 0.4), (0.55, 0.4), (0.55, 0.2), (0.92, 0.5), (0.55, 0.8), (0.55, 0.6), (0.1, 0.6)], x, y) else CLEAR


def mushroom_icon(x, y):
    cap = ((x - 0.5) / 0.4) ** 2 + ((y - 0.5) / 0.32) ** 2 <= 1 and y <= 0.5
    if cap:
        spot = any((x - cx) ** 2 + (y - cy) ** 2 < 0.004 for cx, cy in ((0.35, 0.35), (0.55, 0.27), (0.68, 0.4)))
        return (255, 255, 255, 255) if spot else (210, 30, 40, 255)
    if 0.4 < x < 0.6 and 0.5 <= y < 0.88:
        return (240, 228, 200, 255)
    return CLEAR


def trail_icon(x, y):
    if 0.46 < x < 0.54 and 0.3 < y < 0.95:
        return (120, 80, 40, 255)
    if inside([(0.2, 0.1), (0.7, 0.1), (0.85, 0.25), (0.7, 0.4), (0.2, 0.4)], x, y):
        return (46, 160, 67, 255)
    return CLEAR


def billboard_icon(x, y):
    if 0.08 < x < 0.92 and 0.15 < y < 0.6:
        return (255, 255, 255, 255) if 0.12 < x < 0.88 and 0.19 < y < 0.56 else (60, 60, 60, 255)
    if (0.25 < x < 0.3 or 0.7 < x < 0.75) and 0.6 <= y < 0.95:
        return (90, 90, 90, 255)
    return CLEAR


# ---- glTF binary -------------------------------------------------------------

class Mesh:
    def __init__(self):
        self.parts = []  # (colour, positions, normals, indices)

    def add(self, colour, tris):
        """tris: list of ((p0, p1, p2)) with counter-clockwise winding seen from outside; flat normals."""
        pos, nor, idx = [], [], []
        for a, b, c in tris:
            n = cross(sub(b, a), sub(c, a))
            l = math.sqrt(sum(t * t for t in n)) or 1
            n = tuple(t / l for t in n)
            for p in (a, b, c):
                idx.append(len(pos)); pos.append(p); nor.append(n)
        self.parts.append((colour, pos, nor, idx))

    def glb(self):
        binary = bytearray(); views = []; accessors = []; prims = []; materials = []
        def view(data, target):
            while len(binary) % 4: binary.append(0)
            views.append({"buffer": 0, "byteOffset": len(binary), "byteLength": len(data), "target": target})
            binary.extend(data)
            return len(views) - 1
        for colour, pos, nor, idx in self.parts:
            pv = view(b"".join(struct.pack("<3f", *p) for p in pos), 34962)
            lo = [min(p[k] for p in pos) for k in range(3)]; hi = [max(p[k] for p in pos) for k in range(3)]
            accessors.append({"bufferView": pv, "componentType": 5126, "count": len(pos), "type": "VEC3", "min": lo, "max": hi})
            nv = view(b"".join(struct.pack("<3f", *n) for n in nor), 34962)
            accessors.append({"bufferView": nv, "componentType": 5126, "count": len(nor), "type": "VEC3"})
            iv = view(b"".join(struct.pack("<H", i) for i in idx), 34963)
            accessors.append({"bufferView": iv, "componentType": 5123, "count": len(idx), "type": "SCALAR"})
            materials.append({"pbrMetallicRoughness": {"baseColorFactor": [c / 255 for c in colour] + [1], "metallicFactor": 0, "roughnessFactor": 0.8}})
            n = len(accessors)
            prims.append({"attributes": {"POSITION": n - 3, "NORMAL": n - 2}, "indices": n - 1, "material": len(materials) - 1})
        while len(binary) % 4: binary.append(0)
        doc = {"asset": {"version": "2.0", "generator": "WorldLayer scripts/generate-templates.py"}, "scene": 0,
               "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}], "meshes": [{"primitives": prims}], "materials": materials,
               "accessors": accessors, "bufferViews": views, "buffers": [{"byteLength": len(binary)}]}
        js = json.dumps(doc, separators=(",", ":"), sort_keys=True).encode()
        while len(js) % 4: js += b" "
        body = struct.pack("<I", len(js)) + b"JSON" + js + struct.pack("<I", len(binary)) + b"BIN\0" + bytes(binary)
        return b"glTF" + struct.pack("<II", 2, 12 + len(body)) + body


def sub(a, b): return tuple(x - y for x, y in zip(a, b))
def cross(a, b): return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def box(x0, y0, z0, x1, y1, z1):
    p = lambda i, j, k: (x1 if i else x0, y1 if j else y0, z1 if k else z0)
    quads = [((0,0,1),(1,0,1),(1,1,1),(0,1,1)), ((1,0,0),(0,0,0),(0,1,0),(1,1,0)), ((1,0,1),(1,0,0),(1,1,0),(1,1,1)),
             ((0,0,0),(0,0,1),(0,1,1),(0,1,0)), ((0,1,1),(1,1,1),(1,1,0),(0,1,0)), ((0,0,0),(1,0,0),(1,0,1),(0,0,1))]
    tris = []
    for a, b, c, d in quads:
        tris += [(p(*a), p(*b), p(*c)), (p(*a), p(*c), p(*d))]
    return tris


def prism(outline, z0, z1):
    """Extrudes a convex-decomposable outline given as a fan around its first vertex (x, y) along z."""
    tris = []
    n = len(outline)
    for k in range(1, n - 1):
        a, b, c = outline[0], outline[k], outline[k + 1]
        tris.append(((a[0], a[1], z1), (b[0], b[1], z1), (c[0], c[1], z1)))
        tris.append(((a[0], a[1], z0), (c[0], c[1], z0), (b[0], b[1], z0)))
    for k in range(n):
        a, b = outline[k], outline[(k + 1) % n]
        tris.append(((a[0], a[1], z0), (b[0], b[1], z0), (b[0], b[1], z1)))
        tris.append(((a[0], a[1], z0), (b[0], b[1], z1), (a[0], a[1], z1)))
    return tris


def cylinder(r, y0, y1, segments=20, r_top=None):
    r_top = r if r_top is None else r_top
    tris = []
    for k in range(segments):
        a0, a1 = 2 * math.pi * k / segments, 2 * math.pi * (k + 1) / segments
        b0 = (r * math.cos(a0), y0, -r * math.sin(a0)); b1 = (r * math.cos(a1), y0, -r * math.sin(a1))
        t0 = (r_top * math.cos(a0), y1, -r_top * math.sin(a0)); t1 = (r_top * math.cos(a1), y1, -r_top * math.sin(a1))
        tris += [(b0, b1, t1), (b0, t1, t0), ((0, y1, 0), t0, t1), ((0, y0, 0), b1, b0)]
    return [t for t in tris if len({t[0], t[1], t[2]}) == 3]


def dome(r, y0, height, segments=20, rings=8):
    tris = []
    def pt(ring, k):
        phi = (math.pi / 2) * ring / rings
        a = 2 * math.pi * k / segments
        return (r * math.cos(phi) * math.cos(a), y0 + height * math.sin(phi), -r * math.cos(phi) * math.sin(a))
    for ring in range(rings):
        for k in range(segments):
            a, b, c, d = pt(ring, k), pt(ring, k + 1), pt(ring + 1, k + 1), pt(ring + 1, k)
            tris += [t for t in [(a, b, c), (a, c, d)] if len({t[0], t[1], t[2]}) == 3]
    for k in range(segments):
        tris.append(((0, y0, 0), pt(0, k + 1), pt(0, k)))
    return tris


def arrow_model():
    m = Mesh()
    outline = [(-0.5, 0.1), (0.1, 0.1), (0.1, 0.3), (0.5, 0.0), (0.1, -0.3), (0.1, -0.1), (-0.5, -0.1)]
    # Fan from the tip keeps every triangle inside the (non-convex) outline.
    fan = outline[3:] + outline[:3]
    m.add((11, 87, 208), prism(fan, -0.05, 0.05))
    return m.glb()


def mushroom_model():
    m = Mesh()
    m.add((240, 228, 200), cylinder(0.08, 0.0, 0.3, r_top=0.06))
    m.add((210, 30, 40), dome(0.3, 0.28, 0.22))
    return m.glb()


def trail_marker_model():
    m = Mesh()
    m.add((120, 80, 40), box(-0.03, 0.0, -0.03, 0.03, 1.2, 0.03))
    m.add((46, 160, 67), prism([(-0.02, 0.95), (0.35, 0.95), (0.45, 1.05), (0.35, 1.15), (-0.02, 1.15)], 0.03, 0.06))
    return m.glb()


def billboard_model():
    m = Mesh()
    m.add((90, 90, 90), box(-0.45, 0.0, -0.03, -0.38, 1.0, 0.03) + box(0.38, 0.0, -0.03, 0.45, 1.0, 0.03))
    m.add((60, 60, 60), box(-0.7, 0.9, -0.05, 0.7, 1.7, 0.0))
    m.add((255, 255, 255), box(-0.66, 0.94, 0.0, 0.66, 1.66, 0.01))
    return m.glb()


TEMPLATES = [
    # id, name, kind, takes text, preview, asset (kind, bytes-maker)
    ("sticky-note", "Sticky note", "text", True, sticky_note, None),
    ("speech-bubble", "Speech bubble", "text", True, speech_bubble, None),
    ("heart", "Heart", "image", False, heart, lambda: png(heart, 512)),
    ("star", "Star", "image", False, star, lambda: png(star, 512)),
    ("arrow", "Arrow", "model", False, arrow_icon, arrow_model),
    ("mushroom", "Mushroom", "model", False, mushroom_icon, mushroom_model),
    ("trail-marker", "Trail marker", "model", True, trail_icon, trail_marker_model),
    ("billboard", "Billboard", "model", True, billboard_icon, billboard_model),
]


def main():
    os.makedirs(OUT, exist_ok=True)
    manifest = []
    for n, (tid, name, kind, takes_text, preview, asset) in enumerate(TEMPLATES, 1):
        print(f"[{n}/{len(TEMPLATES)}] {tid}", file=sys.stderr)
        with open(os.path.join(OUT, f"{tid}.preview.png"), "wb") as f:
            f.write(png(preview))
        entry = {"id": tid, "name": name, "kind": kind, "takesText": takes_text, "preview": f"{tid}.preview.png"}
        if asset:
            ext = "glb" if kind == "model" else "png"
            with open(os.path.join(OUT, f"{tid}.{ext}"), "wb") as f:
                f.write(asset())
            entry["asset"] = f"{tid}.{ext}"
        manifest.append(entry)
    with open(os.path.join(OUT, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
