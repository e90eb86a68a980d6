// Tours: the list; an open tour (where I am, its stops, the next one with a route, stamps as I
// walk, the stamp book); a guided tour behind a passkey, with "Start AR" and questions.
import { get, participants, post, session } from "../api.js";
import { h, say } from "../dom.js";
import { t } from "../strings.js";
import { isSaved, saveTour } from "../offline/saved.js";

export async function renderList() {
  const { tours } = await get("/v1/tours");
  document.getElementById("screen").append(h("h2", {}, t("tours.title")), h("ul", { class: "list", id: "tours" }, ...tours.map((tour) =>
    h("li", { class: "card" }, h("a", { href: `#/tours/${encodeURIComponent(tour.slug)}` },
      tour.cover ? h("img", { src: `/v1/media/${tour.cover.id}`, alt: "" }) : null,
      h("span", {}, h("strong", {}, tour.title), h("br"),
        h("span", { class: "muted" }, t(tour.mode === "guided" ? "tours.guided" : "tours.open", { stops: tour.stopCount }))))))));
}

export async function render(slug) {
  const summary = (await get("/v1/tours")).tours.find((x) => x.slug === slug || x.id === slug);
  if (!summary) throw new Error(t("tours.none"));
  if (summary.mode === "guided") {
    const participant = participants.get(summary.id);
    return participant ? walk(summary, participant.token, participant) : passkey(summary);
  }
  if (!session.token) {
    document.getElementById("screen").append(h("h2", {}, summary.title), h("p", {}, summary.description), h("p", {}, h("a", { href: "#/me" }, t("tours.loginFirst"))));
    return;
  }
  return walk(summary, session.token, null);
}

/** No way past without a valid passkey: the guide hands them out. */
function passkey(summary) {
  const key = h("input", { name: "passkey", id: "passkey", autocomplete: "off", autocapitalize: "characters", placeholder: "XXXX-XXXX", required: true });
  const name = h("input", { name: "displayName", id: "passkey-name", autocomplete: "name" });
  const error = h("p", { class: "error", role: "alert", id: "passkey-error" });
  const form = h("form", { class: "card", id: "passkey-form" }, h("label", {}, t("tours.passkey"), key), h("label", {}, t("tours.yourName"), name),
    h("button", { type: "submit" }, t("tours.join")), error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const joined = await post(`/v1/tours/${summary.id}/redeem`, { passkey: key.value.trim(), displayName: name.value.trim() || undefined, participantId: crypto.randomUUID() }, null);
      participants.set(summary.id, { token: joined.token, groupId: joined.participant.groupId, name: joined.participant.displayName });
      dispatchEvent(new HashChangeEvent("hashchange"));
    } catch (e) { error.textContent = e.message; }
  });
  document.getElementById("screen").append(h("h2", {}, summary.title), h("p", {}, summary.description), h("p", { class: "notice" }, t("tours.needPasskey")), form);
}

async function walk(summary, token, participant) {
  const screen = document.getElementById("screen");
  const tour = await get(`/v1/tours/${summary.id}`, token);
  const where = h("p", { id: "tour-where", role: "status" }, t("map.location.waiting"));
  const stops = h("ol", { id: "tour-stops" });
  const book = h("section", { id: "stamp-book", "aria-live": "polite" });
  const sheet = h("section", { id: "stop-sheet" });
  screen.append(h("h2", {}, tour.title), h("p", {}, tour.description));
  if (participant) {
    const questions = h("ul", { class: "list", id: "my-questions" });
    const question = h("textarea", { id: "question", rows: 2, "aria-label": t("tours.ask") });
    const ask = h("form", { class: "card", id: "ask-form" }, h("label", {}, t("tours.ask"), question), h("button", { type: "submit" }, t("tours.send")));
    const refresh = async () => {
      const mine = (await get(`/v1/tour-groups/${participant.groupId}/questions`, token)).questions;
      questions.replaceChildren(...mine.map((q) => h("li", { class: "card" }, q.text, q.answer ? h("p", { class: "muted" }, q.answer) : null)));
    };
    ask.addEventListener("submit", async (event) => {
      event.preventDefault();
      await post(`/v1/tour-groups/${participant.groupId}/questions`, { text: question.value }, token);
      question.value = "";
      await refresh();
    });
    screen.append(h("p", { class: "notice", id: "welcome" }, t("tours.welcome", { name: participant.name ? `, ${participant.name}` : "" })),
      h("a", { class: "button", id: "start-ar", href: "#/ar" }, t("tours.startAR")), ask, questions);
    await refresh();
  }
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
  screen.append(h("p", { class: "row" }, saveButton, saveStatus),
    where, h("h3", {}, t("tours.stops")), stops, sheet, h("h3", {}, t("tours.stampBook")), book);

  function showStop(stop) {
    sheet.replaceChildren(h("div", { class: "card", id: "stop-detail" }, h("h3", {}, stop.title), h("p", {}, stop.text),
      ...stop.media.map((m) => m.contentType.startsWith("image/") ? h("img", { src: `/v1/media/${m.id}`, alt: stop.title, style: "max-width:100%" })
        : m.contentType.startsWith("audio/") ? h("audio", { controls: true, src: `/v1/media/${m.id}`, "aria-label": stop.title }) : null),
      stop.date || stop.source ? h("p", { class: "muted" }, [stop.date, stop.source].filter(Boolean).join(" · ")) : null));
  }

  async function showBook() {
    const b = await get(`/v1/tours/${tour.id}/stamps`, token);
    book.replaceChildren(h("p", { id: "stamp-count" }, t("tours.stamped", { done: b.visited.length, total: b.visited.length + b.remaining.length })),
      h("ul", {}, ...b.visited.map((s) => h("li", { class: "stamped", dataset: { stop: s.stopId } }, `✓ ${s.title}`))),
      b.completedAt ? h("p", { class: "notice" }, t("tours.complete")) : null);
  }

  await showBook();
  stops.replaceChildren(...tour.stops.map((s) => h("li", {}, h("button", { class: "secondary", onclick: () => showStop(s) }, s.title))));

  // Position reports stamp stops (the server decides, after a few seconds at a stop); a phone
  // reports its last fix every two seconds while the tour is open.
  let last = null, watch = null;
  const report = async () => {
    if (!last) return;
    try {
      const r = await post(`/v1/tours/${tour.id}/positions`, last, token);
      if (r.stamped) {
        const stop = tour.stops.find((s) => s.id === r.stamped);
        say(t("tours.justStamped", { title: stop?.title ?? "" }));
        await showBook();
      }
      where.textContent = r.atStop ? t("tours.atStop", { title: tour.stops.find((s) => s.id === r.atStop)?.title ?? "" }) : t("tours.walking");
    } catch (e) { where.textContent = e.message; }
  };
  const timer = setInterval(report, 2000);
  if (navigator.geolocation) watch = navigator.geolocation.watchPosition((p) => {
    last = { latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy };
    report();
  }, (e) => { where.textContent = e.code === e.PERMISSION_DENIED ? t("map.location.denied") : t("map.location.unsupported"); }, { enableHighAccuracy: true });
  else where.textContent = t("map.location.unsupported");
  return () => { clearInterval(timer); if (watch !== null) navigator.geolocation.clearWatch(watch); };
}
