// On the moderator's screen: suspend an account for a time with a reason its person reads on
// signing in, and the accounts suspended now, each with a way to lift it early.
import { api, get, paths } from "../api.js";
import { h, say, showError } from "../dom.js";
import { dateTimeText, t } from "../strings.js";

/** The section: a form, then the list; `decided` refreshes the log. */
export function suspensionSection(decided) {
  const list = h("ul", { class: "list", id: "suspended" });
  const show = async () => {
    const { suspensions = [] } = await get(paths.suspensions);
    list.replaceChildren(...(suspensions.length ? suspensions.map((s) => item(s, show, decided)) : [h("li", { class: "muted" }, t("suspend.none"))]));
  };
  const username = h("input", { id: "suspend-username", name: "username", required: true, autocomplete: "off", "aria-labelledby": "suspend-username-label" });
  const days = h("select", { id: "suspend-days", name: "days", "aria-labelledby": "suspend-days-label" },
    ...[1, 7, 30, 365].map((n) => h("option", { value: String(n) }, t("suspend.days", { n }))));
  const reason = h("input", { id: "suspend-reason", name: "reason", required: true, maxlength: 500, "aria-labelledby": "suspend-reason-label" });
  const error = h("p", { class: "error", role: "alert", hidden: true });
  const form = h("form", { id: "suspend-form", class: "card", "aria-labelledby": "suspend-title" },
    h("label", { id: "suspend-username-label", for: "suspend-username" }, t("suspend.username")), username,
    h("label", { id: "suspend-days-label", for: "suspend-days" }, t("suspend.for")), days,
    h("label", { id: "suspend-reason-label", for: "suspend-reason" }, t("suspend.reason")), reason,
    error, h("button", { type: "submit", class: "danger" }, t("suspend.submit")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    try {
      await api("PUT", paths.suspension(username.value.trim().replace(/^@/, "")), { hours: Number(days.value) * 24, reason: reason.value.trim() });
      form.reset();
      await show();
      decided();
    } catch (e) { showError(error, e); }
  });
  show();
  return h("section", { "aria-labelledby": "suspend-title" }, h("h3", { id: "suspend-title" }, t("suspend.title")), form, list);
}

function item(s, refresh, decided) {
  const lift = h("button", { class: "secondary suspend-lift", onclick: async () => {
    lift.disabled = true;
    try { await api("DELETE", paths.suspension(s.username)); await refresh(); decided(); } catch (e) { lift.disabled = false; say(e.message); }
  } }, t("suspend.lift"));
  return h("li", { class: "card", dataset: { username: s.username } },
    h("strong", { translate: "no" }, `@${s.username}`), " ", t("suspend.until", { when: dateTimeText(s.until) }),
    h("p", { class: "muted", translate: "no" }, s.reason), lift);
}
