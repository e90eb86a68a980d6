// AR: the rear camera, full screen, with a three.js scene over it, placed from geolocation and the
// compass through the same math as WorldLayerGeo (../geo.js): stickers near me (live), place names,
// tour stops, and a route as arrows on the ground with the next turn in a banner and a pointer to
// the destination when it is out of view; placing a sticker in front of me. Honest about accuracy:
// the badge is always on top, and when the fix or the heading is poor it shows bigger, fewer things.
// Near scene anchors, what the camera sees corrects the compass and GPS (../ar/scene-lock.js).
// Every answer to a tap comes up in a bottom sheet over the camera.
import * as THREE from "/vendor/three/build/three.module.js";
import { live } from "../live.js";
import { GLTFLoader } from "/vendor/three/examples/jsm/loaders/GLTFLoader.js";
import { api, get, participants, post, session } from "../api.js";
import { couldNotLoad, distanceText, h, icon, say, viewpointText } from "../dom.js";
import { bottomSheet } from "../sheet.js";
import { stickerSheet } from "./sticker-sheet.js";
import { placeCard } from "./place-sheet.js";
import { stickerCard } from "../ar/card.js";
import { drawLabels } from "../ar/labels.js";
import { edgePointer, LeftRoute, progress } from "../ar/guidance.js";
import { LocalFrame, place, unplace } from "../geo.js";
import { t } from "../strings.js";
import { cameraHeading, HeadingFilter } from "../sensors/heading.js";
import { motionNeedsTap, startFromTap } from "../sensors/permissions.js";
import { PositionFilter, VehicleGuard } from "../sensors/position.js";
import { audienceFields } from "../ar/audience.js";
import { openPlacementForm } from "../ar/place-form.js";
import { Announcer } from "../ar/announcer.js";
import { forgetPrivate, privateStickers, privateSession } from "../offline/private.js";
import { isVeiled, shownText, warningFields, warningText } from "../warnings.js";
import { adSheet, adsHere, sponsoredBy } from "../ads.js";
import { mediaFields } from "../sticker-media.js";
import { coverFieldOfView, SceneLock } from "../ar/scene-lock.js";

const reloadAfter = 30;  // metres walked before the stickers around me are fetched again
const safetyKey = "worldlayer.safetyAcknowledged";

/** AR opens, the first time, on a word about the surroundings; its button is also the tap that
 *  phones need before they give the compass and sound. */
export async function render() {
  if (localStorage.getItem(safetyKey)) return start();
  const screen = document.getElementById("screen");
  screen.classList.remove("full");  // a page to read; the camera comes after
  const button = h("button", { id: "safety-start" }, t("ar.safety.start"));
  screen.append(h("h2", {}, t("ar.title")),
    h("section", { class: "card safety", id: "safety", "aria-labelledby": "safety-title" },
      h("h3", { id: "safety-title" }, t("ar.safety.title")), h("p", {}, t("ar.safety.text")), button));
  let leave = null, left = false;
  button.addEventListener("click", async () => {
    const permission = await startFromTap();
    localStorage.setItem(safetyKey, "1");
    if (left) return;
    screen.replaceChildren();
    screen.classList.add("full");
    leave = await start(permission);
  });
  button.focus();
  return () => { left = true; leave?.(); };
}

/** `permission`: the answer to a motion request made in the tap that opened AR, if one was. */
async function start(permission) {
  const screen = document.getElementById("screen");
  const video = h("video", { class: "feed", playsinline: true, muted: true, autoplay: true, "aria-hidden": "true" });
  const badge = h("p", { class: "hint", id: "ar-accuracy", role: "status" }, t("ar.waiting"));
  // Whether what I see is live: quiet while it is, said when it is coming back or offline.
  const liveState = h("p", { class: "live-state", id: "ar-live", "data-state": "connecting" }, "");
  const labels = h("div", { class: "labels", id: "ar-labels", "aria-label": t("ar.places") });
  const placeButton = h("button", { id: "place-sticker" }, t("ar.place"));
  // A private session: what I place stays on this phone. Offered when there is no connection.
  const privateButton = h("button", { id: "private-session", class: "secondary", "aria-pressed": String(privateSession.on),
    onclick: () => { privateSession.on = !privateSession.on; showPrivate(); say(t(privateSession.on ? "private.on" : "private.off")); } });
  const showPrivate = () => {
    privateButton.setAttribute("aria-pressed", String(privateSession.on));
    privateButton.textContent = t(privateSession.on ? "private.button.on" : "private.button.off");
  };
  showPrivate();
  const paused = h("p", { class: "paused", id: "ar-paused", role: "alert", hidden: true }, t("ar.vehicle"));
  const controls = h("div", { class: "row controls" }, placeButton, privateButton);
  const turnArrow = icon("arrow", { class: "arrow", "aria-label": t("ar.guidance.arrow"), role: "img" });
  const guidanceText = h("div", { class: "grow", id: "ar-next" });
  const guidance = h("div", { class: "guidance", id: "ar-guidance", hidden: true, role: "status" }, turnArrow, guidanceText,
    h("button", { id: "end-route", type: "button", onclick: () => endRoute() }, t("route.end")));
  const edgeLabel = h("span", {});
  // Tapping the pointer says what it points at.
  const edge = h("button", { type: "button", class: "edge", id: "ar-edge", hidden: true, onclick: () => sheet.show(h("div", { class: "card" }, h("h3", {}, edgeLabel.textContent)), "peek") },
    icon("arrow"), edgeLabel);
  // Guidance, accuracy and buttons stacked at the top: the bottom is the sheets'.
  const stack = h("div", { class: "top-stack" }, guidance, badge, liveState, controls);
  const view = h("div", { class: "ar", id: "ar" }, video, labels, edge, stack, paused);
  const sheet = bottomSheet("ar-sheet");
  screen.append(view, sheet.el);

  // The scene: north-aligned world (x east, −z north, y up); the camera turns with the heading.
  const renderer = new THREE.WebGLRenderer({ alpha: true, antialias: true });
  renderer.setPixelRatio(window.devicePixelRatio);
  video.after(renderer.domElement);
  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(60, 4 / 3, 0.1, 2000);
  scene.add(new THREE.AmbientLight(0xffffff, 1));

  const pose = { latitude: null, longitude: null, altitude: null, accuracy: 999, heading: 0, headingAccuracy: 45, pitch: 0 };
  const objects = new Map();  // id → {kind, mesh, anchor, data}
  const announcer = new Announcer();  // speech and buzzes, as the settings ask
  let loadedAt = null, running = true, inXR = false;
  /** The stickers the server sent (not those a private session keeps on this phone), and the cells followed. */
  const served = new Set();
  let followed = [];
  // What changes around me, live; a reset (who I may see changed, or the server lost my place) loads
  // what is in view again.
  const feed = live({
    onEvent: (m) => {
      // With a body it is mine to see (my own drafts too, as a load shows them); without, it goes.
      if (m.sticker) { served.add(m.stickerId); addSticker(m.sticker); }
      else { served.delete(m.stickerId); remove(m.stickerId); }
    },
    onReset: () => loadStickers(followed).catch(couldNotLoad("ar.stickers")),
    onState: (state) => { liveState.dataset.state = view.dataset.live = state; liveState.textContent = t(`live.${state}`); },
  });
  const lock = new SceneLock(video);

  /** The camera's orientation as the sensors give it (north −z, east +x, up +y). */
  function sensed() {
    const r = Math.PI / 180;
    return new THREE.Quaternion().setFromEuler(new THREE.Euler(pose.pitch * r, -pose.heading * r, 0, "YXZ"));
  }

  function poor() { return pose.accuracy > 20 || pose.headingAccuracy > 25; }

  /** Where I am, as GPS says, moved by what a scene anchor last said of it. */
  function device() {
    const shift = lock.current()?.shift ?? { latitude: 0, longitude: 0 };
    return { latitude: pose.latitude + shift.latitude, longitude: pose.longitude + shift.longitude, altitude: pose.altitude ?? 0, heading: 0,
      horizontalAccuracy: pose.accuracy, headingAccuracy: pose.headingAccuracy };
  }

  /** Where an anchor sits in the scene (heading 0: the camera, not the world, turns). Without an
   *  altitude from the browser, absolute anchors are shown at eye height; anchors relative to me
   *  (the route's arrows on the ground) keep theirs. */
  function position(anchor) {
    const a = pose.altitude === null && anchor.altitudeMode === "absolute" ? { ...anchor, altitude: 0, altitudeMode: "relativeToDevice" } : anchor;
    return place(device(), a);
  }

  const templates = new Map();  // id → template (kind, takesText, previewUrl, assetUrl)
  const templatesLoaded = get("/v1/templates").then(({ templates: list }) => { for (const x of list) templates.set(x.id, x); }).catch(couldNotLoad("ar.templates"));
  const gltf = new GLTFLoader();

  async function addSticker(sticker) {
    await templatesLoaded;
    remove(sticker.id);
    const template = templates.get(sticker.templateId);
    const anchor = { latitude: sticker.anchor.latitude, longitude: sticker.anchor.longitude, altitude: sticker.anchor.altitude, altitudeMode: "absolute" };
    let mesh;
    if (isVeiled(sticker)) {
      // A content warning: a plain card that says so until the sticker is tapped and shown.
      mesh = new THREE.Sprite(stickerCard(warningText(sticker), "#A8A29E"));
    } else if (template?.kind === "model" && template.assetUrl) {
      // A 3D template: its glTF model, in a group so that raycasts find the sticker from any part.
      mesh = new THREE.Group();
      gltf.load(template.assetUrl, (model) => mesh.add(model.scene), undefined, () => mesh.add(new THREE.Sprite(stickerCard(sticker.text || template.name, sticker.color))));
    } else {
      mesh = new THREE.Sprite(stickerCard(sticker.text || (template?.kind === "image" ? "" : template?.name ?? ""), sticker.color, template));
    }
    mesh.userData = { kind: "sticker", id: sticker.id, model: template?.kind === "model" };
    // A model keeps the turn it was placed with; a card always faces the camera.
    if (template?.kind === "model" && !isVeiled(sticker) && sticker.orientation) mesh.quaternion.set(...sticker.orientation);
    scene.add(mesh);
    objects.set(sticker.id, { kind: "sticker", mesh, anchor, data: sticker });
  }

  /** The ads shown where I stand: sponsored cards, labelled so, in place of those shown before. */
  async function showAds() {
    const ads = await adsHere(pose);
    await templatesLoaded;
    for (const [id, o] of objects) if (o.kind === "ad" && !ads.some((ad) => `ad-${ad.id}` === id)) remove(id);
    for (const ad of ads) {
      const id = `ad-${ad.id}`, template = templates.get(ad.templateId);
      remove(id);
      const mesh = new THREE.Sprite(stickerCard(ad.text || (template?.kind === "image" ? "" : template?.name ?? ""), ad.color, template, { badge: sponsoredBy(ad) }));
      mesh.userData = { kind: "ad", id };
      scene.add(mesh);
      objects.set(id, { kind: "ad", mesh, anchor: { ...ad.anchor, altitudeMode: "absolute" }, data: ad });
    }
  }

  function remove(id) {
    const o = objects.get(id);
    if (o) { scene.remove(o.mesh); objects.delete(id); }
  }

  /** The route chosen on the map ("View in AR"): arrows on the ground every few metres, turned
   *  along the way, and a pin at the destination. */
  let route = null;
  const arrow = new THREE.ShapeGeometry(new THREE.Shape([[0, 0.35], [0.3, -0.15], [0, 0], [-0.3, -0.15]].map(([x, y]) => new THREE.Vector2(x, y))));
  arrow.rotateX(-Math.PI / 2);  // flat on the ground, pointing north (−z)
  function addRoute() {
    const saved = sessionStorage.getItem("worldlayer.route");
    if (!saved) return;
    route = JSON.parse(saved);
    const material = new THREE.MeshBasicMaterial({ color: 0x22c55e, side: THREE.DoubleSide, transparent: true, opacity: 0.9 });
    route.waypoints.forEach((w, i) => {
      const mesh = new THREE.Mesh(arrow, material);
      mesh.rotation.y = -(w.bearing ?? 0) * Math.PI / 180;
      mesh.userData = { kind: "waypoint", id: `waypoint-${i}` };
      scene.add(mesh);
      // On the ground: about 1.5 m under the phone held in front of me, whatever the browser knows of altitude.
      objects.set(mesh.userData.id, { kind: "waypoint", mesh, anchor: { latitude: w.latitude, longitude: w.longitude, altitude: -1.5, altitudeMode: "relativeToDevice" }, data: w });
    });
    const d = route.destination;
    const marker = new THREE.Mesh(new THREE.ConeGeometry(0.6, 1.6, 24), new THREE.MeshBasicMaterial({ color: 0xef4444 }));
    marker.rotation.x = Math.PI;
    marker.userData = { kind: "destination", id: "destination" };
    scene.add(marker);
    objects.set("destination", { kind: "destination", mesh: marker, anchor: { latitude: d.latitude, longitude: d.longitude, altitude: 0.5, altitudeMode: "relativeToDevice" }, data: { name: route.to?.name ?? t("map.destination") } });
    guide();
  }

  /** The banner: the next turn and how far, or the arrival. */
  function guide() {
    if (!route || pose.latitude === null) return void (guidance.hidden = !route);
    const p = progress(route, pose.latitude, pose.longitude);
    guidance.hidden = false;
    if (!p.arrived && leftRoute.update(p.off, pose.accuracy, Date.now() / 1000)) return void reroute();
    if (p.arrived) {
      turnArrow.style.transform = "";
      guidanceText.replaceChildren(h("strong", {}, t("ar.guidance.arrived")), route.to?.name ?? "");
      announcer.turn("arrived", t("ar.guidance.arrived"));
      return;
    }
    turnArrow.style.transform = `rotate(${p.next.turn}deg)`;
    const instruction = p.next.step.instruction.replace(/^./, (c) => c.toLowerCase());
    const turn = t("ar.guidance.turn", { distance: distanceText(p.next.distance), instruction });
    announcer.turn(p.next.step, turn);
    guidanceText.replaceChildren(h("strong", {}, turn),
      t("map.routeSummary", { distance: distanceText(p.left), minutes: Math.max(1, Math.round(p.left / 1.3 / 60)) }));
  }

  function endRoute() {
    sessionStorage.removeItem("worldlayer.route");
    route = null;
    for (const [id, o] of objects) if (o.kind === "waypoint" || o.kind === "destination") { scene.remove(o.mesh); objects.delete(id); }
    guidance.hidden = true;
  }

  /** A walking route from here, drawn at once in place of any other. */
  async function routeFromHere(to, name) {
    const r = await post("/v1/routes", { from: { latitude: pose.latitude, longitude: pose.longitude }, to });
    if (name) r.to = { ...r.to, name };
    endRoute();
    sessionStorage.setItem("worldlayer.route", JSON.stringify(r));
    addRoute();
  }

  /** From a place's sheet. */
  async function startRoute(to, name) {
    try {
      await routeFromHere(to, name);
      sheet.hide();
    } catch (error) { say(error.message); }
  }

  /** Off the route for a while: a new one from where I am to the same destination (one at a time). */
  const leftRoute = new LeftRoute();
  let rerouting = false;
  async function reroute() {
    if (rerouting) return;
    rerouting = true;
    guidanceText.replaceChildren(h("strong", {}, t("ar.guidance.rerouting")));
    announcer.turn("rerouting", t("ar.guidance.rerouting"));
    try {
      const { destination, to } = route;
      await routeFromHere({ latitude: destination.latitude, longitude: destination.longitude }, to?.name);
      view.dataset.reroutes = String(Number(view.dataset.reroutes ?? 0) + 1);
    } catch (error) { say(error.message); }
    leftRoute.reset();
    rerouting = false;
  }

  // What was chosen elsewhere ("View in AR" on a sticker or a place), read once: only a link that
  // leaves AR changes it, and the pointer asks every frame.
  const chosen = { sticker: sessionStorage.getItem("worldlayer.highlightSticker"), place: sessionStorage.getItem("worldlayer.highlight") };

  /** What the edge pointer points at when out of view: the destination, or what was chosen elsewhere. */
  function pointed() {
    if (objects.has("destination")) { const o = objects.get("destination"); return { name: o.data.name, placement: o.placement }; }
    const o = chosen.sticker && objects.get(chosen.sticker);
    if (o) return { name: o.data.text || t("map.sticker"), placement: o.placement };
    const place = places.get(chosen.place);
    if (place) return { name: place.name, placement: position({ latitude: place.position.latitude, longitude: place.position.longitude, altitude: 2, altitudeMode: "relativeToDevice" }) };
    return null;
  }

  function pointEdge(width, height) {
    const target = pointed();
    // Clear of the banners at the top and of an open sheet at the bottom.
    const top = stack.offsetTop + stack.offsetHeight + 36, bottom = (sheet.open ? sheet.el.offsetHeight : 0) + 36;
    const at = target?.placement ? edgePointer(new THREE.Vector3(target.placement.x, target.placement.y, target.placement.z).project(camera), width, height,
      { top, bottom, left: 36, right: 36 }) : null;
    edge.hidden = !at;
    if (!at) return;
    edge.style.left = `${at.x}px`; edge.style.top = `${at.y}px`;
    edge.firstChild.style.transform = `rotate(${at.angle}deg)`;
    edgeLabel.textContent = t("ar.edge", { name: target.name, distance: distanceText(target.placement.distance) });
  }

  const places = new Map(), placeNames = new Map();  // place id → place, name: for the labels the server lays out
  let labelsAsked = null, labelsBusy = false;
  /** The stops of the open tours, and of guided tours I joined with a passkey: tall amber markers. */
  async function addTourStops() {
    const { tours } = await get("/v1/tours");
    for (const summary of tours.filter((x) => x.mode === "open" || participants.get(x.id))) {
      const tour = await get(`/v1/tours/${summary.id}`, summary.mode === "open" ? session.token : participants.get(summary.id).token);
      for (const stop of tour.stops.filter((x) => x.position)) {
        const id = `stop-${tour.id}-${stop.id}`;  // a guided tour may share stops with an open one
        if (objects.has(id)) continue;
        const mesh = new THREE.Mesh(new THREE.CylinderGeometry(0.3, 0.3, 3, 16), new THREE.MeshBasicMaterial({ color: 0xf59e0b }));
        mesh.userData = { kind: "tour-stop", id };
        scene.add(mesh);
        const data = { name: `${tour.title}: ${stop.title}`, text: stop.text, slug: tour.slug, media: stop.media, viewpoint: stop.viewpoint };
        objects.set(id, { kind: "tour-stop", mesh, anchor: { latitude: stop.position.latitude, longitude: stop.position.longitude, altitude: 1.5, altitudeMode: "relativeToGround" }, data });
        addTourPhoto(`photo-${tour.id}-${stop.id}`, stop, data);
      }
    }
  }

  /** A historical photo hung where its viewpoint says: `distance` metres from the stop along the
   *  photographer's heading, at eye height, facing back at the stop, as wide as a 60° view, in a frame. */
  function addTourPhoto(id, stop, data) {
    const picture = stop.media.find((m) => m.contentType.startsWith("image/"));
    if (stop.kind !== "photo" || !stop.viewpoint || !picture || objects.has(id)) return;
    const distance = stop.viewpoint.distance ?? 10, width = 2 * distance * Math.tan(Math.PI / 6);
    const group = new THREE.Group();
    const frame = new THREE.Mesh(new THREE.PlaneGeometry(1.06, 1.06), new THREE.MeshBasicMaterial({ color: 0x3f2a14 }));
    const photo = new THREE.Mesh(new THREE.PlaneGeometry(1, 1), new THREE.MeshBasicMaterial({ color: 0xffffff }));
    photo.position.z = 0.01;  // in front of its frame
    group.add(frame, photo);
    group.rotation.y = -stop.viewpoint.heading * Math.PI / 180;  // facing back at the stop
    group.scale.set(width, width * 0.75, 1);
    new THREE.TextureLoader().load(`/v1/media/${picture.id}`, (texture) => {
      photo.material.map = texture;
      photo.material.needsUpdate = true;
      group.scale.y = width * texture.image.height / texture.image.width;
    });
    group.userData = { kind: "tour-photo", id };
    scene.add(group);
    const ahead = unplace({ ...stop.position, altitude: 0, heading: stop.viewpoint.heading }, { x: 0, y: 0, z: -distance });
    objects.set(id, { kind: "tour-photo", mesh: group, anchor: { latitude: ahead.latitude, longitude: ahead.longitude, altitude: 0, altitudeMode: "relativeToDevice" },
      viewpoint: { latitude: stop.position.latitude, longitude: stop.position.longitude, altitude: 0, altitudeMode: "relativeToDevice" }, data });
  }

  async function loadAround() {
    addTourStops().catch(couldNotLoad("map.layer.tours"));
    loadedAt = { latitude: pose.latitude, longitude: pose.longitude };
    get(`/v1/places/nearby?latitude=${pose.latitude}&longitude=${pose.longitude}&radius=300&limit=200`)
      .then((found) => { for (const p of found.places) { places.set(p.place.id, p.place); placeNames.set(p.place.id, p.place.name); } labelsAsked = null; }).catch(couldNotLoad("ar.places"));
    const { cells } = await get(`/v1/cells/cover?latitude=${pose.latitude}&longitude=${pose.longitude}&radius=300`);
    showAds().catch(couldNotLoad("map.layer.ads"));
    lock.look(pose.latitude, pose.longitude).catch(() => { /* no scene anchors: the sensors alone */ });
    await loadStickers(cells);
  }

  /** The stickers in `cells` as they are now, then followed live from there. What I may no longer
   * see (a block, a map I left) leaves; the rest is drawn again in place, so nothing flickers. */
  async function loadStickers(cells) {
    const page = await get(`/v1/cells/stickers?cells=${cells.join(",")}`);
    const fresh = new Set(page.stickers.map((s) => s.id));
    for (const id of [...served]) if (!fresh.has(id)) { served.delete(id); remove(id); }
    for (const s of page.stickers) served.add(s.id);
    await Promise.all(page.stickers.map(addSticker));
    followed = cells;
    feed.follow(cells, page.seq);
  }

  function layout() {
    const forgiving = poor();
    const width = view.clientWidth, height = view.clientHeight;
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    // The scene is drawn as wide as the camera's picture is on screen, so that what is drawn meets what is seen.
    if (video.videoWidth) camera.fov = coverFieldOfView(width, height, video.videoWidth, video.videoHeight);
    camera.updateProjectionMatrix();
    const fix = lock.current();
    camera.quaternion.copy(fix ? fix.turn.clone().multiply(sensed()) : sensed());
    const nearest = [...objects.values()].filter((o) => o.kind === "sticker")
      .map((o) => ({ o, d: position(o.anchor).distance })).sort((a, b) => a.d - b.d).slice(0, forgiving ? 5 : 50).map((x) => x.o);
    for (const o of objects.values()) {
      // The sticker of the scene in view: where the camera saw it (the camera is at the origin).
      const p = fix && o.kind === "sticker" && o.data.id === fix.stickerId
        ? { x: fix.sticker.x, y: fix.sticker.y, z: fix.sticker.z, distance: fix.sticker.length() } : position(o.anchor);
      o.mesh.position.set(p.x, p.y, p.z);
      o.placement = p;
      if (o.kind === "sticker") {
        const size = (o.data.size ?? 0.5) * (forgiving ? 2.5 : 1) * Math.max(1, p.distance / 15);
        if (o.mesh.userData.model) o.mesh.scale.setScalar(size); else o.mesh.scale.set(size, size / 2, 1);
        o.mesh.visible = nearest.includes(o);
      }
      // A historical photo only near where it was taken: from afar it would hang over the city.
      if (o.kind === "tour-photo") o.mesh.visible = position(o.viewpoint).distance < 40;
      // Arrows from a couple of metres ahead (one under my feet would fill the screen) to 80 m.
      if (o.kind === "waypoint") o.mesh.visible = p.distance > 2 && p.distance < 80;
    }
    renderer.render(scene, camera);
    if (announcer.watchesStickers) announcer.stickersInView(nearest.flatMap((o) => {
      const v = new THREE.Vector3(o.placement.x, o.placement.y, o.placement.z).project(camera);
      return v.z < 1 && Math.abs(v.x) <= 1 && Math.abs(v.y) <= 1
        ? [{ id: o.data.id, text: shownText(o.data, templates.get(o.data.templateId)?.name || t("map.sticker")), distance: o.placement.distance, x: v.x }] : [];
    }));
    pointEdge(width, height);
    badge.textContent = pose.latitude === null ? t("ar.waiting")
      : fix ? t("ar.scene", { degrees: Math.round(Math.abs(fix.degrees)), metres: Math.round(fix.metres) })
        : (forgiving ? t("ar.poor", { accuracy: Math.round(pose.accuracy), heading: Math.round(pose.headingAccuracy) })
          : t("ar.accuracy", { accuracy: Math.round(pose.accuracy), heading: Math.round(pose.headingAccuracy) }));
    view.classList.toggle("forgiving", forgiving);
  }

  // Place names, laid out by the server so that none overlap (nearest and most important first;
  // the rest are dropped rather than piled up). Asked again when I turn or walk, at most every second.
  async function placeLabels() {
    const here = { latitude: pose.latitude, longitude: pose.longitude, heading: (pose.heading + (lock.current()?.degrees ?? 0) + 360) % 360, pitch: pose.pitch };
    if (labelsBusy || (labelsAsked && Date.now() - labelsAsked.at < 1000) ||
        (labelsAsked && Math.abs(labelsAsked.heading - here.heading) < 3 && Math.abs(labelsAsked.pitch - here.pitch) < 3 &&
         Math.hypot(labelsAsked.latitude - here.latitude, labelsAsked.longitude - here.longitude) < 2e-5)) return;
    labelsBusy = true;
    labelsAsked = { ...here, at: Date.now() };
    const width = view.clientWidth, height = view.clientHeight;
    const horizontalFieldOfView = 2 * Math.atan(Math.tan(camera.fov * Math.PI / 360) * width / height) * 180 / Math.PI;
    try {
      const highlight = chosen.place;
      const layout = await post("/v1/places/labels", { latitude: here.latitude, longitude: here.longitude, altitude: pose.altitude ?? 0,
        heading: here.heading, radius: 300, view: { width, height, horizontalFieldOfView, pitch: here.pitch }, highlight: highlight ? [highlight] : [] });
      const frame = view.getBoundingClientRect();
      drawLabels(labels, layout, { names: placeNames, highlight, onTap: showPlace,
        // Stickers nearer than a label's place, where they are on screen: no label covers them.
        nearerContent: (distance) => [...objects.values()].filter((o) => o.kind === "sticker" && o.mesh.visible && (o.placement?.distance ?? Infinity) < distance)
          .map((o) => new THREE.Vector3(o.placement.x, o.placement.y, o.placement.z).project(camera)).filter((v) => v.z < 1)
          .map((v) => ({ x: frame.left + (v.x + 1) / 2 * width, y: frame.top + (1 - v.y) / 2 * height })) });
    } catch { /* labels are a nicety; the scene goes on without them */ }
    labelsBusy = false;
  }

  function loop() {
    if (!running) return;
    if (pose.latitude !== null && !inXR && !vehicle.inVehicle) {
      layout();
      placeLabels();
      lock.tick({ latitude: pose.latitude, longitude: pose.longitude, heading: pose.heading, quaternion: sensed() });
    }
    requestAnimationFrame(loop);
  }

  // Sensors: GPS fixes through a filter that holds back jumps; the heading fused from the
  // gyroscope and the compass (../sensors/). Above walking pace for a while, AR pauses.
  const fixes = new PositionFilter(), vehicle = new VehicleGuard(), heading = new HeadingFilter();
  let watch = null;
  if (!navigator.geolocation) say(t("map.location.unsupported"));
  else watch = navigator.geolocation.watchPosition(async (p) => {
    if (!fixes.add(p.timestamp / 1000, p.coords.latitude, p.coords.longitude, p.coords.accuracy)) return;  // a jump, held back
    Object.assign(pose, { latitude: p.coords.latitude, longitude: p.coords.longitude, altitude: p.coords.altitude, accuracy: p.coords.accuracy });
    const inVehicle = vehicle.update(fixes.speed());
    if (inVehicle !== !paused.hidden) { paused.hidden = !inVehicle; view.classList.toggle("paused", inVehicle); }
    const moved = loadedAt ? new LocalFrame(loadedAt.latitude, loadedAt.longitude, 0).enu(pose.latitude, pose.longitude, 0) : null;
    guide();
    if (!moved || Math.hypot(moved.east, moved.north) > reloadAfter) await loadAround().catch((e) => say(e.message));
  }, (error) => {
    // A late or lost fix while one is known is no news: the last one stands.
    if (error.code === error.PERMISSION_DENIED) say(t("map.location.denied"));
    else if (pose.latitude === null) say(t("map.location.unavailable"));
  }, { enableHighAccuracy: true });
  function orientation(e) {
    const at = e.timeStamp / 1000;
    const facing = e.alpha === null ? null : cameraHeading(e.alpha, e.beta ?? 90, e.gamma ?? 0);
    if (typeof e.webkitCompassHeading === "number") {
      // iOS: alpha is the gyroscope's (an arbitrary zero), the compass comes beside it (−1: uncalibrated).
      if (facing !== null) heading.gyroscope(at, facing);
      heading.compass(at, e.webkitCompassHeading, e.webkitCompassAccuracy > 0 ? e.webkitCompassAccuracy : 45);
    } else if (facing === null) return;
    else if (e.absolute || e.type === "deviceorientationabsolute") heading.compass(at, facing, 15);
    else heading.gyroscope(at, facing);  // Android's plain event: gyroscope and accelerometer only
    if (heading.heading !== null) {
      pose.heading = heading.heading;
      pose.headingAccuracy = heading.accuracy === null ? 15 : Math.max(5, heading.accuracy);
    }
    if (e.beta !== null) pose.pitch = e.beta - 90;  // upright phone: beta 90 looks at the horizon
  }
  addEventListener("deviceorientationabsolute", orientation);
  addEventListener("deviceorientation", orientation);
  if (permission === "denied") say(t("ar.compass.denied"));
  else if (permission === undefined && motionNeedsTap()) {
    // Opened again (no safety word): iOS still wants a tap on this page before the compass starts.
    const compass = h("button", { id: "start-compass", class: "secondary" }, t("ar.compass"));
    compass.addEventListener("click", async () => {
      compass.remove();
      if (await startFromTap() === "denied") say(t("ar.compass.denied"));
    });
    controls.prepend(compass);
  } else if (permission === "unavailable") say(t("ar.compass.none"));

  // Camera (the scene still works without it, over black).
  let stream = null;
  if (navigator.mediaDevices?.getUserMedia) {
    navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then((s) => { stream = s; video.srcObject = s; return video.play(); })
      .catch((error) => say(error.name === "NotAllowedError" ? t("camera.denied") : t("camera.unsupported")));
  } else say(t("camera.unsupported"));

  // Tapping a sticker opens its sheet.
  renderer.domElement.addEventListener("click", (event) => {
    const r = renderer.domElement.getBoundingClientRect();
    const pointer = new THREE.Vector2(((event.clientX - r.left) / r.width) * 2 - 1, -((event.clientY - r.top) / r.height) * 2 + 1);
    const ray = new THREE.Raycaster();
    ray.setFromCamera(pointer, camera);
    const hit = ray.intersectObjects([...objects.values()].map((o) => o.mesh), true)[0];
    let target = hit?.object;
    while (target && !target.userData.id) target = target.parent;  // a model's part → its sticker
    if (target) showSheet(objects.get(target.userData.id));
  });

  async function showSheet(o) {
    if (!o) return;
    if (o.kind === "tour-stop" || o.kind === "tour-photo") {
      const v = o.data.viewpoint;
      return sheet.show(h("div", { class: "card", id: "stop-sheet" }, h("h3", {}, o.data.name),
        v ? h("p", { class: "muted" }, viewpointText(v)) : null,
        h("p", {}, o.data.text),
        ...(o.data.media ?? []).map((m) => m.contentType.startsWith("image/") ? h("img", { class: "photo", src: `/v1/media/${m.id}`, alt: o.data.name })
          : m.contentType.startsWith("audio/") ? h("audio", { controls: true, src: `/v1/media/${m.id}`, "aria-label": o.data.name }) : null),
        h("a", { class: "button", href: `#/tours/${encodeURIComponent(o.data.slug)}` }, t("ar.openTour"))));
    }
    if (o.kind === "ad") return sheet.show(adSheet(o.data), "peek");
    if (o.kind !== "sticker") return sheet.show(h("div", { class: "card" }, h("h3", {}, o.data.name ?? t("ar.waypoint"))), "peek");
    const s = o.data;
    if (s.private) {
      return sheet.show(h("div", { class: "card", id: "private-sheet" }, h("h3", {}, s.text || templates.get(s.templateId)?.name || t("map.sticker")),
        h("p", { class: "muted" }, t("private.sheet")),
        h("button", { class: "danger", id: "forget-private", onclick: async () => { await forgetPrivate(s.id); remove(s.id); sheet.hide(); } }, t("private.forget"))));
    }
    let mine = false;
    if (session.token) try { mine = (await get("/v1/me")).id === s.author?.id; } catch { /* not signed in any more */ }
    sheet.show(stickerSheet(s, o.placement?.distance ?? null, {
      route: () => startRoute({ latitude: s.anchor.latitude, longitude: s.anchor.longitude }, shownText(s, t("map.sticker"))), onMap: false,
      extra: mine ? [await editForm(s), h("button", { class: "danger", onclick: async () => {
        try { await api("DELETE", `/v1/stickers/${s.id}`); remove(s.id); sheet.hide(); } catch (error) { say(error.message); }
      } }, t("ar.delete"))] : [] }));
  }

  /** A place's sheet, from a tap on its label. */
  function showPlace(id) {
    const place = places.get(id);
    if (!place) return;
    const here = position({ latitude: place.position.latitude, longitude: place.position.longitude, altitude: 0, altitudeMode: "relativeToDevice" });
    sheet.show(placeCard(place, here.distance, { route: () => startRoute({ place: id }, place.name) }));
  }

  /** Editing (text, tags, colour, size, content warnings, sound or video and link, who sees it, the timer) returns a sticker to unpublished
   * (StickARs' state diagram); saving places it again. */
  async function editForm(s) {
    const text = h("input", { id: "edit-text", value: s.text ?? "", maxlength: 140, disabled: !templates.get(s.templateId)?.takesText });
    const tags = h("input", { id: "edit-tags", value: (s.tags ?? []).join(" ") });
    const color = h("input", { id: "edit-color", type: "color", value: (s.color ?? "#ffd60a").toLowerCase() });
    const size = h("input", { id: "edit-size", type: "range", min: "0.2", max: "2", step: "0.1", value: String(s.size ?? 0.5) });
    const audience = await audienceFields(s), warnings = warningFields(s), media = mediaFields(s);
    const form = h("form", { class: "card", id: "edit-form" }, h("label", {}, t("ar.text"), text), h("label", {}, t("ar.tags"), tags),
      h("label", {}, t("ar.colour"), color), h("label", {}, t("ar.size"), size), ...warnings.elements, ...media.elements, ...audience.elements,
      h("button", { type: "submit", class: "secondary" }, t("ar.save")));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        const draft = { templateId: s.templateId, color: color.value.toUpperCase(), size: Number(size.value), orientation: s.orientation, anchor: s.anchor,
          ...audience.read(), ...warnings.read(), ...(await media.read()), text: text.disabled ? "" : text.value, tags: tags.value.split(/[\s,]+/).filter(Boolean), version: s.version };
        const edited = await api("PUT", `/v1/stickers/${s.id}`, draft);
        const placed = await api("POST", `/v1/stickers/${s.id}/place`);
        await addSticker(placed ?? edited);
        sheet.show(h("p", { class: "notice", id: "edited" }, t("ar.saved")), "peek");
      } catch (e) { say(e.message); }
    });
    return form;
  }

  // Placing a sticker two metres in front of me, or (WebXR) on the surface I tap (../ar/place-form.js).
  placeButton.addEventListener("click", () => openPlacementForm({ pose, sheet, addSticker, three: { renderer, scene, camera },
    pauseLoop: (paused) => { inXR = paused; }, frame: () => lock.frame(), heading: () => (pose.heading + (lock.current()?.degrees ?? 0) + 360) % 360 }));

  addRoute();
  // What this phone keeps to itself, drawn like any sticker; with no connection, the private session is offered.
  privateStickers().then((kept) => Promise.all(kept.map(addSticker))).catch(() => { /* no IndexedDB: nothing kept */ });
  const offerPrivate = () => { if (!privateSession.on) say(t("private.offer")); };
  if (!navigator.onLine) offerPrivate();
  addEventListener("offline", offerPrivate);
  // A sticker shown on a tap (its content warning) is drawn as itself from then on.
  const redrawRevealed = (event) => { const o = objects.get(event.detail.id); if (o?.kind === "sticker") addSticker(o.data); };
  addEventListener("worldlayer:revealed", redrawRevealed);
  // For the browser tests: what is in the scene and where.
  window.worldlayerAR = {
    pose,
    objects: () => [...objects.values()].map((o) => ({ kind: o.kind, id: o.mesh.userData.id, visible: o.mesh.visible, text: o.data?.text, veiled: isVeiled(o.data), tour: o.data?.slug, yaw: o.mesh.rotation.y,
      model: !!o.mesh.userData.model, parts: o.mesh.children.length, ...(o.placement ?? {}) })),
    open: (id) => showSheet(objects.get(id)),  // what a tap on the object does
    project: (id) => { const o = objects.get(id); return o ? o.mesh.getWorldPosition(new THREE.Vector3()).project(camera) : null; },
    scene: () => { const f = lock.current(); return f ? { stickerId: f.stickerId, degrees: f.degrees, metres: f.metres } : null; },
  };
  loop();
  return () => {
    running = false;
    feed.close();
    if (watch !== null) navigator.geolocation.clearWatch(watch);
    removeEventListener("offline", offerPrivate);
    removeEventListener("worldlayer:revealed", redrawRevealed);
    removeEventListener("deviceorientationabsolute", orientation);
    removeEventListener("deviceorientation", orientation);
    stream?.getTracks().forEach((track) => track.stop());
    renderer.dispose();
    delete window.worldlayerAR;
  };
}
