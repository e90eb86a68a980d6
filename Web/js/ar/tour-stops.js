// A tour's stops in AR, told apart: each kind its own colour and sign on a post (a camera for a
// historical photo, a speaker for narration, an "i" for a sign, a cube for a 3D model), a model
// stop's glTF model standing where the stop is, facing its set direction, a photo stop's picture
// hung where it was taken, and the next stop's sign pulsing. Arriving at a stop opens it and starts
// its narration through the page's one player (../narration.js), as the tour's page does; a stop's
// ambient sound comes from where it stands (./ambient.js).
import * as THREE from "/vendor/three/build/three.module.js";
import { get, participants, paths, session } from "../api.js";
import { unplace } from "../geo.js";
import { narrate } from "../narration.js";
import { settings } from "../settings.js";
import { arrivedAt } from "../tour-arrival.js";
import { AmbientSounds } from "./ambient.js";
import { inLanguage } from "../tour-language.js";

/** Each kind's colour, for the post and the sign. */
export const stopColours = { photo: "#2563eb", audio: "#9333ea", info: "#059669", model: "#ea580c" };

const signSize = 128;

/** Draws a kind's sign, white on its colour, on a 128 px canvas. */
function drawSign(g, kind) {
  const c = signSize / 2;
  g.fillStyle = stopColours[kind] ?? "#f59e0b";
  g.beginPath(); g.arc(c, c, c - 4, 0, 2 * Math.PI); g.fill();
  g.lineWidth = 6; g.strokeStyle = "#ffffff"; g.stroke();
  g.fillStyle = "#ffffff"; g.strokeStyle = "#ffffff"; g.lineWidth = 7; g.lineJoin = "round"; g.lineCap = "round";
  g.beginPath();
  if (kind === "photo") {  // a camera: body, lens, viewfinder bump
    g.strokeRect(30, 46, 68, 44); g.moveTo(78, 68); g.arc(64, 68, 14, 0, 2 * Math.PI); g.moveTo(48, 46); g.lineTo(54, 36); g.lineTo(72, 36); g.lineTo(78, 46);
  } else if (kind === "audio") {  // a speaker and two waves
    g.moveTo(30, 54); g.lineTo(44, 54); g.lineTo(62, 38); g.lineTo(62, 90); g.lineTo(44, 74); g.lineTo(30, 74); g.closePath();
    g.moveTo(74, 52); g.arc(66, 64, 14, -0.8, 0.8); g.moveTo(82, 42); g.arc(66, 64, 26, -0.8, 0.8);
  } else if (kind === "model") {  // a cube seen from a corner
    g.moveTo(64, 32); g.lineTo(92, 48); g.lineTo(92, 80); g.lineTo(64, 96); g.lineTo(36, 80); g.lineTo(36, 48); g.closePath();
    g.moveTo(36, 48); g.lineTo(64, 64); g.lineTo(92, 48); g.moveTo(64, 64); g.lineTo(64, 96);
  } else {  // info: an "i"
    g.moveTo(64, 56); g.lineTo(64, 92); g.stroke(); g.beginPath(); g.arc(64, 38, 6, 0, 2 * Math.PI); g.fill();
  }
  g.stroke();
}

/** A stop's marker: a post in its kind's colour with its sign on top, standing on the ground. */
function stopMarker(kind) {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = signSize;
  drawSign(canvas.getContext("2d"), kind);
  const sign = new THREE.Sprite(new THREE.SpriteMaterial({ map: new THREE.CanvasTexture(canvas), transparent: true }));
  sign.scale.set(0.9, 0.9, 1);
  sign.position.y = 2.6;
  sign.name = "sign";
  const post = new THREE.Mesh(new THREE.CylinderGeometry(0.06, 0.06, 2.2, 12), new THREE.MeshBasicMaterial({ color: stopColours[kind] ?? 0xf59e0b }));
  post.position.y = 1.1;
  const marker = new THREE.Group();
  marker.add(post, sign);
  return marker;
}

export class ARTourStops {
  /** `world`: the AR world; `sheets`: what opens a stop's sheet on arrival. */
  constructor(world, sheets) {
    Object.assign(this, { world, sheets });
    this.tours = [];  // {tour, visited: Set of stop ids}
    this.arrived = new Set();  // stops arrived at while AR is open: each opens once
    this.ambient = new AmbientSounds(world);
  }

  /** The open tours' stops (and those of guided tours I joined), drawn once each. */
  async load() {
    const { tours } = await get(paths.tours);
    for (const summary of tours.filter((x) => x.mode === "open" || participants.get(x.id))) {
      if (this.tours.some((x) => x.tour.id === summary.id)) continue;
      const token = summary.mode === "open" ? session.token : participants.get(summary.id).token;
      const tour = inLanguage(await get(paths.tour(summary.id), token));
      // Stamped stops are visited; the next one is the first in order that is not.
      const book = token ? await get(paths.tourStamps(tour.id), token).catch(() => null) : null;
      this.tours.push({ tour, visited: new Set((book?.visited ?? []).map((s) => s.stopId)) });
      for (const stop of tour.stops.filter((x) => x.position)) this.draw(tour, stop);
    }
  }

  draw(tour, stop) {
    const id = `stop-${tour.id}-${stop.id}`;  // a guided tour may share stops with an open one
    if (this.world.objects.has(id)) return;
    const marker = stopMarker(stop.kind);
    const data = { name: `${tour.title}: ${stop.title}`, text: stop.text, slug: tour.slug, media: stop.media, viewpoint: stop.viewpoint, kind: stop.kind,
      tourId: tour.id, stopId: stop.id, title: stop.title };
    if (stop.kind === "model") this.standModel(marker, stop);
    this.ambient.add(marker, stop);
    this.world.add(id, "tour-stop", marker, { latitude: stop.position.latitude, longitude: stop.position.longitude, altitude: 0, altitudeMode: "relativeToGround" }, data);
    this.hangPhoto(`photo-${tour.id}-${stop.id}`, stop, data);
  }

  /** A model stop's glTF model on the ground where the stop is, at its own size, facing `stop.facing`
   *  (degrees clockwise from north; its front, +z in glTF, then looks that way). */
  standModel(marker, stop) {
    const model = stop.media.find((m) => m.contentType === "model/gltf-binary");
    if (!model) return;
    this.world.gltf.load(paths.media(model.id), (loaded) => {
      loaded.scene.name = "stop-model";
      loaded.scene.rotation.y = Math.PI - (stop.facing ?? 0) * Math.PI / 180;
      marker.add(loaded.scene);
      this.world.changes++;
    }, undefined, () => { /* the post and its sign still mark the stop */ });
  }

  /** A historical photo hung where its viewpoint says: `distance` metres from the stop along the
   *  photographer's heading, at eye height, facing back at the stop, as wide as a 60° view, in a frame. */
  hangPhoto(id, stop, data) {
    const picture = stop.media.find((m) => m.contentType.startsWith("image/"));
    if (stop.kind !== "photo" || !stop.viewpoint || !picture || this.world.objects.has(id)) return;
    const distance = stop.viewpoint.distance ?? 10, width = 2 * distance * Math.tan(Math.PI / 6);
    const group = new THREE.Group();
    const frame = new THREE.Mesh(new THREE.PlaneGeometry(1.06, 1.06), new THREE.MeshBasicMaterial({ color: 0x3f2a14 }));
    const photo = new THREE.Mesh(new THREE.PlaneGeometry(1, 1), new THREE.MeshBasicMaterial({ color: 0xffffff }));
    photo.position.z = 0.01;  // in front of its frame
    group.add(frame, photo);
    group.rotation.y = -stop.viewpoint.heading * Math.PI / 180;  // facing back at the stop
    group.scale.set(width, width * 0.75, 1);
    new THREE.TextureLoader().load(paths.media(picture.id), (texture) => {
      photo.material.map = texture;
      photo.material.needsUpdate = true;
      group.scale.y = width * texture.image.height / texture.image.width;
    });
    const ahead = unplace({ ...stop.position, altitude: 0, heading: stop.viewpoint.heading }, { x: 0, y: 0, z: -distance });
    this.world.add(id, "tour-photo", group, { latitude: ahead.latitude, longitude: ahead.longitude, altitude: 0, altitudeMode: "relativeToDevice" }, data,
      { viewpoint: { latitude: stop.position.latitude, longitude: stop.position.longitude, altitude: 0, altitudeMode: "relativeToDevice" } });
  }

  /** The next stop of each tour: the first in order neither stamped nor arrived at here. */
  nextStops() {
    return this.tours.map(({ tour, visited }) => tour.stops.find((s) => s.position && !visited.has(s.id) && !this.arrived.has(`${tour.id}/${s.id}`)))
      .filter(Boolean);
  }

  /** Each frame: the next stops' signs pulse (1 to 1.3 times their size, about once a second). */
  tick(now = performance.now()) {
    const next = new Set(this.nextStops().map((s) => s.id));
    const pulse = 1 + 0.15 * (1 + Math.sin(now / 1000 * 2 * Math.PI));
    for (const o of this.world.objects.values()) {
      if (o.kind !== "tour-stop") continue;
      o.data.isNext = next.has(o.data.stopId);
      const sign = o.mesh.getObjectByName("sign"), size = 0.9 * (o.data.isNext ? pulse : 1);
      sign.scale.set(size, size, 1);
    }
  }

  /** After each believed fix: arriving at a stop opens its sheet and, unless turned off in
   *  Settings, starts its narration (after one already playing, never cutting it). */
  arrive(pose) {
    for (const { tour } of this.tours) {
      const at = arrivedAt(tour.stops, pose), key = at && `${tour.id}/${at.id}`;
      if (!at || this.arrived.has(key)) continue;
      this.arrived.add(key);
      const o = this.world.objects.get(`stop-${tour.id}-${at.id}`);
      if (o) this.sheets.showStop(o, { play: settings.get("autoNarration") });
    }
  }
}

/** Plays (or only loads, `play` false) a stop's narration through the page's one player. */
export function narrateStop(data, { play }) {
  const audio = (data.media ?? []).find((m) => m.contentType.startsWith("audio/"));
  return audio ? narrate(paths.media(audio.id), data.title ?? data.name, { play }) : Promise.resolve("none");
}
