// Where the phone is, from GPS fixes that sometimes jump tens of metres (reflections between
// buildings, a tower fix indoors). A fix is believed when it lies where the last believed one,
// walked from at a plausible speed and blurred by both fixes' reported accuracies, could be. A fix
// outside that is held back; when nothing but such fixes has come for a while, the phone really
// moved (a tram, a train, out of a tunnel) and the latest is believed. A believed fix is taken as
// it is: the phone's GPS already smooths, and smoothing again would only add lag. Also says how
// fast the phone moves, for pausing AR in a vehicle.

import { LocalFrame } from "../geo.js";

export class PositionFilter {
  /**
   * @param fastest  metres per second a person may plausibly cover between two fixes (a jog)
   * @param patience seconds of nothing but far fixes before the latest of them is believed
   */
  constructor({ fastest = 4, patience = 8 } = {}) {
    Object.assign(this, { fastest, patience });
    this.fix = null;         // {t, latitude, longitude, accuracy}: believed
    this.heldSince = null;   // time of the first far fix in a row
    this.track = [];         // believed fixes of the last minute, for the speed
  }

  /** A GPS fix (t in seconds, accuracy in metres, 1σ); returns whether it was believed. */
  add(t, latitude, longitude, accuracy) {
    const next = { t, latitude, longitude, accuracy: Math.max(1, accuracy || 50) };
    if (this.fix === null) return this.believe(next);
    // Two fixes of the same place differ by up to about twice their combined error.
    const reach = this.fastest * Math.max(0, t - this.fix.t) + 2 * Math.hypot(next.accuracy, this.fix.accuracy);
    if (this.distance(this.fix, next) > reach) {
      this.heldSince ??= t;
      if (t - this.heldSince < this.patience) return false;
      this.track = [];  // a new start: the speed from before the jump means nothing
      this.heldSince = null;
      return this.believe(next);
    }
    this.heldSince = null;
    return this.believe(next);
  }

  believe(fix) {
    this.fix = fix;
    this.track.push(fix);
    while (this.track.length > 2 && fix.t - this.track[0].t > 60) this.track.shift();
    return true;
  }

  distance(a, b) {
    const enu = new LocalFrame(a.latitude, a.longitude, 0).enu(b.latitude, b.longitude, 0);
    return Math.hypot(enu.east, enu.north);
  }

  /** Metres per second over the believed fixes of the last `seconds` (null until two span them). */
  speed(seconds = 10) {
    const last = this.track.at(-1), first = this.track.find((f) => last.t - f.t <= seconds);
    if (!last || !first || last.t - first.t < seconds / 2) return null;
    return this.distance(first, last) / (last.t - first.t);
  }
}

/**
 * "Looks like you are in a vehicle": true once the speed has stayed above `above` m/s for `fixes`
 * readings in a row, false again once it has stayed below `below` for as many.
 */
export class VehicleGuard {
  constructor({ above = 4.5, below = 3, fixes = 3 } = {}) {
    Object.assign(this, { above, below, fixes, inVehicle: false, streak: 0 });
  }

  update(speed) {
    if (speed === null) return this.inVehicle;
    const crossing = this.inVehicle ? speed < this.below : speed > this.above;
    this.streak = crossing ? this.streak + 1 : 0;
    if (this.streak >= this.fixes) { this.inVehicle = !this.inVehicle; this.streak = 0; }
    return this.inVehicle;
  }
}

/** One fix for a screen that wants to know roughly where the phone is (coords), or null when there is none soon. */
export function currentPosition(timeout = 3000) {
  return new Promise((resolve) => {
    if (!navigator.geolocation) return resolve(null);
    // Our own timer too: the API's timeout starts only once a permission prompt is answered.
    const timer = setTimeout(() => resolve(null), timeout);
    const done = (coords) => { clearTimeout(timer); resolve(coords); };
    navigator.geolocation.getCurrentPosition((p) => done(p.coords), () => done(null), { timeout });
  });
}
