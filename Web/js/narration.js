// Tour narration through one <audio> element for the whole page. Safari (WebKit) plays sound that a
// page starts by itself only from an element a tap has played once; a new element per stop opened
// paused at every stop. So the first tap anywhere plays a moment of silence on the one element, and
// every stop's narration plays through it afterwards. A narration playing is not cut by the next
// stop's: that one waits, and starts when it ends.

let element = null;
let waiting = null;  // {src, title} to play once the current one ends

/** A tenth of a second of silence, as a WAV made here (nothing to download). */
function silence() {
  const samples = 800, bytes = new DataView(new ArrayBuffer(44 + samples));
  const text = (at, s) => [...s].forEach((c, i) => bytes.setUint8(at + i, c.charCodeAt(0)));
  text(0, "RIFF"); bytes.setUint32(4, 36 + samples, true); text(8, "WAVE");
  text(12, "fmt "); bytes.setUint32(16, 16, true); bytes.setUint16(20, 1, true); bytes.setUint16(22, 1, true);
  bytes.setUint32(24, 8000, true); bytes.setUint32(28, 8000, true); bytes.setUint16(32, 1, true); bytes.setUint16(34, 8, true);
  text(36, "data"); bytes.setUint32(40, samples, true);
  for (let i = 0; i < samples; i++) bytes.setUint8(44 + i, 128);  // 8-bit PCM's zero
  return URL.createObjectURL(new Blob([bytes], { type: "audio/wav" }));
}

/** The page's one narration player (with its controls), made on first use. */
export function narrationPlayer() {
  if (element) return element;
  element = document.createElement("audio");
  element.id = "narration";
  element.setAttribute("translate", "no");  // labelled with the stop's title, content
  element.controls = true;
  element.preload = "auto";
  element.addEventListener("ended", () => {
    if (!waiting) return;
    const next = waiting;
    waiting = null;
    load(next);
    element.play().catch(() => { /* its controls are there to press */ });
  });
  // The first tap anywhere plays the player for a moment inside the tap, which unlocks it: a moment
  // of silence, or what it holds (a narration the browser refused to start), put back as it was.
  // A tap on the player itself unlocks it by playing, as the person meant.
  const unlock = (event) => {
    document.removeEventListener("pointerdown", unlock, true);
    document.removeEventListener("keydown", unlock, true);
    if (event.target === element || !element.paused) return;  // playing already: it is unlocked
    const held = element.dataset.src, at = element.currentTime;
    if (!held) element.src = silence();
    element.play().then(() => {
      if (element.dataset.src !== held) return;  // a narration started meanwhile: leave it playing
      element.pause();
      if (held) element.currentTime = at;
    }, () => { /* refused: the next tap on a player plays it */ });
  };
  return element;
}

function load({ src, title }) {
  element.dataset.src = src;
  element.src = src;
  element.setAttribute("aria-label", title);
}

/** Whether the player is sounding something a person would not want cut (not the unlocking silence). */
function busy() { return element && element.dataset.src && !element.paused && !element.ended; }

/**
 * Puts `src` in the player. `play`: start it now (arrival at a stop), or after the narration
 * playing now; otherwise it is only loaded, for a tap (a stop opened from the list), stopping any other.
 * Resolves to "playing", "waiting" (after the current one), "loaded" or "refused" (the browser wants a tap).
 */
export async function narrate(src, title, { play }) {
  const player = narrationPlayer();
  if (player.dataset.src === src) return play && player.paused ? start(player) : player.paused ? "loaded" : "playing";
  if (play && busy()) {
    waiting = { src, title };
    return "waiting";
  }
  waiting = null;
  load({ src, title });
  return play ? start(player) : "loaded";
}

async function start(player) {
  try {
    await player.play();
    return "playing";
  } catch {
    return "refused";
  }
}
