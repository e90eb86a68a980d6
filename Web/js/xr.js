// Placing a sticker on a real surface with WebXR, on phones that have `immersive-ar` with hit
// testing (Chrome on ARCore phones): the camera fills the screen with the scene over it, a ring
// follows the surface under the screen's centre, and a tap places the sticker there.
//
// The session's `local` space starts at the phone, −z along where it faced; the compass heading
// and the GPS fix at that moment tie it to the globe, so a hit at (x, y, z) is `unplace(fix, hit)`
// — the inverse of the placement every other object in the scene goes through.
import * as THREE from "/vendor/three/build/three.module.js";
import { unplace } from "./geo.js";

/** True where the browser can start an AR session on this device. */
export async function surfacePlacementSupported() {
  try { return Boolean(navigator.xr) && await navigator.xr.isSessionSupported("immersive-ar"); } catch { return false; }
}

/**
 * Runs an `immersive-ar` session over `scene` (laid out for `device`, heading 0) until the person
 * taps a surface, then resolves with its latitude, longitude and ellipsoidal height; resolves null
 * when the session ends without one. `overlay` stays on screen (DOM overlay); `cancel` ends the session.
 */
export async function pickSurface({ renderer, scene, camera, device, overlay, cancel }) {
  const xr = renderer.xr ?? renderer.vr;  // three.js r111 (Debian 12) calls its WebXR manager `vr`
  const session = await navigator.xr.requestSession("immersive-ar", {
    requiredFeatures: ["hit-test"], optionalFeatures: ["dom-overlay"], domOverlay: { root: overlay } });
  cancel.onclick = () => session.end();
  xr.enabled = true;
  xr.setReferenceSpaceType("local");
  await xr.setSession(session);
  const local = await session.requestReferenceSpace("local");
  const source = await session.requestHitTestSource({ space: await session.requestReferenceSpace("viewer") });

  // The scene is north-up; the session's space faces the heading: turn the scene into it.
  const turn = (device.heading ?? 0) * Math.PI / 180;
  const before = scene.rotation.y;
  scene.rotation.y = turn;
  const reticle = new THREE.Mesh(new THREE.RingGeometry(0.12, 0.16, 32).rotateX(-Math.PI / 2), new THREE.MeshBasicMaterial({ color: 0xffffff }));
  reticle.matrixAutoUpdate = false;
  reticle.visible = false;
  scene.add(reticle);
  const unturn = new THREE.Matrix4().makeRotationY(-turn);

  // three.js draws the scene from the phone's pose; a frame callback of our own reads the hit test.
  let hit = null, live = true;
  const track = (time, frame) => {
    if (!live) return;
    const pose = frame.getHitTestResults(source)[0]?.getPose(local);
    hit = pose ? pose.transform.position : null;
    reticle.visible = Boolean(pose);
    if (pose) reticle.matrix.multiplyMatrices(unturn, new THREE.Matrix4().fromArray(pose.transform.matrix));
    session.requestAnimationFrame(track);
  };
  session.requestAnimationFrame(track);
  renderer.setAnimationLoop(() => renderer.render(scene, camera));

  const picked = await new Promise((resolve) => {
    session.addEventListener("select", () => { if (hit) { resolve(unplace(device, { x: hit.x, y: hit.y, z: hit.z })); session.end(); } });
    session.addEventListener("end", () => resolve(null));
  });
  live = false;
  try { source.cancel(); } catch { /* gone with the session */ }
  renderer.setAnimationLoop(null);
  xr.enabled = false;
  scene.remove(reticle);
  scene.rotation.y = before;
  return picked;
}
