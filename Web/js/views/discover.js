// Discover: the book catalogue (search as you type), tours, suggestions, people and tags to follow, groups to join.
import { get, messageFor, paths } from "../api.js";
import { h } from "../dom.js";
import { followButton, initials, tagItem } from "./people.js";
import { t } from "../strings.js";
import { groupFinder, suggestionsSection } from "./suggestions.js";

export async function render() {
  const screen = document.getElementById("screen");
  const books = h("ul", { class: "list", id: "books", "aria-live": "polite" });
  const bookSearch = h("input", { type: "search", id: "book-search", "aria-label": t("discover.books.search"), placeholder: t("discover.books.search") });
  const people = h("ul", { class: "list", id: "people", "aria-live": "polite" });
  const tags = h("ul", { class: "list", id: "tags", "aria-live": "polite" });
  const tagSearch = h("input", { type: "search", id: "tag-search", "aria-label": t("discover.tags.search"), placeholder: t("discover.tags.search") });
  const peopleSearch = h("input", { type: "search", id: "people-search", "aria-label": t("discover.people.search"), placeholder: t("discover.people.search") });
  // Suggestions wait for a position; the rest of the screen does not wait for them.
  const suggestions = h("div", { id: "suggestions-slot" });
  suggestionsSection().then((section) => section ? suggestions.replaceWith(section) : suggestions.remove()).catch(() => suggestions.remove());
  screen.append(h("h2", {}, t("discover.title")),
    h("section", { "aria-labelledby": "books-title" }, h("h3", { id: "books-title" }, t("discover.books")), bookSearch, books),
    h("section", { "aria-labelledby": "tours-title" }, h("h3", { id: "tours-title" }, t("tours.title")),
      h("a", { class: "button secondary", id: "open-tours", href: "#/tours" }, t("discover.tours"))),
    suggestions,
    h("section", { "aria-labelledby": "people-title" }, h("h3", { id: "people-title" }, t("discover.people")), peopleSearch, people),
    h("section", { "aria-labelledby": "tags-title" }, h("h3", { id: "tags-title" }, t("discover.tags")), tagSearch, tags),
    groupFinder());

  let latest = 0;
  async function searchBooks() {
    const q = bookSearch.value.trim(), mine = ++latest;
    const found = (await get(`${paths.books}${q ? `?q=${encodeURIComponent(q)}` : ""}`)).books;
    if (mine !== latest) return;  // a newer keystroke already asked
    books.replaceChildren(...(found.length ? found.map(bookItem) : [h("li", { class: "muted" }, t("discover.noBooks", { q }))]));
  }
  bookSearch.addEventListener("input", searchBooks);
  asYouType(peopleSearch, people, async (q) => ((await get(`${paths.searchPeople}?q=${encodeURIComponent(q)}`)).people ?? []).map(personItem));
  asYouType(tagSearch, tags, async (q) => {
    const tag = q.replace(/^#/, "");
    return tag ? ((await get(`${paths.searchTags}?q=${encodeURIComponent(tag)}`)).tags ?? []).map(tagItem) : [];
  });
  await searchBooks();
}

function bookItem(book) {
  return h("li", { class: "card" }, h("a", { href: `#/books/${encodeURIComponent(book.slug)}` },
    book.cover ? h("img", { src: paths.media(book.cover.id), alt: "" }) : null,
    h("span", {}, h("strong", { translate: "no" }, book.title), h("br"), h("span", { class: "muted" }, t("book.by", { authors: book.authors.join(", ") })))));
}

function personItem(person) {
  return h("li", { class: "card row" }, h("span", { class: "avatar", "aria-hidden": "true" }, initials(person)),
    h("a", { class: "grow", translate: "no", href: `#/people/${encodeURIComponent(person.username)}` }, h("strong", {}, person.displayName || person.username), ` @${person.username}`),
    followButton(person));
}

/** A search as you type into `list`: only the newest keystroke's answer is drawn (an older request
 *  that returns later would put its results over the newer ones), and a refusal is said there. */
function asYouType(input, list, search) {
  let latest = 0;
  input.addEventListener("input", async () => {
    const q = input.value.trim(), mine = ++latest;
    let items;
    try {
      items = q ? await search(q) : [];
    } catch (error) {
      items = [h("li", { class: "muted", role: "alert" }, messageFor(error))];
    }
    if (mine === latest) list.replaceChildren(...items);
  });
}
