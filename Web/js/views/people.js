// A person's page: initials for an avatar, their counts, a follow button that says plainly
// whether I follow them, and their stickers that I may see.
import { api, get, paths, session } from "../api.js";
import { h, say } from "../dom.js";
import { t } from "../strings.js";
import { templates } from "../templates.js";
import { postCard } from "./feed.js";
import { blockButton } from "./block.js";

export async function render(username) {
  const screen = document.getElementById("screen");
  const person = await get(paths.person(username));
  const [stickers, followers, following, all] = await Promise.all([
    get(paths.personStickers(username)).then((x) => x.stickers),
    get(paths.followers(username)).then((x) => x.people.length, () => null),
    get(paths.following(username)).then((x) => x.people.length, () => null),
    templates().catch(() => new Map())]);
  const name = person.displayName || person.username;
  const count = (n, key, id) => h("span", {}, h("strong", { id }, n === null ? "—" : String(n)), t(key));
  // Following or not changes their count at once, as the server now counts it.
  const recount = () => get(paths.followers(username))
    .then((x) => { document.getElementById("follower-count").textContent = String(x.people.length); }, () => { /* as it was */ });
  screen.append(
    h("div", { class: "row", id: "profile" }, h("span", { class: "avatar big", "aria-hidden": "true" }, initials(person)),
      h("div", { class: "grow" }, h("h2", { style: "margin:0" }, name), h("p", { class: "muted", style: "margin:0" }, `@${person.username}`))),
    h("p", { class: "counts" }, count(stickers.length, "people.stickers"), count(followers, "people.followers", "follower-count"), count(following, "people.following")),
    followButton(person, recount),
    session.token ? blockPerson(person) : "",
    h("h3", {}, t("people.publicStickers")),
    stickers.length ? h("ul", { class: "list", id: "person-stickers" }, ...stickers.map((s) => h("li", {}, postCard(s, all))))
      : h("p", { class: "muted" }, person.acceptsFollows === false ? t("people.private") : t("people.none")));
}

/** Block, asked twice; then this page is as for no one. */
function blockPerson(person) {
  return blockButton(person.username, { id: "block-person", onBlocked: (note) => document.getElementById("screen")
    .replaceChildren(h("h2", {}, `@${person.username}`), note, h("p", {}, h("a", { href: "#/me" }, t("people.blocked.undo")))) });
}

/** Follow / Following (with a tick); for a private account I do not follow, Ask to follow / Asked. `onChange` after each tap that took. */
export function followButton(person, onChange) {
  if (person.acceptsFollows === false && !person.following) return requestButton(person);
  return followToggle(person, paths.myFollow(person.username), "discover.loginToFollow", onChange);
}

/** Asks a private account to follow it, or withdraws the request; following starts when they approve. */
function requestButton(person) {
  const button = h("button", { class: "follow" });
  const draw = () => {
    button.setAttribute("aria-pressed", String(!!person.requested));
    button.textContent = person.requested ? t("people.requested") : t("people.request");
  };
  button.addEventListener("click", async () => {
    if (!session.token) return say(t("discover.loginToFollow"));
    try {
      const card = await api(person.requested ? "DELETE" : "PUT", paths.myFollow(person.username));
      person.requested = card ? !!card.requested : false;
      draw();
    } catch (error) { say(error.message); }
  });
  draw();
  return h("div", {}, h("p", { class: "muted" }, t("people.privateNote")), button);
}

/** A button that follows or unfollows what `path` names (a person, a tag), saying plainly which it is now. */
export function followToggle(state, path, loginFirst, onChange = () => {}) {
  const button = h("button", { class: "follow" });
  const draw = () => {
    button.className = state.following ? "follow following" : "follow";
    button.setAttribute("aria-pressed", String(!!state.following));
    button.textContent = state.following ? t("discover.following") : t("discover.follow");
  };
  button.addEventListener("click", async () => {
    if (!session.token) return say(t(loginFirst));
    try {
      await api(state.following ? "DELETE" : "PUT", path);
      state.following = !state.following;
      draw();
      onChange(state.following);
    } catch (error) { say(error.message); }
  });
  draw();
  return button;
}

/** A tag with how many stickers carry it, and its follow toggle. */
export function tagItem(tag) {
  const name = tag.tag.replace(/^#/, "");
  return h("li", { class: "card row" }, h("strong", { translate: "no" }, `#${name}`), h("span", { class: "muted" }, ` ${tag.stickers ?? ""}`),
    followToggle(tag, paths.myTag(name), "discover.loginToFollowTags"));
}

/** Up to two initials for an avatar. */
export function initials(person) {
  return (person.displayName || person.username).split(/\s+/).map((w) => w[0]).join("").slice(0, 2).toUpperCase();
}
