// The first open: what WorldLayer is, in three short cards, then the map (or an account).
import { h, icon } from "../dom.js";
import { t } from "../strings.js";

const cards = [["pin", "welcome.1"], ["locate", "welcome.2"], ["tour", "welcome.3"]];

export function render() {
  const screen = document.getElementById("screen");
  let index = 0;
  const body = h("section", { class: "welcome", id: "intro", "aria-live": "polite" });
  const draw = () => {
    const [picture, key] = cards[index], last = index === cards.length - 1;
    body.replaceChildren(icon(picture), h("h2", { id: "intro-title" }, t(`${key}.title`)), h("p", {}, t(`${key}.text`)),
      h("div", { class: "dots", "aria-label": t("welcome.step", { n: index + 1 }) }, ...cards.map((_, i) => h("span", { class: i === index ? "on" : "" }))),
      last ? h("a", { class: "button", id: "intro-start", href: "#/map" }, t("welcome.start"))
        : h("button", { id: "intro-next", onclick: () => { index++; draw(); } }, t("welcome.next")),
      last ? h("a", { class: "button secondary", id: "intro-signup", href: "#/me" }, t("welcome.signup"))
        : h("a", { href: "#/map", id: "intro-skip" }, t("welcome.skip")));
    body.querySelector("button, a.button")?.focus();
  };
  draw();
  screen.append(body);
}
