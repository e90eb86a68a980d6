// AR for people who cannot see the screen well, each part a setting (../settings.js): a buzz when a
// sticker comes into view, a spoken description of it ("Sticker “Coffee here”, 6 m ahead, a little to
// the left"), and the route's turns spoken as they come. Speech is the browser's own synthesis.
import { distanceText } from "../dom.js";
import { settings } from "../settings.js";
import { t } from "../strings.js";

/** Says `text` aloud, after what is being said (a turn is not cut off by a sticker). */
export function speak(text) {
  if (!globalThis.speechSynthesis || !text) return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = document.documentElement.lang || "en";
  speechSynthesis.speak(utterance);
}

export class Announcer {
  constructor() {
    this.inView = new Set();
    this.lastTurn = null;
    // Read once: settings change on their own screen, never while AR is open.
    this.buzz = settings.get("buzzStickers");
    this.describe = settings.get("describeStickers");
    this.speakTurns = settings.get("speakTurns");
  }

  /** Whether the stickers in view matter at all (else the AR view need not work them out each frame). */
  get watchesStickers() { return this.buzz || this.describe; }

  /** Each frame: the stickers on screen, [{id, text, distance, x}] with x from −1 (left edge) to 1. */
  stickersInView(stickers) {
    const fresh = stickers.filter((s) => !this.inView.has(s.id));
    this.inView = new Set(stickers.map((s) => s.id));
    if (!fresh.length) return;
    if (this.buzz) navigator.vibrate?.(fresh.length > 1 ? [80, 60, 80] : 80);
    if (this.describe) speak(fresh.map(describe).join(" "));
  }

  /** The banner's instruction: spoken when it changes (a new step, or the arrival), not as metres tick by. */
  turn(step, words) {
    if (!this.speakTurns || step === this.lastTurn) return;
    this.lastTurn = step;
    speak(words);
  }
}

function describe(sticker) {
  const side = sticker.x < -0.35 ? "left" : sticker.x > 0.35 ? "right" : "ahead";
  return t(`ar.describe.${side}`, { text: sticker.text, distance: distanceText(sticker.distance) });
}
