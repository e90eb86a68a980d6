// What a recognized book picture shows besides a video (the AR study book's targets): a 3D model on
// the page that the fingers turn (one finger) and zoom (two, or the mouse wheel), a sound, or a link.
// Each is an element for the camera view; the model is drawn by three.js, loaded only for a model.
import { h, outboundLink } from "./dom.js";
import { t } from "./strings.js";
import { paths } from "./api.js";

/** A link target: a button-like link that says where it goes. */
export const targetLink = (content) => outboundLink(content.url, { class: "button", id: "target-link" });

/** three.js and its glTF loader, loaded on first use (600 KB the other screens never need). */
export const loadThree = () => Promise.all([import("/vendor/three/build/three.module.js"), import("/vendor/three/examples/jsm/loaders/GLTFLoader.js")]);

/** A sound target: played while its picture is in view (looping as the book says). */
export function targetSound(content, name) {
  return h("audio", { id: "target-sound", src: paths.media(content.media.id), loop: content.loop, autoplay: true, "aria-label": name });
}

/** A model target: a canvas the size of the picture (placed over it like a video), the model
 *  standing in its middle. Returns the canvas, with `dispose()` and `state()` (for tests). */
export async function targetModel(content, width, height) {
  const [THREE, { GLTFLoader }] = await loadThree();
  const canvas = h("canvas", { class: "overlay model-overlay", id: "model-overlay", width, height, "aria-label": t("camera.model") });
  const renderer = new THREE.WebGLRenderer({ canvas, alpha: true, antialias: true });
  renderer.setSize(width, height, false);
  const scene = new THREE.Scene(), holder = new THREE.Group();
  scene.add(holder, new THREE.HemisphereLight(0xffffff, 0x444444, 2.5));
  const gltf = await new Promise((resolve, reject) => new GLTFLoader().load(paths.media(content.media.id), resolve, undefined, reject));
  // Centred and scaled to fill about two thirds of the picture's height.
  const box = new THREE.Box3().setFromObject(gltf.scene), size = box.getSize(new THREE.Vector3());
  gltf.scene.position.sub(box.getCenter(new THREE.Vector3()));
  holder.add(gltf.scene);
  const base = 1.3 / Math.max(size.x, size.y, size.z, 1e-6);
  const camera = new THREE.PerspectiveCamera(35, width / height, 0.01, 100);
  camera.position.set(0, 0.4, 3.2);
  camera.lookAt(0, 0, 0);
  let zoom = 1, running = true;
  const draw = () => {
    if (!running) return;
    holder.scale.setScalar(base * zoom);
    renderer.render(scene, camera);
    requestAnimationFrame(draw);
  };
  draw();

  // Fingers: one turns it, two pinch to zoom; a mouse wheel zooms too.
  const pointers = new Map();
  let pinch = null;
  const spread = () => { const [a, b] = [...pointers.values()]; return Math.hypot(a.x - b.x, a.y - b.y); };
  canvas.addEventListener("pointerdown", (e) => {
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 2) pinch = { spread: spread(), zoom };
    try { canvas.setPointerCapture(e.pointerId); } catch { /* a pointer the browser no longer tracks */ }
  });
  canvas.addEventListener("pointermove", (e) => {
    const last = pointers.get(e.pointerId);
    if (!last) return;
    const dx = e.clientX - last.x, dy = e.clientY - last.y;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 2 && pinch) zoom = clampZoom(pinch.zoom * spread() / Math.max(pinch.spread, 1));
    else if (pointers.size === 1) { holder.rotation.y += dx * 0.01; holder.rotation.x = Math.max(-1.2, Math.min(1.2, holder.rotation.x + dy * 0.01)); }
  });
  const lift = (e) => { pointers.delete(e.pointerId); if (pointers.size < 2) pinch = null; };
  canvas.addEventListener("pointerup", lift);
  canvas.addEventListener("pointercancel", lift);
  canvas.addEventListener("wheel", (e) => { e.preventDefault(); zoom = clampZoom(zoom * Math.exp(-e.deltaY / 500)); }, { passive: false });

  canvas.dispose = () => { running = false; renderer.dispose(); };
  canvas.state = () => ({ turned: holder.rotation.y, tilted: holder.rotation.x, zoom, parts: holder.children.length });
  return canvas;
}

const clampZoom = (z) => Math.max(0.4, Math.min(4, z));
