// Admins' part of the moderation screen: what people wrote from Help's feedback form, newest first,
// each marked done once handled (the CLI's `worldlayer feedback` reads the same).
import { get, paths, post } from "../api.js";
import { ago, h } from "../dom.js";
import { t } from "../strings.js";

export async function feedbackSection() {
  const messages = (await get(paths.feedback)).feedback ?? [];
  return h("section", { "aria-labelledby": "mod-feedback-title" }, h("h3", { id: "mod-feedback-title" }, t("mod.feedback", { n: messages.length })),
    h("ul", { class: "list", id: "mod-feedback" }, ...(messages.length ? messages.map(item) : [h("li", { class: "muted" }, t("mod.feedback.none"))])));
}

function item(message) {
  const who = message.username ? `@${message.username}` : t("mod.feedback.signedOut");
  const done = h("button", { class: "secondary feedback-done", onclick: async () => {
    done.disabled = true;
    try {
      await post(paths.feedbackDone(message.id));
      li.replaceChildren(h("p", { class: "notice mod-done", role: "status" }, t("mod.feedback.marked")));
    } catch (e) {
      done.disabled = false;
      li.append(h("p", { class: "error", role: "alert" }, e.message));
    }
  } }, t("mod.feedback.done"));
  const li = h("li", { class: "card", dataset: { feedback: message.id } },
    h("p", { class: "muted" }, [t(`help.feedback.topic.${message.topic}`), who, message.screen, ago(message.createdAt)].filter(Boolean).join(" · ")),
    h("p", { class: "feedback-text" }, message.message),
    message.email ? h("p", {}, t("mod.feedback.answer"), " ", h("a", { href: `mailto:${encodeURIComponent(message.email)}` }, message.email)) : null,
    done);
  return li;
}
