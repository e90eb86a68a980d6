// Scene anchors in AR: while scenes whose stickers I may see are near, a camera frame goes to the
// server a couple of times a second; a frame that shows one says where the camera is relative to it,
// to centimetres (POST /v1/scenes/locate). That sticker is then drawn where the camera saw it, and the
// compass and GPS the rest of the scene is drawn with are corrected by what the camera saw.
import * as THREE from "/vendor/three/build/three.module.js";
import { get, paths, post } from "../api.js";

/** Degrees across a 4:3 frame of a phone's main camera, near enough: browsers do not say. */
export const cameraFieldOfView = 60;
const interval = 500;     // ms between frames sent (one in flight at a time)
const lookRadius = 150;   // metres around me that scenes are looked for
const holdFor = 20_000;   // ms a correction is trusted without a new one (compasses drift slowly)

/** The camera's orientation in the scene's world (x east, y up, −z north) from a located pose: the
 *  scene's plane faces `facing`, `rotation` takes plane coordinates to the camera's (OpenCV: x right,
 *  y down, z forward). Returns the camera→world rotation for OpenCV axes. */
function cameraToWorld(rotation, facing) {
  const a = facing * Math.PI / 180, c = Math.cos(a), s = Math.sin(a);
  // The plane's axes in the world: x along it to the right, y down, z into it.
  const planeToWorld = new THREE.Matrix3().set(c, 0, s, 0, -1, 0, s, 0, -c);
  const cameraToPlane = new THREE.Matrix3().set(...rotation).transpose();
  return planeToWorld.multiply(cameraToPlane);
}

export class SceneLock {
  constructor(video) {
    this.video = video;
    this.canvas = document.createElement("canvas");
    this.near = [];           // the scenes around, as /v1/scenes/reference-images lists them
    this.fix = null;          // the last answer that found a scene, with what the sensors said then
    this.busy = false;
    this.sentAt = 0;
  }

  /** The camera's picture now, 640 pixels wide, as a JPEG. */
  async frame() {
    const { videoWidth: vw, videoHeight: vh } = this.video;
    if (!vw) return null;
    this.canvas.width = 640;
    this.canvas.height = Math.round(640 * vh / vw);
    this.canvas.getContext("2d").drawImage(this.video, 0, 0, this.canvas.width, this.canvas.height);
    return new Promise((resolve) => this.canvas.toBlob(resolve, "image/jpeg", 0.85));
  }

  /** Which scenes I may see are around where I stand. */
  async look(latitude, longitude) {
    const { images } = await get(`${paths.sceneReferenceImages}?latitude=${latitude}&longitude=${longitude}&radius=${lookRadius}`);
    this.near = images;
  }

  /** Sends the frame now on screen when scenes are near and none is on its way. `sensed` is what
   *  the sensors say: position, heading, and the three.js camera orientation they give. */
  async tick(sensed) {
    const { videoWidth: vw, videoHeight: vh } = this.video;
    if (this.busy || !this.near.length || !vw || performance.now() - this.sentAt < interval) return;
    this.busy = true;
    this.sentAt = performance.now();
    const then = { latitude: sensed.latitude, longitude: sensed.longitude, quaternion: sensed.quaternion.clone() };
    try {
      const frame = await this.frame();
      const answer = await post(`${paths.sceneLocate}?latitude=${then.latitude}&longitude=${then.longitude}`
        + `&fov=${cameraFieldOfView}&heading=${(sensed.heading + 360) % 360}`, frame);
      if (answer.located) this.fix = this.correction(answer, then);
    } catch { /* no answer: the sensors alone, as before */ }
    this.busy = false;
  }

  /** What an answer corrects: the camera's orientation (a rotation applied to whatever the sensors
   *  say from now on), its position, and where the scene's sticker is relative to the camera. */
  correction(answer, then) {
    const toWorld = cameraToWorld(answer.pose.rotation, answer.scene.facing);
    // A three.js camera looks along −z with y up: OpenCV's axes with y and z turned round.
    const axes = toWorld.clone().multiply(new THREE.Matrix3().set(1, 0, 0, 0, -1, 0, 0, 0, -1)).elements;  // column-major
    const basis = new THREE.Matrix4().makeBasis(new THREE.Vector3(axes[0], axes[1], axes[2]), new THREE.Vector3(axes[3], axes[4], axes[5]),
      new THREE.Vector3(axes[6], axes[7], axes[8]));
    const seen = new THREE.Quaternion().setFromRotationMatrix(basis);
    const s = answer.sticker;
    // An approximate pose (a real lens, a scene anchored askew) still puts the sticker where the
    // camera saw it, but not the camera on the Earth to centimetres: the GPS position stands then.
    const moved = answer.precise !== false;
    return {
      at: performance.now(), stickerId: answer.scene.stickerId,
      turn: seen.multiply(then.quaternion.clone().conjugate()),  // seen = turn · sensed
      sticker: new THREE.Vector3(s.x, s.y, s.z).applyMatrix3(toWorld),  // from the camera, in the world
      shift: moved ? { latitude: answer.camera.coordinate.latitude - then.latitude, longitude: answer.camera.coordinate.longitude - then.longitude }
        : { latitude: 0, longitude: 0 },
      degrees: answer.correction.degrees ?? 0, metres: moved ? answer.correction.metres : 0,
    };
  }

  /** The correction to use now, or null when there is none or it is old. */
  current() {
    return this.fix && performance.now() - this.fix.at < holdFor ? this.fix : null;
  }
}

/** The vertical field of view (degrees) of a view `width` × `height` showing a camera frame of
 *  `videoWidth` × `videoHeight` cropped to cover it, so that the scene drawn over the video meets it. */
export function coverFieldOfView(width, height, videoWidth, videoHeight) {
  const focal = videoWidth / 2 / Math.tan(cameraFieldOfView * Math.PI / 360);
  const scale = Math.max(width / videoWidth, height / videoHeight);
  return 2 * Math.atan(height / 2 / (focal * scale)) * 180 / Math.PI;
}
