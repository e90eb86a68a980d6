// What a person chose on this phone (Me › Settings), kept in localStorage and read where it matters:
// spoken turns, a spoken description and a buzz for stickers coming into view, narration at tour
// stops, the map's style, and whether a book's camera waits to be started. Nothing here goes to the server.
const key = "worldlayer.settings";
const defaults = { speakTurns: false, describeStickers: false, buzzStickers: false, autoNarration: true, mapStyle: "streets", askCamera: false };
// Before this screen, the tour kept its narration choice under its own key.
const older = { autoNarration: () => localStorage.getItem("worldlayer.autoNarration") === "off" ? false : undefined };

function stored() {
  try { return JSON.parse(localStorage.getItem(key) ?? "{}") ?? {}; } catch { return {}; }
}

export const settings = {
  get(name) { return stored()[name] ?? older[name]?.() ?? defaults[name]; },
  set(name, value) { localStorage.setItem(key, JSON.stringify({ ...stored(), [name]: value })); },
};
