// The AR view's senses: GPS fixes through a filter that holds back jumps, the heading fused from the
// gyroscope and the compass (../sensors/), a pause above walking pace, and the rear camera.
import { h, say } from "../dom.js";
import { t } from "../strings.js";
import { cameraHeading, HeadingFilter } from "../sensors/heading.js";
import { motionPermission, motionRefusalKey, startFromTap } from "../sensors/permissions.js";
import { PositionFilter, VehicleGuard } from "../sensors/position.js";

/** Keeps `pose` current and `video` showing the camera. `permission`: the answer to a motion request
 *  made in the tap that opened AR, if one was; `ui`: {view, paused, controls}; `onFix()` after each
 *  believed fix. Returns what stops it, and whether I am in a vehicle (AR pauses). */
export function sense(pose, { permission, ui, video, onFix }) {
  const vehicle = new VehicleGuard();
  const watch = watchPosition(pose, vehicle, ui, onFix);
  const orientation = headingFrom(pose);
  addEventListener("deviceorientationabsolute", orientation);
  addEventListener("deviceorientation", orientation);
  askForCompass(permission, ui.controls);
  let stream = null;
  // The camera (the scene still works without it, over black).
  if (navigator.mediaDevices?.getUserMedia) {
    navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then((s) => { stream = s; video.srcObject = s; return video.play(); })
      .catch((error) => say(error.name === "NotAllowedError" ? t("camera.denied") : t("camera.unsupported")));
  } else say(t("camera.unsupported"));
  return {
    vehicle,
    stop() {
      if (watch !== null) navigator.geolocation.clearWatch(watch);
      removeEventListener("deviceorientationabsolute", orientation);
      removeEventListener("deviceorientation", orientation);
      stream?.getTracks().forEach((track) => track.stop());
    },
  };
}

function watchPosition(pose, vehicle, ui, onFix) {
  const fixes = new PositionFilter();
  if (!navigator.geolocation) { say(t("map.location.unsupported")); return null; }
  return navigator.geolocation.watchPosition(async (p) => {
    if (!fixes.add(p.timestamp / 1000, p.coords.latitude, p.coords.longitude, p.coords.accuracy)) return;  // a jump, held back
    Object.assign(pose, { latitude: p.coords.latitude, longitude: p.coords.longitude, altitude: p.coords.altitude, accuracy: p.coords.accuracy });
    const inVehicle = vehicle.update(fixes.speed());
    if (inVehicle !== !ui.paused.hidden) { ui.paused.hidden = !inVehicle; ui.view.classList.toggle("paused", inVehicle); }
    await onFix();
  }, (error) => {
    // A late or lost fix while one is known is no news: the last one stands.
    if (error.code === error.PERMISSION_DENIED) say(t("map.location.denied"));
    else if (pose.latitude === null) say(t("map.location.unavailable"));
  }, { enableHighAccuracy: true });
}

/** The listener that turns orientation events into `pose.heading`, its accuracy and `pose.pitch`. */
function headingFrom(pose) {
  const heading = new HeadingFilter();
  return (e) => {
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
  };
}

/** Says when the compass was refused or is missing, in the words of the phone's platform. Opened
 *  again (no safety word), a browser that still wants a tap for the compass gets a button for it
 *  among the controls; one that granted it to this site before asks nothing. */
async function askForCompass(permission, controls) {
  if (permission === "denied") return say(t(motionRefusalKey()));
  if (permission === "unavailable") return say(t("ar.compass.none"));
  if (permission !== undefined) return;
  const now = await motionPermission();
  if (now === "denied") return say(t(motionRefusalKey()));
  if (now === "granted") return;
  const compass = h("button", { id: "start-compass", class: "secondary" }, t("ar.compass"));
  compass.addEventListener("click", async () => {
    compass.remove();
    if (await startFromTap() === "denied") say(t(motionRefusalKey()));
  });
  controls.prepend(compass);
}
