// My designs (StickARs): submit my own sticker design — a picture (PNG or JPEG), a 3D model (binary
// glTF) or a plain text card — and follow its review: waiting, approved into everyone's library, or
// rejected with the moderator's reason. Until approved a design is mine alone to place.
import { get, paths, post, session } from "../api.js";
import { h, say, showError } from "../dom.js";
import { t } from "../strings.js";
import { designPicture } from "../templates.js";
import { loadThree } from "../book-content.js";

const maximumAsset = 2 << 20;  // the server's limit (TemplateRules.maximumAssetBytes)
const previewSize = 256;

export async function render() {
  const screen = document.getElementById("screen");
  screen.append(h("h2", {}, t("designs.title")), h("p", { class: "muted" }, t("designs.intro")));
  if (!session.token) return void screen.append(h("p", {}, h("a", { href: "#/me" }, t("designs.loginFirst"))));
  const me = await get(paths.me);
  const list = h("ul", { class: "list", id: "my-designs" });
  const show = async () => {
    const mine = ((await get(paths.templates)).templates ?? []).filter((x) => x.mine && !x.builtIn);
    list.replaceChildren(...(mine.length ? mine.map(designItem) : [h("li", { class: "muted" }, t("designs.none"))]));
  };
  screen.append(submitForm(me.username, show), h("h3", {}, t("designs.mine")), list);
  await show();
}

/** One of my designs: its picture, name, and where its review stands (with the reason of a rejection). */
function designItem(x) {
  const status = x.status === "rejected" ? t("designs.rejected", { reason: x.rejectReason ?? "" }) : t(`designs.${x.status}`);
  return h("li", { class: `card row design-${x.status}`, dataset: { template: x.id } }, designPicture(x.previewUrl, "design-preview"),
    h("div", { class: "grow" }, h("strong", {}, x.name), h("p", { class: "muted design-status" }, status)));
}

function submitForm(username, done) {
  const name = h("input", { id: "design-name", required: true, maxlength: 40 });
  const kind = h("select", { id: "design-kind" }, ...["image", "model", "text"].map((k) => h("option", { value: k }, t(`designs.kind.${k}`))));
  const file = h("input", { id: "design-file", type: "file", accept: "image/png,image/jpeg" });
  const fileLabel = h("label", {}, t("designs.file"), file);
  const takesText = h("input", { id: "design-takes-text", type: "checkbox" });
  const error = h("p", { class: "error", role: "alert", id: "design-error", hidden: true });
  kind.addEventListener("change", () => {
    fileLabel.hidden = kind.value === "text";
    file.accept = kind.value === "model" ? ".glb,model/gltf-binary" : "image/png,image/jpeg";
    if (kind.value === "text") takesText.checked = true;
  });
  const form = h("form", { class: "card", id: "design-form" }, h("h3", {}, t("designs.submit")),
    h("label", {}, t("designs.name"), name), h("label", {}, t("designs.kind"), kind), fileLabel,
    h("label", { class: "check" }, takesText, t("designs.takesText")), error,
    h("button", { type: "submit", id: "design-submit" }, t("designs.send")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    try {
      const chosen = file.files[0];
      if (kind.value !== "text" && !chosen) throw new Error(t("designs.needFile"));
      if (chosen && chosen.size > maximumAsset) throw new Error(t("designs.tooLarge", { mib: maximumAsset >> 20 }));
      const asset = chosen ? new Uint8Array(await chosen.arrayBuffer()) : null;
      const preview = kind.value === "image" ? await pictureThumbnail(chosen)
        : kind.value === "model" ? await modelThumbnail(asset) : textThumbnail(name.value);
      await post(paths.templates, { id: designID(username, name.value), name: name.value.trim(), kind: kind.value,
        takesText: takesText.checked, preview: base64(preview), ...(asset ? { asset: base64(asset) } : {}) });
      form.reset();
      fileLabel.hidden = false;
      say(t("designs.sent"));
      await done();
    } catch (e) { showError(error, e); }
  });
  return form;
}

/** `{username}-{name}-{4 random}`, in the characters and length the server takes. */
function designID(username, name) {
  const namespace = `${username.toLowerCase().replace(/[_.]/g, "-")}-`;
  const random = crypto.randomUUID().slice(0, 4);
  const slug = name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, Math.max(0, 40 - namespace.length - 5));
  return `${namespace}${slug ? `${slug}-` : ""}${random}`;
}

function base64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

const square = () => Object.assign(document.createElement("canvas"), { width: previewSize, height: previewSize });
const png = (canvas) => new Promise((resolve) => canvas.toBlob(async (blob) => resolve(new Uint8Array(await blob.arrayBuffer())), "image/png"));

/** The picture fitted into a square PNG. */
async function pictureThumbnail(file) {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode().catch(() => { throw new Error(t("designs.notPicture")); });
    const canvas = square(), scale = Math.min(previewSize / image.naturalWidth, previewSize / image.naturalHeight);
    const w = image.naturalWidth * scale, hgt = image.naturalHeight * scale;
    canvas.getContext("2d").drawImage(image, (previewSize - w) / 2, (previewSize - hgt) / 2, w, hgt);
    return await png(canvas);
  } finally { URL.revokeObjectURL(url); }
}

/** The model drawn from the front and a little above, filling a square PNG (three.js, loaded only here). */
async function modelThumbnail(bytes) {
  const [THREE, { GLTFLoader }] = await loadThree();
  const gltf = await new Promise((resolve, reject) => new GLTFLoader().parse(bytes.buffer, "", resolve, () => reject(new Error(t("designs.notModel")))));
  const canvas = square();
  const renderer = new THREE.WebGLRenderer({ canvas, alpha: true, antialias: true, preserveDrawingBuffer: true });
  try {
    const scene = new THREE.Scene();
    scene.add(gltf.scene, new THREE.HemisphereLight(0xffffff, 0x444444, 2.5));
    const box = new THREE.Box3().setFromObject(gltf.scene), size = box.getSize(new THREE.Vector3()).length() || 1;
    const centre = box.getCenter(new THREE.Vector3());
    const camera = new THREE.PerspectiveCamera(35, 1, size / 100, size * 10);
    camera.position.copy(centre).add(new THREE.Vector3(0, size * 0.35, size * 1.4));
    camera.lookAt(centre);
    renderer.render(scene, camera);
    return await png(canvas);
  } finally { renderer.dispose(); }
}

/** A text card's picture: its name on the brand's yellow. */
function textThumbnail(name) {
  const canvas = square(), g = canvas.getContext("2d");
  g.fillStyle = "#fde047"; g.fillRect(0, 0, previewSize, previewSize);
  g.fillStyle = "#1c1917"; g.font = "bold 28px system-ui, sans-serif"; g.textAlign = "center"; g.textBaseline = "middle";
  g.fillText(name.trim().slice(0, 16), previewSize / 2, previewSize / 2, previewSize - 24);
  return png(canvas);
}
