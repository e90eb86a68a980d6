// A tour in the visitor's language: its translation for the language the client shows (./strings.js),
// or for its primary subtag ("fi" for "fi-FI"), laid over the tour's own texts; a stop's narration
// in that language replaces its own. What a translation leaves out stays in the tour's language.
import { locale } from "./strings.js";

const primary = (tag) => tag.split("-")[0].toLowerCase();

/** The translation key for `language` among a tour's, or null. */
function keyFor(translations, language) {
  const keys = Object.keys(translations ?? {});
  return keys.find((k) => k === language) ?? keys.find((k) => primary(k) === primary(language)) ?? null;
}

/** `tour` (a tour, or a summary from the list) as a visitor reading `language` sees it; `textLanguage`
 *  says which language its texts are in, for the page's lang attributes. */
export function inLanguage(tour, language = locale()) {
  const key = primary(tour.language ?? "") === primary(language) ? null : keyFor(tour.translations, language);
  if (!key) return { ...tour, textLanguage: tour.language };
  const t = tour.translations[key];
  return {
    ...tour, textLanguage: key, title: t.title ?? tour.title, description: t.description ?? tour.description,
    stops: tour.stops?.map((stop) => {
      const s = t.stops?.find((x) => x.id === stop.id);
      if (!s) return stop;
      const media = s.narration ? [s.narration, ...stop.media.filter((m) => !m.contentType.startsWith("audio/"))] : stop.media;
      return { ...stop, title: s.title ?? stop.title, text: s.text ?? stop.text, media };
    }),
  };
}
