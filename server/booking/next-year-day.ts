// The day "Book next year" proposes (decision 0055), a pure rule on the calendar alone (no clock, no zone): the same
// weekday of the same ISO week next year when that day is in the slow season; otherwise the same weekday of the
// season's matching week, the done week's place counted from the season's first week round the season's weeks, so the
// fall rush spreads over the whole spring instead of piling onto its first week, and a week of the season maps to
// itself. "Next year" is the done day's calendar year plus one.
import { addDays, daysBetween, weekdayOf, type Day } from "../../app/lib/business-day.ts";

/** The slow season, month-day to month-day within one year ("03-01" to "05-31"), as content/business.yaml says. */
export type SlowSeason = { readonly from: string; readonly through: string };

const yearOf = (day: Day) => Number(day.slice(0, 4));

/** The Monday of a day's ISO week. */
export const mondayOf = (day: Day): Day => addDays(day, 1 - weekdayOf(day));

/** The Monday of ISO week 1 of a year: the week with 4 January in it. */
const firstMonday = (year: number): Day => mondayOf(`${String(year).padStart(4, "0")}-01-04`);

/** A day's ISO week: its year (which can differ from the day's at the turn of the year) and number. */
export function isoWeekOf(day: Day): { year: number; week: number } {
  const thursday = addDays(mondayOf(day), 3);
  const year = yearOf(thursday);
  return { year, week: daysBetween(firstMonday(year), mondayOf(day)) / 7 + 1 };
}

/** 52 or 53: 28 December is always in a year's last ISO week. */
export const weeksIn = (year: number): number => isoWeekOf(`${String(year).padStart(4, "0")}-12-28`).week;

/** The season's first and last day in a year. */
export function seasonIn(year: number, season: SlowSeason): { first: Day; last: Day } {
  const y = String(year).padStart(4, "0");
  return { first: `${y}-${season.from}`, last: `${y}-${season.through}` };
}

/** The day proposed for next year's visit after a job or visit done on `done`. */
export function nextYearDay(done: Day, season: SlowSeason): Day {
  const { week } = isoWeekOf(done);
  const weekday = weekdayOf(done);
  const year = yearOf(done) + 1;
  const { first, last } = seasonIn(year, season);
  // Week 53 next year may not exist: its last week stands in.
  const same = addDays(firstMonday(year), 7 * (Math.min(week, weeksIn(year)) - 1) + weekday - 1);
  if (first <= same && same <= last) return same;
  const start = mondayOf(first);
  const weeks = daysBetween(start, mondayOf(last)) / 7 + 1;
  const index = (((week - isoWeekOf(start).week) % weeks) + weeks) % weeks;
  let day = addDays(start, 7 * index + weekday - 1);
  // The season's first or last week may be part of a week: the same weekday a week in, else its own edge.
  if (day < first) day = addDays(day, 7);
  if (day > last) day = addDays(day, -7);
  return day < first ? first : day > last ? last : day;
}
