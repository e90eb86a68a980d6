// Plays each clip of bench/tracking_data.py to the client's PageFollower as the book's camera screen
// does (../../Web/js/views/book.js), in frame time rather than wall time: every frame is followed; a
// frame goes to the real server's recognizer when the last answer is `interval` ms old, and its
// answer is given back as many frames later as the round trip took. Records, per frame, where the
// followed corners and a video held at the last answer (the client before tracking) were.
import { PageFollower, grey, trackHeight, trackWidth } from "/js/page-tracker.js";

const interval = 400, frameMs = 1000 / 30;
const params = new URLSearchParams(location.search);
const set = params.get("set"), book = params.get("book");
const progress = document.getElementById("progress");

function picture(src) {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`no frame at ${src}`));
    img.src = src;
  });
}

async function recognize(canvas) {
  const frame = await new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.8));
  const started = performance.now();
  const response = await fetch(`/v1/books/${book}/recognize`, { method: "POST", body: frame, headers: { "Content-Type": "image/jpeg" } });
  if (!response.ok) throw new Error(`recognize answered ${response.status}: ${await response.text()}`);
  const answer = await response.json();
  return { milliseconds: performance.now() - started, corners: answer.recognized ? answer.corners : null };
}

async function play(clip) {
  const big = Object.assign(document.createElement("canvas"), { width: 640, height: 480 });
  const small = Object.assign(document.createElement("canvas"), { width: trackWidth, height: trackHeight });
  const bigContext = big.getContext("2d"), smallContext = small.getContext("2d", { willReadFrequently: true });
  const follower = new PageFollower(640 / trackWidth, ...(params.has("weight") ? [Number(params.get("weight"))] : []));
  const rows = [];
  let held = null, pending = null, nextSend = 0;
  for (const [i, frame] of clip.frames.entries()) {
    const img = await picture(`/bench/${set}/${frame.file}`);
    bigContext.drawImage(img, 0, 0, 640, 480);
    const started = performance.now();
    smallContext.drawImage(img, 0, 0, trackWidth, trackHeight);
    let followed = follower.frame(grey(smallContext.getImageData(0, 0, trackWidth, trackHeight).data, trackWidth, trackHeight));
    const followMs = performance.now() - started;
    if (pending && pending.at <= i) {
      followed = follower.answer(pending.corners);
      held = pending.corners;  // the client before: the video at the answer's corners, gone when none
      pending = null;
      nextSend = i + Math.ceil(interval / frameMs);
    }
    let roundTrip = null, answered;
    if (!pending && i >= nextSend) {
      follower.send();
      const answer = await recognize(big);
      roundTrip = answer.milliseconds;
      answered = answer.corners;  // the recognizer's own error, in this frame
      pending = { at: i + Math.max(1, Math.ceil(answer.milliseconds / frameMs)), corners: answer.corners };
    }
    rows.push({ followed, held, followMs, roundTrip, answered });
  }
  return { name: clip.name, rows, stats: follower.stats };
}

try {
  const clips = await (await fetch(`/bench/${set}/clips.json`)).json();
  const results = [];
  for (const [n, clip] of clips.entries()) {
    progress.textContent = `${n + 1}/${clips.length} ${clip.name}`;
    results.push(await play(clip));
  }
  window.benchResult = results;
} catch (error) {
  window.benchResult = { error: String(error) };
}
progress.textContent = "done";
