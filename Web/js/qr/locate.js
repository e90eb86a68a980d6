// Finding a QR code in a camera picture: the picture made black and white against its
// neighbourhood's mean, the three finder patterns (dark-light-dark-light-dark runs of 1:1:3:1:1
// across and down), the alignment pattern near the fourth corner, and the modules sampled through
// the perspective those four points agree on (../homography.js).
import { apply, homographyFrom } from "../homography.js";
import { decodeModules } from "./decode.js";
import { maxVersion } from "./code.js";

/** The text of a QR code in `image` ({width, height, data}: RGBA, as a canvas gives), or null. */
export function readQR(image) {
  const bits = binarize(image);
  const finders = findFinders(bits);
  for (const [tl, tr, bl] of triples(finders)) {
    for (const size of sizes(tl, tr, bl)) {
      const text = sample(bits, tl, tr, bl, size);
      if (text !== null) return text;
    }
  }
  return null;
}

/** 1 for dark: darker than 90 % of the mean over a window about a tenth of the picture wide. */
function binarize({ width, height, data }) {
  const sums = new Float64Array((width + 1) * (height + 1));
  const grey = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      const i = 4 * (y * width + x), v = 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
      grey[y * width + x] = v;
      row += v;
      sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1] + row;
    }
  }
  const r = Math.max(8, Math.floor(Math.min(width, height) / 10)), dark = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r), y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r), x1 = Math.min(width, x + r + 1);
      const sum = sums[y1 * (width + 1) + x1] - sums[y0 * (width + 1) + x1] - sums[y1 * (width + 1) + x0] + sums[y0 * (width + 1) + x0];
      dark[y * width + x] = grey[y * width + x] * (x1 - x0) * (y1 - y0) < 0.9 * sum ? 1 : 0;
    }
  }
  const inside = (x, y) => x >= 0 && y >= 0 && x < width && y < height;
  return { width, height, inside, at: (x, y) => (inside(x, y) ? dark[Math.floor(y) * width + Math.floor(x)] : 0) };
}

/** Whether five runs are 1:1:3:1:1, each within half a module. */
function finderRatio(runs) {
  const total = runs.reduce((a, b) => a + b, 0);
  if (total < 7) return false;
  const m = total / 7, slack = m / 2;
  return runs.every((n, i) => Math.abs(n - (i === 2 ? 3 : 1) * m) < (i === 2 ? 3 : 1) * slack);
}

/** The five runs through (x, y) along (dx, dy) (the two before its own, its own, the two after) and
 *  where its own run's middle is; null when (x, y) is light or a run is missing or too long. */
function runsThrough(bits, x, y, dx, dy, limit) {
  if (!bits.at(x, y)) return null;
  const runs = [0, 0, 1, 0, 0], reach = [0, 0];
  for (const [side, sign, slots] of [[0, -1, [2, 1, 0]], [1, 1, [2, 3, 4]]]) {
    let s = 1;
    for (const slot of slots) {
      const colour = slot % 2 === 0 ? 1 : 0;
      while (s <= limit && bits.inside(x + sign * s * dx, y + sign * s * dy) && bits.at(x + sign * s * dx, y + sign * s * dy) === colour) { runs[slot]++; s++; }
      if (slot === 2) reach[side] = s - 1;
      else if (runs[slot] === 0 || s > limit) return null;
    }
  }
  return { runs, middle: (reach[1] - reach[0]) / 2 };
}

/** Where a cross-check along (dx, dy) puts the centre, or null when the runs are not a finder's. */
function crossCheck(bits, x, y, dx, dy, limit) {
  const through = runsThrough(bits, x, y, dx, dy, limit);
  if (!through || !finderRatio(through.runs)) return null;
  return { x: x + through.middle * dx, y: y + through.middle * dy, module: through.runs.reduce((a, b) => a + b, 0) / 7 };
}

/** The finder patterns' centres, each with its module size and how many scan lines saw it. */
function findFinders(bits) {
  const found = [];
  const step = bits.height > 600 ? 2 : 1;
  for (let y = 0; y < bits.height; y += step) {
    const runs = [];
    let colour = bits.at(0, y), length = 0;
    for (let x = 0; x <= bits.width; x++) {
      const v = x < bits.width ? bits.at(x, y) : 1 - colour;
      if (v === colour) { length++; continue; }
      runs.push({ colour, length, end: x });
      colour = v; length = 1;
      if (runs.length >= 5 && colour === 0) {
        const last = runs.slice(-5);
        if (last[0].colour === 1 && finderRatio(last.map((r) => r.length))) consider(bits, found, last[2].end - last[2].length / 2, y, last);
      }
    }
  }
  return found.filter((f) => f.count >= 2).sort((a, b) => b.count - a.count);
}

function consider(bits, found, cx, y, runs) {
  const span = 2 * runs.reduce((a, r) => a + r.length, 0);
  const down = crossCheck(bits, Math.floor(cx), y, 0, 1, span);
  if (!down) return;
  const across = crossCheck(bits, Math.floor(cx), Math.floor(down.y), 1, 0, span);
  if (!across) return;
  const centre = { x: across.x + 0.5, y: down.y + 0.5, module: (across.module + down.module) / 2 };
  const same = found.find((f) => Math.hypot(f.x - centre.x, f.y - centre.y) < 2 * f.module && Math.abs(f.module - centre.module) < f.module);
  if (!same) return void found.push({ ...centre, count: 1 });
  const n = same.count;
  Object.assign(same, { x: (same.x * n + centre.x) / (n + 1), y: (same.y * n + centre.y) / (n + 1), module: (same.module * n + centre.module) / (n + 1), count: n + 1 });
}

/** Triples of finders that could be one code's, ordered top-left, top-right, bottom-left (the
 *  corner between the two shortest sides first; then clockwise in the picture), likeliest first. */
function* triples(finders) {
  const some = finders.slice(0, 8), scored = [];
  for (let i = 0; i < some.length; i++) for (let j = i + 1; j < some.length; j++) for (let k = j + 1; k < some.length; k++) {
    const three = [some[i], some[j], some[k]];
    const modules = three.map((f) => f.module);
    if (Math.max(...modules) > 2 * Math.min(...modules)) continue;
    const d = (a, b) => Math.hypot(a.x - b.x, a.y - b.y);
    const sides = [[0, d(three[1], three[2])], [1, d(three[0], three[2])], [2, d(three[0], three[1])]].sort((a, b) => b[1] - a[1]);
    const corner = three[sides[0][0]], [a, b] = three.filter((f) => f !== corner);
    const cross = (a.x - corner.x) * (b.y - corner.y) - (a.y - corner.y) * (b.x - corner.x);
    const [tr, bl] = cross > 0 ? [a, b] : [b, a];
    const legs = [d(corner, tr), d(corner, bl)], hypotenuse = sides[0][1];
    // A right angle seen from the side: the legs alike within 2×, the long side near √2 legs.
    const squareness = Math.abs(hypotenuse / Math.hypot(...legs) - 1) + Math.abs(Math.log(legs[0] / legs[1]));
    if (squareness > 1) continue;
    scored.push({ three: [corner, tr, bl], score: squareness - 0.01 * (some[i].count + some[j].count + some[k].count) });
  }
  for (const s of scored.sort((a, b) => a.score - b.score)) yield s.three;
}

/** The code's possible sizes in modules, likeliest first: from the finders' distance over their
 *  module size. A run across a finder turned by θ is 1/max(|cos θ|, |sin θ|) times its width. */
function sizes(tl, tr, bl) {
  const theta = Math.atan2(tr.y - tl.y, tr.x - tl.x);
  const module = (tl.module * 2 + tr.module + bl.module) / 4 * Math.max(Math.abs(Math.cos(theta)), Math.abs(Math.sin(theta)));
  const across = (Math.hypot(tr.x - tl.x, tr.y - tl.y) + Math.hypot(bl.x - tl.x, bl.y - tl.y)) / (2 * module) + 7;
  const estimate = (across - 17) / 4;
  return [...Array(maxVersion).keys()].map((v) => v + 1).sort((a, b) => Math.abs(a - estimate) - Math.abs(b - estimate)).map((v) => 17 + 4 * v);
}

/** The modules through the perspective of the finders (and the alignment pattern, when found). */
function sample(bits, tl, tr, bl, size) {
  const from = [{ x: 3.5, y: 3.5 }, { x: size - 3.5, y: 3.5 }, { x: 3.5, y: size - 3.5 }];
  const to = [tl, tr, bl];
  const guess = { x: tr.x + bl.x - tl.x, y: tr.y + bl.y - tl.y };
  let H = homographyFrom([...from, { x: size - 3.5, y: size - 3.5 }], [...to, guess]);
  if (size > 21) {
    const near = apply(H, { x: size - 6.5, y: size - 6.5 });
    const across = size - 7, ex = { x: (tr.x - tl.x) / across, y: (tr.y - tl.y) / across }, ey = { x: (bl.x - tl.x) / across, y: (bl.y - tl.y) / across };
    const found = alignmentNear(bits, near, ex, ey);
    if (found) H = homographyFrom([...from, { x: size - 6.5, y: size - 6.5 }], [...to, found]);
  }
  if (!H) return null;
  const grid = Array.from({ length: size }, (_, r) => Array.from({ length: size }, (_, c) => {
    const p = apply(H, { x: c + 0.5, y: r + 0.5 });
    return bits.at(p.x, p.y);
  }));
  return decodeModules(grid);
}

/** The alignment pattern's centre nearest `near`: a dark module ringed by light, then by dark,
 *  looked at along the code's own axes (`ex`, `ey`: a module's step across and down, in pixels),
 *  within four modules; null when none is seen. */
function alignmentNear(bits, near, ex, ey) {
  const module = Math.hypot(ex.x, ex.y), reach = Math.ceil(4 * module);
  const ring = (n) => {
    const points = [];
    for (let i = -n; i <= n; i++) for (let j = -n; j <= n; j++) if (Math.max(Math.abs(i), Math.abs(j)) === n) points.push([i, j]);
    return points;
  };
  const inner = ring(1), outer = ring(2);
  let best = null;
  for (let y = Math.floor(near.y - reach); y <= near.y + reach; y++) {
    for (let x = Math.floor(near.x - reach); x <= near.x + reach; x++) {
      if (!bits.at(x, y)) continue;
      const at = ([i, j]) => bits.at(x + i * ex.x + j * ey.x, y + i * ex.y + j * ey.y);
      if (inner.some((p) => at(p)) || outer.filter((p) => !at(p)).length > 2) continue;
      const distance = Math.hypot(x - near.x, y - near.y);
      if (!best || distance < best.distance) best = { x: x + 0.5, y: y + 0.5, distance };
    }
  }
  return best;
}
