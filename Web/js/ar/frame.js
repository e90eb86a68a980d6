// One frame of the AR view: every object moved to where it sits from here, the nearest stickers
// shown (fewer and bigger when the fix or the heading is poor), what is newly in view announced,
// the edge pointer, the accuracy badge, and the place names the server lays out.
import * as THREE from "/vendor/three/build/three.module.js";
import { paths, post } from "../api.js";
import { distanceText } from "../dom.js";
import { t } from "../strings.js";
import { shownText } from "../warnings.js";
import { edgePointer } from "./guidance.js";
import { drawLabels } from "./labels.js";
import { drawnRect } from "./pick.js";
import { coverFieldOfView } from "./scene-lock.js";

/** Draws the frame. `ui`: the view's elements (view, video, badge, stack, sheet, edge, edgeLabel);
 *  `pointed()`: what the edge pointer points at when it is out of view. */
export function drawFrame(world, renderer, ui, announcer, pointed) {
  const { camera, pose } = world;
  const forgiving = world.poor();
  const width = ui.view.clientWidth, height = ui.view.clientHeight;
  renderer.setSize(width, height, false);
  camera.aspect = width / height;
  // The scene is drawn as wide as the camera's picture is on screen, so that what is drawn meets what is seen.
  if (ui.video.videoWidth) camera.fov = coverFieldOfView(width, height, ui.video.videoWidth, ui.video.videoHeight);
  camera.updateProjectionMatrix();
  const fix = world.lock.current();
  camera.quaternion.copy(fix ? fix.turn.clone().multiply(world.sensed()) : world.sensed());
  const nearest = placeObjects(world, fix, forgiving);
  renderer.render(world.scene, camera);
  if (announcer.watchesStickers) announcer.stickersInView(nearest.flatMap((o) => {
    const v = world.projected(o);
    return v.z < 1 && Math.abs(v.x) <= 1 && Math.abs(v.y) <= 1
      ? [{ id: o.data.id, text: shownText(o.data, world.templates.get(o.data.templateId)?.name || t("map.sticker")), distance: o.placement.distance, x: v.x }] : [];
  }));
  pointEdge(world, ui, pointed(), width, height);
  ui.badge.textContent = pose.latitude === null ? t("ar.waiting")
    : fix ? t("ar.scene", { degrees: Math.round(Math.abs(fix.degrees)), metres: Math.round(fix.metres) })
      : (forgiving ? t("ar.poor", { accuracy: Math.round(pose.accuracy), heading: Math.round(pose.headingAccuracy) })
        : t("ar.accuracy", { accuracy: Math.round(pose.accuracy), heading: Math.round(pose.headingAccuracy) }));
  ui.view.classList.toggle("forgiving", forgiving);
}

/** Moves every object to where it sits now and says which are shown; returns the stickers shown, nearest first. */
function placeObjects(world, fix, forgiving) {
  const objects = [...world.objects.values()];
  const nearest = objects.filter((o) => o.kind === "sticker")
    .map((o) => ({ o, d: world.position(o.anchor).distance })).sort((a, b) => a.d - b.d).slice(0, forgiving ? 5 : 50).map((x) => x.o);
  for (const o of objects) {
    // The sticker of the scene in view: where the camera saw it (the camera is at the origin).
    const p = fix && o.kind === "sticker" && o.data.id === fix.stickerId
      ? { x: fix.sticker.x, y: fix.sticker.y, z: fix.sticker.z, distance: fix.sticker.length() } : world.position(o.anchor);
    o.mesh.position.set(p.x, p.y, p.z);
    o.placement = p;
    if (o.kind === "sticker") {
      const size = (o.data.size ?? 0.5) * (forgiving ? 2.5 : 1) * Math.max(1, p.distance / 15);
      if (o.mesh.userData.model) o.mesh.scale.setScalar(size); else o.mesh.scale.set(size, size / 2, 1);
      o.mesh.visible = nearest.includes(o);
    }
    // A historical photo only near where it was taken: from afar it would hang over the city.
    if (o.kind === "tour-photo") o.mesh.visible = world.position(o.viewpoint).distance < 40;
    // Arrows from a couple of metres ahead (one under my feet would fill the screen) to 80 m.
    if (o.kind === "waypoint") o.mesh.visible = p.distance > 2 && p.distance < 80;
  }
  return nearest;
}

/** The pointer at the screen's edge toward `target` when it is out of view. */
function pointEdge(world, ui, target, width, height) {
  // While a sheet is open the layer picker gives its room back, so the top stack and the sheet
  // leave the pointer space between them on a short screen.
  if (ui.layers) ui.layers.hidden = ui.sheet.open;
  // Clear of the banners at the top and of the buttons (above a peeking sheet) or the sheet at the bottom.
  const top = ui.stack.offsetTop + ui.stack.offsetHeight + 36;
  const bottom = (ui.controls.hidden ? (ui.sheet.open ? ui.sheet.el.offsetHeight : 0) : height - ui.controls.offsetTop) + 36;
  const at = target?.placement ? edgePointer(new THREE.Vector3(target.placement.x, target.placement.y, target.placement.z).project(world.camera), width, height,
    { top, bottom, left: 36, right: 36 }) : null;
  ui.edge.hidden = !at;
  if (!at) return;
  ui.edge.style.left = `${at.x}px`; ui.edge.style.top = `${at.y}px`;
  ui.edge.firstChild.style.transform = `rotate(${at.angle}deg)`;
  ui.edgeLabel.textContent = t("ar.edge", { name: target.name, distance: distanceText(target.placement.distance) });
}

/** Place names, laid out by the server so that none overlap (nearest and most important first; the
 *  rest are dropped rather than piled up). Asked again when I turn or walk, at most every second. */
export class PlaceLabels {
  /** `element`: where the labels go; `highlight`: a place chosen elsewhere; `onTap(id)`: a label tapped. */
  constructor(world, view, element, { highlight, onTap }) {
    Object.assign(this, { world, view, element, highlight, onTap });
    this.places = new Map();  // place id → place
    this.names = new Map();  // place id → name, for the labels the server lays out
    this.asked = null;
    this.busy = false;
  }

  /** The places around, as the nearby search found them. */
  know(places) {
    for (const p of places) { this.places.set(p.place.id, p.place); this.names.set(p.place.id, p.place.name); }
    this.asked = null;
  }

  async update() {
    const { world, view } = this, pose = world.pose, asked = this.asked;
    const here = { latitude: pose.latitude, longitude: pose.longitude, heading: world.heading(), pitch: pose.pitch };
    // Laid out again when I turn or walk, or a sticker or the route comes or goes (no name over it).
    if (this.busy || (asked && Date.now() - asked.at < 1000) ||
        (asked && asked.changes === world.changes && Math.abs(asked.heading - here.heading) < 3 && Math.abs(asked.pitch - here.pitch) < 3 &&
         Math.hypot(asked.latitude - here.latitude, asked.longitude - here.longitude) < 2e-5)) return;
    this.busy = true;
    this.asked = { ...here, at: Date.now(), changes: world.changes };
    const width = view.clientWidth, height = view.clientHeight;
    const horizontalFieldOfView = 2 * Math.atan(Math.tan(world.camera.fov * Math.PI / 360) * width / height) * 180 / Math.PI;
    try {
      const layout = await post(paths.placeLabels, { latitude: here.latitude, longitude: here.longitude, altitude: pose.altitude ?? 0,
        heading: here.heading, radius: 300, view: { width, height, horizontalFieldOfView, pitch: here.pitch }, highlight: this.highlight ? [this.highlight] : [] });
      const frame = view.getBoundingClientRect();
      drawLabels(this.element, layout, { names: this.names, highlight: this.highlight, onTap: this.onTap,
        // What matters more than a far name, as drawn on screen: stickers, tour stops and the route's
        // arrows nearer than the label's place, and the destination wherever it is. No label covers them.
        nearerContent: (distance) => [...world.objects.values()]
          .filter((o) => o.kind === "destination" || (["sticker", "tour-stop", "waypoint"].includes(o.kind) && (o.placement?.distance ?? Infinity) < distance))
          .map((o) => drawnRect(world, width, height, o)).filter(Boolean)
          .map((d) => ({ left: frame.left + d.x - d.halfX, right: frame.left + d.x + d.halfX, top: frame.top + d.y - d.halfY, bottom: frame.top + d.y + d.halfY })) });
      this.element.dataset.heading = String(here.heading);  // which way the labels were laid out for
    } catch { /* labels are a nicety; the scene goes on without them */ }
    this.busy = false;
  }
}
