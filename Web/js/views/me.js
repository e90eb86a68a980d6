// Me: settings on this phone, help, stickers kept on this phone only, sign up, log in, log out; my settings (private account, weekly digest), my stickers, my private maps and
// their members, my groups, my reports and what became of them, blocks, deleting the account.
import { api, get, messageFor, participants, paths, post, session } from "../api.js";
import { handoff } from "../handoff.js";
import { h, say, secondTapButton, showError } from "../dom.js";
import { intlLocale, t } from "../strings.js";
import { groupsSection } from "./groups.js";
import { privateMapsSection } from "./private-maps.js";
import { forgetRecent } from "./recent.js";
import { myReportsSection } from "./report-form.js";
import { myFollowersSection } from "./my-followers.js";
import { outboxItems } from "../offline/outbox.js";
import { forgetPrivate, privateStickers } from "../offline/private.js";
import { forget, forgetAll, savedList } from "../offline/saved.js";
import { currentPosition } from "../sensors/position.js";
import { kept, keys } from "../kept.js";

/** A username asked for names no one: the server's not_found there. */
const unknownPerson = { not_found: "error.no_such_user" };

export async function render() {
  const screen = document.getElementById("screen");
  screen.append(h("h2", {}, t("me.title")), h("p", { class: "row" }, h("a", { href: "#/settings", id: "open-settings" }, t("settings.link")), h("a", { href: "#/help", id: "open-help" }, t("help.link"))), await outboxSection(), await privateSection(), savedSection());
  if (session.token) {
    try {
      const me = await get(paths.me);
      return await signedIn(screen, me);
    } catch (error) {
      if (error.status === 0) return void screen.append(h("p", { class: "notice", id: "me-offline" }, t("me.offline")));
      /* the session ended: fall through to logging in */
    }
  }
  // New here first (the first open's "Create an account" lands here), then the way back in.
  // A link that needs an account (a shared sticker, an invite) asks for signing in: that form first.
  if (handoff.afterSignIn) screen.append(loginForm(), h("p", { class: "muted" }, t("me.noAccount")), signUpForm());
  else screen.append(signUpForm(), h("p", { class: "muted" }, t("me.haveAccount")), loginForm());
}

/** Stickers placed with no connection and what became of each; shown only when there are some. */
async function outboxSection() {
  const list = h("ul", { class: "list", id: "outbox" });
  const section = h("section", { id: "outbox-section", hidden: true }, h("h3", {}, t("outbox.title")), list);
  let first = true;
  const show = async () => {
    if (!first && !section.isConnected) return removeEventListener("worldlayer-outbox", show);  // the screen was left
    first = false;
    const items = globalThis.indexedDB ? await outboxItems() : [];
    section.hidden = items.length === 0;
    list.replaceChildren(...items.map((i) => h("li", { class: `card outbox-${i.state}`, dataset: { state: i.state } },
      h("strong", {}, i.draft.text || i.draft.templateId), " · ",
      i.state === "refused" ? t("outbox.refused", { reason: i.reason }) : t(`outbox.${i.state}`))));
  };
  addEventListener("worldlayer-outbox", show);
  await show();
  return section;
}

/** Stickers of private sessions, kept on this phone only, each removable; absent when there are none. */
async function privateSection() {
  const kept = globalThis.indexedDB ? await privateStickers().catch(() => []) : [];
  if (!kept.length) return "";
  const list = h("ul", { class: "list", id: "private-stickers" }, ...kept.map((s) => {
    const item = h("li", { class: "card row" }, h("span", { class: "grow", translate: "no" }, s.text || s.templateId),
      h("button", { class: "secondary", onclick: async () => { await forgetPrivate(s.id); item.remove(); } }, t("private.forget")));
    return item;
  }));
  return h("section", { id: "private-section" }, h("h3", {}, t("private.title")), list);
}

/** Tours and map areas saved for offline, each removable. */
function savedSection() {
  const list = h("ul", { class: "list", id: "saved" });
  const show = () => {
    const saved = savedList();
    list.replaceChildren(...(saved.length ? saved.map((e) => h("li", { class: "card" }, h("strong", {}, e.name), " ",
      h("button", { class: "secondary", onclick: async () => { await forget(e.key); show(); } }, t("offline.forget"))))
      : [h("li", { class: "muted" }, t("offline.none"))]));
  };
  show();
  return h("section", { id: "saved-section" }, h("h3", {}, t("offline.list")), list);
}

async function signedIn(screen, me) {
  const settings = await get(paths.mySettings);
  const save = async (change) => { await api("PATCH", paths.mySettings, change); say(t("me.saved")); };
  const privateBox = h("input", { type: "checkbox", id: "private", checked: settings.privateAccount });
  privateBox.addEventListener("change", () => save({ privateAccount: privateBox.checked }));
  // The digest is about stickers near home: home is where I am when I turn it on.
  const digestBox = h("input", { type: "checkbox", id: "digest", checked: settings.weeklyDigest });
  digestBox.addEventListener("change", async () => {
    if (!digestBox.checked) return save({ weeklyDigest: false });
    if (!navigator.geolocation) { digestBox.checked = false; return say(t("map.location.unsupported")); }
    const home = await currentPosition(10000);  // our own timer: an unanswered prompt must not leave the box hanging
    if (!home) { digestBox.checked = false; return say(t("me.digest.needsHome")); }
    try { await save({ weeklyDigest: true, home: { latitude: home.latitude, longitude: home.longitude } }); } catch (e) { digestBox.checked = false; say(e.message); }
  });

  const stickers = h("ul", { class: "list", id: "my-stickers" });
  const showStickers = async () => {
    const mine = (await get(paths.myStickers)).stickers ?? [];
    stickers.replaceChildren(...(mine.length ? mine.map((s) => h("li", { class: "card row" }, h("span", {}, h("span", { translate: "no" }, s.text || s.templateId), h("span", { class: "muted" }, " · ", t(`state.${s.state}`))),
      secondTapButton({ class: "secondary" }, t("me.delete"), t("me.delete.confirm"), async () => {
        await api("DELETE", paths.sticker(s.id));
        say(t("me.deleted", { name: s.text || s.templateId }));
        showStickers();
      }))) : [h("li", { class: "muted" }, t("me.noStickers"))]));
  };

  const blocked = h("ul", { class: "list", id: "blocked" });
  const showBlocked = async () => {
    const names = (await get(paths.myBlocks)).blocked ?? [];
    blocked.replaceChildren(...names.map((name) => h("li", { class: "row" }, `@${name}`,
      h("button", { class: "secondary", onclick: async () => { await api("DELETE", paths.myBlock(name)); showBlocked(); } }, t("me.unblock")))));
  };
  const blockName = h("input", { id: "block-name", "aria-label": t("me.block.who"), placeholder: t("me.block.who") });
  const blockForm = h("form", { class: "row", id: "block-form" }, blockName, h("button", { type: "submit", class: "secondary" }, t("me.block")));
  blockForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    try { await api("PUT", paths.myBlock(blockName.value.trim().replace(/^@/, ""))); blockName.value = ""; showBlocked(); } catch (e) { say(messageFor(e, unknownPerson)); }
  });

  const password = h("input", { type: "password", id: "delete-password", autocomplete: "current-password", "aria-label": t("me.password") });
  const deleteForm = h("form", { class: "card", id: "delete-form" }, h("label", {}, t("me.deleteAccount.confirm"), password),
    h("button", { type: "submit", class: "danger" }, t("me.deleteAccount")));
  deleteForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("DELETE", paths.me, { password: password.value });
      session.token = null;
      dispatchEvent(new HashChangeEvent("hashchange"));
    } catch (e) { say(e.message); }
  });

  // Advertisers (an admin makes them) get their ads screen.
  const adsLink = me.advertiser ? h("li", {}, h("a", { href: "#/ads", id: "open-ads" }, t("me.ads"))) : null;
  screen.append(
    h("p", { id: "hello" }, t("me.hello", { name: me.displayName || me.username, username: me.username })),
    me.emailVerified === false ? verifyNotice(me) : "",
    h("section", { class: "card", id: "next-steps" }, h("h3", {}, t("me.next")), h("ul", { class: "list" },
      h("li", {}, h("a", { href: "#/map" }, t("me.next.map"))), h("li", {}, h("a", { href: "#/ar" }, t("me.next.ar"))),
      h("li", {}, h("a", { href: "#/discover" }, t("me.next.people"))), h("li", {}, h("a", { href: `#/people/${encodeURIComponent(me.username)}` }, t("people.title", { username: me.username }))),
      h("li", {}, h("a", { href: "#/designs", id: "open-designs" }, t("me.designs"))), adsLink,
      me.role === "user" ? null : h("li", {}, h("a", { href: "#/moderation", id: "open-moderation" }, t("mod.title"))))),
    h("div", { class: "card" }, h("label", { class: "row" }, privateBox, t("me.settings.private")), h("label", { class: "row" }, digestBox, t("me.settings.digest"))),
    h("h3", {}, t("me.stickers")), stickers,
    await myFollowersSection(me),
    ...await privateMapsSection(me),
    await groupsSection(),
    (await myReportsSection()) ?? "",  // append() would write a null out as "null"
    h("h3", {}, t("me.blocks")), blocked, blockForm,
    h("p", {}, h("button", { class: "secondary", id: "logout", onclick: async () => {
      try { await api("DELETE", paths.currentSession); } catch { /* logged out either way */ }
      session.token = null;
      // What was saved with my session, and tour tickets, do not stay for the next person on a shared phone.
      await forgetAll();
      participants.forgetAll();
      kept.forgetAll(keys.positions);  // where I walked offline
      kept.setText(keys.layer, null);  // the next person's layers are their own
      forgetRecent();
      dispatchEvent(new HashChangeEvent("hashchange"));
    } }, t("me.logout"))),
    deleteForm,
  );
  await Promise.all([showStickers(), showBlocked()]);
}

function field(name, label, attributes = {}) {
  return h("label", {}, label, h("input", { name, id: `${attributes.idPrefix ?? ""}${name}`, required: true, ...attributes, idPrefix: undefined }));
}

/** The address is not confirmed yet: say where the link went, and send it again on a tap. */
function verifyNotice(me) {
  const button = h("button", { class: "secondary", id: "verify-resend" }, t("verify.resend"));
  button.addEventListener("click", async () => {
    try { await post(paths.myEmailVerification, {}); say(t("verify.resent")); } catch (error) { say(error.message); }
  });
  return h("p", { class: "notice row", id: "verify-pending" }, h("span", { class: "grow" }, t("verify.pending", { email: me.email })), button);
}

function errorLine(form) {
  return form.querySelector(".error") ?? form.appendChild(h("p", { class: "error", role: "alert" }));
}

/** Signed in: on to what asked for it (a shared sticker's link), else this screen again, now signed in. */
function afterSignIn() {
  const next = handoff.afterSignIn;
  handoff.afterSignIn = null;
  if (next) location.hash = next;
  else dispatchEvent(new HashChangeEvent("hashchange"));
}

function loginForm() {
  const form = h("form", { id: "login-form", class: "card", "aria-labelledby": "login-title" },
    h("h3", { id: "login-title" }, t("me.login")),
    field("login", t("me.login.field"), { autocomplete: "username", idPrefix: "login-" }),
    field("password", t("me.password"), { type: "password", autocomplete: "current-password", idPrefix: "login-" }),
    h("button", { type: "submit" }, t("me.login")), " ", h("a", { href: "#/forgot", id: "forgot-link" }, t("reset.forgot")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(form));
    try {
      session.token = (await post(paths.sessions, data)).token;
      afterSignIn();
    } catch (error) { showError(errorLine(form), error); }
  });
  return form;
}

function signUpForm() {
  const form = h("form", { id: "signup-form", class: "card", "aria-labelledby": "signup-title" },
    h("h3", { id: "signup-title" }, t("me.signup")),
    field("username", t("me.username"), { autocomplete: "username", idPrefix: "signup-" }),
    field("displayName", t("me.displayName"), { autocomplete: "name", idPrefix: "signup-" }),
    field("email", t("me.email"), { type: "email", autocomplete: "email", idPrefix: "signup-" }),
    field("birthday", t("me.birthday"), { type: "date", autocomplete: "bday", idPrefix: "signup-" }),
    field("password", t("me.password"), { type: "password", autocomplete: "new-password", minlength: 8, idPrefix: "signup-" }),
    h("button", { type: "submit" }, t("me.signup")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(form));
    try {
      await post(paths.accounts, { ...data, id: crypto.randomUUID(), language: intlLocale() });
      session.token = (await post(paths.sessions, { login: data.username, password: data.password })).token;
      afterSignIn();
    } catch (error) {
      markFields(form, "signup-", error);
    }
  });
  return form;
}

/** Each field the server refused says why under itself, in words, marked `aria-invalid` and described
 *  by that text; the first gets the focus. What belongs to no field goes on the form's line. */
function markFields(form, prefix, error) {
  for (const note of form.querySelectorAll(".field-error")) note.remove();
  for (const input of form.querySelectorAll("[aria-invalid]")) { input.removeAttribute("aria-invalid"); input.removeAttribute("aria-describedby"); }
  let first = null;
  const elsewhere = [];
  for (const f of error.fields ?? []) {
    const input = form.querySelector(`#${prefix}${CSS.escape(f.field)}`);
    if (!input) { elsewhere.push(`${f.field}: ${f.message}`); continue; }
    const note = h("span", { class: "field-error", id: `${input.id}-error` }, f.message.charAt(0).toUpperCase() + f.message.slice(1));
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", note.id);
    input.after(note);
    first ??= input;
  }
  errorLine(form).textContent = first ? [t("me.checkFields"), ...elsewhere].join(" ") : (elsewhere.join("; ") || error.message);
  first?.focus();
}
