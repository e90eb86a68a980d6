// Keeps a book's page under its video between the recognizer's answers (./views/book.js). On a small
// grey copy of each camera frame, corners with strong texture are followed into the next frame by
// pyramidal Lucas–Kanade optical flow (each checked by following it back), and the page's motion
// from frame to frame is the homography most of them agree on (RANSAC, then least squares on those
// that agree). An answer describes a frame sent some frames ago: it is carried forward by the motion
// since then, so it corrects the drift without pulling the video back to where the page was.
import { apply, homographyFrom, identity, multiply } from "./homography.js";

export const trackWidth = 320, trackHeight = 240;
const levels = 4;            // a pyramid 320, 160, 80 and 40 pixels wide: follows ~40 px per frame (80 at 640)
const radius = 5;            // an 11×11 window around each corner
const iterations = 10;
const wanted = 120, topUpBelow = 60, spacing = 12;  // corners kept, and how far apart they are picked
const minimumAgreeing = 12;  // fewer corners moving together than this and the page is lost
const agreePixels = 1.2;     // a corner agrees with a motion when it lands this close to where it says
const returnPixels = 0.6;    // how close a corner followed forth and back must come home
const farPixels = 10;        // (tracking pixels) an answer this far from the followed corners is doubted once
const missesToHide = 2;      // answers in a row that find nothing before the video goes

/** The grey level (0…255) of each pixel of an RGBA image (a canvas's ImageData.data). */
export function grey(rgba, width, height) {
  const out = new Float32Array(width * height);
  for (let i = 0, j = 0; i < out.length; i++, j += 4) out[i] = 0.299 * rgba[j] + 0.587 * rgba[j + 1] + 0.114 * rgba[j + 2];
  return out;
}

/** The image at three sizes, each half the one before, with its gradients (Scharr). */
function pyramid(pixels) {
  const out = [];
  let p = pixels, w = trackWidth, h = trackHeight;
  for (let l = 0; l < levels; l++) {
    if (l > 0) {
      const half = new Float32Array((w >> 1) * (h >> 1));
      for (let y = 0; y < h >> 1; y++) {
        for (let x = 0; x < w >> 1; x++) {
          const i = 2 * y * w + 2 * x;
          half[y * (w >> 1) + x] = (p[i] + p[i + 1] + p[i + w] + p[i + w + 1]) / 4;
        }
      }
      p = half; w >>= 1; h >>= 1;
    }
    const gx = new Float32Array(w * h), gy = new Float32Array(w * h);
    for (let y = 1; y < h - 1; y++) {
      for (let x = 1; x < w - 1; x++) {
        const i = y * w + x;
        gx[i] = (3 * (p[i - w + 1] - p[i - w - 1] + p[i + w + 1] - p[i + w - 1]) + 10 * (p[i + 1] - p[i - 1])) / 32;
        gy[i] = (3 * (p[i + w - 1] - p[i - w - 1] + p[i + w + 1] - p[i - w + 1]) + 10 * (p[i + w] - p[i - w])) / 32;
      }
    }
    out.push({ p, gx, gy, w, h });
  }
  return out;
}

/** The value at (x, y) between pixels (bilinear), for x, y inside the image. */
function sample(img, w, x, y) {
  const x0 = Math.floor(x), y0 = Math.floor(y), fx = x - x0, fy = y - y0, i = y0 * w + x0;
  return (1 - fy) * ((1 - fx) * img[i] + fx * img[i + 1]) + fy * ((1 - fx) * img[i + w] + fx * img[i + w + 1]);
}

const patch = new Float32Array((2 * radius + 1) ** 2 * 3);  // reused: one window at a time

/** Whether a window around (x, y) lies inside the image. */
function within(x, y, img) {
  return x >= radius + 1 && y >= radius + 1 && x < img.w - radius - 2 && y < img.h - radius - 2;
}

/** Where the point (x, y) of image A is in image B, or null when it cannot be told (no texture, or
 *  it left the frame). `guess` is where it is likely to be. */
function follow(A, B, x, y, guess) {
  let dx = (guess.x - x) / (1 << (levels - 1)), dy = (guess.y - y) / (1 << (levels - 1));
  for (let l = levels - 1; l >= 0; l--) {
    const a = A[l], b = B[l], px = x / (1 << l), py = y / (1 << l);
    if (!within(px, py, a)) {
      if (l === 0) return null;
      dx *= 2; dy *= 2;
      continue;
    }
    // The window's grey levels and gradients in A stay fixed while B's window moves.
    let gxx = 0, gxy = 0, gyy = 0, k = 0;
    for (let j = -radius; j <= radius; j++) {
      for (let i = -radius; i <= radius; i++, k += 3) {
        const gx = sample(a.gx, a.w, px + i, py + j), gy = sample(a.gy, a.w, px + i, py + j);
        patch[k] = sample(a.p, a.w, px + i, py + j); patch[k + 1] = gx; patch[k + 2] = gy;
        gxx += gx * gx; gxy += gx * gy; gyy += gy * gy;
      }
    }
    const det = gxx * gyy - gxy * gxy, n = (2 * radius + 1) ** 2;
    const smallest = (gxx + gyy) / 2 - Math.sqrt(((gxx - gyy) / 2) ** 2 + gxy * gxy);
    if (smallest / n < 0.5 || det <= 0) return null;  // a flat or one-way window: nothing to hold on to
    for (let it = 0; it < iterations; it++) {
      if (!within(px + dx, py + dy, b)) return null;
      let bx = 0, by = 0;
      k = 0;
      for (let j = -radius; j <= radius; j++) {
        for (let i = -radius; i <= radius; i++, k += 3) {
          const diff = patch[k] - sample(b.p, b.w, px + dx + i, py + dy + j);
          bx += diff * patch[k + 1]; by += diff * patch[k + 2];
        }
      }
      const ux = (gyy * bx - gxy * by) / det, uy = (gxx * by - gxy * bx) / det;
      dx += ux; dy += uy;
      if (ux * ux + uy * uy < 1e-4) break;
    }
    if (l > 0) { dx *= 2; dy *= 2; }
  }
  return { x: x + dx, y: y + dy };
}

/** Whether p lies inside the quadrilateral (convex, either winding), shrunk by 10 % towards its
 *  middle: corners on the page's edge see the table too. */
function inside(quad, p) {
  const cx = quad.reduce((s, c) => s + c.x, 0) / 4, cy = quad.reduce((s, c) => s + c.y, 0) / 4;
  const q = quad.map((c) => ({ x: cx + 0.9 * (c.x - cx), y: cy + 0.9 * (c.y - cy) }));
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i], b = q[(i + 1) % 4], cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross); else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

function convex(quad) {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = quad[i], b = quad[(i + 1) % 4], c = quad[(i + 2) % 4];
    const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (!Number.isFinite(cross) || cross === 0) return false;
    if (sign === 0) sign = Math.sign(cross); else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/** Up to `count` new corners (Shi–Tomasi: the smaller eigenvalue of the gradients' 5×5 structure
 *  tensor), at most one per `spacing`-pixel cell, away from the ones kept, inside `quad` if given. */
function corners(level, quad, kept, count) {
  const { gx, gy, w, h } = level, W = w + 1;
  const sxx = new Float64Array(W * (h + 1)), sxy = new Float64Array(W * (h + 1)), syy = new Float64Array(W * (h + 1));
  for (let y = 0; y < h; y++) {
    let rxx = 0, rxy = 0, ryy = 0;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      rxx += gx[i] * gx[i]; rxy += gx[i] * gy[i]; ryy += gy[i] * gy[i];
      const o = (y + 1) * W + x + 1;
      sxx[o] = sxx[o - W] + rxx; sxy[o] = sxy[o - W] + rxy; syy[o] = syy[o - W] + ryy;
    }
  }
  const box = (s, x, y) => s[(y + 3) * W + x + 3] - s[(y - 2) * W + x + 3] - s[(y + 3) * W + x - 2] + s[(y - 2) * W + x - 2];
  const taken = new Set(kept.map((p) => `${Math.floor(p.x / spacing)},${Math.floor(p.y / spacing)}`));
  const found = [];
  const margin = radius + 3;
  for (let cy = 0; cy * spacing < h; cy++) {
    for (let cx = 0; cx * spacing < w; cx++) {
      if (taken.has(`${cx},${cy}`)) continue;
      let best = null;
      for (let y = Math.max(margin, cy * spacing); y < Math.min(h - margin, (cy + 1) * spacing); y++) {
        for (let x = Math.max(margin, cx * spacing); x < Math.min(w - margin, (cx + 1) * spacing); x++) {
          const a = box(sxx, x, y), b = box(sxy, x, y), c = box(syy, x, y);
          const score = (a + c) / 2 - Math.sqrt(((a - c) / 2) ** 2 + b * b);
          if (!best || score > best.score) best = { x, y, score };
        }
      }
      if (best && (!quad || inside(quad, best))) found.push(best);
    }
  }
  if (found.length === 0) return [];
  const strongest = Math.max(...found.map((p) => p.score));
  return found.filter((p) => p.score > 0.05 * strongest && p.score > 25 * 50).sort((a, b) => b.score - a.score).slice(0, count)
    .map(({ x, y }) => ({ x, y }));
}

/** A small fixed-seed generator: the same frames give the same answer. */
function random(seed) {
  let s = seed >>> 0;
  return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 4294967296; };
}

/** The motion most of the pairs agree on, and which pairs agree, or null. */
function agreeingMotion(from, to) {
  const n = from.length, next = random(n);
  let best = null;
  const agreeing = (H) => {
    const ok = [];
    for (let i = 0; i < n; i++) {
      const p = apply(H, from[i]);
      if ((p.x - to[i].x) ** 2 + (p.y - to[i].y) ** 2 < agreePixels ** 2) ok.push(i);
    }
    return ok;
  };
  for (let round = 0; round < 80; round++) {
    const pick = new Set();
    while (pick.size < 4) pick.add(Math.floor(next() * n));
    const idx = [...pick], H = homographyFrom(idx.map((i) => from[i]), idx.map((i) => to[i]));
    if (!H) continue;
    const ok = agreeing(H);
    if (!best || ok.length > best.length) best = ok;
    if (best.length > 0.9 * n) break;
  }
  if (!best || best.length < minimumAgreeing) return null;
  const H = homographyFrom(best.map((i) => from[i]), best.map((i) => to[i]));
  if (!H) return null;
  const ok = agreeing(H);
  return ok.length >= minimumAgreeing ? { H, agreeing: ok } : null;
}

function meanCornerDistance(a, b) {
  return a.reduce((s, c, i) => s + Math.hypot(c.x - b[i].x, c.y - b[i].y), 0) / a.length;
}

/** Where the page is in each new frame, from the answers and the motion between them. Corners in and
 *  out are in frame pixels (`scale` frame pixels per tracking pixel). */
export class PageFollower {
  constructor(scale = 2, answerWeight = 0.3) {
    this.answerWeight = answerWeight;
    this.scale = scale;
    this.offset = (scale - 1) / 2;  // a tracking pixel's middle is between frame pixels: 0 ↔ 0.5 at half size
    this.quad = null;        // the page's corners in the newest frame (tracking pixels)
    this.previous = null;    // the newest frame's pyramid
    this.points = [];        // corners followed, in the newest frame
    this.sinceSent = null;   // the motion from the frame last sent to the newest, when known
    this.atSent = null;      // where the page was thought to be in the frame last sent
    this.lastAnswer = null;  // the last answer's corners, in the frame they were found in
    this.misses = 0;
    this.stale = false;      // the corners are where the page was when the follower lost it
    this.doubting = false;   // the last answer was far from the followed corners and not believed
    this.motion = identity;  // the motion from the frame before to the newest
    // For the browser tests and the benchmark: how far the followed corners (and a video held
    // still at the last answer) were from each answer, in frame pixels.
    this.stats = { frames: 0, answers: 0, lost: 0, followed: [], held: [] };
  }

  /** The next frame (grey, trackWidth × trackHeight): the page's corners in it, or null. */
  frame(pixels) {
    const next = pyramid(pixels);
    if (this.previous) {
      const from = [], to = [];
      for (const p of this.points) {
        // A hand moves smoothly: each corner is first looked for where the last motion would take it.
        const q = follow(this.previous, next, p.x, p.y, apply(this.motion, p));
        if (!q) continue;
        const back = follow(next, this.previous, q.x, q.y, p);
        if (back && (back.x - p.x) ** 2 + (back.y - p.y) ** 2 < returnPixels ** 2) { from.push(p); to.push(q); }
      }
      const motion = from.length >= minimumAgreeing ? agreeingMotion(from, to) : null;
      const quad = motion && this.quad ? this.quad.map((c) => apply(motion.H, c)) : null;
      if (!motion || (quad && !convex(quad))) this.lose();  // hidden until an answer says where the page is
      else {
        this.motion = motion.H;
        this.points = motion.agreeing.map((i) => to[i]);
        if (quad) this.quad = quad;
        if (this.sinceSent) this.sinceSent = multiply(motion.H, this.sinceSent);
      }
    }
    this.stats.frames++;
    this.previous = next;
    this.topUp();
    return this.corners();
  }

  topUp() {
    if (this.previous && this.points.length < topUpBelow) this.points.push(...corners(this.previous[0], this.quad, this.points, wanted - this.points.length));
  }

  /** The frame given last is on its way to the recognizer. */
  send() {
    this.sinceSent = identity;
    this.atSent = this.quad;
  }

  /** The recognizer's answer for the frame sent last: the page's corners in it, or null for none. */
  answer(found) {
    if (!found) {
      this.lastAnswer = null;
      if (++this.misses >= missesToHide) this.quad = null;
      return this.corners();
    }
    this.misses = 0;
    this.stats.answers++;
    const sent = found.map((c) => ({ x: (c.x - this.offset) / this.scale, y: (c.y - this.offset) / this.scale }));
    if (this.lastAnswer && this.atSent) {
      this.stats.followed.push(meanCornerDistance(this.atSent, sent) * this.scale);
      this.stats.held.push(meanCornerDistance(this.lastAnswer, sent) * this.scale);
    }
    this.lastAnswer = sent;
    const carried = this.sinceSent ? sent.map((c) => apply(this.sinceSent, c)) : sent;
    // Answers are noisy (a few pixels, and now and then far off on a blurred frame) while the motion
    // between them is nearly exact. So while the page is followed an answer pulls the corners only
    // part of the way, and one far from them is believed only when the next one agrees.
    const followed = this.sinceSent && this.quad && !this.stale;
    const far = followed && meanCornerDistance(this.quad, carried) >= farPixels;
    if (far && !this.doubting) this.doubting = true;
    else {
      this.doubting = false;
      const k = followed && !far ? this.answerWeight : 1;
      this.quad = followed ? this.quad.map((c, i) => ({ x: c.x + k * (carried[i].x - c.x), y: c.y + k * (carried[i].y - c.y) })) : carried;
      this.stale = !this.sinceSent;  // an answer not carried to now is where the page was, not where it is
    }
    this.sinceSent = null;
    // Corners picked before the page was known, or off it, give way to corners on it.
    this.points = this.points.filter((p) => inside(this.quad, p));
    this.topUp();
    return this.corners();
  }

  /** Another page came into view: where the last one was says nothing of it. */
  forget() {
    this.quad = this.atSent = this.lastAnswer = null;
  }

  /** Where the page is, or null when that is not known: none found yet, or lost (the motion since
   *  the page was last followed is unknown) until an answer for a frame sent since says where. A
   *  video held where the page was would be drawn on the table under quick motion: hidden instead. */
  corners() {
    if (!this.quad || this.stale) return null;
    return this.quad.map((c) => ({ x: c.x * this.scale + this.offset, y: c.y * this.scale + this.offset }));
  }

  /** The motion since the last frame is unknown: the page is held where it was, and the next
   *  answer is taken as it is. */
  lose() {
    this.stats.lost++;
    this.stale = true;
    this.motion = identity;
    this.sinceSent = null;
    this.points = [];
  }
}
