// Reading a QR code's modules: its format (level and mask, the nearest of the 32 valid codes),
// its codewords unmasked in laying order, each block mended by Reed–Solomon, then the segments
// (numeric, alphanumeric, bytes as UTF-8). Returns null for anything that does not read cleanly.
import { dataOrder, deinterleave, formatBits, formatPlaces, levels, masks, maxVersion } from "./code.js";

const levelNames = Object.keys(levels);

/** The level and mask the format bits say, from whichever copy is nearer a valid code (≤ 3 bits off). */
function readFormat(grid) {
  let best = null;
  for (const places of formatPlaces(grid.length)) {
    const read = places.reduce((bits, [r, c], i) => bits | (grid[r][c] << i), 0);
    for (const level of levelNames) for (let mask = 0; mask < 8; mask++) {
      let off = read ^ formatBits(level, mask), distance = 0;
      for (; off; off &= off - 1) distance++;
      if (!best || distance < best.distance) best = { level, mask, distance };
    }
  }
  return best.distance <= 3 ? best : null;
}

/** The text of a grid of modules (rows of 0/1, 1 dark), or null. */
export function decodeModules(grid) {
  const version = (grid.length - 17) / 4;
  if (!Number.isInteger(version) || version < 1 || version > maxVersion) return null;
  const format = readFormat(grid);
  if (!format) return null;
  const order = dataOrder(version), codewords = new Array(order.length >> 3).fill(0);
  order.forEach(([r, c], i) => {
    if (i >= codewords.length * 8) return;  // remainder bits
    const bit = grid[r][c] ^ (masks[format.mask](r, c) ? 1 : 0);
    codewords[i >> 3] |= bit << (7 - (i & 7));
  });
  const data = deinterleave(codewords, version, format.level);
  return data ? segments(data, version) : null;
}

const alphanumeric = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";

/** The segments' text, joined; null for a mode this reader does not know (kanji, structured append). */
function segments(data, version) {
  let at = 0;
  const total = data.length * 8;
  const take = (n) => {
    if (at + n > total) throw new RangeError("past the end");
    let v = 0;
    for (let i = 0; i < n; i++, at++) v = (v << 1) | ((data[at >> 3] >> (7 - (at & 7))) & 1);
    return v;
  };
  const size = version < 10 ? 0 : version < 27 ? 1 : 2;  // which of the three count widths
  let text = "";
  try {
    while (at + 4 <= total) {
      const mode = take(4);
      if (mode === 0) break;
      if (mode === 0b0111) {  // ECI: its designator is skipped; text is read as UTF-8
        const first = take(8);
        if ((first & 0xc0) === 0x80) take(8); else if ((first & 0xe0) === 0xc0) take(16);
      } else if (mode === 0b0001) {
        let n = take([10, 12, 14][size]);
        for (; n >= 3; n -= 3) text += String(take(10)).padStart(3, "0");
        if (n === 2) text += String(take(7)).padStart(2, "0"); else if (n === 1) text += String(take(4));
      } else if (mode === 0b0010) {
        let n = take([9, 11, 13][size]);
        const char = (i) => { if (i >= 45) throw new RangeError("not alphanumeric"); return alphanumeric[i]; };
        for (; n >= 2; n -= 2) { const v = take(11); text += char(Math.floor(v / 45)) + char(v % 45); }
        if (n === 1) text += char(take(6));
      } else if (mode === 0b0100) {
        const n = take(size ? 16 : 8), bytes = new Uint8Array(n);
        for (let i = 0; i < n; i++) bytes[i] = take(8);
        text += new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } else return null;
    }
  } catch { return null; }
  return text;
}
