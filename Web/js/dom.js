// Small helpers for building screens without a framework.
import { t } from "./strings.js";

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

/** A rejection handler that tells the person what could not be loaded and why (`what`: a strings.js key). */
export function couldNotLoad(what) {
  return (error) => say(t("error.load", { what: t(what), reason: error?.message ?? String(error) }));
}

/** Shows a message in the header's live region (read out by screen readers). */
export function say(message) {
  document.getElementById("status").textContent = message ?? "";
}

/** Labels a Leaflet layer on hover. Leaflet reads a string as HTML, so the label goes in as a text
 *  node: names from users or OpenStreetMap never become markup. The one place the client labels layers. */
export function label(layer, text) {
  return layer.bindTooltip(document.createTextNode(text ?? ""));
}
