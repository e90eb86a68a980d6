// What a phone's browser grants only from a tap: motion and orientation on iOS (Safari delivers no
// `deviceorientation` until `requestPermission()` is called from a user gesture), and sound (iOS
// and Chrome keep media silent until the page has played something in a tap).

/** True where the compass needs a tap to start (iOS 13 and later). */
export function motionNeedsTap() {
  return typeof globalThis.DeviceOrientationEvent?.requestPermission === "function";
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
