// A sticker as AR draws it: a canvas texture with its template's picture (when it has one) and its
// text wrapped to the card's width, the font made smaller rather than the text cut. The built-in
// speech bubble is drawn as a bubble; a 3D template that takes text shows it on its front face.
import * as THREE from "/vendor/three/build/three.module.js";

const width = 512, height = 256, padding = 24;
const ink = "#1c1917";

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

/** Writes `text` centred in `box` ({x, y, width, height}), in the largest size from 56 px down that fits. */
function writeText(g, text, box, { outlined = false } = {}) {
  let size = 56, lines = null;
  for (; size >= 22; size -= 4) {
    g.font = `bold ${size}px system-ui, sans-serif`;
    lines = wrap(g, text, box.width - 2 * padding, Math.floor((box.height - padding) / (size * 1.15)));
    if (lines) break;
  }
  lines ??= [String(text)];  // even the smallest size cannot wrap it: one line, scaled to fit below
  g.textAlign = "center"; g.textBaseline = "middle";
  const lineHeight = size * 1.15, centreX = box.x + box.width / 2, centreY = box.y + box.height / 2;
  lines.forEach((line, i) => {
    const y = centreY + (i - (lines.length - 1) / 2) * lineHeight;
    if (outlined) { g.lineWidth = 8; g.strokeStyle = "#ffffff"; g.strokeText(line, centreX, y, box.width - padding); }
    g.fillStyle = ink; g.fillText(line, centreX, y, box.width - padding);
  });
}

/** A speech bubble filling the canvas: a rounded body over the top four fifths, its tail down at the left.
 *  Returns the body's box, where the text goes. */
function drawBubble(g, colour) {
  const body = { x: 8, y: 8, width: width - 16, height: Math.round(height * 0.78) - 8 }, r = 40;
  g.beginPath();
  (g.roundRect ?? g.rect).call(g, body.x, body.y, body.width, body.height, r);  // square corners where a browser cannot round them
  g.moveTo(body.x + 90, body.y + body.height - 2);
  g.lineTo(body.x + 60, height - 6);
  g.lineTo(body.x + 160, body.y + body.height - 2);
  g.closePath();
  g.fillStyle = colour; g.fill("nonzero");
  g.lineWidth = 6; g.strokeStyle = ink; g.stroke();
  // The tail's join drawn over, so that body and tail read as one outline.
  g.fillRect(body.x + 93, body.y + body.height - 8, 64, 10);
  return body;
}

/** The sprite material for a sticker card. `template`: the sticker's template, if known; `badge`: words
 *  in a dark band across the top (an ad's "Sponsored", a sticker's "Waiting to upload"). */
export function stickerCard(text, colour, template, { badge } = {}) {
  const canvas = document.createElement("canvas");
  canvas.width = width; canvas.height = height;
  const g = canvas.getContext("2d"), texture = new THREE.CanvasTexture(canvas);
  const write = (picture) => {
    g.clearRect(0, 0, width, height);
    let box = { x: 0, y: 0, width, height };
    if (picture) g.drawImage(picture, (width - height) / 2, 0, height, height);
    else if (template?.id === "speech-bubble") box = drawBubble(g, colour ?? "#FFFFFF");
    else { g.fillStyle = colour ?? "#FFD60A"; g.fillRect(0, 0, width, height); }
    if (text) writeText(g, text, box, { outlined: !!picture });
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
  const material = new THREE.SpriteMaterial({ map: texture, transparent: true });
  material.userData.canvas = canvas;  // for the browser tests: what the card shows
  return material;
}

/**
 * Puts `text` on the front face of a loaded 3D template (`model`, the glTF scene): the frontmost
 * flat part facing +z (glTF's front), among those at least half as large as the largest (a
 * billboard's board, a trail marker's sign), on a panel of `colour` just in front of it. Returns the
 * panel, or null when the model has no such face.
 */
export function textOnModel(model, text, colour) {
  model.updateMatrixWorld(true);
  const faces = [];
  model.traverse((part) => {
    if (!part.isMesh) return;
    const box = new THREE.Box3().setFromObject(part), size = box.getSize(new THREE.Vector3());
    if (size.x > 0 && size.y > 0 && size.z < 0.2 * Math.min(size.x, size.y)) faces.push({ box, area: size.x * size.y });
  });
  const largest = Math.max(0, ...faces.map((f) => f.area));
  const face = faces.filter((f) => f.area >= largest / 2).sort((a, b) => b.box.max.z - a.box.max.z)[0];
  if (!face || !text) return null;
  const size = face.box.getSize(new THREE.Vector3()), centre = face.box.getCenter(new THREE.Vector3());
  const canvas = document.createElement("canvas");
  canvas.width = width; canvas.height = Math.max(64, Math.round(width * size.y / size.x));
  const g = canvas.getContext("2d");
  g.fillStyle = colour ?? "#FFFFFF"; g.fillRect(0, 0, canvas.width, canvas.height);
  writeText(g, text, { x: 0, y: 0, width: canvas.width, height: canvas.height });
  const panel = new THREE.Mesh(new THREE.PlaneGeometry(size.x * 0.94, size.y * 0.9),
    new THREE.MeshBasicMaterial({ map: new THREE.CanvasTexture(canvas), side: THREE.FrontSide }));
  panel.position.set(centre.x, centre.y, face.box.max.z + 0.005);
  panel.name = "sticker-text";
  panel.userData.canvas = canvas;
  model.add(panel);
  return panel;
}
