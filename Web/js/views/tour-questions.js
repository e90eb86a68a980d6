// A guided tour's visitor asks the guide questions and sees the answers as they come: the group is
// followed live (with the visitor's participant token), and read again when it changes.
import { get, paths, post } from "../api.js";
import { live } from "../live.js";
import { h, say, showError } from "../dom.js";
import { t } from "../strings.js";

/** Appends the form and my questions to `screen`; returns what stops the polling. */
export async function questionsSection(screen, participant, token) {
  const questions = h("ul", { class: "list", id: "my-questions", "aria-live": "polite" });
  const question = h("textarea", { id: "question", rows: 2, "aria-label": t("tours.ask") });
  const error = h("p", { class: "error", role: "alert", id: "question-error" });
  const ask = h("form", { class: "card", id: "ask-form" }, h("label", {}, t("tours.ask"), question), error, h("button", { type: "submit" }, t("tours.send")));
  const refresh = async () => {
    const mine = (await get(paths.tourQuestions(participant.groupId), token)).questions;
    questions.replaceChildren(...mine.map((q) => h("li", { class: "card", dataset: { question: q.id } }, q.text,
      h("p", { class: q.answer ? "answer" : "muted" }, q.answer ? t("tours.answer", { text: q.answer }) : t("tours.waitingAnswer")))));
  };
  ask.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    if (!question.value.trim()) return void (error.textContent = t("tours.visitorQuestion.empty"));
    try {
      await post(paths.tourQuestions(participant.groupId), { id: crypto.randomUUID(), text: question.value.trim() }, token);
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
