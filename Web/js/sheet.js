// A bottom sheet over the map or the camera: every answer to a tap comes up in one, on screen
// wherever the page is. Three heights (peek, half, full); the grip is dragged, or tapped to go up
// a height; the close button (or Escape) puts it away. Built with ./dom.js, text as text.
import { h } from "./dom.js";
import { t } from "./strings.js";

const states = ["peek", "half", "full"];

/** A hidden sheet with the given id; `onClose` runs when the person closes it. */
export function bottomSheet(id, { onClose } = {}) {
  const body = h("div", { class: "body" });
  const grip = h("button", { class: "grip", type: "button", "aria-label": t("sheet.resize") });
  const close = h("button", { class: "close", type: "button", "aria-label": t("sheet.close") }, "×");
  const el = h("section", { class: "sheet", id, hidden: true, "aria-live": "polite", "data-state": "half" }, grip, close, body);

  const sheet = {
    el, body,
    /** Shows `content` (replacing what was there) at `state`, scrolled to its top. */
    show(content, state = "half") {
      body.replaceChildren(...[content].flat().filter(Boolean));
      el.dataset.state = state;
      el.hidden = false;
      body.scrollTop = 0;
      return content;
    },
    hide() { el.hidden = true; body.replaceChildren(); },
    /** Goes up to `state` (a form that opens its second step wants the room), never down. */
    raise(state = "full") { if (states.indexOf(el.dataset.state) < states.indexOf(state)) settle(state); },
    get open() { return !el.hidden; },
  };
  close.addEventListener("click", () => { sheet.hide(); onClose?.(); });
  el.addEventListener("keydown", (event) => { if (event.key === "Escape") { sheet.hide(); onClose?.(); } });
  const settle = (state) => {
    el.classList.add("settling");
    el.dataset.state = state;
    setTimeout(() => el.classList.remove("settling"), 250);
  };
  grip.addEventListener("click", () => {
    if (dragged) return;
    settle(states[(states.indexOf(el.dataset.state) + 1) % states.length]);
  });

  // Dragging the grip: the sheet follows the finger, then settles at the nearest height.
  let startY = null, startHeight = 0, dragged = false;
  grip.addEventListener("pointerdown", (event) => {
    startY = event.clientY; startHeight = el.getBoundingClientRect().height; dragged = false;
    grip.setPointerCapture(event.pointerId);
  });
  grip.addEventListener("pointermove", (event) => {
    if (startY === null) return;
    const dy = startY - event.clientY;
    if (Math.abs(dy) > 6) { dragged = true; el.style.height = `${Math.max(60, startHeight + dy)}px`; }
  });
  grip.addEventListener("pointerup", () => {
    if (startY === null) return;
    startY = null;
    if (!dragged) return;
    const height = el.getBoundingClientRect().height;
    el.style.height = "";
    // Measured with no transition, so each height is the state's own.
    const heights = states.map((s) => { el.dataset.state = s; return el.getBoundingClientRect().height; });
    const nearest = heights.reduce((best, x, i) => Math.abs(x - height) < Math.abs(heights[best] - height) ? i : best, 0);
    if (height < heights[0] * 0.6) { sheet.hide(); onClose?.(); } else settle(states[nearest]);
    setTimeout(() => { dragged = false; }, 0);
  });
  return sheet;
}
