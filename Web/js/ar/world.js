// What the AR view draws and where: a north-aligned three.js scene (x east, −z north, y up) whose
// camera turns with the heading, the objects in it by id (stickers, ads, tour stops and photos
// (./tour-stops.js), the route's arrows), and where each anchor sits from where I am, through the same math as
// WorldLayerGeo (../geo.js), moved by what a scene anchor last said (./scene-lock.js).
import * as THREE from "/vendor/three/build/three.module.js";
import { GLTFLoader } from "/vendor/three/examples/jsm/loaders/GLTFLoader.js";
import { couldNotLoad } from "../dom.js";
import { t } from "../strings.js";
import { place } from "../geo.js";
import { stickerCard, textOnModel } from "./card.js";
import { templateList } from "../templates.js";
import { isVeiled, warningText } from "../warnings.js";
import { adsHere, sponsoredBy } from "../ads.js";

export class ARWorld {
  constructor(lock) {
    this.lock = lock;
    this.scene = new THREE.Scene();
    this.camera = new THREE.PerspectiveCamera(60, 4 / 3, 0.1, 2000);
    this.scene.add(new THREE.AmbientLight(0xffffff, 1));
    this.pose = { latitude: null, longitude: null, altitude: null, accuracy: 999, heading: 0, headingAccuracy: 45, pitch: 0 };
    this.objects = new Map();  // id → {kind, mesh, anchor, data, placement}
    this.changes = 0;  // counts objects added and removed: what is laid out around them is laid out again
    this.templates = new Map();  // id → template (kind, takesText, previewUrl, assetUrl)
    this.templatesLoaded = templateList().then((list) => { for (const x of list) this.templates.set(x.id, x); }).catch(couldNotLoad("ar.templates"));
    this.gltf = new GLTFLoader();
  }

  /** The camera's orientation as the sensors give it (north −z, east +x, up +y). */
  sensed() {
    const r = Math.PI / 180;
    return new THREE.Quaternion().setFromEuler(new THREE.Euler(this.pose.pitch * r, -this.pose.heading * r, 0, "YXZ"));
  }

  /** Whether the fix or the heading is too poor for fine detail: then bigger, fewer things. */
  poor() { return this.pose.accuracy > 20 || this.pose.headingAccuracy > 25; }

  /** Where I face, corrected by what a scene anchor last said. */
  heading() { return (this.pose.heading + (this.lock.current()?.degrees ?? 0) + 360) % 360; }

  /** Where I am, as GPS says, moved by what a scene anchor last said of it. */
  device() {
    const shift = this.lock.current()?.shift ?? { latitude: 0, longitude: 0 }, pose = this.pose;
    return { latitude: pose.latitude + shift.latitude, longitude: pose.longitude + shift.longitude, altitude: pose.altitude ?? 0, heading: 0,
      horizontalAccuracy: pose.accuracy, headingAccuracy: pose.headingAccuracy };
  }

  /** Where an anchor sits in the scene (heading 0: the camera, not the world, turns). Without an
   *  altitude from the browser, absolute anchors are shown at eye height; anchors relative to me
   *  (the route's arrows on the ground) keep theirs. */
  position(anchor) {
    const a = this.pose.altitude === null && anchor.altitudeMode === "absolute" ? { ...anchor, altitude: 0, altitudeMode: "relativeToDevice" } : anchor;
    return place(this.device(), a);
  }

  /** Puts `mesh` in the scene as object `id`. */
  add(id, kind, mesh, anchor, data, extra = {}) {
    this.remove(id);
    mesh.userData = { ...mesh.userData, kind, id };
    this.scene.add(mesh);
    this.objects.set(id, { kind, mesh, anchor, data, ...extra });
    this.changes++;
  }

  remove(id) {
    const o = this.objects.get(id);
    if (o) { this.scene.remove(o.mesh); this.objects.delete(id); this.changes++; }
  }

  async addSticker(sticker) {
    await this.templatesLoaded;
    const template = this.templates.get(sticker.templateId);
    const anchor = { latitude: sticker.anchor.latitude, longitude: sticker.anchor.longitude, altitude: sticker.anchor.altitude, altitudeMode: "absolute" };
    let mesh;
    if (sticker.waiting) {
      // Placed with no connection: drawn for its author as a card that says it waits to upload.
      mesh = new THREE.Sprite(stickerCard(sticker.text || template?.name || "", sticker.color, template?.kind === "image" ? template : null, { badge: t("outbox.badge") }));
    } else if (isVeiled(sticker)) {
      // A content warning: a plain card that says so until the sticker is tapped and shown.
      mesh = new THREE.Sprite(stickerCard(warningText(sticker), "#A8A29E"));
    } else if (template?.kind === "model" && template.assetUrl) {
      // A 3D template: its glTF model, in a group so that raycasts find the sticker from any part.
      mesh = new THREE.Group();
      // A template that takes text shows the sticker's on its front face (a billboard's board).
      this.gltf.load(template.assetUrl, (model) => { if (template.takesText) textOnModel(model.scene, sticker.text, sticker.color); mesh.add(model.scene); this.changes++; },
        undefined, () => mesh.add(new THREE.Sprite(stickerCard(sticker.text || template.name, sticker.color))));
    } else {
      mesh = new THREE.Sprite(stickerCard(sticker.text || (template?.kind === "image" ? "" : template?.name ?? ""), sticker.color, template));
    }
    mesh.userData = { model: template?.kind === "model" };
    // A model keeps the turn it was placed with; a card always faces the camera.
    if (template?.kind === "model" && !isVeiled(sticker) && sticker.orientation) mesh.quaternion.set(...sticker.orientation);
    this.add(sticker.id, "sticker", mesh, anchor, sticker);
  }

  /** The ads shown where I stand: sponsored cards, labelled so, in place of those shown before. */
  async showAds() {
    const ads = await adsHere(this.pose);
    await this.templatesLoaded;
    for (const [id, o] of this.objects) if (o.kind === "ad" && !ads.some((ad) => `ad-${ad.id}` === id)) this.remove(id);
    for (const ad of ads) {
      const template = this.templates.get(ad.templateId);
      const mesh = new THREE.Sprite(stickerCard(ad.text || (template?.kind === "image" ? "" : template?.name ?? ""), ad.color, template, { badge: sponsoredBy(ad) }));
      this.add(`ad-${ad.id}`, "ad", mesh, { ...ad.anchor, altitudeMode: "absolute" }, ad);
    }
  }

  /** Where `o` is on screen (normalized device coordinates; z < 1 in front of the camera). */
  projected(o) { return new THREE.Vector3(o.placement.x, o.placement.y, o.placement.z).project(this.camera); }
}
