// A tour stop's ambient sound in AR (a fountain, a market): looped, coming from where the stop
// stands through Web Audio's HRTF panner, so it is heard from its direction as the phone turns, and
// fading with distance (full within 5 m, silent beyond 100 m). three.js's listener rides on the
// camera, which turns with the heading, and each sound on its stop's marker. Each sound is decoded
// whole and looped by Web Audio: the loop has no gap, and nothing depends on a media element's
// stream, which WebKit once let run dry for 30 s while its element still said it was playing.
import * as THREE from "/vendor/three/build/three.module.js";
import { paths } from "../api.js";
import { settings } from "../settings.js";

const fullWithin = 5, silentBeyond = 100;

/** What the linear distance model gives at `distance` metres (Web Audio's formula, rolloff 1). */
const linearGain = (distance) => 1 - (Math.min(Math.max(distance, fullWithin), silentBeyond) - fullWithin) / (silentBeyond - fullWithin);

export class AmbientSounds {
  constructor(world) {
    this.world = world;
    this.sounds = new Map();  // stop id → {sound}
    this.listener = null;
  }

  /** Starts `stop`'s ambient sound on its marker, unless turned off in Settings. */
  add(marker, stop) {
    if (!stop.ambient || !stop.position || this.sounds.has(stop.id) || !settings.get("ambientSound")) return;
    if (!this.listener) { this.listener = new THREE.AudioListener(); this.world.camera.add(this.listener); }
    const sound = new THREE.PositionalAudio(this.listener);
    sound.panner.panningModel = "HRTF";
    sound.setDistanceModel("linear");
    sound.setRefDistance(fullWithin);
    sound.setMaxDistance(silentBeyond);
    sound.setLoop(true);
    sound.position.y = 1.5;  // about where a head hears it from
    marker.add(sound);
    const entry = { sound };
    this.sounds.set(stop.id, entry);
    // Browsers start sound only after a tap (and some leave `resume()` pending without one): a
    // context not running now resumes on the next tap, and what was started in it plays from then.
    const context = this.listener.context;
    if (context.state !== "running") {
      this.startOnNextTap();  // for a `resume()` left pending
      context.resume().catch(() => this.startOnNextTap());  // a refusal waits for the same tap (armed once)
    }
    this.load(stop.ambient.id)
      .then((buffer) => { if (this.sounds.get(stop.id) === entry) sound.setBuffer(buffer).play(); })
      .catch((error) => console.warn(`the ambient sound of ${stop.id}: ${error.message ?? error}`));
  }

  /** The sound's samples: fetched (from the saved tour's cache when offline) and decoded. */
  async load(mediaId) {
    const response = await fetch(paths.media(mediaId));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return this.listener.context.decodeAudioData(await response.arrayBuffer());
  }

  /** The next tap resumes the audio. */
  startOnNextTap() {
    if (this.waitingForTap) return;
    this.waitingForTap = true;
    addEventListener("pointerdown", () => {
      this.waitingForTap = false;
      const context = this.listener?.context;
      context?.resume().then(() => context.state !== "running" && this.startOnNextTap(), () => this.startOnNextTap());
    }, { once: true });
  }

  /** Each sound as the listener hears it: playing or not, the panner's model, how far and at what
   *  bearing from where the camera looks (degrees, clockwise) and the gain the distance gives;
   *  with what reaches the ears now, the left and right channels' RMS after the panners. */
  heard() {
    const ears = this.ears();
    const camera = this.world.camera, here = camera.getWorldPosition(new THREE.Vector3());
    const ahead = camera.getWorldDirection(new THREE.Vector3());
    return [...this.sounds].map(([stopId, { sound }]) => {
      const at = sound.getWorldPosition(new THREE.Vector3()).sub(here);
      const distance = Math.hypot(at.x, at.z);
      const bearing = (Math.atan2(at.x, -at.z) - Math.atan2(ahead.x, -ahead.z)) * 180 / Math.PI;
      return { stopId, playing: sound.isPlaying, model: sound.panner.panningModel, distanceModel: sound.panner.distanceModel,
        distance, bearing: ((bearing % 360) + 540) % 360 - 180, gain: linearGain(distance), ...ears };
    });
  }

  /** The listener's output split into its two channels, measured (made on the first ask). */
  ears() {
    if (!this.listener) return {};
    if (!this.meters) {
      const context = this.listener.context, split = context.createChannelSplitter(2);
      this.meters = [0, 1].map((channel) => { const a = context.createAnalyser(); a.fftSize = 2048; split.connect(a, channel); return a; });
      this.listener.getInput().connect(split);
    }
    const rms = (a) => { const d = new Float32Array(a.fftSize); a.getFloatTimeDomainData(d); return Math.sqrt(d.reduce((s, v) => s + v * v, 0) / d.length); };
    return { left: rms(this.meters[0]), right: rms(this.meters[1]), context: this.listener.context.state };
  }

  /** Stops every sound (AR left). */
  silence() {
    for (const { sound } of this.sounds.values()) {
      if (sound.isPlaying) sound.stop();
      sound.gain.disconnect();  // off the listener: nothing left to mix
      sound.parent?.remove(sound);
    }
    this.sounds.clear();
  }
}
