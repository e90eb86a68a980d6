// What one screen hands the next when a link changes the view ("View in AR" with a route, or a
// sticker or a place to point at): kept for the tab's life, read where the next screen starts.
const keys = { route: "worldlayer.route", sticker: "worldlayer.highlightSticker", place: "worldlayer.highlight", afterSignIn: "worldlayer.afterSignIn" };
const read = (key) => sessionStorage.getItem(key);
const write = (key, value) => value == null ? sessionStorage.removeItem(key) : sessionStorage.setItem(key, value);

export const handoff = {
  /** The walking route AR draws (an answer of the routes endpoint, its destination named), or null. */
  get route() { return JSON.parse(read(keys.route) ?? "null"); },
  set route(value) { write(keys.route, value ? JSON.stringify(value) : null); },
  /** The sticker AR points at while it is out of view. */
  get sticker() { return read(keys.sticker); },
  set sticker(id) { write(keys.sticker, id); },
  /** The place AR points at while it is out of view. */
  get place() { return read(keys.place); },
  set place(id) { write(keys.place, id); },
  /** Where signing in leads (a shared sticker's link opened signed out), or null. */
  get afterSignIn() { return read(keys.afterSignIn); },
  set afterSignIn(hash) { write(keys.afterSignIn, hash); },
};
