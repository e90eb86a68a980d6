// Help (the seeds' About, How-to and Support screens): what WorldLayer is, how to do the main things,
// the first-open cards again, and a feedback form whose messages the admins read.
import { get, paths, post, session } from "../api.js";
import { h, showError } from "../dom.js";
import { t } from "../strings.js";

const howTo = ["sticker", "route", "tour", "book", "safety", "privacy", "offline"];
const topics = ["problem", "idea", "question", "other"];

export async function render() {
  const screen = document.getElementById("screen");
  const me = session.token ? await get(paths.me).catch(() => null) : null;
  screen.append(
    h("h2", {}, t("help.title")),
    h("section", { class: "card", id: "help-about", "aria-labelledby": "help-about-title" },
      h("h3", { id: "help-about-title" }, t("help.about")), h("p", {}, t("help.about.text")), h("p", { class: "muted" }, t("help.about.open"))),
    h("section", { id: "help-howto", "aria-labelledby": "help-howto-title" }, h("h3", { id: "help-howto-title" }, t("help.howto")),
      ...howTo.map((topic) => h("details", { class: "card", dataset: { topic } }, h("summary", {}, t(`help.howto.${topic}`)), h("p", {}, t(`help.howto.${topic}.text`))))),
    h("p", {}, h("a", { href: "#/welcome", id: "help-welcome" }, t("help.welcomeAgain"))),
    feedbackForm(me));
}

/** The form, and after sending, what happens next. The message's id is made once per message, so
 *  sending again after a lost answer is not a second message. */
function feedbackForm(me) {
  let id = crypto.randomUUID();
  const topic = h("select", { id: "feedback-topic", name: "topic" }, ...topics.map((value) => h("option", { value }, t(`help.feedback.topic.${value}`))));
  const message = h("textarea", { id: "feedback-message", name: "message", required: true, maxlength: 4000, rows: 5 });
  const email = h("input", { id: "feedback-email", name: "email", type: "email", autocomplete: "email", value: me?.email ?? "" });
  const error = h("p", { class: "error", role: "alert", hidden: true });
  const form = h("form", { class: "card", id: "feedback-form", "aria-labelledby": "feedback-title" },
    h("h3", { id: "feedback-title" }, t("help.feedback")), h("p", { class: "muted" }, t("help.feedback.who")),
    h("label", {}, t("help.feedback.topic"), topic), h("label", {}, t("help.feedback.message"), message),
    h("label", {}, t("help.feedback.email"), email), error, h("button", { type: "submit" }, t("help.feedback.send")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button");
    button.disabled = true;
    try {
      await post(paths.feedback, { id, topic: topic.value, message: message.value, email: email.value.trim() || undefined, screen: document.body.dataset.previous || undefined });
      id = crypto.randomUUID();
      const answer = email.value.trim() ? t("help.feedback.answerTo", { email: email.value.trim() }) : t("help.feedback.noAnswer");
      const done = h("p", { class: "notice", id: "feedback-done", role: "status" }, t("help.feedback.thanks"), " ", answer);
      form.replaceWith(done);
      done.scrollIntoView({ block: "nearest" });
    } catch (e) {
      showError(error, e);  // the message stays in the form, to send again
      button.disabled = false;
    }
  });
  return form;
}
