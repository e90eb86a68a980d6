// A walking route in AR: arrows on the ground every few metres along the way, a pin at the
// destination, the next turn in a banner (spoken when the step changes), and a new route from where
// I am when I have left this one for a while (./guidance.js).
import * as THREE from "/vendor/three/build/three.module.js";
import { paths, post } from "../api.js";
import { compassPoint, distanceText, h, say } from "../dom.js";
import { t } from "../strings.js";
import { stepText } from "../route-steps.js";
import { handoff } from "../handoff.js";
import { LeftRoute, approachPoints, joinWithin, progress } from "./guidance.js";

// An arrow flat on the ground, pointing north (−z).
const arrow = new THREE.ShapeGeometry(new THREE.Shape([[0, 0.35], [0.3, -0.15], [0, 0], [-0.3, -0.15]].map(([x, y]) => new THREE.Vector2(x, y))));
arrow.rotateX(-Math.PI / 2);

export class ARRoute {
  /** `banner`: {box, arrow, text} of the guidance banner; `view`: the AR view (its reroute count for the tests). */
  constructor(world, { banner, view, announcer, sheet }) {
    Object.assign(this, { world, banner, view, announcer, sheet });
    this.route = null;
    this.leftRoute = new LeftRoute();
    this.rerouting = false;
    // Until I am on the route, the banner and the arrows lead me to it (see approach()).
    this.joined = false;
    this.approachFrom = null;
  }

  /** Draws the route handed over (the map's or a tour's "View in AR", or one asked here). */
  draw() {
    const route = this.route = handoff.route;
    if (!route) return;
    this.joined = false;
    this.approachFrom = null;
    const material = new THREE.MeshBasicMaterial({ color: 0x22c55e, side: THREE.DoubleSide, transparent: true, opacity: 0.9 });
    route.waypoints.forEach((w, i) => {
      const mesh = new THREE.Mesh(arrow, material);
      mesh.rotation.y = -(w.bearing ?? 0) * Math.PI / 180;
      // On the ground: about 1.5 m under the phone held in front of me, whatever the browser knows of altitude.
      this.world.add(`waypoint-${i}`, "waypoint", mesh, { latitude: w.latitude, longitude: w.longitude, altitude: -1.5, altitudeMode: "relativeToDevice" }, w);
    });
    const d = route.destination;
    const marker = new THREE.Mesh(new THREE.ConeGeometry(0.6, 1.6, 24), new THREE.MeshBasicMaterial({ color: 0xef4444 }));
    marker.rotation.x = Math.PI;
    this.world.add("destination", "destination", marker, { latitude: d.latitude, longitude: d.longitude, altitude: 0.5, altitudeMode: "relativeToDevice" },
      { name: route.to?.name ?? t("map.destination") });
    this.guide();
  }

  /** The banner: the next turn and how far, or the arrival. */
  guide() {
    const { route, banner } = this, pose = this.world.pose;
    if (!route || pose.latitude === null) return void (banner.box.hidden = !route);
    const p = progress(route, pose.latitude, pose.longitude);
    banner.box.hidden = false;
    if (!this.joined && !p.arrived && p.off > Math.max(joinWithin, Math.min(pose.accuracy, 25))) return this.approach(p, pose);
    if (!this.joined) this.joinedRoute();
    if (!p.arrived && this.leftRoute.update(p.off, pose.accuracy, Date.now() / 1000)) return void this.reroute();
    if (p.arrived) {
      banner.arrow.style.transform = "";
      banner.text.replaceChildren(h("strong", {}, t("ar.guidance.arrived")), h("span", { translate: "no" }, route.to?.name ?? ""));
      this.announcer.turn("arrived", t("ar.guidance.arrived"));
      return;
    }
    banner.arrow.style.transform = `rotate(${p.next.turn}deg)`;
    const instruction = stepText(p.next.step).replace(/^./, (c) => c.toLowerCase());
    const turn = t("ar.guidance.turn", { distance: distanceText(p.next.distance), instruction });
    this.announcer.turn(p.next.step, turn);
    banner.text.replaceChildren(h("strong", {}, turn),
      t("map.routeSummary", { distance: distanceText(p.left), minutes: Math.max(1, Math.round(p.left / 1.3 / 60)) }));
  }

  /** Not yet on the route (guidance began away from it): "Walk 30 m north-west to Hallituskatu",
   *  the arrow towards it as I hold the phone, and arrows on the ground from where I stood. Walking
   *  away from it instead, 25 m more than I started, finds a new way. */
  approach(p, pose) {
    const { route, banner } = this;
    if (!this.approachFrom) {
      this.approachFrom = { off: p.off };
      const material = new THREE.MeshBasicMaterial({ color: 0x38bdf8, side: THREE.DoubleSide, transparent: true, opacity: 0.9 });
      approachPoints(pose.latitude, pose.longitude, p.join).forEach((w, i) => {
        const mesh = new THREE.Mesh(arrow, material);
        mesh.rotation.y = -w.bearing * Math.PI / 180;
        this.world.add(`approach-${i}`, "waypoint", mesh, { latitude: w.latitude, longitude: w.longitude, altitude: -1.5, altitudeMode: "relativeToDevice" }, w);
      });
    }
    if (p.off > this.approachFrom.off + 25) return void this.reroute();
    banner.arrow.style.transform = `rotate(${(p.join.bearing - this.world.heading() + 360) % 360}deg)`;
    const first = route.steps[0];
    const way = first?.name ?? t(first?.highway === "footway" || first?.highway === "path" ? "ar.guidance.thePath" : "ar.guidance.theRoute");
    const words = t("ar.guidance.join", { distance: distanceText(p.off), direction: t(`direction.${compassPoint(p.join.bearing)}`), way });
    this.announcer.turn("join", words);
    banner.text.replaceChildren(h("strong", {}, words),
      t("map.routeSummary", { distance: distanceText(p.left + p.off), minutes: Math.max(1, Math.round((p.left + p.off) / 1.3 / 60)) }));
  }

  /** On the route at last: the arrows that led here go, and its own turns take over. */
  joinedRoute() {
    this.joined = true;
    for (const [id] of this.world.objects) if (id.startsWith("approach-")) this.world.remove(id);
  }

  end() {
    handoff.route = null;
    this.route = null;
    for (const [id, o] of this.world.objects) if (o.kind === "waypoint" || o.kind === "destination") this.world.remove(id);
    this.banner.box.hidden = true;
  }

  /** A walking route from here, drawn at once in place of any other. */
  async fromHere(to, name) {
    const pose = this.world.pose;
    const r = await post(paths.routes, { from: { latitude: pose.latitude, longitude: pose.longitude }, to });
    if (name) r.to = { ...r.to, name };
    this.end();
    handoff.route = r;
    this.draw();
  }

  /** From a sheet ("Navigate there"). */
  async start(to, name) {
    try {
      await this.fromHere(to, name);
      this.sheet.hide();
    } catch (error) { say(error.message); }
  }

  /** Off the route for a while: a new one from where I am to the same destination (one at a time). */
  async reroute() {
    if (this.rerouting) return;
    this.rerouting = true;
    this.banner.text.replaceChildren(h("strong", {}, t("ar.guidance.rerouting")));
    this.announcer.turn("rerouting", t("ar.guidance.rerouting"));
    try {
      const { destination, to } = this.route;
      await this.fromHere({ latitude: destination.latitude, longitude: destination.longitude }, to?.name);
      this.view.dataset.reroutes = String(Number(this.view.dataset.reroutes ?? 0) + 1);
    } catch (error) { say(error.message); }
    this.leftRoute.reset();
    this.rerouting = false;
  }
}
