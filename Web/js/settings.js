// What a person chose on this phone (Me › Settings), kept in localStorage and read where it matters:
// spoken turns, a spoken description and a buzz for stickers coming into view, narration at tour
// stops and their sounds in AR, the map's style, and whether a book's camera waits to be started. Nothing here goes to the server.
import { kept, keys } from "./kept.js";

const defaults = { speakTurns: false, describeStickers: false, buzzStickers: false, autoNarration: true, ambientSound: true, mapStyle: "streets", askCamera: false, language: "" };
// Before this screen, the tour kept its narration choice under its own key.
const older = { autoNarration: () => kept.text(keys.oldAutoNarration) === "off" ? false : undefined };

function stored() {
  return kept.json(keys.settings, {});
}

export const settings = {
  get(name) { return stored()[name] ?? older[name]?.() ?? defaults[name]; },
  set(name, value) { kept.setJSON(keys.settings, { ...stored(), [name]: value }); },
};
