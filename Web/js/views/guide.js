// The guide's screen for a guided tour: groups with their one-time passkeys (shown once, printable
// as a sheet to hand out), and the questions of each group, answered here; the visitor's screen
// shows the answer within seconds. The screen follows its groups live (a visitor joining, a question
// arriving), through the one live module.
import { get, paths, post, session } from "../api.js";
import { live } from "../live.js";
import { ago, h, say } from "../dom.js";
import { t } from "../strings.js";

export async function render(slug) {
  const screen = document.getElementById("screen");
  const summary = (await get(paths.tours)).tours.find((x) => x.slug === slug || x.id === slug);
  if (!summary) throw new Error(t("tours.none"));
  if (!session.token) throw new Error(t("tours.loginFirst"));
  let groups;
  try { groups = (await get(paths.tourGroups(summary.id))).groups; } catch (error) {
    if (error.status === 403) throw new Error(t("guide.notGuide"));
    throw error;
  }
  const list = h("ul", { class: "list", id: "guide-groups" });
  const printable = h("section", { id: "passkey-sheet", "aria-live": "polite" });
  const name = h("input", { id: "group-name", required: true, "aria-label": t("guide.newGroup"), placeholder: t("guide.newGroup") });
  const count = h("input", { id: "passkey-count", type: "number", min: 1, max: 500, value: 10, "aria-label": t("guide.count") });
  const form = h("form", { class: "card", id: "new-group" }, h("label", {}, t("guide.newGroup"), name), h("label", {}, t("guide.count"), count),
    h("button", { type: "submit" }, t("guide.create")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const made = await post(paths.tourGroups(summary.id), { name: name.value.trim(), passkeys: Number(count.value) });
      name.value = "";
      // The keys are shown this once: a sheet to print and hand out.
      printable.replaceChildren(h("div", { class: "card" }, h("h3", {}, `${made.group.name}: ${t("guide.passkeys")}`),
        h("ol", { id: "passkeys", class: "passkeys" }, ...made.passkeys.map((k) => h("li", {}, h("code", {}, k)))),
        h("button", { class: "secondary", onclick: () => print() }, t("guide.print"))));
      groups.unshift(made.group);
      follow();
      await show();
      printable.scrollIntoView({ block: "start" });
    } catch (error) { say(error.message); }
  });

  // Reads may overlap (a tap and a live event): only the latest one drawn is shown.
  let drawing = 0;
  async function show() {
    const mine = ++drawing;
    const read = (await get(paths.tourGroups(summary.id))).groups.reverse();  // today's group first
    const items = await Promise.all(read.map(async (g) => {
      const questions = (await get(paths.tourQuestions(g.id))).questions;
      return h("li", { class: "card", dataset: { group: g.id } }, h("strong", {}, g.name),
        h("span", { class: "muted" }, ` · ${g.redeemed ?? 0}/${g.passkeys} · ${ago(g.createdAt)}`),
        h("h4", {}, t("guide.questions")),
        questions.length ? h("ul", { class: "list" }, ...questions.map((q) => answerItem(g, q))) : h("p", { class: "muted" }, t("guide.noQuestions")));
    }));
    if (mine !== drawing) return;
    groups = read;
    list.replaceChildren(...items);
  }

  function answerItem(g, q) {
    const text = h("input", { "aria-label": t("guide.answer"), value: q.answer ?? "", class: "grow" });
    const form = h("form", { class: "row answer-form" }, text, h("button", { type: "submit", class: "secondary" }, q.answer ? t("guide.answered") : t("guide.send")));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try { await post(paths.tourAnswer(g.id, q.id), { answer: text.value.trim() }); say(t("guide.answered")); await show(); } catch (error) { say(error.message); }
    });
    return h("li", { dataset: { question: q.id } }, h("p", {}, h("strong", {}, q.participantName ?? "?"), ": ", q.text), form);
  }

  // Live: what changes in a group is read again, except while the guide is writing an answer (then
  // once they leave the field), so nothing they type is swept away.
  const liveState = h("p", { class: "live-state", id: "guide-live", role: "status", "data-state": "connecting" }, "");
  let waiting = false;
  const refresh = () => {
    if (document.activeElement?.closest(".answer-form")) return void (waiting = true);
    waiting = false;
    show().catch(() => { /* shown as it was */ });
  };
  list.addEventListener("focusout", () => { if (waiting) setTimeout(refresh); });
  const feed = live({
    onEvent: refresh,
    onState: (state) => { liveState.dataset.state = state; liveState.textContent = t(`live.${state}`); if (state === "live") refresh(); },
  });
  const follow = () => feed.follow([], undefined, groups.map((g) => `tour-group:${g.id}`));

  screen.append(h("h2", {}, t("guide.title", { title: summary.title })),
    h("p", {}, h("a", { href: `#/tours/${encodeURIComponent(summary.slug)}/signs`, id: "print-stop-signs" }, t("guide.signs"))), liveState, form, printable, h("h3", {}, t("guide.groups")), list);
  await show();
  follow();
  return () => feed.close();
}
