// A stamp collected is a moment: a medal that springs up, a short chime, a buzz where the phone
// allows it. It goes away on a tap or after a few seconds.
import { h } from "../dom.js";
import { t } from "../strings.js";

export function celebrate(title, done, total) {
  document.getElementById("celebration")?.remove();
  const ok = h("button", { id: "celebration-ok" }, t("tours.celebrate.ok"));
  const overlay = h("div", { class: "celebration", id: "celebration", role: "alertdialog", "aria-labelledby": "celebration-title" },
    h("div", { class: "medal" }, h("div", { class: "seal", "aria-hidden": "true" }, "★"),
      h("h2", { id: "celebration-title" }, t("tours.celebrate")), h("p", {}, h("strong", {}, title)),
      h("p", { class: "muted" }, t("tours.celebrate.of", { done, total })), ok));
  const close = () => { clearTimeout(timer); overlay.remove(); };
  const timer = setTimeout(close, 8000);
  ok.addEventListener("click", close);
  overlay.addEventListener("click", (event) => { if (event.target === overlay) close(); });
  document.body.append(overlay);
  ok.focus();
  // Phones let a page buzz only once the person has tapped it.
  if (navigator.userActivation?.hasBeenActive) navigator.vibrate?.([80, 60, 160]);
  chime();
}

/** Two rising notes (Web Audio; silent where the page may not play sound yet). */
function chime() {
  try {
    const Context = window.AudioContext ?? window.webkitAudioContext;
    if (!Context) return;
    const audio = new Context(), now = audio.currentTime;
    [[660, 0], [990, 0.14]].forEach(([frequency, at]) => {
      const tone = audio.createOscillator(), gain = audio.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + at);
      gain.gain.exponentialRampToValueAtTime(0.25, now + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.35);
      tone.connect(gain).connect(audio.destination);
      tone.start(now + at);
      tone.stop(now + at + 0.4);
    });
    setTimeout(() => audio.close(), 1000);
  } catch (error) { console.warn("no chime:", error); }
}
