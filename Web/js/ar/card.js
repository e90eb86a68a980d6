// A sticker as AR draws it: a canvas texture with its template's picture (when it has one) and its
// text wrapped to the card's width, the font made smaller rather than the text cut.
import * as THREE from "/vendor/three/build/three.module.js";

const width = 512, height = 256, padding = 24;

/** Lines of `text` that fit `maxWidth` at the context's font, or null when more than `maxLines` are needed. */
function wrap(g, text, maxWidth, maxLines) {
  const lines = [];
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && g.measureText(`${last} ${word}`).width <= maxWidth) lines[lines.length - 1] = `${last} ${word}`;
    else if (g.measureText(word).width <= maxWidth) lines.push(word);
    else return null;  // a word too long for the line at this size
    if (lines.length > maxLines) return null;
  }
  return lines;
}

/** The sprite material for a sticker card. `template`: the sticker's template, if known; `badge`: words
 *  in a dark band across the top (an ad's "Sponsored"). */
export function stickerCard(text, colour, template, { badge } = {}) {
  const canvas = document.createElement("canvas");
  canvas.width = width; canvas.height = height;
  const g = canvas.getContext("2d"), texture = new THREE.CanvasTexture(canvas);
  const write = (picture) => {
    g.clearRect(0, 0, width, height);
    if (picture) g.drawImage(picture, (width - height) / 2, 0, height, height);
    else { g.fillStyle = colour ?? "#FFD60A"; g.fillRect(0, 0, width, height); }
    if (text) {
      let size = 56, lines = null;
      for (; size >= 22; size -= 4) {
        g.font = `bold ${size}px system-ui, sans-serif`;
        lines = wrap(g, text, width - 2 * padding, Math.floor((height - padding) / (size * 1.15)));
        if (lines) break;
      }
      lines ??= [String(text)];  // even the smallest size cannot wrap it: one line, scaled to fit below
      g.textAlign = "center"; g.textBaseline = "middle";
      const lineHeight = size * 1.15;
      lines.forEach((line, i) => {
        const y = height / 2 + (i - (lines.length - 1) / 2) * lineHeight;
        if (picture) { g.lineWidth = 8; g.strokeStyle = "#ffffff"; g.strokeText(line, width / 2, y, width - padding); }
        g.fillStyle = "#1c1917"; g.fillText(line, width / 2, y, width - padding);
      });
    }
    if (badge) {
      g.fillStyle = "rgba(28, 25, 23, .85)"; g.fillRect(0, 0, width, 44);
      g.font = "bold 28px system-ui, sans-serif"; g.textAlign = "center"; g.textBaseline = "middle";
      g.fillStyle = "#ffffff"; g.fillText(badge, width / 2, 23, width - padding);
    }
    texture.needsUpdate = true;
  };
  write(null);
  if (template?.kind === "image" && template.assetUrl) {
    const picture = new Image();
    picture.onload = () => write(picture);
    picture.src = template.assetUrl;
  }
  return new THREE.SpriteMaterial({ map: texture, transparent: true });
}
