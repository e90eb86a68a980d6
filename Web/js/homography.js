// Projective maps of the plane (row-major 3×3, h33 = 1): the one a set of point pairs agrees on,
// and the one that takes a w×h rectangle to four corners, as a CSS matrix3d (what makes a video lie
// on a picture seen in perspective).

/** Solves A·x = b (n×n) by Gaussian elimination with partial pivoting. */
function solve(A, b) {
  const n = b.length, M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r;
    [M[c], M[p]] = [M[p], M[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = M[r][c] / M[c][c];
      for (let k = c; k <= n; k++) M[r][k] -= f * M[c][k];
    }
  }
  return M.map((row, i) => row[n] / row[i]);
}

export const identity = [1, 0, 0, 0, 1, 0, 0, 0, 1];

export function multiply(A, B) {
  const C = new Array(9);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) C[3 * r + c] = A[3 * r] * B[c] + A[3 * r + 1] * B[3 + c] + A[3 * r + 2] * B[6 + c];
  return C;
}

/** H·p for a point {x, y}. */
export function apply(H, p) {
  const w = H[6] * p.x + H[7] * p.y + H[8];
  return { x: (H[0] * p.x + H[1] * p.y + H[2]) / w, y: (H[3] * p.x + H[4] * p.y + H[5]) / w };
}

/** Moves the points' centroid to 0 and their mean distance from it to √2, so that the equations
 *  below are well conditioned whatever the pixel coordinates (Hartley's normalization). */
function normalizer(points) {
  let cx = 0, cy = 0, d = 0;
  for (const p of points) { cx += p.x; cy += p.y; }
  cx /= points.length; cy /= points.length;
  for (const p of points) d += Math.hypot(p.x - cx, p.y - cy);
  const s = d > 0 ? Math.SQRT2 * points.length / d : 1;
  return { s, cx, cy, matrix: [s, 0, -s * cx, 0, s, -s * cy, 0, 0, 1], inverse: [1 / s, 0, cx, 0, 1 / s, cy, 0, 0, 1] };
}

/** The homography taking each of `from` to the `to` at the same index (least squares for more
 *  than 4 pairs), or null when the points do not determine one (fewer than 4, or in a line). */
export function homographyFrom(from, to) {
  if (from.length < 4) return null;
  const nf = normalizer(from), nt = normalizer(to);
  const AtA = Array.from({ length: 8 }, () => new Array(8).fill(0)), Atb = new Array(8).fill(0);
  const add = (row, value) => {
    for (let i = 0; i < 8; i++) {
      if (row[i] === 0) continue;
      for (let j = 0; j < 8; j++) AtA[i][j] += row[i] * row[j];
      Atb[i] += row[i] * value;
    }
  };
  for (let i = 0; i < from.length; i++) {
    const x = nf.s * (from[i].x - nf.cx), y = nf.s * (from[i].y - nf.cy);
    const u = nt.s * (to[i].x - nt.cx), v = nt.s * (to[i].y - nt.cy);
    add([x, y, 1, 0, 0, 0, -u * x, -u * y], u);
    add([0, 0, 0, x, y, 1, -v * x, -v * y], v);
  }
  const h = solve(AtA, Atb);
  if (!h.every(Number.isFinite)) return null;
  const H = multiply(multiply(nt.inverse, [...h, 1]), nf.matrix);
  return Number.isFinite(1 / H[8]) && H[8] !== 0 ? H.map((v) => v / H[8]) : null;
}

/** H with H·(0,0), (w,0), (w,h), (0,h) = the corners (top-left first, clockwise). */
export function rectangleToQuad(w, h, corners) {
  return homographyFrom([{ x: 0, y: 0 }, { x: w, y: 0 }, { x: w, y: h }, { x: 0, y: h }], corners);
}

/** CSS `matrix3d(…)` (column-major) for a row-major homography acting on an element's x, y. */
export function matrix3d(H) {
  const [a, b, c, d, e, f, g, hh, i] = H;
  return `matrix3d(${[a, d, 0, g, b, e, 0, hh, 0, 0, 1, 0, c, f, 0, i].join(",")})`;
}
