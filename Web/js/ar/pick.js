// What a tap on the AR view means: the nearest thing drawn under the finger. Each object is hit
// anywhere in the rectangle it is drawn in on screen (a card's, a 3D model's bounds), never smaller
// than a fingertip (44 px): a far sticker or a thin arrow is not a speck to aim at.
import * as THREE from "/vendor/three/build/three.module.js";

const fingertip = 44;

/** Where `o` is drawn on a view `width` × `height` CSS pixels: the centre, half sizes and distance; null when not in front. */
export function drawnRect(world, width, height, o) {
  if (!o.mesh.visible) return null;
  const eye = world.camera.getWorldPosition(new THREE.Vector3());
  const toScreen = (v) => { const p = v.clone().project(world.camera); return { x: (p.x + 1) / 2 * width, y: (1 - p.y) / 2 * height, z: p.z }; };
  let left, right, top, bottom, distance;
  if (o.mesh instanceof THREE.Sprite) {
    // A card faces the camera: its scale is its size in metres.
    const centre = o.mesh.getWorldPosition(new THREE.Vector3());
    distance = centre.distanceTo(eye);
    const c = toScreen(centre);
    if (c.z > 1 || distance <= 0) return null;
    const scale = o.mesh.getWorldScale(new THREE.Vector3());
    const perMetre = height / (2 * Math.tan(world.camera.fov * Math.PI / 360) * distance);
    [left, right] = [c.x - scale.x * perMetre / 2, c.x + scale.x * perMetre / 2];
    [top, bottom] = [c.y - scale.y * perMetre / 2, c.y + scale.y * perMetre / 2];
  } else {
    // A model (or anything of parts): the corners of its bounds, as drawn.
    const box = new THREE.Box3().setFromObject(o.mesh);
    if (box.isEmpty()) return null;
    distance = box.getCenter(new THREE.Vector3()).distanceTo(eye);
    const corners = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => toScreen(new THREE.Vector3(
      i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z)));
    if (corners.some((c) => c.z > 1)) return null;
    [left, right] = [Math.min(...corners.map((c) => c.x)), Math.max(...corners.map((c) => c.x))];
    [top, bottom] = [Math.min(...corners.map((c) => c.y)), Math.max(...corners.map((c) => c.y))];
  }
  return { x: (left + right) / 2, y: (top + bottom) / 2, halfX: Math.max(fingertip, right - left) / 2, halfY: Math.max(fingertip, bottom - top) / 2, distance };
}

/** The object under the point (x, y) of `canvas` (CSS pixels from its top left), or null. */
export function pick(world, canvas, x, y) {
  const r = canvas.getBoundingClientRect();
  let best = null;
  for (const o of world.objects.values()) {
    const d = drawnRect(world, r.width, r.height, o);
    if (d && Math.abs(x - d.x) <= d.halfX && Math.abs(y - d.y) <= d.halfY && (!best || d.distance < best.distance)) best = { o, distance: d.distance };
  }
  return best?.o ?? null;
}
