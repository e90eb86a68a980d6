// Feed: what the people, tags and groups I follow posted, newest first, with distance when known.
import { get, session } from "../api.js";
import { h } from "../dom.js";
import { t } from "../strings.js";

export async function render() {
  const screen = document.getElementById("screen");
  screen.append(h("h2", {}, t("feed.title")));
  if (!session.token) return screen.append(h("p", {}, h("a", { href: "#/me" }, t("feed.loginFirst"))));
  const position = await new Promise((resolve) => navigator.geolocation
    ? navigator.geolocation.getCurrentPosition((p) => resolve(p.coords), () => resolve(null), { timeout: 3000 }) : resolve(null));
  const where = position ? `?latitude=${position.latitude}&longitude=${position.longitude}` : "";
  const { items } = await get(`/v1/feed${where}`);
  screen.append(items.length ? h("ul", { class: "list", id: "feed" }, ...items.map((item) => h("li", { class: "card" },
    h("strong", {}, item.sticker.text || item.sticker.templateId),
    h("p", { class: "muted" }, [item.sticker.tags?.join(" "), item.distance != null ? t("feed.distance", { distance: Math.round(item.distance) }) : null].filter(Boolean).join(" · ")))))
    : h("p", { class: "muted" }, t("feed.empty")));
}
