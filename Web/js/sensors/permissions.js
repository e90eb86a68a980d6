// What a phone's browser grants only from a tap: motion and orientation where the browser asks
// (`DeviceOrientationEvent.requestPermission()`, from a user gesture: Safari since iOS 13, Chromium
// since 156), and sound (iOS and Chrome keep media silent until the page has played something in a tap).
// A grant lasts for the origin: asked once, not at every AR open.
import { kept, keys } from "../kept.js";

/** True where the compass may need a tap to start (the browser has the request at all). */
export function motionNeedsTap() {
  return typeof globalThis.DeviceOrientationEvent?.requestPermission === "function";
}

/** Whether motion and orientation are granted to this origin already, without asking anyone:
 *  "granted", "denied" or "prompt" (a tap must ask). Chromium says through the Permissions API;
 *  Safari only answers the request itself, which it grants without a tap once granted before. */
export async function motionPermission() {
  if (!motionNeedsTap()) return "granted";
  try {
    const states = await Promise.all(["accelerometer", "gyroscope"].map((name) => navigator.permissions.query({ name }).then((s) => s.state)));
    if (states.every((s) => s === "granted")) return "granted";
    if (states.includes("denied")) return "denied";
    return "prompt";
  } catch { /* no Permissions API for sensors (Safari): ask the request below, if it was granted before */ }
  if (!kept.text(keys.motionGranted)) return "prompt";
  try { return await DeviceOrientationEvent.requestPermission() === "granted" ? "granted" : "prompt"; } catch { return "prompt"; }
}

/** Where a person turns motion access back on: the words differ by platform. */
export function motionRefusalKey(userAgent = navigator.userAgent) {
  if (/iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && navigator.maxTouchPoints > 1)) return "ar.compass.denied.ios";
  if (/Android/.test(userAgent)) return "ar.compass.denied.android";
  return "ar.compass.denied";
}

/** Call from a tap: asks for motion and orientation where needed and unlocks sound. Resolves to
 *  "granted", "denied" or "unavailable" (no such sensors), for orientation. */
export async function startFromTap() {
  unlockAudio();
  if (!globalThis.DeviceOrientationEvent) return "unavailable";
  if (!motionNeedsTap()) return "granted";
  const asked = [DeviceOrientationEvent.requestPermission()];
  if (typeof globalThis.DeviceMotionEvent?.requestPermission === "function") asked.push(DeviceMotionEvent.requestPermission());
  try {
    const [orientation] = await Promise.all(asked);
    kept.setText(keys.motionGranted, orientation === "granted" ? "1" : null);
    return orientation;
  } catch {
    return "denied";  // Safari throws when the request does not come from a tap
  }
}

let audio = null;

/** Plays a moment of silence inside the tap, so narration may later start by itself. */
export function unlockAudio() {
  const Context = globalThis.AudioContext ?? globalThis.webkitAudioContext;
  if (!Context) return;
  audio ??= new Context();
  const silence = audio.createBufferSource();
  silence.buffer = audio.createBuffer(1, 1, 22050);
  silence.connect(audio.destination);
  silence.start(0);
  // Unlocking is best effort: a browser that refuses keeps media behind its controls.
  audio.resume().catch(() => {});
}
