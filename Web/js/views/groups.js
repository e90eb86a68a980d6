// Groups on the Me tab: mine (open or private), invitations waiting for me, and making one — with a
// plain word on what sharing with an open group means.
import { api, get, paths, post } from "../api.js";
import { h, say } from "../dom.js";
import { t } from "../strings.js";

/** The section, filled in; it refreshes itself after every change. */
export async function groupsSection() {
  const list = h("ul", { class: "list", id: "my-groups" });
  const invitations = h("ul", { class: "list", id: "group-invitations" });

  async function show() {
    const [mine, invited] = await Promise.all([get(paths.myGroups), get(paths.myGroupInvitations)]);
    list.replaceChildren(...(mine.groups.length ? mine.groups.map(groupCard) : [h("li", { class: "muted" }, t("groups.none"))]));
    invitations.replaceChildren(...invited.groups.map((g) => h("li", { class: "card row", dataset: { group: g.id } },
      h("span", {}, t("groups.invitedTo", { name: g.name })),
      h("button", { class: "secondary", onclick: () => act(() => api("PUT", paths.groupMembership(g.id))) }, t("groups.join")))));
  }

  async function act(change) {
    try { await change(); await show(); } catch (e) { say(e.message); }
  }

  function groupCard(g) {
    const who = h("input", { "aria-label": t("groups.inviteWho"), placeholder: t("groups.inviteWho") });
    const invite = h("form", { class: "row" }, who, h("button", { type: "submit", class: "secondary" }, t("groups.invite")));
    invite.addEventListener("submit", (event) => {
      event.preventDefault();
      act(async () => { await api("PUT", paths.groupInvitation(g.id, who.value.trim().replace(/^@/, ""))); say(t("groups.invited", { who: who.value.trim() })); });
    });
    return h("li", { class: "card", dataset: { group: g.id } },
      h("strong", {}, g.name), h("span", { class: "muted" }, ` · ${t(g.isPrivate ? "groups.private" : "groups.open")} · ${t("groups.members", { count: g.members })}`),
      g.isPrivate ? invite : h("p", { class: "muted" }, t("groups.openMeans")),
      h("button", { class: "secondary", onclick: () => act(() => api("DELETE", paths.groupMembership(g.id))) }, t("groups.leave")));
  }

  const name = h("input", { id: "group-name", "aria-label": t("groups.name"), placeholder: t("groups.name") });
  const isPrivate = h("input", { type: "checkbox", id: "group-private", checked: true });
  const form = h("form", { class: "card", id: "group-form" },
    h("div", { class: "row" }, name, h("button", { type: "submit", class: "secondary" }, t("groups.create"))),
    h("label", { class: "row" }, isPrivate, t("groups.privateChoice")),
    h("p", { class: "muted", id: "group-explained" }, t("groups.explained")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    act(async () => { await post(paths.groups, { name: name.value, private: isPrivate.checked }); name.value = ""; });
  });

  await show();
  return h("section", { id: "groups" }, h("h3", {}, t("groups.title")), invitations, list, form);
}
