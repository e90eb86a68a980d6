// The moderator's screen (accounts with the moderator or admin role): what waits — reported stickers,
// submitted designs, ads — each decided with one tap and a note or reason, and the log of every decision;
// for admins, the feedback people sent.
import { get, paths, post } from "../api.js";
import { ago, h, showError } from "../dom.js";
import { dateText, t } from "../strings.js";
import { designPicture } from "../templates.js";
import { suspensionSection } from "./suspensions.js";

export async function render() {
  const screen = document.getElementById("screen");
  let queue;
  try {
    queue = await get(paths.moderationQueue);
  } catch (error) {
    if (error.status !== 401 && error.status !== 403) throw error;
    return void screen.append(h("h2", {}, t("mod.title")), h("p", { class: "error", role: "alert" }, t("mod.only")));
  }
  const { reports = [], templates = [], ads = [] } = queue;
  const me = await get(paths.me);
  const inbox = me.role === "admin" ? await (await import("./feedback-inbox.js")).feedbackSection() : null;
  const log = h("ul", { class: "list", id: "mod-log" });
  const showLog = async () => {
    const actions = (await get(paths.moderationLog)).actions ?? [];
    log.replaceChildren(...(actions.length ? actions.slice(0, 50).map(logItem) : [h("li", { class: "muted" }, t("mod.log.none"))]));
  };
  screen.append(...[h("h2", {}, t("mod.title")),
    reports.length + templates.length + ads.length === 0 ? h("p", { class: "notice", id: "mod-empty" }, t("mod.empty")) : null,
    section("mod-reports", t("mod.reports", { n: reports.length }), reports.map((r) => reportItem(r, showLog))),
    section("mod-templates", t("mod.templates", { n: templates.length }), templates.map((tpl) => templateItem(tpl, showLog))),
    section("mod-ads", t("mod.ads", { n: ads.length }), ads.map((ad) => adItem(ad, showLog))),
    inbox,
    suspensionSection(() => showLog()),
    h("section", { "aria-labelledby": "mod-log-title" }, h("h3", { id: "mod-log-title" }, t("mod.log")), log)].filter(Boolean));
  await showLog();
}

function section(id, title, items) {
  if (!items.length) return null;
  return h("section", { "aria-labelledby": `${id}-title` }, h("h3", { id: `${id}-title` }, title), h("ul", { class: "list", id }, ...items));
}

/** A reported sticker as the moderator needs it: what it shows, why it was reported, hide or keep. */
function reportItem({ report, sticker }, decided) {
  const note = h("input", { class: "mod-note", maxlength: 1000, "aria-label": t("mod.note"), placeholder: t("mod.note") });
  return decisionCard({ report: report.id }, [
    designPicture(paths.templatePreview(sticker.templateId), "mod-preview"),
    h("div", { class: "grow" },
      h("strong", { class: "mod-text", translate: "no" }, sticker.text || sticker.templateId),
      sticker.tags?.length ? h("p", { class: "muted", translate: "no" }, sticker.tags.map((tag) => `#${tag}`).join(" ")) : null,
      h("p", { class: "mod-reason" }, t("mod.reported", { reason: report.reason, when: ago(report.createdAt) })))],
  note, [
    [t("mod.hide"), "danger mod-hide", () => post(paths.hideReported(report.id), noteBody(note)), t("mod.hidden")],
    [t("mod.keep"), "secondary mod-keep", () => post(paths.dismissReport(report.id), noteBody(note)), t("mod.kept")],
  ], decided);
}

/** A submitted sticker design: its preview, approve into the library or reject with a reason its author reads. */
function templateItem(template, decided) {
  const reason = reasonInput();
  return decisionCard({ template: template.id }, [
    designPicture(template.previewUrl, "mod-preview"),
    h("div", { class: "grow" }, h("strong", { translate: "no" }, template.name), h("p", { class: "muted" }, t(`mod.kind.${template.kind}`), " · ", h("span", { translate: "no" }, template.id)))],
  reason, [
    [t("mod.approve"), "mod-approve", () => post(paths.approveTemplate(template.id)), t("mod.approved")],
    [t("mod.reject"), "danger mod-reject", () => rejecting(reason, () => post(paths.rejectTemplate(template.id), { reason: reason.value.trim() })), t("mod.rejected")],
  ], decided);
}

/** An ad waiting for review: who pays for it, what it shows and when; approve or reject with a reason. */
function adItem(ad, decided) {
  const reason = reasonInput();
  const day = (iso) => dateText(iso);
  return decisionCard({ ad: ad.id }, [
    designPicture(paths.templatePreview(ad.draft.templateId), "mod-preview"),
    h("div", { class: "grow" }, h("strong", { translate: "no" }, ad.draft.text || ad.draft.templateId),
      h("p", { class: "muted" }, t("mod.adBy", { advertiser: ad.advertiser, from: day(ad.draft.startsAt), to: day(ad.draft.endsAt) })))],
  reason, [
    [t("mod.approve"), "mod-approve", () => post(paths.approveAd(ad.id), {}), t("mod.approved")],
    [t("mod.reject"), "danger mod-reject", () => rejecting(reason, () => post(paths.rejectAd(ad.id), { reason: reason.value.trim() })), t("mod.rejected")],
  ], decided);
}

/** One item of the queue: its content, a note or reason, and buttons that each decide it once. The
 *  decided card says what was done, in place, so the moderator's place in the list does not jump. */
function decisionCard(dataset, content, input, actions, decided) {
  const error = h("p", { class: "error", role: "alert", hidden: true });
  const buttons = actions.map(([label, className, send, done]) => h("button", { class: className, onclick: async () => {
    for (const b of buttons) b.disabled = true;
    try {
      await send();
      item.replaceChildren(h("p", { class: "notice mod-done", role: "status" }, done));
      decided();
    } catch (e) {
      showError(error, e);
      for (const b of buttons) b.disabled = false;
    }
  } }, label));
  const item = h("li", { class: "card", dataset }, h("div", { class: "row" }, ...content), input, error, h("div", { class: "row" }, ...buttons));
  return item;
}

function reasonInput() {
  return h("input", { class: "mod-note", maxlength: 500, "aria-label": t("mod.reason"), placeholder: t("mod.reason") });
}

const noteBody = (input) => (input.value.trim() ? { note: input.value.trim() } : {});

/** A rejection needs its reason (the author or advertiser reads it); asked for before anything is sent. */
function rejecting(reason, send) {
  if (!reason.value.trim()) {
    reason.focus();
    return Promise.reject(new Error(t("mod.reasonNeeded")));
  }
  return send();
}

function logItem(action) {
  const what = t(`mod.action.${action.action}`);
  return h("li", { class: "card", dataset: { action: action.action } },
    h("strong", { translate: "no" }, `@${action.moderator}`), " ", what, h("span", { class: "muted" }, ` · ${ago(action.createdAt)}`),
    action.note ? h("p", { class: "muted", translate: "no" }, action.note) : null);
}
