// Drawing a QR code: text in byte mode (UTF-8) at the smallest version that holds it, level M
// (15 % of it may be lost: a scuffed sign still reads), with the mask that scores best.
import { alignmentCentres, blocks, dataOrder, formatBits, formatPlaces, interleave, masks, maxVersion, sizeOf, versionBits } from "./code.js";

/** The modules (rows of 0/1, 1 dark) of `text`'s QR code. Throws when it is too long. */
export function qrModules(text, level = "M") {
  const bytes = [...new TextEncoder().encode(text)];
  const version = [...Array(maxVersion).keys()].map((v) => v + 1)
    .find((v) => 4 + (v < 10 ? 8 : 16) + 8 * bytes.length <= 8 * capacity(v, level));
  if (!version) throw new RangeError(`${bytes.length} bytes do not fit in a version ${maxVersion} QR code`);
  const bits = [];
  const put = (value, n) => { for (let i = n - 1; i >= 0; i--) bits.push((value >> i) & 1); };
  put(0b0100, 4); put(bytes.length, version < 10 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  const room = 8 * capacity(version, level);
  put(0, Math.min(4, room - bits.length));  // the terminator
  while (bits.length % 8) bits.push(0);
  const data = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let pad = 0; data.length < room / 8; pad++) data.push(pad % 2 ? 0x11 : 0xec);
  const base = withPatterns(version), codewords = interleave(data, version, level), order = dataOrder(version);
  order.forEach(([r, c], i) => { base[r][c] = i < codewords.length * 8 ? (codewords[i >> 3] >> (7 - (i & 7))) & 1 : 0; });
  let best = null;
  for (let m = 0; m < 8; m++) {
    const grid = base.map((row) => row.slice());
    for (const [r, c] of order) if (masks[m](r, c)) grid[r][c] ^= 1;
    placeFormat(grid, level, m);
    const score = penalty(grid);
    if (!best || score < best.score) best = { grid, score };
  }
  return best.grid;
}

const capacity = (version, level) => blocks(version, level).blocks.reduce((a, b) => a + b, 0);

/** The grid with its fixed patterns drawn: finders, timing, alignment, the dark module, version information. */
function withPatterns(version) {
  const size = sizeOf(version), grid = Array.from({ length: size }, () => new Array(size).fill(0));
  const finder = (top, left) => {
    for (let r = -1; r <= 7; r++) for (let c = -1; c <= 7; c++) {
      const y = top + r, x = left + c;
      if (y < 0 || x < 0 || y >= size || x >= size) continue;
      const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
      grid[y][x] = ring === 2 || ring === 4 ? 0 : 1;
    }
  };
  finder(0, 0); finder(0, size - 7); finder(size - 7, 0);
  for (let i = 8; i < size - 8; i++) grid[6][i] = grid[i][6] = i % 2 === 0 ? 1 : 0;
  const centres = alignmentCentres(version);
  for (const r of centres) for (const c of centres) {
    if ((r <= 8 && c <= 8) || (r <= 8 && c >= size - 9) || (r >= size - 9 && c <= 8)) continue;
    for (let dr = -2; dr <= 2; dr++) for (let dc = -2; dc <= 2; dc++) grid[r + dr][c + dc] = Math.max(Math.abs(dr), Math.abs(dc)) === 1 ? 0 : 1;
  }
  grid[size - 8][8] = 1;
  if (version >= 7) {
    const bits = versionBits(version);
    for (let i = 0; i < 18; i++) {
      const bit = (bits >> i) & 1, a = size - 11 + (i % 3), b = Math.floor(i / 3);
      grid[b][a] = bit; grid[a][b] = bit;
    }
  }
  return grid;
}

function placeFormat(grid, level, mask) {
  const bits = formatBits(level, mask);
  for (const places of formatPlaces(grid.length)) places.forEach(([r, c], i) => { grid[r][c] = (bits >> i) & 1; });
}

/** The standard's four penalties: runs of five or more, 2×2 blocks, finder look-alikes, imbalance. */
function penalty(grid) {
  const size = grid.length;
  let score = 0, dark = 0;
  const lines = [...grid, ...grid[0].map((_, c) => grid.map((row) => row[c]))];
  for (const line of lines) {
    let run = 1;
    for (let i = 1; i <= size; i++) {
      if (i < size && line[i] === line[i - 1]) { run++; continue; }
      if (run >= 5) score += run - 2;
      run = 1;
    }
    const text = line.join("");
    for (const look of ["10111010000", "00001011101"]) for (let at = text.indexOf(look); at >= 0; at = text.indexOf(look, at + 1)) score += 40;
  }
  for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) {
    dark += grid[r][c];
    if (r < size - 1 && c < size - 1 && grid[r][c] === grid[r][c + 1] && grid[r][c] === grid[r + 1][c] && grid[r][c] === grid[r + 1][c + 1]) score += 3;
  }
  return score + 10 * Math.floor(Math.abs(dark * 20 - size * size * 10) / (size * size));
}

/** The code as an SVG element with a four-module quiet zone, dark on white. */
export function qrSVG(text, { label = text } = {}) {
  const grid = qrModules(text), size = grid.length + 8, ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  const background = document.createElementNS(ns, "rect");
  background.setAttribute("width", size); background.setAttribute("height", size); background.setAttribute("fill", "#fff");
  let d = "";
  grid.forEach((row, r) => row.forEach((v, c) => { if (v) d += `M${c + 4} ${r + 4}h1v1h-1z`; }));
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", d); path.setAttribute("fill", "#000");
  svg.append(background, path);
  return svg;
}
