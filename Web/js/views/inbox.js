// The inbox: who asks to follow me (approve or decline), then every notification, newest first, each
// a link to what it is about; opening it marks them read. Below, what I want to hear of, here and as
// pushes on this phone, with quiet hours.
import { api, get, paths, post, session } from "../api.js";
import { refreshBell } from "../bell.js";
import { h, say } from "../dom.js";
import { dateTimeText, t } from "../strings.js";

const kinds = ["sticker", "follower", "follow_request", "follow_approved", "answer", "report", "design"];

export async function render() {
  const screen = document.getElementById("screen");
  if (!session.token) { location.hash = "#/me"; return; }
  const [{ notifications }, requests, settings] = await Promise.all([
    get(paths.notifications), get(paths.myFollowRequests).then((x) => x.people), get(paths.notificationSettings)]);
  screen.append(h("h2", {}, t("inbox.title")), requestsSection(requests),
    notifications.length ? h("ul", { class: "list inbox", id: "inbox" }, ...notifications.map(item))
      : h("p", { class: "muted", id: "inbox-empty" }, t("inbox.empty")),
    await settingsSection(settings));
  if (notifications.some((n) => !n.readAt)) {
    await post(paths.notificationsRead, {}).catch(() => { /* read next time */ });
    refreshBell();
  }
}

/** One notification as a sentence (the person's name and the sticker's words as text, never markup) and where a tap goes. */
function item(n) {
  const name = n.actor ? (n.actor.displayName || n.actor.username) : t("inbox.someone");
  const text = n.kind === "report" ? t(n.detail === "hidden" ? "inbox.report.hidden" : "inbox.report.dismissed")
    : t(`inbox.${n.kind}`, { name, detail: n.detail ?? "" });
  const target = n.kind === "sticker" && n.subject ? `#/map/sticker/${encodeURIComponent(n.subject)}`
    : n.actor && ["follower", "follow_approved", "follow_request"].includes(n.kind) ? `#/people/${encodeURIComponent(n.actor.username)}` : null;
  const when = h("time", { datetime: n.createdAt }, dateTimeText(n.createdAt));
  return h("li", { class: n.readAt ? "card" : "card unread", dataset: { kind: n.kind } },
    target ? h("a", { href: target }, text) : h("span", {}, text), when);
}

function requestsSection(people) {
  if (!people.length) return "";
  const list = h("ul", { class: "list", id: "follow-requests" }, ...people.map((person) => {
    const row = h("li", { class: "card row" }, h("span", { class: "grow" }, person.displayName || person.username, h("span", { class: "muted" }, ` @${person.username}`)));
    const answer = (approve) => async () => {
      try {
        await api(approve ? "PUT" : "DELETE", paths.myFollowRequest(person.username));
        row.remove();
        say(approve ? t("inbox.approved", { username: person.username }) : t("inbox.declined"));
      } catch (error) { say(error.message); }
    };
    row.append(h("button", { onclick: answer(true) }, t("inbox.approve")), h("button", { class: "secondary", onclick: answer(false) }, t("inbox.decline")));
    return row;
  }));
  return h("section", { id: "requests-section" }, h("h3", {}, t("inbox.requests")), list);
}

async function settingsSection(settings) {
  const save = async () => {
    try { await api("PUT", paths.notificationSettings, settings); say(t("inbox.saved")); } catch (error) { say(error.message); }
  };
  const box = (kind, channel) => {
    const input = h("input", { type: "checkbox", checked: settings.kinds[kind][channel], "aria-label": `${t(`inbox.kind.${kind}`)}: ${t(channel === "inbox" ? "inbox.inInbox" : "inbox.push")}` });
    input.addEventListener("change", () => { settings.kinds[kind][channel] = input.checked; save(); });
    return h("td", {}, input);
  };
  const table = h("table", { class: "notification-kinds" },
    h("thead", {}, h("tr", {}, h("th", {}, t("inbox.kind")), h("th", {}, t("inbox.inInbox")), h("th", {}, t("inbox.push")))),
    h("tbody", {}, ...kinds.map((kind) => h("tr", {}, h("td", {}, t(`inbox.kind.${kind}`)), box(kind, "inbox"), box(kind, "push")))));
  const near = h("select", { id: "near", "aria-label": t("inbox.near") }, ...[500, 2000, 5000, 20000].map((m) =>
    h("option", { value: m, selected: settings.nearbyMeters === m }, m >= 1000 ? `${m / 1000} km` : `${m} m`)));
  near.addEventListener("change", () => { settings.nearbyMeters = Number(near.value); save(); });
  const quiet = settings.quietHours ?? { from: "", until: "", timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  const from = h("input", { type: "time", id: "quiet-from", value: quiet.from, "aria-label": t("inbox.quiet") });
  const until = h("input", { type: "time", id: "quiet-until", value: quiet.until, "aria-label": t("inbox.quiet.until") });
  const quietChanged = () => {
    settings.quietHours = from.value && until.value ? { from: from.value, until: until.value, timeZone: quiet.timeZone } : null;
    if (!settings.quietHours) delete settings.quietHours;
    if (from.value && until.value || !from.value && !until.value) save();
  };
  from.addEventListener("change", quietChanged);
  until.addEventListener("change", quietChanged);
  const home = (await get(paths.mySettings).catch(() => ({}))).home;
  return h("details", { class: "card", id: "notification-settings" }, h("summary", {}, t("inbox.settings")), table,
    h("label", { class: "row" }, t("inbox.near"), near), home ? "" : h("p", { class: "muted" }, t("inbox.homeHint")),
    h("p", { class: "row" }, t("inbox.quiet"), from, t("inbox.quiet.until"), until), await pushControl());
}

/** Asks this browser for pushes (the site's VAPID key, then the subscription handed to the server), or stops them. */
async function pushControl() {
  const note = h("p", { class: "muted", id: "push-state" });
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) { note.textContent = t("inbox.pushUnsupported"); return note; }
  const registration = await navigator.serviceWorker.getRegistration();
  const current = await registration?.pushManager.getSubscription().catch(() => null);
  const button = h("button", { class: "secondary", id: "push-toggle" }, current ? t("inbox.stopPush") : t("inbox.allowPush"));
  if (current) note.textContent = t("inbox.pushOn");
  button.addEventListener("click", async () => {
    try {
      const ready = await navigator.serviceWorker.ready;
      const existing = await ready.pushManager.getSubscription();
      if (existing) {
        await post(paths.pushUnsubscribe, { endpoint: existing.endpoint }).catch(() => { /* the server forgot it already */ });
        await existing.unsubscribe();
        button.textContent = t("inbox.allowPush");
        note.textContent = "";
        return;
      }
      if (await Notification.requestPermission() !== "granted") { note.textContent = t("inbox.pushDenied"); return; }
      const { publicKey } = await get(paths.pushKey);
      const subscription = await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(publicKey) });
      await post(paths.pushSubscriptions, subscription.toJSON());
      button.textContent = t("inbox.stopPush");
      note.textContent = t("inbox.pushOn");
    } catch (error) { say(error.message); }
  });
  return h("div", {}, button, note);
}

/** base64url → bytes, as `applicationServerKey` takes them. */
function bytes(text) {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - text.length % 4) % 4));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}
