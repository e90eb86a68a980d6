// What this phone keeps between visits (localStorage), under the keys named here and nowhere else:
// the session, guided-tour tickets, settings, recent places and routes, the index of saved areas, a
// tour's position reports made offline, and that the welcome and AR's safety word were seen.
// (What one screen hands the next for the tab's life is ./handoff.js.)
export const keys = {
  token: "worldlayer.token",
  settings: "worldlayer.settings",
  /** Before Settings, the tour kept its narration choice under its own key. */
  oldAutoNarration: "worldlayer.autoNarration",
  recent: "worldlayer.recent",
  savedAreas: "worldlayer.saved",
  welcomed: "worldlayer.welcomed",
  /** The stickers chosen for AR and the map (./layers.js). */
  layer: "worldlayer.layer",
  safetySeen: "worldlayer.safetyAcknowledged",
  // Motion and orientation were granted here once: Safari then grants them again without a tap.
  motionGranted: "worldlayer.motionGranted",
  participants: "worldlayer.participant.",
  participant: (tour) => `worldlayer.participant.${tour}`,
  positions: "worldlayer.positions.",
  /** A tour's position reports made with no connection, waiting to be sent. */
  waitingPositions: (tour) => `worldlayer.positions.${tour}`,
};

export const kept = {
  text: (key) => localStorage.getItem(key),
  /** Keeps `value` as text; null forgets the key. */
  setText: (key, value) => value == null ? localStorage.removeItem(key) : localStorage.setItem(key, value),
  /** What is kept as JSON, or `fallback` when nothing (or nothing readable) is. */
  json(key, fallback) {
    try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; }
  },
  /** Keeps `value` as JSON; null forgets the key. */
  setJSON: (key, value) => value == null ? localStorage.removeItem(key) : localStorage.setItem(key, JSON.stringify(value)),
  forget: (key) => localStorage.removeItem(key),
  /** Forgets every key that starts with `prefix` (every tour's tickets, say). */
  forgetAll: (prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)).forEach((k) => localStorage.removeItem(k)),
};
