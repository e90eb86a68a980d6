// OpenStreetMap's opening_hours, read for a person in front of the door: "Open now, until 18:00",
// "Closed now, opens Tue at 10:00". The common part of the grammar: rules split by ";" (or by ","
// after a time), weekdays and their ranges ("Mo-Fr", "Tu, Th"), times and their lists
// ("10:00-12:00,13:00-18:00", past midnight "22:00-02:00"), "off", "24/7"; a later rule replaces
// an earlier one for the days it names, and unnamed days are closed. Anything else (months, dates,
// "sunrise", "+") is not guessed at: null, and the sheet shows the text as it is.

const weekdays = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"];
const day = "(?:Mo|Tu|We|Th|Fr|Sa|Su|PH|SH)";
const selector = new RegExp(`^(${day}(?:\\s*-\\s*${day})?(?:\\s*,\\s*${day}(?:\\s*-\\s*${day})?)*)(?:\\s+|$)`);
const timeRange = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/;

/** The week's opening intervals in minutes from Monday 00:00 (an interval may run past midnight
 *  into the next day), or null when the text says more than this reads. Never throws. */
export function parseOpeningHours(text) {
  if (typeof text !== "string" || text.length > 500) return null;
  const week = weekdays.map(() => []);
  const rules = text.split(/;|(?<=\d)\s*,\s*(?=(?:Mo|Tu|We|Th|Fr|Sa|Su|PH|SH)\b)/).map((r) => r.trim()).filter(Boolean);
  let said = false;  // whether any rule spoke of an ordinary day ("PH off" alone does not)
  for (const rule of rules) {
    if (rule === "24/7") { week.forEach((_, i) => { week[i] = [[0, 1440]]; }); said = true; continue; }
    const named = selector.exec(rule);
    const days = named ? daysOf(named[1]) : weekdays.map((_, i) => i);
    if (!days) return null;
    const rest = (named ? rule.slice(named[0].length) : rule).trim();
    const times = /^(off|closed)$/i.test(rest) ? [] : timesOf(rest);
    if (!times) return null;
    for (const d of days) week[d] = times;
    said ||= days.length > 0;
  }
  return said ? week : null;
}

/** "Mo-Fr, Su" → [0, 1, 2, 3, 4, 6]; null for a name it does not know. Public and school holidays
 *  are dropped: a rule for them alone says nothing of an ordinary week. */
function daysOf(text) {
  const days = new Set();
  for (const part of text.split(",").map((p) => p.trim())) {
    const [from, to] = part.split("-").map((p) => p.trim());
    if (from === "PH" || from === "SH") continue;
    const a = weekdays.indexOf(from), b = to === undefined ? a : weekdays.indexOf(to);
    if (a < 0 || b < 0) return null;
    for (let d = a; ; d = (d + 1) % 7) { days.add(d); if (d === b) break; }  // "Sa-Mo" wraps the week
  }
  return [...days];
}

/** "10:00-12:00,13:00-18:00" → [[600, 720], [780, 1080]]; past midnight the end is over 1440. */
function timesOf(text) {
  const ranges = [];
  for (const part of text.split(",").map((p) => p.trim())) {
    const m = timeRange.exec(part);
    if (!m) return null;
    const start = Number(m[1]) * 60 + Number(m[2]);
    let end = Number(m[3]) * 60 + Number(m[4]);
    if (Number(m[2]) > 59 || Number(m[4]) > 59 || start > 1440 || end > 1440 + 1440) return null;
    if (end <= start) end += 1440;
    ranges.push([start, end]);
  }
  return ranges;
}

/** Minutes since Monday 00:00 of `now`'s week, in the phone's time zone. */
const minuteOfWeek = (now) => ((now.getDay() + 6) % 7) * 1440 + now.getHours() * 60 + now.getMinutes();

/** Whether `week` has the place open at `now` (a Date, read in the phone's time zone), until when,
 *  or when it opens next: `{open, minutes}` with minutes from `now`'s Monday 00:00 (null: never). */
export function openAt(week, now) {
  const minute = minuteOfWeek(now);
  const spans = week.flatMap((ranges, d) => ranges.map(([a, b]) => [d * 1440 + a, d * 1440 + b]));
  // Each span also a week earlier and later, so Sunday night runs into Monday and Monday follows Sunday.
  const all = [-10080, 0, 10080].flatMap((shift) => spans.map(([a, b]) => [a + shift, b + shift])).sort((x, y) => x[0] - y[0]);
  const inside = all.filter(([a, b]) => a <= minute && minute < b);
  if (inside.length) {
    // Until the end of the last span that the current one runs into without a break.
    let until = Math.max(...inside.map(([, b]) => b));
    for (const [a, b] of all) if (a <= until && b > until) until = b;
    return { open: true, minutes: until - minute >= 10080 ? null : until };
  }
  const next = all.find(([a]) => a > minute);
  return { open: false, minutes: next ? next[0] : null };
}

/** What the sheet says: "Open now, until 18:00", "Open 24 hours", "Closed now, opens tomorrow at
 *  10:00"; null when the text is beyond what parseOpeningHours reads. `t` is strings.js's. */
export function openingHoursText(text, now, t, locale = "en") {
  const week = parseOpeningHours(text);
  if (!week) return null;
  const { open, minutes } = openAt(week, now);
  const nowMinute = minuteOfWeek(now);
  if (open && minutes === null) return t("hours.always");
  if (!open && minutes === null) return t("hours.closed");
  const clock = `${String(Math.floor((((minutes % 1440) + 1440) % 1440) / 60)).padStart(2, "0")}:${String(((minutes % 60) + 60) % 60).padStart(2, "0")}`;
  if (open) return t("hours.openUntil", { time: clock });
  const days = Math.floor(minutes / 1440) - Math.floor(nowMinute / 1440);
  if (days === 0) return t("hours.opensAt", { time: clock });
  if (days === 1) return t("hours.opensTomorrow", { time: clock });
  const date = new Date(now.getTime() + days * 86_400_000);
  return t("hours.opensOn", { day: date.toLocaleDateString(locale, { weekday: "short" }), time: clock });
}
