// A guided tour's visitor asks the guide questions and sees the answers as they come: the group is
// followed live (with the visitor's participant token), and read again when it changes. A visitor
// who gives an address has the answer mailed too (the server sends it when the guide answers).
import { get, paths, post } from "../api.js";
import { live } from "../live.js";
import { h, say, showError } from "../dom.js";
import { intlLocale, t } from "../strings.js";

/** Appends the form and my questions to `screen`; returns what stops the polling. */
export async function questionsSection(screen, participant, token) {
  const questions = h("ul", { class: "list", id: "my-questions", "aria-live": "polite" });
  const question = h("textarea", { id: "question", rows: 2, "aria-label": t("tours.ask") });
  // An address only for those who want the answer after the tour (it stays with the question, for the guide).
  const email = h("input", { type: "email", id: "question-email", autocomplete: "email", inputmode: "email" });
  const error = h("p", { class: "error", role: "alert", id: "question-error" });
  const ask = h("form", { class: "card", id: "ask-form" }, h("label", {}, t("tours.ask"), question),
    h("label", {}, t("tours.askEmail"), email), error, h("button", { type: "submit" }, t("tours.send")));
  const refresh = async () => {
    const mine = (await get(paths.tourQuestions(participant.groupId), token)).questions;
    questions.replaceChildren(...mine.map((q) => h("li", { class: "card", dataset: { question: q.id } }, q.text,
      h("p", { class: q.answer ? "answer" : "muted" }, q.answer ? t("tours.answer", { text: q.answer }) : t("tours.waitingAnswer")),
      q.email ? h("p", { class: "muted mailed" }, t(q.answer ? "tours.answerMailed" : "tours.answerWillBeMailed", { email: q.email })) : null)));
  };
  ask.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    if (!question.value.trim()) return void (error.textContent = t("tours.visitorQuestion.empty"));
    try {
      await post(paths.tourQuestions(participant.groupId), { id: crypto.randomUUID(), text: question.value.trim(), email: email.value.trim() || undefined, language: intlLocale() }, token);
      question.value = "";
      await refresh();
    } catch (e) { showError(error, e); }
  });
  const liveState = h("p", { class: "live-state", id: "questions-live", role: "status", "data-state": "connecting" }, "");
  screen.append(ask, h("h3", {}, t("tours.yourQuestions")), liveState, questions);
  await refresh();
  const reread = () => refresh().catch((e) => say(e.message));
  const feed = live({
    token: () => token,
    onEvent: reread,
    onState: (state) => { liveState.dataset.state = state; liveState.textContent = t(`live.${state}`); if (state === "live") reread(); },
  });
  feed.follow([], undefined, [`tour-group:${participant.groupId}`]);
  return () => feed.close();
}
