// My private worldmaps on the Me screen: each with its members (added by username or by an invite
// link, removed), the owner's invite links and a way to delete the map; and `#/join/{token}`, where
// an invite link lands.
import { api, get, messageFor, paths, post, session } from "../api.js";
import { h, say, secondTapButton } from "../dom.js";
import { t } from "../strings.js";
import { handoff } from "../handoff.js";
import { currentPosition } from "../sensors/position.js";

/** A username asked for names no one: the server's not_found there. */
const unknownPerson = { not_found: "error.no_such_user" };

/** The section: my maps, then the form that makes one where I stand. */
export async function privateMapsSection(me) {
  const maps = h("ul", { class: "list", id: "my-maps" });
  const show = async () => {
    const mine = (await get(paths.myWorldmaps)).worldmaps ?? [];
    maps.replaceChildren(...await Promise.all(mine.map((w) => mapItem(w, me, show))));
  };
  const name = h("input", { id: "map-name", "aria-label": t("me.maps.name"), placeholder: t("me.maps.name") });
  const form = h("form", { class: "row", id: "map-form" }, name, h("button", { type: "submit", class: "secondary" }, t("me.maps.create")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!navigator.geolocation) return say(t("map.location.unsupported"));
    currentPosition(10000).then(async (here) => {
      if (!here) return say(t("map.location.denied"));
      try { await post(paths.worldmaps, { name: name.value, latitude: here.latitude, longitude: here.longitude }); name.value = ""; show(); } catch (e) { say(e.message); }
    });
  });
  await show();
  return [h("h3", {}, t("me.maps")), maps, form];
}

async function mapItem(w, me, refresh) {
  const mine = w.ownerId === me.id;
  const members = (await get(paths.worldmapMembers(w.id))).members ?? [];
  const who = h("input", { "aria-label": t("me.maps.addWho"), placeholder: t("me.maps.addWho") });
  const add = h("form", { class: "row" }, who, h("button", { type: "submit", class: "secondary" }, t("me.maps.add")));
  add.addEventListener("submit", async (event) => {
    event.preventDefault();
    try { await api("PUT", paths.worldmapMember(w.id, who.value.trim().replace(/^@/, ""))); refresh(); } catch (e) { say(messageFor(e, unknownPerson)); }
  });
  const removable = (m) => mine ? m.id !== me.id : m.id === me.id;  // the owner removes others; a member leaves
  return h("li", { class: "card", dataset: { map: w.id } }, h("strong", {}, w.name),
    h("ul", { class: "members" }, ...members.map((m) => h("li", { class: "row" }, `@${m.username}`,
      removable(m) ? h("button", { class: "secondary", onclick: async () => { await api("DELETE", paths.worldmapMember(w.id, m.username)); refresh(); } },
        m.id === me.id ? t("me.maps.leave") : t("me.maps.remove")) : null))),
    mine ? add : null, mine ? inviteForm(w) : null, mine ? deleteButton(w, refresh) : null);
}

/** A link that joins whoever opens it: once, or for a week; shown once, to be sent by the owner. */
function inviteForm(w) {
  const once = h("input", { type: "checkbox", class: "invite-once", checked: true });
  const link = h("input", { class: "invite-link", readonly: true });
  const shown = h("label", { class: "invite-shown", hidden: true }, t("me.maps.inviteLink"), link);
  const form = h("form", { class: "invite-form" }, h("div", { class: "row" }, h("label", { class: "row" }, once, t("me.maps.inviteOnce")),
    h("button", { type: "submit", class: "secondary" }, t("me.maps.invite"))), shown);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const invite = await post(paths.worldmapInvites(w.id), { singleUse: once.checked });
      link.value = new URL(invite.link, location.href).href;
      shown.hidden = false;
      link.select();
      try { await navigator.clipboard.writeText(link.value); say(t("me.maps.inviteCopied")); } catch { say(t("me.maps.inviteShown")); }
    } catch (e) { say(e.message); }
  });
  return form;
}

function deleteButton(w, refresh) {
  return secondTapButton({ class: "danger map-delete" }, t("me.maps.delete"), t("me.maps.deleteConfirm"), async () => {
    await api("DELETE", paths.worldmap(w.id));
    say(t("me.maps.deleted", { name: w.name }));
    refresh();
  });
}

/** `#/join/{token}`: signed in, join the map and go to it; signed out, sign in first. */
export async function join(token) {
  if (!session.token) {
    handoff.afterSignIn = location.hash;
    say(t("me.maps.joinSignIn"));
    location.hash = "#/me";
    return;
  }
  const screen = document.getElementById("screen");
  try {
    const map = await post(paths.acceptInvite(token));
    say(t("me.maps.joined", { name: map.name }));
    location.hash = "#/map";
  } catch (e) {
    screen.append(h("h2", {}, t("me.maps")), h("p", { class: "error", role: "alert", id: "join-error" }, e.message));
  }
}
