// Place names over the camera, from the server's layout (/v1/places/labels: nearest and most
// important first, none overlapping at its estimated sizes), made readable here: never smaller than
// 12 px, never cut; a label that then overlaps one before it, or covers what matters more (a sticker
// or the route nearer than its place, the destination), is left out rather than piled up. Each label
// is a button that opens the place's sheet.
import { h } from "../dom.js";

const minimumFont = 12, maximumFont = 18;

/**
 * Fills `container` with the labels of `layout.placed` that fit. `names`: id → name; `highlight`: the
 * chosen place's id; `nearerContent(distance)`: the screen rectangles ({left, right, top, bottom}) of
 * what a label at `distance` metres must not cover; `onTap(id)`.
 */
export function drawLabels(container, layout, { names, highlight, nearerContent, onTap }) {
  container.replaceChildren();
  const kept = [];
  // The chosen place first: it stays, and what it would overlap gives way.
  for (const l of [...layout.placed].sort((a, b) => (b.id === highlight) - (a.id === highlight))) {
    const name = names.get(l.id);
    if (!name) continue;
    const font = Math.max(minimumFont, Math.min(maximumFont, Math.round(14 * l.scale)));
    const label = h("button", { type: "button", translate: "no", class: l.id === highlight ? "place-label chosen" : "place-label", dataset: { place: l.id, distance: Math.round(l.distance) },
      style: `left:${l.x + l.width / 2}px;top:${l.y}px;font-size:${font}px`, onclick: () => onTap(l.id) },
      name, h("span", { class: "muted" }, ` ${Math.round(l.distance)} m`));
    container.append(label);
    const box = label.getBoundingClientRect();
    const overlaps = kept.some((k) => box.left < k.right && k.left < box.right && box.top < k.bottom && k.top < box.bottom);
    const coversNearer = nearerContent(l.distance).some((r) => box.left < r.right && r.left < box.right && box.top < r.bottom && r.top < box.bottom);
    const outside = box.left < 0 || box.right > innerWidth;
    if (l.id !== highlight && (overlaps || coversNearer || outside)) label.remove(); else kept.push(box);
  }
}
