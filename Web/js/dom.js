// Small helpers for building screens without a framework.
import { dateText, numberFormat, t } from "./strings.js";

/** h("button", {class: "x", onclick}, "text", child…) */
export function h(tag, attributes = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    // Through the CSSOM: the Content-Security-Policy refuses style attributes set as markup.
    else if (key === "style") el.style.cssText = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) el.append(child instanceof Node ? child : String(child));
  return el;
}

const svgNS = "http://www.w3.org/2000/svg";
const icons = {
  arrow: "M12 3 5 20l7-4 7 4z",  // points up: rotate it to a bearing
  locate: "M12 2v3M12 19v3M2 12h3M19 12h3M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10z",
  pin: "M12 22s7-7.5 7-13a7 7 0 0 0-14 0c0 5.5 7 13 7 13zM12 6.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5z",
  save: "M12 3v12M7 10l5 5 5-5M5 21h14",
  share: "M4 12v7a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-7M16 6l-4-4-4 4M12 2v13",
  sticker: "M4 4h11l5 5v11H4zM15 4v5h5",
  tour: "M4 20V5l8-2 8 2v15l-8-2zM12 3v15",
  book: "M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2zM4 21V5",
};

/** An icon from the small set above, drawn in the text's colour. */
export function icon(name, attributes = {}) {
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const filled = name === "arrow";
  svg.setAttribute("fill", filled ? "currentColor" : "none");
  svg.setAttribute("stroke", "currentColor");
  svg.setAttribute("stroke-width", filled ? "1" : "2");
  svg.setAttribute("stroke-linecap", "round");
  svg.setAttribute("stroke-linejoin", "round");
  for (const [key, value] of Object.entries(attributes)) svg.setAttribute(key, value);
  const path = document.createElementNS(svgNS, "path");
  path.setAttribute("d", icons[name]);
  svg.append(path);
  return svg;
}

/** A rejection handler that tells the person what could not be loaded and why (`what`: a strings.js key). */
export function couldNotLoad(what) {
  return (error) => say(t("error.load", { what: t(what), reason: error?.message ?? String(error) }));
}

/** A refusal said where it belongs: on the line of the form or card it is about (shown if it was
 *  hidden), in words for people. The app's other two ways: `say` (a toast, for what belongs to no
 *  form) and `couldNotLoad` (what did not load); a failure that changes nothing a person needs is
 *  ignored with a comment saying why. */
export function showError(line, error) {
  line.textContent = error?.message ?? String(error ?? "");
  line.hidden = false;
}

/** A button that acts on its second tap; the first says what the second will do ("Tap again to
 *  delete it"). For what cannot be taken back: a delete, a block. Any error is said. */
export function secondTapButton(attributes, label, confirmLabel, action) {
  const button = h("button", attributes, label);
  button.addEventListener("click", async () => {
    if (button.dataset.armed !== "1") { button.dataset.armed = "1"; button.textContent = confirmLabel; return; }
    button.disabled = true;
    try { await action(); } catch (error) { say(error.message); }
    button.disabled = false;
  });
  return button;
}

let toastTimer = null;
/** A toast at the top of the screen, read out by screen readers. It stays long enough to be read
 *  (longer for longer messages), across a change of tab, until tapped or replaced. */
export function say(message) {
  const status = document.getElementById("status");
  status.textContent = message ?? "";
  clearTimeout(toastTimer);
  if (message) toastTimer = setTimeout(() => { status.textContent = ""; }, Math.max(5000, 70 * String(message).length));
}

/** Labels a Leaflet layer on hover. Leaflet reads a string as HTML, so the label goes in as a text
 *  node: names from users or OpenStreetMap never become markup. The one place the client labels layers. */
export function label(layer, text) {
  return layer.bindTooltip(document.createTextNode(text ?? ""));
}

/** "350 m" or "2.4 km". */
export function distanceText(metres) {
  if (metres < 1000) return `${numberFormat({ maximumFractionDigits: 0 }).format(Math.round(metres))} m`;
  const digits = metres < 10000 ? 1 : 0;
  return `${numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(metres / 1000)} km`;
}

/** The eight-point compass direction of a bearing ("ne"), a key under strings.js "direction.". */
export function compassPoint(bearing) {
  return ["n", "ne", "e", "se", "s", "sw", "w", "nw"][Math.round((((bearing ?? 0) % 360) + 360) % 360 / 45) % 8];
}

/** How a historical photo was taken, for a person who wants to line it up ("Taken looking north-east…"). */
export function viewpointText(viewpoint) {
  return t("ar.viewpoint", { direction: t(`direction.${compassPoint(viewpoint.heading)}`), distance: distanceText(viewpoint.distance ?? 10) });
}

/** "5 min ago", "3 h ago", or the date. */
export function ago(iso) {
  const seconds = (Date.now() - new Date(iso).getTime()) / 1000;
  if (!(seconds >= 0)) return "";
  if (seconds < 60) return t("time.now");
  if (seconds < 3600) return t("time.minutes", { n: Math.floor(seconds / 60) });
  if (seconds < 86400) return t("time.hours", { n: Math.floor(seconds / 3600) });
  if (seconds < 7 * 86400) return t("time.days", { n: Math.floor(seconds / 86400) });
  return dateText(iso);
}

/** A link off this site that says where it goes ("Opens example.org") and gives that site nothing of ours. */
export function outboundLink(url, attributes = {}) {
  let host = url;
  try { host = new URL(url).host; } catch { /* shown whole */ }
  return h("a", { ...attributes, href: url, target: "_blank", rel: "noopener noreferrer nofollow" }, t("media.opens", { host }));
}
