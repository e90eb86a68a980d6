// The stickers a person chose to see in AR and on the map (StickARs' layers): everything they may
// see (until they choose), the public world, only people and tags they follow, or one of their
// private maps. Remembered on this phone; the server sends only the layer's stickers (`layer=` on
// nearby and cells, and in the live subscription).
import { blobWithSession, get, paths, session } from "./api.js";
import { h } from "./dom.js";
import { kept, keys } from "./kept.js";
import { t } from "./strings.js";

/** The layer in force: what was chosen, or null for everything I may see (signed out, that or the public world). */
export function currentLayer() {
  const chosen = kept.text(keys.layer);
  return chosen && (session.token || chosen === "public") ? chosen : null;
}

/** The `&layer=` of a sticker request; none for everything. */
export const layerQuery = () => currentLayer() ? `&layer=${encodeURIComponent(currentLayer())}` : "";

/** A picker of the layers, drawn at once (a screen's layout does not move later); my private maps
 *  join it when they have loaded. A choice is kept and `changed()` runs (the screen loads again). */
export function layerPicker(changed) {
  const current = currentLayer() ?? "all";
  const option = (value, text) => h("option", { value, selected: value === current }, text);
  const select = h("select", { id: "layer-picker", "aria-label": t("layer.label") }, option("all", t("layer.all")), option("public", t("layer.public")),
    ...(session.token ? [option("following", t("layer.following"))] : []),
    ...(current.startsWith("worldmap:") ? [option(current, t("layer.map", { name: "…" }))] : []));
  select.addEventListener("change", () => { kept.setText(keys.layer, select.value === "all" ? null : select.value); changed(select.value); });
  if (session.token) {
    get(paths.myWorldmaps).then(({ worldmaps = [] }) => {
      for (const w of worldmaps) {
        const value = `worldmap:${w.id}`, text = t("layer.map", { name: w.name });
        const known = [...select.options].find((o) => o.value === value);
        if (known) known.textContent = text; else select.append(option(value, text));
      }
    }).catch(() => { /* offline: the kept choice stays, the maps are listed next time */ });
  }
  return select;
}

/** On one private map's layer: its relocalization photo and where to stand, when it has one. */
export async function standHere() {
  const layer = currentLayer();
  if (!layer?.startsWith("worldmap:")) return null;
  const id = layer.slice("worldmap:".length);
  const photo = await blobWithSession(paths.worldmapSnapshot(id)).catch(() => null);
  if (!photo) return null;
  return h("figure", { class: "card stand-here", id: "stand-here" },
    h("img", { src: URL.createObjectURL(photo), alt: t("layer.snapshot"), onload: (e) => URL.revokeObjectURL(e.target.src) }),
    h("figcaption", {}, t("layer.standHere")));
}
