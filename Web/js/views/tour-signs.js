// Stops opened by signs, indoors where GPS cannot say and no beacon is at hand. Every stop has a QR
// code, its link (printed from the tour's "Signs to print" page, so that a phone's own camera app
// opens it too); a stop may also have a sign picture (a poster, a plaque) that the server
// recognizes in a camera frame. "Scan a sign" reads both from the live camera where the browser
// gives one (BarcodeDetector where present, ../qr/ elsewhere), or from a photo of the sign.
import { get, participants, paths, post, session } from "../api.js";
import { h, say } from "../dom.js";
import { t } from "../strings.js";
import { readQR } from "../qr/locate.js";
import { qrSVG } from "../qr/encode.js";

const sceneInterval = 1000;  // ms between frames sent for sign pictures (one in flight at a time)

/** A stop's link: what its QR code says, and where a phone's camera app takes a visitor. */
export const stopLink = (tour, stop) => `${location.origin}/#/tours/${encodeURIComponent(tour.slug)}/stops/${stop.id}`;

/** The stop of `tour` a QR code's text names, or null (another tour's, or not a stop's link). */
export function stopOfLink(tour, text) {
  let url;
  try { url = new URL(text); } catch { return null; }
  const match = url.hash.match(/^#\/tours\/([^/]+)\/stops\/([^/?#]+)$/);
  if (!match || ![tour.slug, tour.id].includes(decodeURIComponent(match[1]))) return null;
  return tour.stops.find((s) => s.id === decodeURIComponent(match[2])) ?? null;
}

/** The "Scan a sign" button and its panel; `open(stop)` is told of each stop a sign names. */
export function signScanner(tour, token, open) {
  const status = h("p", { id: "sign-status", role: "status", class: "muted" });
  const video = h("video", { id: "sign-camera", muted: true, playsinline: true, hidden: true, "aria-label": t("signs.camera") });
  const photo = h("input", { type: "file", accept: "image/*", capture: "environment", id: "sign-photo" });
  const photoButton = h("label", {}, t("signs.photo"), photo);
  const panel = h("div", { class: "card", id: "sign-panel", hidden: true }, h("p", {}, t("signs.how")), video, h("p", { class: "row" }, photoButton), status);
  const button = h("button", { class: "secondary", id: "scan-sign", type: "button" }, t("signs.scan"));
  const reader = signReader(tour, token);
  let stream = null, stopped = true;

  const found = (stop) => { close(); say(t("signs.found", { title: stop.title })); open(stop); };
  async function look(source, now = false) {
    const result = await reader.read(source, now);
    if (result?.stop) found(result.stop);
    else if (result?.other) status.textContent = t("signs.otherTour");
    return result;
  }
  async function watch() {
    while (!stopped) {
      // A frame that could not be read or sent is no news: the next one, a quarter second on, tries again.
      if (video.videoWidth) await look(video).catch(() => null);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  async function start() {
    panel.hidden = false;
    button.textContent = t("signs.stop");
    status.textContent = t("signs.looking");
    panel.scrollIntoView({ block: "nearest" });
    if (!navigator.mediaDevices?.getUserMedia) return;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment", width: 1280, height: 720 }, audio: false });
    } catch { status.textContent = t("signs.noCamera"); return; }
    if (panel.hidden) return close();  // closed while the browser asked
    video.srcObject = stream;
    video.hidden = false;
    await video.play().catch(() => { status.textContent = t("signs.noCamera"); });
    stopped = false;
    watch();
  }
  function close() {
    stopped = true;
    stream?.getTracks().forEach((track) => track.stop());
    stream = null;
    video.srcObject = null;
    video.hidden = true;
    panel.hidden = true;
    button.textContent = t("signs.scan");
  }
  photo.addEventListener("change", async () => {
    const file = photo.files?.[0];
    if (!file) return;
    status.textContent = t("signs.reading");
    const bitmap = await createImageBitmap(file).catch(() => null);
    let result = null, failure = null;
    if (bitmap) result = await look(bitmap, true).catch((error) => { failure = error; return null; });
    // A photo that could not be sent (no connection) says so, not that it shows no sign.
    if (!bitmap) status.textContent = t("signs.notPicture");
    else if (failure) status.textContent = failure.message;
    else if (!result) status.textContent = t("signs.nothing");
    status.scrollIntoView({ block: "center" });
    photo.value = "";  // the same photo chosen again reads again
  });
  button.addEventListener("click", () => (panel.hidden ? start() : close()));
  return { element: h("div", { id: "signs" }, h("p", { class: "row" }, button), panel), close };
}

/** Reads a picture (a video frame or a photo) for a stop: a QR code first, then, for tours with
 *  sign pictures, the server's recognition (at most once a second from the live camera). */
function signReader(tour, token) {
  const canvas = document.createElement("canvas");
  const detector = "BarcodeDetector" in globalThis ? new globalThis.BarcodeDetector({ formats: ["qr_code"] }) : null;
  const hasPictures = tour.stops.some((s) => s.sign);
  let sentAt = -Infinity, inFlight = null;

  /** The picture at most `side` pixels across, on the canvas. */
  function draw(source, side) {
    const w = source.videoWidth ?? source.width, h = source.videoHeight ?? source.height, scale = Math.min(1, side / Math.max(w, h));
    canvas.width = Math.round(w * scale); canvas.height = Math.round(h * scale);
    const g = canvas.getContext("2d", { willReadFrequently: true });
    g.drawImage(source, 0, 0, canvas.width, canvas.height);
    return g.getImageData(0, 0, canvas.width, canvas.height);
  }
  async function qrText(source) {
    if (detector) {
      // A detector that fails (a format the platform lacks after all) leaves the picture to our own reader below.
      const codes = await detector.detect(source).catch(() => []);
      if (codes.length) return codes[0].rawValue;
    }
    return readQR(draw(source, 800));
  }
  /** One frame at a time goes to the server; a photo (`now`) waits for the live camera's frame
   *  on its way, then goes, rather than being dropped for it. */
  async function signPicture(source, now) {
    if (!hasPictures) return null;
    if (inFlight && !now) return null;
    await inFlight?.catch(() => null);  // its failure is told to whoever sent it; this one goes all the same
    if (!now && performance.now() - sentAt < sceneInterval) return null;
    sentAt = performance.now();
    draw(source, 640);
    const sent = new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85))
      .then((frame) => post(paths.tourSigns(tour.id), frame, token))
      .then((answer) => (answer.recognized ? tour.stops.find((s) => s.id === answer.stopId) ?? null : null));
    inFlight = sent;
    try { return await sent; } finally { if (inFlight === sent) inFlight = null; }
  }
  return {
    /** `{stop}`, `{other: text}` for a code that names no stop of this tour, or null. */
    async read(source, now = false) {
      const text = await qrText(source);
      if (text !== null) {
        const stop = stopOfLink(tour, text);
        return stop ? { stop } : { other: text };
      }
      // From the live camera a failed send is retried with the next frame; a photo's failure is told.
      const stop = await signPicture(source, now).catch((error) => { if (now) throw error; return null; });
      return stop ? { stop } : null;
    },
  };
}

/** The tour's signs to print: each stop's number, name and QR code, one to a card. */
export function printableSigns(tour) {
  return h("section", { id: "stop-signs" }, ...tour.stops.map((stop, i) => h("figure", { class: "card stop-sign", dataset: { stop: stop.id } },
    qrSVG(stopLink(tour, stop), { label: t("signs.codeFor", { title: stop.title }) }),
    h("figcaption", {}, h("strong", { translate: "no" }, `${i + 1}. ${stop.title}`), h("br"), h("span", { class: "muted" }, t("signs.scanWith"))))));
}

/** The "Signs to print" page (#/tours/{slug}/signs), linked from the guide's screen. */
export async function renderPrint(slug) {
  const summary = (await get(paths.tours)).tours.find((x) => x.slug === slug || x.id === slug);
  if (!summary) throw new Error(t("tours.none"));
  const tour = await get(paths.tour(summary.id), participants.get(summary.id)?.token ?? session.token);
  document.getElementById("screen").append(h("h2", {}, t("signs.title", { title: tour.title })), h("p", { class: "muted" }, t("signs.printHow")),
    h("p", { class: "row no-print" }, h("button", { id: "print-signs", onclick: () => print() }, t("signs.print"))), printableSigns(tour));
}
