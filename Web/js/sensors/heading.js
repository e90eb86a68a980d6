// Which way the camera looks, from two imperfect sources:
// - a relative heading integrated from the gyroscope (iOS `alpha`, Android's non-absolute
//   `deviceorientation`): smooth and immediate in turns, but with an arbitrary zero that drifts;
// - the compass (`webkitCompassHeading`, Android's `deviceorientationabsolute`): absolute, but noisy
//   and pulled off by steel, cars and rails nearby.
// The fused heading is the gyroscope's heading plus an offset to north. A one-state Kalman filter
// estimates that offset from the compass, so turns come through without lag, the compass's noise is
// averaged away, and a compass reading far outside what the filter expects (a magnetic disturbance)
// is ignored, unless it persists, when the offset really has moved.

const wrap = (degrees) => ((degrees + 540) % 360) - 180;  // to [−180°, 180°)

export class HeadingFilter {
  /**
   * @param driftPerSecond how fast the gyroscope's zero may wander (degrees per second, 1σ)
   * @param gate           compass readings further than this many σ from the estimate are doubted
   * @param persist        seconds a doubted difference must last before it is believed
   */
  constructor({ driftPerSecond = 0.3, gate = 3, persist = 4 } = {}) {
    Object.assign(this, { driftPerSecond, gate, persist });
    this.relative = null;   // the gyroscope's latest heading
    this.offset = null;     // north − gyroscope zero, degrees
    this.variance = 0;      // of the offset, degrees²
    this.updatedAt = null;  // seconds, of the offset
    this.doubtedSince = null;
    this.compassOnly = null;  // smoothed compass when no gyroscope has spoken yet
  }

  /** A gyroscope-integrated heading (degrees clockwise from its arbitrary zero) at time t (seconds). */
  gyroscope(t, heading) { this.relative = heading; }

  /** A compass heading (degrees clockwise from north) with its reported accuracy (degrees, 1σ). */
  compass(t, heading, accuracy = 15) {
    const sigma = Math.max(2, Math.min(accuracy || 15, 90));
    if (this.relative === null) {  // no gyroscope: a light smoothing of the compass is all there is
      this.compassOnly = this.compassOnly === null ? heading : (this.compassOnly + 0.3 * wrap(heading - this.compassOnly) + 360) % 360;
      return;
    }
    const measured = wrap(heading - this.relative);
    if (this.offset === null) { Object.assign(this, { offset: measured, variance: sigma * sigma, updatedAt: t }); return; }
    this.variance += (this.driftPerSecond ** 2) * Math.max(0, t - this.updatedAt);
    this.updatedAt = t;
    const innovation = wrap(measured - this.offset), spread = this.variance + sigma * sigma;
    if (innovation * innovation > this.gate * this.gate * spread) {
      this.doubtedSince ??= t;
      if (t - this.doubtedSince < this.persist) return;  // a disturbance, most likely: wait and see
      this.variance = sigma * sigma * 4;                 // it lasted: the zero has moved; take it in
    }
    this.doubtedSince = null;
    const gain = this.variance / (this.variance + sigma * sigma);
    this.offset = wrap(this.offset + gain * innovation);
    this.variance *= 1 - gain;
  }

  /** The fused heading in degrees [0, 360), or null before any reading. */
  get heading() {
    if (this.offset === null || this.relative === null) return this.compassOnly;
    return (this.relative + this.offset + 720) % 360;
  }

  /** How far off the fused heading may be, degrees (1σ). */
  get accuracy() { return this.offset === null ? null : Math.sqrt(this.variance); }
}

/**
 * The compass direction the rear camera looks, from a `deviceorientation` event's angles (W3C:
 * intrinsic Z-X'-Y'' rotations; alpha counter-clockwise). Right for any grip, not only upright.
 */
export function cameraHeading(alpha, beta, gamma) {
  const r = Math.PI / 180, a = alpha * r, b = beta * r, g = gamma * r;
  const east = -Math.cos(a) * Math.sin(g) - Math.sin(a) * Math.sin(b) * Math.cos(g);
  const north = -Math.sin(a) * Math.sin(g) + Math.cos(a) * Math.sin(b) * Math.cos(g);
  return (Math.atan2(east, north) / r + 360) % 360;
}
