// ICU message format, the part the client's texts use: {name} fills in (numbers in the language's
// way), {n, number}, {n, plural, =0 {…} one {# …} other {# …}} and {x, select, a {…} other {…}},
// nested. Parsed once per text and kept. Apostrophes are plain text (no ICU quoting).

const parsed = new Map();

/** The text as parts: strings, and {name, type, options} for each argument. */
function parse(text) {
  let at = 0;
  function parts(inOption) {
    const out = [];
    let plain = "";
    while (at < text.length) {
      const c = text[at];
      if (c === "{") {
        if (plain) { out.push(plain); plain = ""; }
        at++;
        out.push(argument());
      } else if (c === "}" && inOption) {
        break;
      } else if (c === "#" && inOption) {
        if (plain) { out.push(plain); plain = ""; }
        out.push({ hash: true });
        at++;
      } else { plain += c; at++; }
    }
    if (plain) out.push(plain);
    return out;
  }
  function word() {
    const match = /^\s*([^\s,{}]+)\s*/.exec(text.slice(at));
    if (!match) throw new SyntaxError(`a name expected at ${at} in "${text}"`);
    at += match[0].length;
    return match[1];
  }
  function argument() {
    const name = word();
    if (text[at] === "}") { at++; return { name }; }
    if (text[at] !== ",") throw new SyntaxError(`"," or "}" expected at ${at} in "${text}"`);
    at++;
    const type = word();
    if (text[at] === "}") { at++; return { name, type }; }
    if (text[at] !== ",") throw new SyntaxError(`"," expected at ${at} in "${text}"`);
    at++;
    const options = {};
    while (true) {
      while (/\s/.test(text[at] ?? "")) at++;
      if (text[at] === "}") { at++; break; }
      const key = word();
      if (text[at] !== "{") throw new SyntaxError(`"{" expected after ${key} in "${text}"`);
      at++;
      options[key] = parts(true);
      if (text[at] !== "}") throw new SyntaxError(`"}" expected at ${at} in "${text}"`);
      at++;
    }
    return { name, type, options };
  }
  return parts(false);
}

/** `text` with `values` filled in, for `locale` (plural rules and numbers). */
export function formatMessage(text, values, locale) {
  if (!parsed.has(text)) parsed.set(text, parse(text));
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const plurals = new Intl.PluralRules(locale);
  const show = (v) => (typeof v === "number" ? numbers.format(v) : String(v ?? ""));
  const render = (parts, count) => parts.map((p) => {
    if (typeof p === "string") return p;
    if (p.hash) return show(count);
    const value = values[p.name];
    if (!p.options) return show(value);
    if (p.type === "plural") {
      const n = Number(value);
      const chosen = p.options[`=${n}`] ?? p.options[plurals.select(n)] ?? p.options.other ?? [];
      return render(chosen, n);
    }
    return render(p.options[String(value)] ?? p.options.other ?? [], count);
  }).join("");
  return render(parsed.get(text));
}
