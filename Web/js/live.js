// The one live connection every screen uses: the server's change feed over /v1/live for the cells
// in view and the topics a screen follows (a guided tour group's questions: `tour-group:<id>`). A
// dropped connection (a tram, a lift, a locked screen, a restarted server) comes back by itself,
// with backoff and jitter, and resumes from the last sequence number it saw, so nothing placed
// meanwhile is missed; a `reset` (the server lost the place, or who may see what changed) asks the
// screen to load what is in view again. Its state ("live", "reconnecting", "offline") is for a
// person to see.
import { paths, session } from "./api.js";

// At most 5 s apart (as Socket.IO and Phoenix do): a phone is live again within seconds of the server.
const firstDelay = 500, longestDelay = 5_000;

/**
 * Follows cells and topics. `onEvent(message)` gets each change (`type` "event" for a sticker,
 * "topic" for a topic, which the screen reads again), `onReset()` asks for a fresh load of what is in
 * view (after which `follow` is called again with its `seq`), `onState(state)` hears "live",
 * "reconnecting" or "offline". `token()` is whom to sign in as (the logged-in person by default; a
 * tour's visitor by their participant token); `layer()` the stickers chosen (./layers.js), none for all.
 * Returns { follow(cells, since, topics), close() }.
 */
export function live({ onEvent, onReset = () => {}, onState = () => {}, token: tokenFor = () => session.token, layer = () => null }) {
  let socket = null, cells = [], topics = [], seq = null, attempt = 0, timer = null, closed = false, token = tokenFor();

  const subscription = () => JSON.stringify({ type: "subscribe", cells, ...(topics.length ? { topics } : {}), ...(layer() ? { layer: layer() } : {}),
    ...(seq === null ? {} : { since: seq }) });

  function connect() {
    clearTimeout(timer);
    if (closed || (!cells.length && !topics.length)) return;
    socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${paths.live}`);
    const mine = socket;
    // The token goes in the first frame, not the URL, so no log or history holds it.
    mine.onopen = () => {
      token = tokenFor();
      if (token) mine.send(JSON.stringify({ type: "authenticate", token }));
      mine.send(subscription());
    };
    mine.onmessage = (message) => {
      const m = JSON.parse(message.data);
      if (typeof m.seq === "number") seq = Math.max(seq ?? 0, m.seq);
      if (m.type === "subscribed") { attempt = 0; onState("live"); }
      if (m.type === "reset") onReset();
      else if (m.type === "event" || m.type === "topic") onEvent(m);
    };
    mine.onclose = () => {
      if (mine !== socket || closed) return;
      socket = null;
      onState(navigator.onLine === false ? "offline" : "reconnecting");
      // Full jitter: many phones dropped by one restart do not all come back in the same instant.
      const delay = Math.random() * Math.min(longestDelay, firstDelay * 2 ** attempt++);
      timer = setTimeout(connect, delay);
    };
  }

  // Back online, or a new login (another person, another view): connect again at once.
  const again = () => { attempt = 0; socket?.close(); socket = null; connect(); };
  const onStorage = (e) => { if (e.key === "worldlayer.token" && tokenFor() !== token) again(); };
  addEventListener("online", again);
  addEventListener("storage", onStorage);

  return {
    /** Follows these cells (and topics) from `since` (a fresh load's `seq`; none: from now), in place of what it followed. */
    follow(newCells, since, newTopics = []) {
      cells = newCells;
      topics = newTopics;
      if (typeof since === "number") seq = since;
      // An open socket takes them in a new subscribe; otherwise one is opened.
      if (socket?.readyState === WebSocket.OPEN) socket.send(subscription());
      else if (!socket) connect();
    },
    /** The last sequence number seen. */
    get seq() { return seq; },
    close() {
      closed = true;
      clearTimeout(timer);
      removeEventListener("online", again);
      removeEventListener("storage", onStorage);
      socket?.close();
    },
  };
}
