// Placing a sticker from AR: the form in the AR view's sheet, a short first step (the template's
// picture, the text, place it) with the rest one tap away (turn, tags, colour, size, content warnings:
// ../warnings.js, a clip, who sees it and a self-delete timer: ./audience.js, a scene to anchor to);
// the sticker goes two metres in front of me or, on phones with WebXR hit testing, on the surface
// I tap. With no connection it waits in the outbox (../offline/outbox.js) and is sent later; in a
// private session it stays on this phone (../offline/private.js) and is never sent. It can be
// anchored to the flat scene in view (a poster, a sign, a shop front): then the camera's picture goes
// with it, and whoever sees the scene again sees the sticker on its spot (./scene-lock.js).
import { api, get, paths, session } from "../api.js";
import { h, say } from "../dom.js";
import { unplace } from "../geo.js";
import { audienceFields } from "./audience.js";
import { warningFields } from "../warnings.js";
import { mediaFields } from "../sticker-media.js";
import { has, t } from "../strings.js";
import { pickSurface, surfacePlacementSupported } from "../xr.js";
import { enqueue, outboxItems } from "../offline/outbox.js";
import { keepPrivately, privateSession } from "../offline/private.js";
import { cameraFieldOfView } from "./scene-lock.js";
import { templateList } from "../templates.js";

/**
 * Opens the form in `sheet`. `pose`: where I am and face; `addSticker`: draws a placed sticker;
 * `three`: the renderer, scene and camera a WebXR session draws; `pauseLoop(on)`: the AR view stops
 * its own drawing while a session runs; `frame()`: the camera's picture now; `heading()`: where the
 * camera faces, as corrected by a scene anchor.
 */
export async function openPlacementForm({ pose, sheet, addSticker, three, pauseLoop, frame, heading }) {
  const privately = privateSession.on;  // kept on this phone only: no account, no server, no audience
  if (!session.token && !privately) return say(t("ar.loginToPlace"));
  if (pose.latitude === null) return say(t("ar.waiting"));
  // Said before anything is typed: this spot is in a restricted zone (the server refuses it anyway).
  const zone = privately ? null : await get(`${paths.zonesAt}?latitude=${pose.latitude}&longitude=${pose.longitude}`).catch(() => null);
  if (zone?.restricted) {
    return sheet.show(h("p", { class: "notice", id: "place-restricted", role: "alert" },
      t("ar.restricted", { zone: zone.zone.name, kind: has(`zone.kind.${zone.zone.kind}`) ? t(`zone.kind.${zone.zone.kind}`) : zone.zone.kind })), "peek");
  }
  const templates = await templateList();
  const choice = templateChoice(templates);
  const text = h("input", { name: "text", id: "place-text", maxlength: 140 });
  const textLabel = h("label", { class: "grow" }, t("ar.text"), text);
  // A 3D model can be turned: 0 faces me, 90 turns it a quarter clockwise seen from above.
  const turn = slider({ id: "place-turn", min: 0, max: 345, step: 15, value: 0 }, (v) => t("ar.turn.degrees", { degrees: v }));
  const turnLabel = h("label", {}, t("ar.turn"), turn);
  // Text only for templates that carry it.
  const takesText = () => {
    const template = templates.find((x) => x.id === choice.value());
    text.disabled = !template?.takesText; if (text.disabled) text.value = "";
    textLabel.hidden = text.disabled;
    turnLabel.hidden = template?.kind !== "model";
  };
  choice.element.addEventListener("change", takesText);
  takesText();
  const audience = privately ? { elements: [h("p", { class: "notice" }, t("private.placing"))], read: () => ({ visibility: "private", sharedWith: [] }) }
    : await audienceFields();
  const warnings = warningFields();
  const media = privately ? { elements: [], read: async () => ({}) } : mediaFields();  // a clip is uploaded: not in a private session
  // The first step is the picture, the words and the button; the rest is one tap away, its summary
  // saying who will see the sticker, so that nobody places for everyone without knowing.
  const whoSees = h("span", { id: "place-more-audience" });
  const sayWhoSees = () => { whoSees.textContent = privately ? t("private.placing.short") : audience.summary(); };
  const more = h("details", { id: "place-more" }, h("summary", {}, whoSees, h("span", { class: "muted" }, t("ar.more"))),
    turnLabel,
    h("label", {}, t("ar.tags"), h("input", { name: "tags", id: "place-tags", placeholder: t("ar.tags.example") })),
    h("div", { class: "row look" },
      h("label", {}, t("ar.colour"), h("input", { name: "color", type: "color", id: "place-colour", value: "#ffd60a" })),
      h("label", { class: "grow" }, t("ar.size"), slider({ name: "size", id: "place-size", min: 0.2, max: 2, step: 0.1, value: 0.5 }, (v) => t("ar.size.metres", { metres: v })))),
    ...warnings.elements, ...media.elements, ...audience.elements,
    ...(privately ? [] : sceneFields()));
  more.addEventListener("change", sayWhoSees);
  // Opened, the second step takes the whole sheet, its first fields in view.
  more.addEventListener("toggle", () => { if (more.open) { sheet.raise("full"); more.scrollIntoView({ block: "start" }); } });
  sayWhoSees();
  // Short enough for a half-open sheet on a small phone: pictures, then the words and the button on one line.
  const form = h("form", { class: "card", id: "place-form" },
    choice.element,
    h("div", { class: "row first-step" }, textLabel, h("button", { type: "submit", id: "place-submit", title: t("ar.placeHere.title") }, t("ar.placeHere"))),
    more);
  // On phones with WebXR hit testing, the sticker can go on the surface I tap instead.
  if (await surfacePlacementSupported()) {
    form.querySelector(".first-step").after(h("button", { type: "submit", id: "place-on-surface", class: "secondary", value: "surface" }, t("ar.placeOnSurface")));
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(form));
    const aim = heading?.() ?? pose.heading;
    const fix = { latitude: pose.latitude, longitude: pose.longitude, altitude: pose.altitude ?? 0, heading: aim };
    // On a scene, the sticker goes where I aim, as far as the scene is; else two metres ahead.
    const onScene = !privately && data.scene === "on" ? Number(data.sceneDistance) : null;
    const picture = onScene ? await frame?.() : null;  // taken now, as I aim at the scene
    let spot = unplace(fix, { x: 0, y: 0, z: -(onScene ?? 2) });
    if (event.submitter?.value === "surface") {
      const cancel = h("button", { type: "button", class: "secondary" }, t("ar.cancel"));
      const overlay = h("div", { class: "xr-overlay" }, h("p", { class: "hint" }, t("ar.tapSurface")), cancel);
      document.body.append(overlay);
      pauseLoop(true);  // the session draws the scene as it stood; the AR view's own loop waits
      try { spot = await pickSurface({ ...three, device: fix, overlay, cancel }); }
      catch (error) { spot = null; say(error.message); } finally { overlay.remove(); pauseLoop(false); }
      if (!spot) return;
    }
    const id = crypto.randomUUID();
    let draft;
    try {
      const carried = await media.read();  // the clip goes first; the sticker names it
      draft = { ...carried, templateId: data.templateId, text: data.text ?? "", tags: data.tags.split(/[\s,]+/).filter(Boolean), color: data.color.toUpperCase(),
        size: Number(data.size), orientation: facing((pose.heading ?? 0) + Number(turn.querySelector("input").value)), ...audience.read(), ...warnings.read(),
        anchor: { latitude: spot.latitude, longitude: spot.longitude, altitude: spot.height, accuracy: Math.max(1, pose.accuracy) } };
      if (privately) {
        await addSticker(await keepPrivately(id, draft));
        return sheet.show(h("p", { id: "placed", class: "notice", role: "status" }, t("private.placed")), "peek");
      }
      await api("PUT", paths.sticker(id), draft);
      await addSticker(await api("POST", paths.placeSticker(id)));
      if (onScene) return sheet.show(await anchorToScene(id, picture, { ...fix, pitch: pose.pitch, distance: onScene }), "peek");
      sheet.show(h("p", { id: "placed", class: "notice" }, t("ar.placed")), "peek");
    } catch (error) {
      if (error.status === 0 && draft) {  // no connection: kept, and sent when there is one again
        await enqueue(id, draft, session.token);
        await addSticker(waitingSticker({ id, draft }));  // drawn for me at once, marked as waiting
        const waiting = (await outboxItems()).filter((i) => i.state === "waiting").length;
        return sheet.show(h("p", { id: "queued", class: "notice", role: "status" }, t("outbox.queued", { count: waiting })), "peek");
      }
      sheet.show([h("p", { class: "error", role: "alert", id: "place-error" }, error.message), form]);
    }
  });
  sheet.show(form);
}

/** The templates as pictures to tap (radio buttons in a row that scrolls sideways); the first that
 *  takes text is chosen. `value()`: the chosen template's id. */
function templateChoice(templates) {
  const first = (templates.find((x) => x.takesText) ?? templates[0])?.id;
  const element = h("fieldset", { class: "template-choice", id: "place-template" }, h("legend", {}, t("ar.template")),
    h("div", { class: "choices" }, ...templates.map((x) => h("label", { class: x.id === first ? "choice chosen" : "choice", title: x.name, translate: x.builtIn === false ? "no" : null, dataset: { template: x.id } },
      h("input", { type: "radio", name: "templateId", value: x.id, checked: x.id === first }),
      x.previewUrl ? h("img", { src: x.previewUrl, alt: "", width: 56, height: 56 }) : null,
      h("span", {}, x.name)))));
  const value = () => element.querySelector("input:checked")?.value;
  element.addEventListener("change", () => element.querySelectorAll(".choice").forEach((c) => c.classList.toggle("chosen", c.dataset.template === value())));
  return { element, value };
}

/** A range input with its value shown beside it, in words from `words(value)`. */
function slider(attributes, words) {
  const input = h("input", { type: "range", ...Object.fromEntries(Object.entries(attributes).map(([k, v]) => [k, String(v)])) });
  const shown = h("output", { for: attributes.id, id: `${attributes.id}-value` });
  const show = () => { shown.textContent = words(input.value); };
  input.addEventListener("input", show);
  show();
  return h("span", { class: "slider" }, input, shown);
}

/** An outbox item as a sticker to draw for its author: marked waiting until the server has it. */
export function waitingSticker(item) {
  return { id: item.id, ...item.draft, waiting: true };
}

/** "Anchor it to what the camera sees", and how far that is. */
function sceneFields() {
  const distance = h("select", { name: "sceneDistance", id: "place-scene-distance" },
    ...[1, 2, 3, 5, 10].map((m) => h("option", { value: String(m), selected: m === 3 }, t("ar.scene.metres", { metres: m }))));
  return [h("fieldset", { class: "scene-fields" }, h("legend", {}, t("ar.scene.legend")),
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "scene", id: "place-on-scene" }), t("ar.scene.anchor")),
    h("label", {}, t("ar.scene.distance"), distance))];
}

/** Sends the picture the sticker was aimed at as its scene: what the sheet then says (placed and
 *  anchored, or placed only, with the reason the scene could not be used). */
async function anchorToScene(id, picture, seen) {
  if (!picture) return h("p", { id: "placed", class: "notice" }, t("ar.scene.noCamera"));
  const query = new URLSearchParams({ latitude: seen.latitude, longitude: seen.longitude, heading: (seen.heading + 360) % 360,
    pitch: Math.max(-60, Math.min(60, seen.pitch ?? 0)), roll: 0, fov: cameraFieldOfView, distance: seen.distance, x: 0.5, y: 0.5 });
  try {
    await api("PUT", `${paths.stickerScene(id)}?${query}`, picture);
    return h("p", { id: "placed", class: "notice" }, t("ar.scene.anchored"));
  } catch (error) {
    return h("p", { id: "placed", class: "notice", role: "alert" }, t("ar.scene.refused", { reason: error.message }));
  }
}

/** The rotation (a quaternion x, y, z, w about the vertical) that turns a model's front (+z in glTF)
 *  to face back along `bearing` (degrees from north): toward someone looking that way at it. */
export function facing(bearing) {
  const angle = -bearing * Math.PI / 180;  // about y, with north −z and east +x as in the AR scene
  return [0, Math.sin(angle / 2), 0, Math.cos(angle / 2)].map((v) => Math.round(v * 1e6) / 1e6);
}
