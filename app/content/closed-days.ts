// The business's closed days (holidays) as rules that hold every year: a fixed date ("December 25") or a weekday of
// a month ("fourth Thursday of November", "last Monday of May"). A rule closes the very day it names: a holiday on a
// weekend does not move to an observed Friday or Monday (decision 0036). Plain calendar arithmetic on "YYYY-MM-DD"
// days, as server/time/wall-time.ts does for days, with no imports: the business facts' schema checks the rules with
// it, and the schema reaches browser code.

export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const ORDINALS = ["first", "second", "third", "fourth", "last"] as const;

export type ClosedDayRule =
  | { month: number; date: number }
  /** weekday 1 (Monday) … 7 (Sunday); nth 1–4, or -1 for the last. */
  | { month: number; weekday: number; nth: number };

/** The wording the owner types, for messages and help. */
export const RULE_EXAMPLES = "a date like December 25, or a day like fourth Thursday of November";

const lower = (list: readonly string[]) => list.map((s) => s.toLowerCase());

/** "December 25", "fourth Thursday of November", "last Monday in May" → a rule; anything else → null. */
export function parseClosedDayRule(text: string): ClosedDayRule | null {
  const words = text.trim().toLowerCase().replace(/,/g, " ").split(/\s+/);
  if (words.length === 2) {
    const month = lower(MONTHS).indexOf(words[0] ?? "") + 1;
    const date = /^\d{1,2}$/.test(words[1] ?? "") ? Number(words[1]) : 0;
    // February 29 would close a day only one year in four: refused, so a rule always names a day.
    const longest = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
    return month > 0 && date >= 1 && date <= longest ? { month, date } : null;
  }
  if (words.length === 4 && (words[2] === "of" || words[2] === "in")) {
    const nthIndex = lower(ORDINALS).indexOf(words[0] ?? "");
    const weekday = lower(WEEKDAYS).indexOf(words[1] ?? "") + 1;
    const month = lower(MONTHS).indexOf(words[3] ?? "") + 1;
    if (nthIndex < 0 || weekday === 0 || month === 0) return null;
    return { month, weekday, nth: nthIndex === 4 ? -1 : nthIndex + 1 };
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** 1 (Monday) … 7 (Sunday) of a calendar date. */
function weekdayOfDate(year: number, month: number, date: number): number {
  return ((new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7) + 1;
}

/** The day a rule closes in a year, "YYYY-MM-DD". */
export function ruleDay(rule: ClosedDayRule, year: number): string {
  if ("date" in rule) return `${year}-${pad(rule.month)}-${pad(rule.date)}`;
  const length = new Date(Date.UTC(year, rule.month, 0)).getUTCDate();
  let date: number;
  if (rule.nth > 0) {
    const first = weekdayOfDate(year, rule.month, 1);
    date = 1 + ((rule.weekday - first + 7) % 7) + (rule.nth - 1) * 7;
  } else {
    const last = weekdayOfDate(year, rule.month, length);
    date = length - ((last - rule.weekday + 7) % 7);
  }
  return `${year}-${pad(rule.month)}-${pad(date)}`;
}

export type ClosedDay = { name: string; date: string };

const parsed = new Map<string, ClosedDayRule | null>();
function ruleOf(text: string): ClosedDayRule | null {
  let rule = parsed.get(text);
  if (rule === undefined) {
    rule = parseClosedDayRule(text);
    if (parsed.size > 500) parsed.clear();
    parsed.set(text, rule);
  }
  return rule;
}

/** The name of the closed day `day` ("YYYY-MM-DD") falls on, or null when the business is open that day. */
export function closedDayName(day: string, closedDays: readonly ClosedDay[]): string | null {
  const year = Number(day.slice(0, 4));
  for (const c of closedDays) {
    const rule = ruleOf(c.date);
    if (rule && ruleDay(rule, year) === day) return c.name;
  }
  return null;
}

/** The closed days from `first` to `last` (inclusive), in order: [{ day, name }]. */
export function closedDaysBetween(
  first: string,
  last: string,
  closedDays: readonly ClosedDay[],
): { day: string; name: string }[] {
  const out: { day: string; name: string }[] = [];
  for (let year = Number(first.slice(0, 4)); year <= Number(last.slice(0, 4)); year++) {
    for (const c of closedDays) {
      const rule = ruleOf(c.date);
      const day = rule && ruleDay(rule, year);
      if (day && first <= day && day <= last && !out.some((o) => o.day === day)) out.push({ day, name: c.name });
    }
  }
  return out.sort((a, b) => (a.day < b.day ? -1 : 1));
}
