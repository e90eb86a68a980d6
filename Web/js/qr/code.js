// What QR codes' encoder and reader share (ISO/IEC 18004): the block table, Reed–Solomon over
// GF(256), where the fixed patterns sit, the order codewords are laid in and the eight masks.
// Versions 1 to 10 (21 to 57 modules): enough for a link to a tour's stop, small enough to print
// on a sign and read from a couple of metres.

export const maxVersion = 10;
export const levels = { L: 1, M: 0, Q: 3, H: 2 };  // each level's two format bits

// Per version: for each level (L, M, Q, H), EC codewords per block and the blocks' data lengths.
const blockTable = [
  null,
  { L: [7, [19]], M: [10, [16]], Q: [13, [13]], H: [17, [9]] },
  { L: [10, [34]], M: [16, [28]], Q: [22, [22]], H: [28, [16]] },
  { L: [15, [55]], M: [26, [44]], Q: [18, [17, 17]], H: [22, [13, 13]] },
  { L: [20, [80]], M: [18, [32, 32]], Q: [26, [24, 24]], H: [16, [9, 9, 9, 9]] },
  { L: [26, [108]], M: [24, [43, 43]], Q: [18, [15, 15, 16, 16]], H: [22, [11, 11, 12, 12]] },
  { L: [18, [68, 68]], M: [16, [27, 27, 27, 27]], Q: [24, [19, 19, 19, 19]], H: [28, [15, 15, 15, 15]] },
  { L: [20, [78, 78]], M: [18, [31, 31, 31, 31]], Q: [18, [14, 14, 15, 15, 15, 15]], H: [26, [13, 13, 13, 13, 14]] },
  { L: [24, [97, 97]], M: [22, [38, 38, 39, 39]], Q: [22, [18, 18, 18, 18, 19, 19]], H: [26, [14, 14, 14, 14, 15, 15]] },
  { L: [30, [116, 116]], M: [22, [36, 36, 36, 37, 37]], Q: [20, [16, 16, 16, 16, 17, 17, 17, 17]], H: [24, [12, 12, 12, 12, 13, 13, 13, 13]] },
  { L: [18, [68, 68, 69, 69]], M: [26, [43, 43, 43, 43, 44]], Q: [24, [19, 19, 19, 19, 19, 19, 20, 20]], H: [28, [15, 15, 15, 15, 15, 15, 16, 16]] },
];

/** `{ ec, blocks }`: EC codewords per block and each block's data length. */
export function blocks(version, level) {
  const [ec, data] = blockTable[version][level];
  return { ec, blocks: data };
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
  const step = Math.ceil((size - 13) / (2 * count - 2)) * 2;
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
