// AR: the rear camera, full screen, with a three.js scene over it, placed from geolocation and the
// compass through the same math as WorldLayerGeo (../geo.js): stickers near me (live), place names,
// tour stops, and a route as arrows on the ground with the next turn in a banner and a pointer to
// the destination when it is out of view; placing a sticker in front of me. Honest about accuracy:
// the badge is always on top, and when the fix or the heading is poor it shows bigger, fewer things.
// Near scene anchors, what the camera sees corrects the compass and GPS (../ar/scene-lock.js).
// Every answer to a tap comes up in a bottom sheet over the camera. The view is made of units that
// each own their part from start to stop: the world (../ar/world.js), the route (../ar/route.js),
// each frame and the place names (../ar/frame.js), the sheets (../ar/sheets.js), the senses
// (../ar/sensing.js) and the live feed of stickers here.
import * as THREE from "/vendor/three/build/three.module.js";
import { live } from "../live.js";
import { get, paths } from "../api.js";
import { couldNotLoad, h, icon, say } from "../dom.js";
import { bottomSheet } from "../sheet.js";
import { LocalFrame } from "../geo.js";
import { t } from "../strings.js";
import { startFromTap } from "../sensors/permissions.js";
import { openPlacementForm, waitingSticker } from "../ar/place-form.js";
import { outboxItems } from "../offline/outbox.js";
import { drawnRect, pick } from "../ar/pick.js";
import { Announcer } from "../ar/announcer.js";
import { privateStickers, privateSession } from "../offline/private.js";
import { isVeiled } from "../warnings.js";
import { SceneLock } from "../ar/scene-lock.js";
import { handoff } from "../handoff.js";
import { ARWorld } from "../ar/world.js";
import { ARRoute } from "../ar/route.js";
import { drawFrame, PlaceLabels } from "../ar/frame.js";
import { ARSheets } from "../ar/sheets.js";
import { ARTourStops, stopColours } from "../ar/tour-stops.js";
import { boxAround, savedPlaces, savedStickers } from "../offline/saved-lookup.js";
import { narrationPlayer } from "../narration.js";
import { sense } from "../ar/sensing.js";
import { kept, keys } from "../kept.js";
import { currentLayer, layerPicker, layerQuery, standHere } from "../layers.js";

const reloadAfter = 30;  // metres walked before the stickers around me are fetched again

/** AR opens, the first time, on a word about the surroundings; its button is also the tap that
 *  phones need before they give the compass and sound. */
export async function render() {
  if (kept.text(keys.safetySeen)) return start();
  const screen = document.getElementById("screen");
  screen.classList.remove("full");  // a page to read; the camera comes after
  const button = h("button", { id: "safety-start" }, t("ar.safety.start"));
  screen.append(h("h2", {}, t("ar.title")),
    h("section", { class: "card safety", id: "safety", "aria-labelledby": "safety-title" },
      h("h3", { id: "safety-title" }, t("ar.safety.title")), h("p", {}, t("ar.safety.text")), button));
  let leave = null, left = false;
  button.addEventListener("click", async () => {
    const permission = await startFromTap();
    kept.setText(keys.safetySeen, "1");
    if (left) return;
    screen.replaceChildren();
    screen.classList.add("full");
    leave = await start(permission);
  });
  button.focus();
  return () => { left = true; leave?.(); };
}

/** The view's elements: the camera, the labels, the edge pointer, at the top the route's banner, the
 *  accuracy badge and the live state, and at the bottom, within a thumb's reach, the buttons (above
 *  an open sheet). */
function drawView(screen, onEndRoute) {
  const ui = {
    video: h("video", { class: "feed", playsinline: true, muted: true, autoplay: true, "aria-hidden": "true" }),
    badge: h("p", { class: "hint", id: "ar-accuracy", role: "status" }, t("ar.waiting")),
    // Whether what I see is live: quiet while it is, said when it is coming back or offline.
    liveState: h("p", { class: "live-state", id: "ar-live", "data-state": "connecting" }, ""),
    labels: h("div", { class: "labels", id: "ar-labels", "aria-label": t("ar.places") }),
    placeButton: h("button", { id: "place-sticker" }, t("ar.place")),
    privateButton: privateSessionButton(),
    paused: h("p", { class: "paused", id: "ar-paused", role: "alert", hidden: true }, t("ar.vehicle")),
    banner: { arrow: icon("arrow", { class: "arrow", "aria-label": t("ar.guidance.arrow"), role: "img" }), text: h("div", { class: "grow", id: "ar-next" }) },
    edgeLabel: h("span", {}),
    sheet: bottomSheet("ar-sheet"),
  };
  ui.controls = h("div", { class: "row controls thumb" }, ui.placeButton, ui.privateButton);
  ui.banner.box = h("div", { class: "guidance", id: "ar-guidance", hidden: true, role: "status" }, ui.banner.arrow, ui.banner.text,
    h("button", { id: "end-route", type: "button", onclick: onEndRoute }, t("route.end")));
  // Tapping the pointer says what it points at.
  ui.edge = h("button", { type: "button", class: "edge", id: "ar-edge", hidden: true,
    onclick: () => ui.sheet.show(h("div", { class: "card" }, h("h3", {}, ui.edgeLabel.textContent)), "peek") }, icon("arrow"), ui.edgeLabel);
  ui.stack = h("div", { class: "top-stack" }, ui.banner.box, ui.badge, ui.liveState);
  ui.view = h("div", { class: "ar", id: "ar" }, ui.video, ui.labels, ui.edge, ui.stack, ui.controls, ui.paused);
  screen.append(ui.view, ui.sheet.el);
  // The buttons at the bottom stay above a sheet that only peeks; a taller one is what the person
  // is doing, and on a short screen the buttons above it would leave no room for the scene.
  new ResizeObserver(() => {
    ui.view.style.setProperty("--sheet-height", `${ui.sheet.open ? ui.sheet.el.offsetHeight : 0}px`);
    ui.controls.hidden = ui.sheet.open && ui.sheet.el.dataset.state !== "peek";
  }).observe(ui.sheet.el);
  return ui;
}

/** A private session: what I place stays on this phone. Offered when there is no connection. */
function privateSessionButton() {
  const button = h("button", { id: "private-session", class: "secondary" });
  const show = () => {
    button.setAttribute("aria-pressed", String(privateSession.on));
    button.textContent = t(privateSession.on ? "private.button.on" : "private.button.off");
  };
  button.addEventListener("click", () => { privateSession.on = !privateSession.on; show(); say(t(privateSession.on ? "private.on" : "private.off")); });
  show();
  return button;
}

/** `permission`: the answer to a motion request made in the tap that opened AR, if one was. */
async function start(permission) {
  let route = null;
  const ui = drawView(document.getElementById("screen"), () => route.end());
  const renderer = new THREE.WebGLRenderer({ alpha: true, antialias: true });
  renderer.setPixelRatio(window.devicePixelRatio);
  ui.video.after(renderer.domElement);
  const lock = new SceneLock(ui.video);
  const world = new ARWorld(lock), { pose, objects } = world;
  const announcer = new Announcer();  // speech and buzzes, as the settings ask
  route = new ARRoute(world, { banner: ui.banner, view: ui.view, announcer, sheet: ui.sheet });
  // What was chosen elsewhere ("View in AR" on a sticker or a place), read once: only a link that
  // leaves AR changes it, and the pointer asks every frame.
  const chosen = { sticker: handoff.sticker, place: handoff.place };
  let sheets = null;
  const labels = new PlaceLabels(world, ui.view, ui.labels, { highlight: chosen.place, onTap: (id) => sheets.showPlace(id) });
  sheets = new ARSheets(world, ui.sheet, route, labels.places);
  const tourStops = new ARTourStops(world, sheets);
  narrationPlayer();  // made now, so that the first tap in AR unlocks it for every stop's narration
  const stickers = stickersHere(world, ui);
  // The layer chosen here: what is in view is loaded again in it; on a private map, where to stand.
  const showStandHere = async () => { ui.standHere?.remove(); ui.standHere = await standHere(); if (ui.standHere) ui.stack.append(ui.standHere); };
  // A row of its own: beside the buttons it would wrap them onto a second line on a narrow phone.
  ui.layers = h("div", { class: "row layers" }, layerPicker(() => { stickers.reload(); showStandHere(); }));
  ui.liveState.after(ui.layers);
  showStandHere();

  /** What the edge pointer points at when out of view: the destination, or what was chosen elsewhere. */
  const pointed = () => {
    if (objects.has("destination")) { const o = objects.get("destination"); return { name: o.data.name, placement: o.placement }; }
    const o = chosen.sticker && objects.get(chosen.sticker);
    if (o) return { name: o.data.text || t("map.sticker"), placement: o.placement };
    const place = labels.places.get(chosen.place);
    if (place) return { name: place.name, placement: world.position({ latitude: place.position.latitude, longitude: place.position.longitude, altitude: 2, altitudeMode: "relativeToDevice" }) };
    return null;
  };

  let loadedAt = null, running = true, inXR = false;
  async function loadAround() {
    tourStops.load().catch(couldNotLoad("map.layer.tours"));
    loadedAt = { latitude: pose.latitude, longitude: pose.longitude };
    const here = { latitude: pose.latitude, longitude: pose.longitude };
    get(`${paths.placesNearby}?latitude=${here.latitude}&longitude=${here.longitude}&radius=300&limit=200`)
      .catch(async (error) => { if (error.status === 0) return { places: await savedPlaces(boxAround(here, 300), here) }; throw error; })
      .then((found) => labels.know(found.places)).catch(couldNotLoad("ar.places"));
    let cells;
    try { ({ cells } = await get(`${paths.cellCover}?latitude=${here.latitude}&longitude=${here.longitude}&radius=300`)); } catch (error) {
      if (error.status !== 0) throw error;
      // No connection: the stickers a saved area keeps around me, as they were when it was saved.
      await Promise.all((await savedStickers(boxAround(here, 300))).filter((s) => !objects.has(s.id)).map((s) => world.addSticker(s)));
      return;
    }
    world.showAds().catch(couldNotLoad("map.layer.ads"));
    lock.look(pose.latitude, pose.longitude).catch(() => { /* no scene anchors: the sensors alone */ });
    await stickers.load(cells);
  }
  const senses = sense(pose, { permission, ui, video: ui.video, onFix: async () => {
    const moved = loadedAt ? new LocalFrame(loadedAt.latitude, loadedAt.longitude, 0).enu(pose.latitude, pose.longitude, 0) : null;
    route.guide();
    tourStops.arrive(pose);
    if (!moved || Math.hypot(moved.east, moved.north) > reloadAfter) await loadAround().catch((e) => say(e.message));
  } });

  function loop() {
    if (!running) return;
    if (pose.latitude !== null && !inXR && !senses.vehicle.inVehicle) {
      tourStops.tick();
      drawFrame(world, renderer, ui, announcer, pointed);
      labels.update();
      lock.tick({ latitude: pose.latitude, longitude: pose.longitude, heading: pose.heading, quaternion: world.sensed() });
    }
    requestAnimationFrame(loop);
  }

  // Tapping a sticker opens its sheet.
  renderer.domElement.addEventListener("click", (event) => sheets.show(tapped(world, renderer, event)));
  // Placing a sticker two metres in front of me, or (WebXR) on the surface I tap (../ar/place-form.js).
  ui.placeButton.addEventListener("click", () => openPlacementForm({ pose, sheet: ui.sheet, addSticker: (s) => world.addSticker(s),
    three: { renderer, scene: world.scene, camera: world.camera },
    pauseLoop: (paused) => { inXR = paused; }, frame: () => lock.frame(), heading: () => world.heading() }));

  route.draw();
  // What this phone keeps to itself, drawn like any sticker; with no connection, the private session is offered.
  privateStickers().then((kept) => Promise.all(kept.map((s) => world.addSticker(s)))).catch(() => { /* no IndexedDB: nothing kept */ });
  // What I placed with no connection, marked as waiting until it is sent (then the live feed draws it as placed).
  outboxItems().then((items) => Promise.all(items.filter((i) => i.state === "waiting" && !objects.has(i.id)).map((i) => world.addSticker(waitingSticker(i)))))
    .catch(() => { /* no IndexedDB: nothing waits */ });
  const offerPrivate = () => { if (!privateSession.on) say(t("private.offer")); };
  if (!navigator.onLine) offerPrivate();
  addEventListener("offline", offerPrivate);
  // A sticker shown on a tap (its content warning) is drawn as itself from then on.
  const redrawRevealed = (event) => { const o = objects.get(event.detail.id); if (o?.kind === "sticker") world.addSticker(o.data); };
  addEventListener("worldlayer:revealed", redrawRevealed);
  window.worldlayerAR = { ...testHooks(world, sheets, renderer), ambient: () => tourStops.ambient.heard() };
  loop();
  return () => {
    running = false;
    stickers.close();
    tourStops.ambient.silence();
    senses.stop();
    removeEventListener("offline", offerPrivate);
    removeEventListener("worldlayer:revealed", redrawRevealed);
    renderer.dispose();
    delete window.worldlayerAR;
  };
}

/** The stickers in the cells around me, loaded and then followed live. A reset (who I may see
 *  changed, or the server lost my place) loads what is in view again. */
function stickersHere(world, ui) {
  /** The stickers the server sent (not those a private session keeps on this phone), and the cells followed. */
  const served = new Set();
  let followed = [];
  const feed = live({
    onEvent: (m) => {
      // With a body it is mine to see (my own drafts too, as a load shows them); without, it goes.
      if (m.sticker) { served.add(m.stickerId); world.addSticker(m.sticker); }
      else { served.delete(m.stickerId); world.remove(m.stickerId); }
    },
    onReset: () => load(followed).catch(couldNotLoad("ar.stickers")),
    onState: (state) => { ui.liveState.dataset.state = ui.view.dataset.live = state; ui.liveState.textContent = t(`live.${state}`); },
    layer: currentLayer,
  });
  /** The stickers in `cells` as they are now, then followed live from there. What I may no longer
   *  see (a block, a map I left) leaves; the rest is drawn again in place, so nothing flickers. */
  async function load(cells) {
    const page = await get(`${paths.cellStickers}?cells=${cells.join(",")}${layerQuery()}`);
    const fresh = new Set(page.stickers.map((s) => s.id));
    for (const id of [...served]) if (!fresh.has(id)) { served.delete(id); world.remove(id); }
    for (const s of page.stickers) served.add(s.id);
    await Promise.all(page.stickers.map((s) => world.addSticker(s)));
    followed = cells;
    feed.follow(cells, page.seq);
  }
  return { load, reload: () => load(followed).catch(couldNotLoad("ar.stickers")), close: () => feed.close() };
}

/** The object under a tap on the scene (./ar/pick.js). */
function tapped(world, renderer, event) {
  const r = renderer.domElement.getBoundingClientRect();
  return pick(world, renderer.domElement, event.clientX - r.left, event.clientY - r.top);
}

/** For the browser tests: what is in the scene and where. */
function testHooks(world, sheets, renderer) {
  return {
    pose: world.pose,
    objects: () => [...world.objects.values()].map((o) => ({ kind: o.kind, id: o.mesh.userData.id, visible: o.mesh.visible, text: o.data?.text, veiled: isVeiled(o.data), waiting: !!o.data?.waiting, stopKind: o.data?.kind, next: !!o.data?.isNext,
      colour: o.kind === "tour-stop" ? stopColours[o.data.kind] : undefined, sign: o.mesh.getObjectByName?.("sign")?.scale.x,
      stopModel: !!o.mesh.getObjectByName?.("stop-model"), tour: o.data?.slug, yaw: o.mesh.rotation.y,
      model: !!o.mesh.userData.model, parts: o.mesh.children.length, ...(o.placement ?? {}) })),
    open: (id) => sheets.show(world.objects.get(id)),  // what a tap on the object does
    hit: (x, y) => tapped(world, renderer, { clientX: x, clientY: y })?.mesh.userData.id ?? null,  // what a tap at a point finds
    /** Where on the page `id` can be tapped: the point of its rectangle nearest the view's middle, as a finger would aim. */
    drawnAt: (id) => {
      const o = world.objects.get(id), r = renderer.domElement.getBoundingClientRect();
      const d = o && drawnRect(world, r.width, r.height, o);
      const clamp = (v, lo, hi) => Math.min(Math.max(v, lo), hi);
      return d ? { x: r.left + clamp(r.width / 2, d.x - d.halfX + 1, d.x + d.halfX - 1), y: r.top + clamp(r.height / 2, d.y - d.halfY + 1, d.y + d.halfY - 1),
        left: r.left + d.x - d.halfX, right: r.left + d.x + d.halfX, top: r.top + d.y - d.halfY, bottom: r.top + d.y + d.halfY } : null;
    },
    /** What a sticker shows: its card's opacity (0–255) at canvas `points` [[x, y]…], and whether its model carries its text, in how many dark pixels. */
    look: (id, points = []) => {
      const o = world.objects.get(id);
      if (!o) return null;
      const card = o.mesh.material?.userData.canvas?.getContext("2d"), panel = o.mesh.getObjectByName("sticker-text");
      const face = panel?.userData.canvas.getContext("2d").getImageData(0, 0, panel.userData.canvas.width, panel.userData.canvas.height).data;
      let ink = 0;
      for (let i = 0; face && i < face.length; i += 4) if (face[i] + face[i + 1] + face[i + 2] < 150) ink++;
      return { alpha: card ? points.map(([x, y]) => card.getImageData(x, y, 1, 1).data[3]) : null, textOnFace: !!panel, faceInk: ink,
        faceOnScreen: panel ? (() => { const p = panel.getWorldPosition(new THREE.Vector3()).project(world.camera); return Math.abs(p.x) < 1 && Math.abs(p.y) < 1 && p.z < 1; })() : false };
    },
    project: (id) => { const o = world.objects.get(id); return o ? o.mesh.getWorldPosition(new THREE.Vector3()).project(world.camera) : null; },
    scene: () => { const f = world.lock.current(); return f ? { stickerId: f.stickerId, degrees: f.degrees, metres: f.metres } : null; },
  };
}
