// A book, and its camera: frames go to the recognize endpoint at a steady rate; when a picture is
// recognized, what it shows is drawn over it, fitted to its corners (a video, or a 3D model the
// fingers turn and zoom: ../book-content.js), or played (a sound), or offered (a link). Between the
// answers every camera frame moves the corners with the page (../page-tracker.js).
import { get, paths, post } from "../api.js";
import { h, say } from "../dom.js";
import { matrix3d, rectangleToQuad } from "../homography.js";
import { PageFollower, grey, trackHeight, trackWidth } from "../page-tracker.js";
import { targetLink, targetModel, targetSound } from "../book-content.js";
import { settings } from "../settings.js";
import { t } from "../strings.js";

const frameWidth = 640, frameHeight = 480, interval = 400;  // ms between frames sent (one in flight at a time)

export async function render(slug) {
  const book = await get(paths.book(slug));
  document.getElementById("screen").append(...[
    h("h2", {}, book.title),
    h("p", { class: "muted" }, t("book.by", { authors: book.authors.join(", ") })),
    // What the page is for, first: the camera.
    h("p", {}, h("a", { class: "button", id: "open-camera", href: `#/books/${encodeURIComponent(slug)}/camera` }, t("book.open"))),
    book.cover ? h("img", { src: paths.media(book.cover.id), alt: "", style: "max-width:100%;border-radius:12px" }) : null,
    h("p", {}, book.description),
    h("p", {}, t("book.targets", { count: book.targets.length })),
    pictures(book.targets),
  ].filter(Boolean));
}

/** The pictures that come alive, as they are printed: the ones to look for in the book. */
function pictures(targets) {
  return h("ul", { class: "book-pictures", id: "book-pictures" }, ...targets.map((target) => h("li", {},
    h("img", { src: paths.media(target.image.id), alt: target.name, loading: "lazy" }),
    h("span", {}, target.name, target.content?.kind ? h("span", { class: "muted" }, ` · ${t(`book.shows.${target.content.kind}`)}`) : null),
    target.credit ? h("small", { class: "muted" }, target.credit) : null)));
}

export async function renderCamera(slug) {
  const book = await get(paths.book(slug));
  const feed = h("video", { class: "feed", playsinline: true, muted: true, autoplay: true, "aria-label": t("camera.looking") });
  const hint = h("p", { class: "hint", id: "camera-hint", role: "status" }, t("camera.looking"));
  const camera = h("div", { class: "camera", id: "camera" }, feed, hint);
  const mute = h("button", { class: "secondary", id: "mute", hidden: true });
  const start = h("button", { id: "start-camera" }, t("camera.start"));
  const actions = h("div", { class: "row", style: "margin-top:.5rem" }, start, mute);
  document.getElementById("screen").append(h("h2", {}, book.title), camera, actions);

  // `overlay`: what is drawn on the picture (a video or a model); `sound`: what plays (a video or a
  // sound); `extra`: a sound or link element beside the camera.
  let stream = null, overlay = null, sound = null, extra = null, shown = null, muted = true;
  let follower = null, inFlight = false, nextSend = 0, target = null;
  const canvas = h("canvas", { width: frameWidth, height: frameHeight });
  const small = h("canvas", { width: trackWidth, height: trackHeight });
  const smallContext = small.getContext("2d", { willReadFrequently: true });

  function setMute(value) {
    muted = value;
    if (sound) sound.muted = muted;
    mute.textContent = muted ? t("camera.unmute") : t("camera.mute");
    mute.setAttribute("aria-pressed", String(!muted));
  }
  mute.addEventListener("click", () => { setMute(!muted); sound?.play(); });

  /** What a newly recognized target shows, in place of the last one's. */
  async function begin(target) {
    shown = target.id;
    overlay?.dispose?.(); overlay?.remove(); extra?.remove();
    overlay = sound = extra = null;
    mute.hidden = true;
    const content = target.content, w = target.quality?.width ?? 640, hgt = target.quality?.height ?? 480;
    if (content.kind === "video") {
      overlay = sound = h("video", { class: "overlay", id: "overlay", src: paths.media(content.media.id), playsinline: true, loop: content.loop, autoplay: true,
        "aria-label": target.name, dataset: { target: target.id } });
    } else if (content.kind === "model") {
      overlay = await targetModel(content, w, hgt);
      overlay.dataset.target = target.id;
      if (shown !== target.id) return overlay.dispose();  // another picture came into view meanwhile
    } else if (content.kind === "audio") {
      sound = extra = targetSound(content, target.name);
    } else {
      extra = targetLink(content);
    }
    if (overlay) { overlay.hidden = true; camera.append(overlay); }
    if (extra) actions.append(extra);
    if (sound) {
      setMute(content.muted || muted);
      mute.hidden = false;
      sound.play().catch(() => { setMute(true); sound?.play().catch(() => { /* it plays on the next tap */ }); });  // sound needs a tap on some phones
    }
  }

  /** Draws the content over the page at these corners (frame pixels, scaled to the displayed
   *  camera), or hides it when the page is not in view. */
  function show(corners) {
    if (!overlay) return;
    if (!corners) { overlay.hidden = true; return; }
    const sx = camera.clientWidth / frameWidth, sy = camera.clientHeight / frameHeight;
    // The element keeps the picture's proportions; the homography stretches it onto the corners.
    const w = target.quality?.width ?? 640, hgt = target.quality?.height ?? 480;
    overlay.style.width = `${w}px`;
    overlay.style.height = `${hgt}px`;
    overlay.style.transform = matrix3d(rectangleToQuad(w, hgt, corners.map((c) => ({ x: c.x * sx, y: c.y * sy }))));
    overlay.dataset.corners = JSON.stringify(corners);
    overlay.hidden = false;
  }

  /** The frame now in the canvas goes to the recognizer; its answer corrects the follower. */
  async function send() {
    const mine = follower;  // the camera may be closed and opened again meanwhile
    inFlight = true;
    mine.send();
    const frame = await new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.8));
    let found = null;
    try {
      const result = await post(paths.bookRecognize(book.slug), frame);
      if (result.recognized && follower === mine) {
        const next = book.targets.find((x) => x.id === result.target.id);
        if (shown !== next.id) { target = next; mine.forget(); await begin(next); }
        hint.textContent = t("camera.found", { name: next.name });
        found = result.corners;
      }
    } catch (error) { say(error.message); }
    if (follower !== mine) return;
    inFlight = false;
    nextSend = performance.now() + interval;
    const corners = mine.answer(found);
    show(corners);
    if (!corners) hint.textContent = t("camera.looking");
  }

  /** Each camera frame: the page followed from the last one, and now and then sent. */
  function onFrame() {
    if (!stream) return;
    if (feed.readyState >= 2) {
      smallContext.drawImage(feed, 0, 0, trackWidth, trackHeight);
      const corners = follower.frame(grey(smallContext.getImageData(0, 0, trackWidth, trackHeight).data, trackWidth, trackHeight));
      show(corners);
      if (!inFlight && performance.now() >= nextSend) {
        canvas.getContext("2d").drawImage(feed, 0, 0, frameWidth, frameHeight);  // the same frame as the follower's
        send();
      }
    }
    nextFrame();
  }

  function nextFrame() {
    if (!stream) return;
    if (feed.requestVideoFrameCallback) feed.requestVideoFrameCallback(onFrame); else requestAnimationFrame(onFrame);
  }

  async function open() {
    if (!navigator.mediaDevices?.getUserMedia) { say(t("camera.unsupported")); return; }
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment", width: frameWidth, height: frameHeight }, audio: false });
    } catch (error) {
      say(error.name === "NotAllowedError" ? t("camera.denied") : t("camera.unsupported"));
      return;
    }
    feed.srcObject = stream;
    await feed.play();
    start.textContent = t("camera.stop");
    follower = new PageFollower(frameWidth / trackWidth);
    inFlight = false;
    nextSend = 0;
    // For the browser tests: the model's turn, and how far the followed corners were from each answer.
    window.worldlayerBook = { model: () => overlay?.state?.() ?? null, tracking: () => follower?.stats ?? null };
    nextFrame();
  }

  function close() {
    stream?.getTracks().forEach((track) => track.stop());
    stream = null;
    sound?.pause();
    overlay?.dispose?.(); overlay?.remove(); extra?.remove();
    overlay = sound = extra = shown = target = follower = null;
    mute.hidden = true;
    delete window.worldlayerBook;
    start.textContent = t("camera.start");
  }

  start.addEventListener("click", () => (stream ? close() : open()));
  // Unless the person asked to be asked first (Settings): then the camera waits for "Start camera".
  if (settings.get("askCamera")) hint.textContent = t("camera.ask"); else await open();
  return close;
}
