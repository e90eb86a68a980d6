// What QR codes' encoder and reader share (ISO/IEC 18004): the block table, Reed–Solomon over
// GF(256), where the fixed patterns sit, the order codewords are laid in and the eight masks.
// Versions 1 to 40 (21 to 177 modules); the block table follows the standard's.

export const maxVersion = 40;
export const levels = { L: 1, M: 0, Q: 3, H: 2 };  // each level's two format bits

// Per level, by version (index 0 unused): EC codewords per block, and how many blocks.
const ecPerBlock = {
  L: [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  M: [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
  Q: [0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  H: [0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
};
const blockCount = {
  L: [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
  M: [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
  Q: [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
  H: [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
};

/** Codewords a version holds in all: its modules less the fixed patterns, in bytes. */
function rawCodewords(version) {
  let modules = (16 * version + 128) * version + 64;
  if (version >= 2) { const n = Math.floor(version / 7) + 2; modules -= (25 * n - 10) * n - 55; }
  if (version >= 7) modules -= 36;
  return Math.floor(modules / 8);
}

/** `{ ec, blocks }`: EC codewords per block and each block's data length (the short blocks first). */
export function blocks(version, level) {
  const ec = ecPerBlock[level][version], n = blockCount[level][version], raw = rawCodewords(version);
  const short = Math.floor(raw / n) - ec, longOnes = raw % n;
  return { ec, blocks: Array.from({ length: n }, (_, i) => short + (i >= n - longOnes ? 1 : 0)) };
}

export const sizeOf = (version) => 17 + 4 * version;

// GF(256) with the polynomial x⁸ + x⁴ + x³ + x² + 1, α = 2.
const exp = new Uint8Array(512), log = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++, x = (x << 1) ^ (x & 0x80 ? 0x11d : 0)) { exp[i] = x; log[x] = i; }
for (let i = 255; i < 512; i++) exp[i] = exp[i - 255];
const mul = (a, b) => (a && b ? exp[log[a] + log[b]] : 0);
const div = (a, b) => (a ? exp[log[a] + 255 - log[b]] : 0);

/** The EC codewords of `data`: the remainder of data·xⁿ by ∏(x − αⁱ), i < n. */
export function reedSolomon(data, n) {
  let g = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array(g.length + 1).fill(0);
    g.forEach((c, j) => { next[j] ^= c; next[j + 1] ^= mul(c, exp[i]); });
    g = next;
  }
  const rest = new Array(n).fill(0);
  for (const byte of data) {
    const factor = byte ^ rest.shift();
    rest.push(0);
    for (let j = 0; j < n; j++) rest[j] ^= mul(g[j + 1], factor);
  }
  return rest;
}

/** Corrects `codeword` (data then `n` EC bytes) in place: Berlekamp–Massey, Chien, Forney. Returns
 *  false when it holds more errors than the code can mend. */
export function correct(codeword, n) {
  const length = codeword.length;
  const syndromes = Array.from({ length: n }, (_, j) => codeword.reduce((s, c) => mul(s, exp[j]) ^ c, 0));
  if (syndromes.every((s) => s === 0)) return true;
  // The error locator Λ, lowest power first.
  let locator = [1], previous = [1], errors = 0, shift = 1, lastDiscrepancy = 1;
  for (let k = 0; k < n; k++) {
    let d = syndromes[k];
    for (let i = 1; i <= errors; i++) d ^= mul(locator[i] ?? 0, syndromes[k - i]);
    if (d === 0) { shift++; continue; }
    const scaled = new Array(Math.max(locator.length, previous.length + shift)).fill(0);
    locator.forEach((c, i) => { scaled[i] = c; });
    previous.forEach((c, i) => { scaled[i + shift] ^= mul(div(d, lastDiscrepancy), c); });
    if (2 * errors <= k) { previous = locator; errors = k + 1 - errors; lastDiscrepancy = d; shift = 1; } else shift++;
    locator = scaled;
  }
  if (2 * errors > n) return false;
  const evaluate = (p, x) => p.reduceRight((s, c) => mul(s, x) ^ c, 0);
  // Ω = S·Λ mod xⁿ, and Λ′ (only odd powers survive in characteristic 2).
  const omega = new Array(n).fill(0);
  syndromes.forEach((s, i) => locator.forEach((c, j) => { if (i + j < n) omega[i + j] ^= mul(s, c); }));
  const derivative = locator.map((c, i) => (i % 2 ? c : 0)).slice(1);
  let found = 0;
  for (let p = 0; p < length; p++) {  // p: the power of x at the position
    const inverse = exp[(255 - p) % 255];
    if (evaluate(locator, inverse) !== 0) continue;
    const denominator = evaluate(derivative, inverse);
    if (denominator === 0) return false;
    codeword[length - 1 - p] ^= mul(exp[p], div(evaluate(omega, inverse), denominator));
    found++;
  }
  return found === errors;
}

/** Where the alignment patterns' centres sit along each axis. */
export function alignmentCentres(version) {
  if (version === 1) return [];
  const size = sizeOf(version), count = Math.floor(version / 7) + 2;
  const step = version === 32 ? 26 : Math.ceil((size - 13) / (2 * count - 2)) * 2;  // 32: the standard's exception
  const centres = [6];
  for (let at = size - 7; centres.length < count; at -= step) centres.splice(1, 0, at);
  return centres;
}

/** Which modules are fixed patterns (finders, timing, alignment, format and version information). */
export function functionModules(version) {
  const size = sizeOf(version), fixed = Array.from({ length: size }, () => new Uint8Array(size));
  const mark = (row, col, h, w) => { for (let r = row; r < row + h; r++) for (let c = col; c < col + w; c++) if (r >= 0 && c >= 0 && r < size && c < size) fixed[r][c] = 1; };
  mark(0, 0, 9, 9); mark(0, size - 8, 9, 8); mark(size - 8, 0, 8, 9);  // finders, separators, format information
  mark(6, 0, 1, size); mark(0, 6, size, 1);  // timing
  const centres = alignmentCentres(version);
  for (const r of centres) for (const c of centres) {
    if ((r === 6 && c === 6) || (r === 6 && c === size - 7) || (r === size - 7 && c === 6)) continue;
    mark(r - 2, c - 2, 5, 5);
  }
  if (version >= 7) { mark(0, size - 11, 6, 3); mark(size - 11, 0, 3, 6); }
  return fixed;
}

/** The data modules in the order codewords fill them: up and down two-column strips from the right. */
export function dataOrder(version) {
  const size = sizeOf(version), fixed = functionModules(version), order = [];
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;  // the vertical timing pattern
    const upward = ((right + 1) & 2) === 0;
    for (let v = 0; v < size; v++) {
      const row = upward ? size - 1 - v : v;
      for (const col of [right, right - 1]) if (!fixed[row][col]) order.push([row, col]);
    }
  }
  return order;
}

export const masks = [
  (r, c) => (r + c) % 2 === 0, (r) => r % 2 === 0, (r, c) => c % 3 === 0, (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0, (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0, (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
];

/** The 15 format bits (level and mask, BCH-protected, XOR 0x5412), lowest first. */
export function formatBits(level, mask) {
  const data = (levels[level] << 3) | mask;
  let rest = data;
  for (let i = 0; i < 10; i++) rest = (rest << 1) ^ ((rest >> 9) * 0x537);
  return ((data << 10) | rest) ^ 0x5412;
}

/** Where the format bits go, bit i at both places[0][i] and places[1][i] ([row, col]). */
export function formatPlaces(size) {
  const first = [], second = [];
  for (let i = 0; i < 15; i++) {
    first.push(i < 6 ? [i, 8] : i === 6 ? [7, 8] : i === 7 ? [8, 8] : i === 8 ? [8, 7] : [8, 14 - i]);
    second.push(i < 8 ? [8, size - 1 - i] : [size - 15 + i, 8]);
  }
  return [first, second];
}

/** The 18 version bits (versions 7 and up), lowest first. */
export function versionBits(version) {
  let rest = version;
  for (let i = 0; i < 12; i++) rest = (rest << 1) ^ ((rest >> 11) * 0x1f25);
  return (version << 12) | rest;
}

/** Splits codewords read in order into their blocks' data (the blocks interleaved, data then EC),
 *  correcting each; null when a block cannot be mended. */
export function deinterleave(codewords, version, level) {
  const { ec, blocks: lengths } = blocks(version, level);
  const longest = Math.max(...lengths), parts = lengths.map(() => []);
  let at = 0;
  for (let i = 0; i < longest; i++) lengths.forEach((n, b) => { if (i < n) parts[b].push(codewords[at++]); });
  for (let i = 0; i < ec; i++) parts.forEach((p) => p.push(codewords[at++]));
  const data = [];
  for (const [b, part] of parts.entries()) {
    if (!correct(part, ec)) return null;
    data.push(...part.slice(0, lengths[b]));
  }
  return data;
}

/** The data codewords with their EC codewords, interleaved as they are laid down. */
export function interleave(data, version, level) {
  const { ec, blocks: lengths } = blocks(version, level);
  const parts = [];
  let at = 0;
  for (const n of lengths) { parts.push(data.slice(at, at + n)); at += n; }
  const out = [];
  for (let i = 0; i < Math.max(...lengths); i++) for (const p of parts) if (i < p.length) out.push(p[i]);
  const checks = parts.map((p) => reedSolomon(p, ec));
  for (let i = 0; i < ec; i++) for (const c of checks) out.push(c[i]);
  return out;
}
