// A forgotten password: ask for a link by username or email (the same answer whoever asks), then
// choose a new one on the page the link opens (#/reset/<secret>); and the page a sign-up's
// confirmation link opens (#/verify/<secret>). The secrets ride after # and leave in request bodies.
import { post, paths, session } from "../api.js";
import { h, showError } from "../dom.js";
import { t } from "../strings.js";

export async function renderForgot() {
  const screen = document.getElementById("screen");
  const input = h("input", { name: "login", id: "forgot-login", required: true, autocomplete: "username" });
  const answer = h("p", { class: "notice", id: "forgot-sent", role: "status", hidden: true });
  const error = h("p", { class: "error", role: "alert", hidden: true });
  const form = h("form", { class: "card", id: "forgot-form" }, h("label", {}, t("reset.who"), input), h("button", { type: "submit" }, t("reset.send")), error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    try {
      await post(paths.passwordResets, { login: input.value });
      answer.textContent = t("reset.sent");
      answer.hidden = false;
      form.hidden = true;
    } catch (e) { showError(error, e); }
  });
  screen.append(h("h2", {}, t("reset.title")), h("p", { class: "muted" }, t("reset.explain")), form, answer, h("p", {}, h("a", { href: "#/me" }, t("reset.back"))));
}

export async function renderReset(token) {
  const screen = document.getElementById("screen");
  const input = h("input", { type: "password", name: "password", id: "reset-password", required: true, minlength: 8, autocomplete: "new-password" });
  const error = h("p", { class: "error", role: "alert", hidden: true });
  const form = h("form", { class: "card", id: "reset-form" }, h("label", {}, t("reset.new"), input), h("button", { type: "submit" }, t("reset.save")), error);
  const done = h("p", { class: "notice", id: "reset-done", role: "status", hidden: true });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    try {
      const { username } = await post(paths.passwordReset, { token, password: input.value });
      session.token = null;  // every session ended: this phone's too
      form.hidden = true;
      done.replaceChildren(t("reset.done", { username }), " ", h("a", { href: "#/me", id: "reset-login" }, t("me.login")));
      done.hidden = false;
    } catch (e) { showError(error, e); }
  });
  screen.append(h("h2", {}, t("reset.choose")), form, done);
}

export async function renderVerify(token) {
  const screen = document.getElementById("screen");
  const line = h("p", { class: "notice", id: "verify-result", role: "status" });
  try {
    const { email } = await post(paths.emailVerifications, { token });
    line.textContent = t("verify.done", { email });
  } catch (e) {
    line.className = "error";
    line.textContent = e.message;
  }
  screen.append(h("h2", {}, t("verify.title")), line, h("p", {}, h("a", { href: "#/me" }, t("verify.toMe"))));
}
