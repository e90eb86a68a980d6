// WorldLayerGeo's placement, ported line for line (Placement.swift, LocalFrame.swift, ECEF.swift,
// AngleMath.sinCos): an anchor's place in the AR frame, exactly, through ECEF and the local
// tangent frame at the device. The browser tests compare it with `worldlayer geo place`.

const a = 6378137, f = 1 / 298.257223563, e2 = f * (2 - f), degree = Math.PI / 180;

/** IEEE remainder (rounds the quotient to nearest, ties to even), as Swift's `remainder`. */
function remainder(x, y) {
  const q = x / y, n = Math.round(q);
  const even = Math.abs(q - Math.trunc(q)) === 0.5 ? 2 * Math.round(q / 2) : n;
  return x - even * y;
}

/** sin and cos of degrees, exact at multiples of 90°. */
export function sinCosDegrees(x) {
  const r0 = remainder(x, 90);
  const quadrant = Number.isFinite(x) ? (remainder(Math.round((x - r0) / 90), 4) & 3) : 0;
  const r = r0 * degree, s = Math.sin(r), c = Math.cos(r);
  let [sinx, cosx] = [[s, c], [c, -s], [-s, -c], [-c, s]][quadrant];
  cosx += 0;
  if (sinx === 0) sinx = Object.is(x, -0) || x < 0 ? -0 : 0;
  return [sinx, cosx];
}

export function ecef(latitude, longitude, height) {
  const [sphi, cphi] = sinCosDegrees(latitude), [slam, clam] = sinCosDegrees(longitude);
  const nu = a / Math.sqrt(1 - e2 * sphi * sphi), r = (nu + height) * cphi;
  return [r * clam, r * slam, (nu * (1 - e2) + height) * sphi];
}

/** The local east-north-up frame at an origin; `enu` and its inverse `geodetic`. */
export class LocalFrame {
  constructor(latitude, longitude, height) {
    this.origin = ecef(latitude, longitude, height);
    const [sphi, cphi] = sinCosDegrees(latitude), [slam, clam] = sinCosDegrees(longitude);
    this.east = [-slam, clam, 0];
    this.north = [-sphi * clam, -sphi * slam, cphi];
    this.up = [cphi * clam, cphi * slam, sphi];
  }

  enu(latitude, longitude, height) {
    const p = ecef(latitude, longitude, height), d = p.map((v, i) => v - this.origin[i]);
    const dot = (u) => u[0] * d[0] + u[1] * d[1] + u[2] * d[2];
    return { east: dot(this.east), north: dot(this.north), up: dot(this.up) };
  }

  /** ENU → latitude, longitude, height (Vermeille's closed form, as Ellipsoid.geodetic). */
  geodetic({ east, north, up }) {
    const v = [0, 1, 2].map((i) => this.origin[i] + this.east[i] * east + this.north[i] * north + this.up[i] * up);
    const e4 = e2 * e2, rho2 = v[0] * v[0] + v[1] * v[1], rho = Math.sqrt(rho2);
    const longitude = Math.atan2(v[1], v[0]) / degree;
    const p = rho2 / (a * a), q = (1 - e2) * v[2] * v[2] / (a * a), r = (p + q - e4) / 6;
    const s = e4 * p * q / (4 * r * r * r), t = Math.cbrt(1 + s + Math.sqrt(s * (2 + s)));
    const u = r * (1 + t + 1 / t), vv = Math.sqrt(u * u + e4 * q), w = e2 * (u + vv - q) / (2 * vv);
    const k = Math.sqrt(u + vv + w * w) - w, dd = k * rho / (k + e2), hyp = Math.sqrt(dd * dd + v[2] * v[2]);
    return { latitude: 2 * Math.atan2(v[2], dd + hyp) / degree, longitude, height: (k + e2 - 1) / k * hyp };
  }
}

/** The anchor's height above the ellipsoid as this device understands it. */
export function ellipsoidalHeight(device, anchor) {
  switch (anchor.altitudeMode ?? "relativeToGround") {
    case "absolute": return anchor.altitude;
    case "relativeToDevice": return device.altitude + anchor.altitude;
    default: return device.altitude - (device.heightAboveGround ?? 1.5) + anchor.altitude;
  }
}

/**
 * Places an anchor in the AR frame: +x right of the heading, +y up, −z along the heading (ARKit's
 * gravity-and-heading axes), with the distance and the horizontal uncertainty from the fix and
 * the heading's error (which rotates the scene about the device, so the miss grows with range).
 */
export function place(device, anchor) {
  const frame = new LocalFrame(device.latitude, device.longitude, device.altitude);
  const enu = frame.enu(anchor.latitude, anchor.longitude, ellipsoidalHeight(device, anchor));
  const [sh, ch] = sinCosDegrees(device.heading ?? 0);
  const horizontal = Math.hypot(enu.east, enu.north);
  const headingMiss = horizontal * Math.sin(Math.min(Math.abs(device.headingAccuracy ?? 0), 90) * degree);
  const hAcc = device.horizontalAccuracy ?? 0;
  return {
    x: enu.east * ch - enu.north * sh,
    y: enu.up,
    z: -(enu.east * sh + enu.north * ch),
    distance: Math.sqrt(enu.east * enu.east + enu.north * enu.north + enu.up * enu.up),
    horizontalUncertainty: Math.sqrt(hAcc * hAcc + headingMiss * headingMiss),
    verticalUncertainty: anchor.altitudeMode === "relativeToDevice" ? 0 : (device.verticalAccuracy ?? 0),
  };
}

/**
 * The inverse of `place`: the geodetic point at an offset in the AR frame (+x right of the heading,
 * +y up, −z along it) from the device — where a surface a WebXR hit test found lies on the globe.
 */
export function unplace(device, { x, y, z }) {
  const frame = new LocalFrame(device.latitude, device.longitude, device.altitude);
  const [sh, ch] = sinCosDegrees(device.heading ?? 0);
  const forward = -z;
  return frame.geodetic({ east: x * ch + forward * sh, north: forward * ch - x * sh, up: y });
}
