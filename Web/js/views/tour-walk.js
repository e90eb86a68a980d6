// Walking a tour: a map of its stops and path, the next stop with its distance and direction (or,
// from outside its area, how far the tour is and the way there), each stop's text and narration in a sheet, narration that
// starts on arrival (or when a sign at the stop is scanned: ./tour-signs.js), the stamp book with every stamp celebrated. Open to everyone; stamps need an
// account (or a guided tour's passkey); a guided tour adds questions to the guide, answered live.
import { get, participants, paths, post } from "../api.js";
import { compassPoint, couldNotLoad, distanceText, h, icon, say, viewpointText } from "../dom.js";
import { t } from "../strings.js";
import { bottomSheet } from "../sheet.js";
import { isSaved, saveTour } from "../offline/saved.js";
import { LocalFrame } from "../geo.js";
import { celebrate } from "./celebration.js";
import { questionsSection } from "./tour-questions.js";
import { settings } from "../settings.js";
import { handoff } from "../handoff.js";
import { kept, keys } from "../kept.js";
import { narrate, narrationPlayer } from "../narration.js";
import { arrivedAt } from "../tour-arrival.js";
import { progress } from "../ar/guidance.js";
import { baseMap, followSize } from "../base-map.js";
import { signScanner } from "./tour-signs.js";
import { inLanguage } from "../tour-language.js";


/** `token`: my session or a guided tour's participant token (null: signed out). */
export async function walk(summary, token, participant, stopId) {
  const screen = document.getElementById("screen");
  // In the visitor's language where the tour has it (../tour-language.js).
  const [tour, config] = await Promise.all([get(paths.tour(summary.id), token).then((x) => inLanguage(x)), get(paths.clientConfig)]);
  const stamps = { visited: new Set() };
  let showStop = null;
  // A sign read (its QR code or its picture) opens its stop as arriving there does.
  const signs = signScanner(tour, token, (stop) => showStop(stop, { play: settings.get("autoNarration") }));
  const page = drawPage(screen, tour, summary, participant, signs.element);
  narrationPlayer();  // made now, so that the first tap on the page unlocks it for every stop's narration
  showStop = stopSheet(page.sheet, tour.stops, stamps);
  const map = stopsMap(page.mapElement, tour.stops, showStop, config);
  const drawBook = (b) => {
    stamps.visited = new Set(b ? b.visited.map((s) => s.stopId) : []);
    map.markDone(stamps.visited);
    drawStampBook(page, tour.stops, b, stamps.visited, showStop);
  };
  drawBook(token ? await get(paths.tourStamps(tour.id), token) : null);
  // Last, once everything above it is drawn: nothing moves under a finger about to tap it.
  const leaveQuestions = participant ? await questionsSection(screen, participant, token) : null;
  const stopFollowing = followWalk({ tour, token, page, map, stamps, showStop, drawBook });
  const linked = tour.stops.find((s) => s.id === stopId);  // opened from a stop's link (its sign's QR code)
  if (linked) showStop(linked, { play: settings.get("autoNarration") });
  return () => { stopFollowing(); signs.close(); leaveQuestions?.(); map.remove(); };
}

/** The page's parts: the title (and a guided tour's welcome), the map, where I am, the narration
 *  setting, the stops, the stamp book, "save for offline" and the stop's sheet. */
function drawPage(screen, tour, summary, participant, signs) {
  const page = {
    where: h("div", { id: "tour-where", class: "card next-stop", role: "status" }, t("map.location.waiting")),
    list: h("ol", { id: "tour-stops", class: "list" }),
    book: h("section", { id: "stamp-book", "aria-live": "polite" }),
    sheet: bottomSheet("stop-sheet"),
    mapElement: h("div", { class: "tour-map", id: "tour-map", role: "application", "aria-label": t("tours.map") }),
    autoNarration: h("input", { type: "checkbox", id: "auto-narration", checked: settings.get("autoNarration"),
      onchange: () => settings.set("autoNarration", page.autoNarration.checked) }),
  };
  screen.append(h("h2", { translate: "no", lang: tour.textLanguage }, tour.title));
  if (participant) {  // just joined: the welcome first, where the passkey form was
    screen.append(h("p", { class: "notice", id: "welcome" }, t("tours.welcome", { name: participant.name ? `, ${participant.name}` : "" })),
      h("p", { class: "row" }, h("a", { class: "button", id: "start-ar", href: "#/ar", onclick: () => { handoff.route = null; } }, t("tours.startAR")),
        h("button", { class: "secondary", id: "leave-tour", onclick: () => { participants.forget(summary.id); say(t("tours.left")); dispatchEvent(new HashChangeEvent("hashchange")); } }, t("tours.leave"))));
  }
  screen.append(...[tour.description ? h("p", { translate: "no", lang: tour.textLanguage }, tour.description) : null, page.mapElement, page.where, signs].filter(Boolean));
  screen.append(h("label", { class: "row" }, page.autoNarration, t("tours.narration.auto")),
    h("h3", {}, t("tours.stops")), page.list, h("h3", {}, t("tours.stampBook")), page.book, saveForOffline(tour), page.sheet.el);
  return page;
}

/** "Save for offline", with what it is doing. */
function saveForOffline(tour) {
  const saveButton = h("button", { class: "secondary", id: "save-offline" }, t("offline.save"));
  const saveStatus = h("span", { id: "saved-status", role: "status" }, isSaved(`tour:${tour.id}`) ? t("offline.savedAt") : "");
  saveButton.addEventListener("click", async () => {
    saveButton.disabled = true;
    try {
      await saveTour(tour, (done, total) => { saveStatus.textContent = t("offline.saving", { done, total }); });
      saveStatus.textContent = t("offline.saved", { name: tour.title });
    } catch (error) { saveStatus.textContent = t("offline.failed", { reason: error.message }); }
    saveButton.disabled = false;
  });
  return h("p", { class: "row" }, saveButton, saveStatus);
}

/** The stops' map over the streets (../base-map.js): numbered pins on the path between them, green
 *  once stamped; me on it. */
function stopsMap(element, stops, showStop, config) {
  const map = L.map(element, { zoomControl: false });
  map.createPane("own").style.zIndex = "350";
  const view = { map, mapElement: element, left: false, layers: { own: L.layerGroup().addTo(map) } };
  const streets = baseMap(view, config);
  const unfollowSize = followSize(map, element);
  map.on("moveend", () => { if (!view.left) streets.load().catch(couldNotLoad("map.own")); });
  const placed = stops.filter((s) => s.position);
  const pins = new Map();
  if (placed.length) {
    L.polyline(placed.map((s) => [s.position.latitude, s.position.longitude]), { color: "#b45309", weight: 4, dashArray: "6 8" }).addTo(map);
    placed.forEach((s) => {
      const number = document.createElement("span");
      number.textContent = String(stops.indexOf(s) + 1);
      pins.set(s.id, L.marker([s.position.latitude, s.position.longitude], { title: s.title, icon: L.divIcon({ className: "stop-pin", html: number, iconSize: [26, 26] }) })
        .on("click", () => showStop(s)).addTo(map));
    });
    map.fitBounds(L.latLngBounds(placed.map((s) => [s.position.latitude, s.position.longitude])), { padding: [24, 24], animate: false });
  } else map.setView([60.1699, 24.9384], 15);
  let me = null;
  return {
    markDone: (visited) => { for (const [id, pin] of pins) pin.getElement()?.classList.toggle("done", visited.has(id)); },
    showMe: (p) => {
      me?.remove();
      me = L.circleMarker([p.latitude, p.longitude], { radius: 7, color: "#fff", weight: 2, fillColor: "#2563eb", fillOpacity: 1 }).addTo(map);
    },
    remove: () => { view.left = true; unfollowSize(); map.remove(); },
  };
}

/** A stop's text, pictures and narration in the sheet; `play` starts the narration (after the one
 *  playing, if one is: it is not cut). The narration plays through the page's one player (../narration.js). */
function stopSheet(sheet, stops, stamps) {
  return function showStop(stop, { play = false, state = "half" } = {}) {
    const audio = stop.media.find((m) => m.contentType.startsWith("audio/"));
    const src = audio ? paths.media(audio.id) : null;
    const after = h("p", { class: "muted", id: "narration-after", hidden: true }, t("tours.narration.after"));
    sheet.show(h("div", { class: "card", id: "stop-detail" }, h("h3", { translate: "no" }, `${stops.indexOf(stop) + 1}. ${stop.title}`),
      stamps.visited.has(stop.id) ? h("p", { class: "muted" }, "✓ ", t("tours.stampBook")) : null,
      stop.viewpoint ? h("p", { class: "muted", id: "stop-viewpoint" }, viewpointText(stop.viewpoint)) : null,
      src ? narrationPlayer() : null, after,
      stop.text ? h("p", { translate: "no" }, stop.text) : null,
      ...stop.media.filter((m) => m.contentType.startsWith("image/")).map((m) => h("img", { class: "photo", src: paths.media(m.id), alt: stop.title })),
      stop.date || stop.source ? h("p", { class: "muted", translate: "no" }, [stop.date, stop.source].filter(Boolean).join(" · ")) : null), state);
    if (!src) return;
    narrate(src, stop.title, { play }).then((result) => {
      after.hidden = result !== "waiting";
      // Said as well: a sheet that peeks shows only the stop's name and its player.
      if (result === "waiting") say(t("tours.narration.after"));
      // Browsers may refuse sound without a tap: then the player is there to press.
      if (result === "refused") say(t("tours.playNarration"));
    });
  };
}

/** The list of stops (✓ once stamped) and the stamp book, or how to start collecting. */
function drawStampBook(page, stops, b, visited, showStop) {
  page.list.replaceChildren(...stops.map((s, i) => h("li", {}, h("button", { class: "secondary", style: "width:100%;text-align:left", translate: "no", onclick: () => showStop(s) },
    `${i + 1}. ${s.title}`, visited.has(s.id) ? " ✓" : ""))));
  if (!b) return page.book.replaceChildren(h("p", {}, h("a", { href: "#/me", id: "stamps-login" }, t("tours.stampsNeedAccount"))));
  page.book.replaceChildren(h("p", { id: "stamp-count" }, t("tours.stamped", { done: b.visited.length, total: b.visited.length + b.remaining.length })),
    h("ul", { class: "stamps" }, ...stops.map((s) => h("li", { class: visited.has(s.id) ? "stamped" : "", translate: "no", dataset: { stop: s.id } }, visited.has(s.id) ? `✓ ${s.title}` : s.title))),
    ...(b.completedAt ? [h("p", { class: "notice" }, t("tours.complete"))] : []));
}

/** Follows my position while the page is open: the next stop (asked again after 30 m or a stamp, its
 *  distance following every fix),
 *  narration on arrival, and reports to the server, which stamps. Returns what stops it. */
function followWalk({ tour, token, page, map, stamps, showStop, drawBook }) {
  const guide = nextStopGuide(tour, token, page.where, stamps);
  let last = null, watch = null, left = false;
  const narrated = new Set();
  // Arrival, seen here for everyone (narration), and by the server for stamps (../tour-arrival.js).
  const arrived = () => {
    const at = arrivedAt(tour.stops, last);
    if (at && !narrated.has(at.id)) {
      narrated.add(at.id);
      if (page.autoNarration.checked) showStop(at, { play: true, state: "peek" });
    }
    return at;
  };
  const report = positionReporter(tour, token, (r) => {
    drawBook(r.book);
    const stop = tour.stops.find((s) => s.id === r.stamped);
    celebrate(stop?.title ?? "", stamps.visited.size, tour.stops.length);
    guide.update(last).catch(() => { /* the next stop shows on the next fix */ });
  });
  const tick = () => { if (last) report(last, arrived()); };
  const timer = setInterval(tick, 2000);
  if (navigator.geolocation) watch = navigator.geolocation.watchPosition((p) => {
    if (left) return;  // a fix already on its way when the tour was left
    last = { latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy };
    map.showMe(last);
    // The server is asked again after 30 m; the distance and direction follow every fix.
    if (guide.farFrom(last, 30)) guide.update(last).catch((e) => page.where.replaceChildren(e.message));
    else guide.follow(last);
    tick();
  }, (e) => { if (!last) page.where.replaceChildren(e.code === e.PERMISSION_DENIED ? t("map.location.denied") : t("map.location.unavailable")); }, { enableHighAccuracy: true });
  else page.where.replaceChildren(t("map.location.unsupported"));
  return () => { left = true; clearInterval(timer); if (watch !== null) navigator.geolocation.clearWatch(watch); };
}

/** Where I am: the next stop (the server's next with an account; the first unstamped in order
 *  otherwise) with its distance and direction, kept up to date as I walk, or how far the tour is. */
function nextStopGuide(tour, token, where, stamps) {
  const stops = tour.stops;
  let guidedFrom = null;
  // The stop shown, its walking route (with an account), and the parts that change as I walk.
  let shown = null;
  /** How far `stop` is from `p` and which way: along the route when there is one. */
  const away = (stop, route, p) => {
    const hereFrame = new LocalFrame(p.latitude, p.longitude, 0), e = stop.position ? hereFrame.enu(stop.position.latitude, stop.position.longitude, 0) : null;
    const bearing = e ? (Math.atan2(e.east, e.north) * 180 / Math.PI + 360) % 360 : null;
    if (route) { const on = progress(route, p.latitude, p.longitude); return { distance: on.left + on.off, bearing }; }
    return { distance: e ? Math.hypot(e.east, e.north) : null, bearing };
  };
  const nextIn = ({ distance, bearing }) => t("tours.nextIn", { distance: distanceText(distance), direction: t(`direction.${compassPoint(bearing)}`) });
  return {
    /** Between the server's answers: the shown stop's distance and direction from `p`. */
    follow(p) {
      if (!shown?.stop.position) return;
      const now = away(shown.stop, shown.route, p);
      shown.arrow.style.transform = `rotate(${now.bearing}deg)`;
      shown.distance.textContent = nextIn(now);
    },
    /** Whether `p` is more than `metres` from where the guide was last drawn. */
    farFrom(p, metres) {
      if (!guidedFrom) return true;
      const moved = new LocalFrame(guidedFrom.latitude, guidedFrom.longitude, 0).enu(p.latitude, p.longitude, 0);
      return Math.hypot(moved.east, moved.north) > metres;
    },
    async update(last) {
      if (!last) return;
      guidedFrom = last;
      const query = `?latitude=${last.latitude}&longitude=${last.longitude}`;
      const availability = await get(`${paths.tourAvailability(tour.id)}${query}`, token).catch(() => null);
      if (availability && !availability.inside) return where.replaceChildren(...notThereYet(availability, stops));
      const next = token ? await get(`${paths.tourNext(tour.id)}${query}`, token).catch(() => null) : null;
      const stop = next ? stops.find((s) => s.id === next.stop?.stop?.id) : stops.find((s) => s.position && !stamps.visited.has(s.id));
      if (!stop) return where.replaceChildren(h("p", {}, t("tours.allDone")));
      const now = away(stop, next?.route, last);
      const distance = next?.route ? next.route.length : now.distance, bearing = next?.stop?.bearing ?? now.bearing;
      const arrow = icon("arrow", { class: "arrow" });
      if (bearing !== null) arrow.style.transform = `rotate(${bearing}deg)`;
      const distanceLine = distance !== null ? h("span", { class: "muted", id: "next-stop-distance", style: "display:block" }, nextIn({ distance, bearing })) : null;
      shown = distanceLine ? { stop, route: next?.route, arrow, distance: distanceLine } : null;
      where.replaceChildren(arrow, h("div", { class: "grow" }, h("strong", { id: "next-stop" }, t("tours.next", { title: `${stops.indexOf(stop) + 1}. ${stop.title}` })),
        distanceLine),
        ...(next?.route ? [h("a", { class: "button secondary", id: "next-in-ar", href: "#/ar", onclick: () => { handoff.route = { ...next.route, to: { ...next.route.to, name: stop.title } }; } }, t("map.viewInAR"))] : []));
    },
  };
}

/** Reports my position to the server, which stamps stops (after a few seconds at one). Reports made
 *  with no connection wait on the phone with the time each fix was taken, and go first, in order,
 *  once the server answers: a stop walked offline is stamped then, at the time it was visited (the
 *  server believes such times up to a day old). `stamped(answer)` is told of each stamp. */
function positionReporter(tour, token, stamped) {
  // Where reports made offline wait (me.js forgets them at logout: they are where I walked).
  const waitingKey = keys.waitingPositions(tour.id);
  let reporting = false;
  return async (last, atStopHere) => {
    if (!token || reporting) return;
    reporting = true;
    const queue = [...kept.json(waitingKey, []), { ...last, recordedAt: new Date().toISOString() }].slice(-900);
    try {
      while (queue.length) {
        const fresh = queue.length === 1;
        let r;
        try { r = await post(paths.tourPositions(tour.id), queue[0], token); } catch (e) {
          if (e.status === 0) throw e;
          if (fresh) say(e.message);  // a refused old report is dropped; the rest still go
        }
        queue.shift();
        if (r?.stamped) stamped({ ...r, book: r.book ?? await get(paths.tourStamps(tour.id), token) });
        if (fresh && r?.atStop && !atStopHere) say(t("tours.atStop", { title: tour.stops.find((s) => s.id === r.atStop)?.title ?? "" }));
      }
    } catch { /* no connection: what is left waits for the next try */ }
    kept.setJSON(waitingKey, queue.length ? queue : null);
    reporting = false;
  };
}

/** Outside the tour's area: how far it is and, when there is a walking route, the way to its nearest
 *  stop on the map or in AR (the seed's "not there yet"). */
function notThereYet(availability, stops) {
  const far = h("p", { id: "tour-far" }, t("tours.far", { distance: distanceText(availability.distance) }));
  const r = availability.route, stop = availability.nearestStop?.stop;
  if (!r || !stop) return [far];
  const title = `${stops.findIndex((s) => s.id === stop.id) + 1}. ${stop.title}`;
  return [h("div", { class: "grow" }, far,
    h("p", { class: "muted", id: "tour-way" }, t("tours.way", { distance: distanceText(r.length), minutes: Math.max(1, Math.round(r.duration / 60)), title })),
    h("p", { class: "row" },
      h("a", { class: "button", id: "tour-way-map", href: `#/map/to/${r.destination.latitude},${r.destination.longitude}/${encodeURIComponent(title)}` }, t("tours.wayOnMap")),
      h("a", { class: "button secondary", id: "tour-way-ar", href: "#/ar",
        onclick: () => { handoff.route = { ...r, to: { ...r.to, name: title } }; } }, t("map.viewInAR"))))];
}
