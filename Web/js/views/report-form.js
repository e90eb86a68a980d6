// Reporting a sticker to the moderators (StickARs' "report"): a reason from a short list and, if
// wanted, more words, then blocking its author if wanted. What they decide shows under Me › My reports.
import { get, paths, post, session } from "../api.js";
import { h, showError } from "../dom.js";
import { t } from "../strings.js";
import { offerBlock } from "./block.js";

const reasons = ["spam", "offensive", "harassment", "dangerous", "other"];

/** Opens the report form at the end of a sticker's sheet, or says that reporting needs an account. */
export function openReport(sheet, sticker) {
  sheet.querySelector("#report-form, #report-done")?.remove();
  if (!session.token) return void show(sheet, h("p", { class: "notice", id: "report-done", role: "status" }, t("report.needsAccount")));
  const more = h("input", { id: "report-more", maxlength: 900, "aria-label": t("report.more"), placeholder: t("report.more") });
  const error = h("p", { class: "error", role: "alert", hidden: true });
  const form = h("form", { id: "report-form" },
    h("fieldset", {}, h("legend", {}, t("report.why")),
      ...reasons.map((reason) => h("label", { class: "row" }, h("input", { type: "radio", name: "reason", value: reason, required: true }), t(`report.reason.${reason}`)))),
    more, error,
    h("div", { class: "row" },
      h("button", { type: "submit", class: "danger" }, t("report.send")),
      h("button", { type: "button", class: "secondary", onclick: () => form.remove() }, t("report.cancel"))));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const reason = [t(`report.reason.${new FormData(form).get("reason")}`), more.value.trim()].filter(Boolean).join(": ");
    try {
      await post(paths.stickerReports(sticker.id), { reason });
      const done = h("div", { id: "report-done" }, h("p", { class: "notice", role: "status" }, t("report.done")));
      form.replaceWith(done);
      // What is reported may be the last straw: blocking its author is offered at once.
      if (sticker.author?.username) offerBlock(done, sticker.author.username, { id: "block-after-report", replaced: () => done.closest("#sticker-sheet") });
    } catch (e) {
      showError(error, e);
    }
  });
  show(sheet, form);
}

function show(sheet, element) {
  sheet.append(element);
  element.scrollIntoView({ block: "nearest" });
}

/** Me › My reports: each report, what became of it and the moderator's note; absent when there are none. */
export async function myReportsSection() {
  const reports = (await get(paths.myReports)).reports ?? [];
  if (!reports.length) return null;
  return h("section", { id: "my-reports-section" }, h("h3", {}, t("me.reports")),
    h("ul", { class: "list", id: "my-reports" }, ...reports.map((r) => h("li", { class: "card", dataset: { status: r.status } },
      h("a", { href: `#/map/sticker/${r.stickerId}` }, r.reason), " · ", h("strong", {}, t(`report.status.${r.status}`)),
      r.note ? h("p", { class: "muted" }, t("report.note", { note: r.note })) : null))));
}
