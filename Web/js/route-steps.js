// A route's steps in the reader's language, from what each step is (depart, continue, turn,
// arrive), which way, and onto which street or kind of way, rather than the server's English
// `instruction`: the map's list, AR's banner and what is spoken all say them alike.
import { compassPoint } from "./dom.js";
import { t } from "./strings.js";

/** The kind of way a step is on, as the server's describer groups OSM's highway values. */
function way(highway) {
  if (["footway", "path", "corridor"].includes(highway)) return "path";
  if (["steps", "track", "platform", "pier"].includes(highway)) return highway;
  if (["pedestrian", "living_street"].includes(highway)) return "pedestrian";
  return "street";
}

/** What to do at `step` ({maneuver, direction, name, highway, bearing}), as a sentence. */
export function stepText(step) {
  const named = step.name ? "" : ".way";
  const values = { name: step.name ?? "", way: t(`way.${way(step.highway)}`) };
  switch (step.maneuver) {
    case "depart": return t(`step.depart${named}`, { ...values, direction: t(`heading.${compassPoint(step.bearing)}`) });
    case "arrive": return step.name ? t("step.arrive", values) : t("step.arrive.somewhere");
    case "continue": return t(`step.continue${named}`, values);
    default:
      if (step.direction === "u-turn") return t(`step.uturn${named}`, values);
      if (!step.direction || step.direction === "straight") return t(`step.continue${named}`, values);
      return t(`step.turn${named}`, { ...values, turn: t(`turn.${step.direction.replace(" ", "-")}`) });
  }
}
