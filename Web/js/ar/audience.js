// Who sees a sticker and how long it lives, for the placing form and the author's edit form: everyone,
// my followers, only me, people by username, a group I am in, or one of my private maps; and a self-delete timer.
import { get, paths } from "../api.js";
import { h } from "../dom.js";
import { dateTimeText, t } from "../strings.js";

const timers = [["", "audience.forever"], ["3600", "audience.hour"], ["86400", "audience.day"], ["604800", "audience.week"], ["2592000", "audience.month"]];

/** The fields, set from `current` (a sticker being edited), and `read()` for the draft's audience and timer. */
export async function audienceFields(current = {}) {
  const [groups, maps] = await Promise.all([
    get(paths.myGroups).then((r) => r.groups ?? [], () => []), get(paths.myWorldmaps).then((r) => r.worldmaps ?? [], () => [])]);
  const who = h("select", { id: "audience", name: "audience" },
    h("option", { value: "public" }, t("audience.public")), h("option", { value: "followers" }, t("audience.followers")),
    h("option", { value: "private" }, t("audience.private")),
    h("option", { value: "people" }, t("audience.people")),
    groups.length ? h("option", { value: "group" }, t("audience.group")) : null, maps.length ? h("option", { value: "map" }, t("audience.map")) : null);
  const people = h("input", { id: "audience-people", placeholder: "@ana @ben", value: (current.sharedWith ?? []).map((p) => `@${p}`).join(" ") });
  const group = h("select", { id: "audience-group" }, ...groups.map((g) => h("option", { value: g.id }, g.name)));
  const map = h("select", { id: "audience-map" }, ...maps.map((m) => h("option", { value: m.id }, m.name)));
  const timer = h("select", { id: "audience-expires" }, ...timers.map(([seconds, key]) => h("option", { value: seconds }, t(key))));
  const peopleLabel = h("label", {}, t("audience.peopleWho"), people);
  const groupLabel = h("label", {}, t("audience.whichGroup"), group);
  const mapLabel = h("label", {}, t("audience.whichMap"), map);
  const expiresNote = h("p", { class: "muted", id: "audience-expires-at" });

  who.value = current.worldmapIsPrivate ? "map" : current.sharedWithGroups?.length ? "group" : current.visibility === "shared" ? "people" : current.visibility ?? "public";
  if (current.worldmapIsPrivate) map.value = current.worldmapId;
  if (current.sharedWithGroups?.length) group.value = current.sharedWithGroups[0];
  if (current.expiresAt) expiresNote.textContent = t("audience.expiresAt", { when: dateTimeText(current.expiresAt) });
  const show = () => { peopleLabel.hidden = who.value !== "people"; groupLabel.hidden = who.value !== "group"; mapLabel.hidden = who.value !== "map"; };
  who.addEventListener("change", () => {
    show();
    // The field the choice asks for next comes into view in the sheet.
    [peopleLabel, groupLabel, mapLabel].find((label) => !label.hidden)?.scrollIntoView({ block: "nearest" });
  });
  show();

  return {
    elements: [h("label", {}, t("audience.who"), who), peopleLabel, groupLabel, mapLabel, h("label", {}, t("audience.expires"), timer), expiresNote],
    /** Who sees it, in a few words ("Seen by: Everyone"). */
    summary: () => t("audience.summary", { who: who.selectedOptions[0]?.textContent ?? "" }),
    /** The draft's fields for who sees it and when it goes (a kept timer when editing and none is chosen). */
    read() {
      const chosen = who.value;
      const seconds = Number(timer.value);
      return {
        visibility: chosen === "people" || chosen === "group" ? "shared" : chosen === "map" ? "public" : chosen,
        sharedWith: chosen === "people" ? people.value.split(/[\s,]+/).map((p) => p.replace(/^@/, "")).filter(Boolean) : [],
        sharedWithGroups: chosen === "group" ? [group.value] : undefined,
        worldmapId: chosen === "map" ? map.value : undefined,
        expiresAt: seconds ? new Date(Date.now() + seconds * 1000).toISOString() : current.expiresAt ?? undefined,
      };
    },
  };
}
