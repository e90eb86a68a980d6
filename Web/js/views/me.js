// Me: sign up, log in, log out, and my settings.
import { api, get, post, session } from "../api.js";
import { h, say } from "../dom.js";
import { t } from "../strings.js";

export async function render() {
  const screen = document.getElementById("screen");
  screen.append(h("h2", {}, t("me.title")));
  if (session.token) {
    try {
      const me = await get("/v1/me");
      return signedIn(screen, me);
    } catch { /* the session ended: fall through to logging in */ }
  }
  screen.append(loginForm(), signUpForm());
}

function signedIn(screen, me) {
  const privateBox = h("input", { type: "checkbox", id: "private", checked: me.privateAccount });
  privateBox.addEventListener("change", async () => {
    await api("PATCH", "/v1/me/settings", { privateAccount: privateBox.checked });
    say(t("me.saved"));
  });
  screen.append(
    h("p", { id: "hello" }, t("me.hello", { name: me.displayName || me.username, username: me.username })),
    h("div", { class: "card" }, h("label", { class: "row" }, privateBox, t("me.settings.private"))),
    h("button", { class: "secondary", id: "logout", onclick: async () => {
      try { await api("DELETE", "/v1/sessions/current"); } catch { /* logged out either way */ }
      session.token = null;
      location.hash = "#/me";
      dispatchEvent(new HashChangeEvent("hashchange"));
    } }, t("me.logout")),
  );
}

function field(name, label, attributes = {}) {
  return h("label", {}, label, h("input", { name, id: `${attributes.idPrefix ?? ""}${name}`, required: true, ...attributes, idPrefix: undefined }));
}

function errorLine(form) {
  return form.querySelector(".error") ?? form.appendChild(h("p", { class: "error", role: "alert" }));
}

function loginForm() {
  const form = h("form", { id: "login-form", class: "card", "aria-labelledby": "login-title" },
    h("h3", { id: "login-title" }, t("me.login")),
    field("login", t("me.login.field"), { autocomplete: "username", idPrefix: "login-" }),
    field("password", t("me.password"), { type: "password", autocomplete: "current-password", idPrefix: "login-" }),
    h("button", { type: "submit" }, t("me.login")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(form));
    try {
      session.token = (await post("/v1/sessions", data)).token;
      dispatchEvent(new HashChangeEvent("hashchange"));
    } catch (error) { errorLine(form).textContent = error.message; }
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
      await post("/v1/accounts", { ...data, id: crypto.randomUUID() });
      session.token = (await post("/v1/sessions", { login: data.username, password: data.password })).token;
      dispatchEvent(new HashChangeEvent("hashchange"));
    } catch (error) {
      errorLine(form).textContent = error.fields.length ? error.fields.map((f) => `${f.field}: ${f.message}`).join("; ") : error.message;
    }
  });
  return form;
}
