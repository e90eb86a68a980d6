// The projective map that takes a w×h rectangle to four corners, as a CSS matrix3d: what makes a
// video lie on a picture seen in perspective.

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

/** H (row-major 3×3) with H·(0,0), (w,0), (w,h), (0,h) = the corners (top-left first, clockwise). */
export function rectangleToQuad(w, h, corners) {
  const from = [[0, 0], [w, 0], [w, h], [0, h]], A = [], b = [];
  from.forEach(([x, y], i) => {
    const { x: u, y: v } = corners[i];
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y]); b.push(u);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y]); b.push(v);
  });
  return [...solve(A, b), 1];
}

/** CSS `matrix3d(…)` (column-major) for a row-major homography acting on an element's x, y. */
export function matrix3d(H) {
  const [a, b, c, d, e, f, g, hh, i] = H;
  return `matrix3d(${[a, d, 0, g, b, e, 0, hh, 0, 0, 1, 0, c, f, 0, i].join(",")})`;
}
