/**
 * Calendar dates for bookings: `YYYY-MM-DD` strings naming a day in Manila (docs/product.md, Locale and money).
 * They are pure calendar dates: no time of day and no time-zone math here. Internally a date is a UTC midnight, or
 * its "epoch day" (days since 1970-01-01). Years 0001–9999 are supported. Plain TypeScript, browser-safe.
 *
 * Every function validates its inputs and throws a RangeError with a clear message on a malformed or impossible date
 * (`2026-02-30`), a non-integer count, or an end date before the start date.
 */

/** A calendar date, `YYYY-MM-DD` (e.g. `2026-03-15`). */
export type CalendarDate = string;

const MS_PER_DAY = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MIN_YEAR = 1;
const MAX_YEAR = 9999;

/** A UTC midnight for year/month (1–12)/day; out-of-range parts roll over as `Date` does. Works for years < 100. */
function utcDate(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

function parts(date: CalendarDate): { year: number; month: number; day: number } | null {
  const match = typeof date === "string" ? DATE_PATTERN.exec(date) : null;
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < MIN_YEAR) return null;
  const probe = utcDate(year, month, day);
  const roundTrips =
    probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
  return roundTrips ? { year, month, day } : null;
}

function partsOrThrow(date: CalendarDate, name: string): { year: number; month: number; day: number } {
  const result = parts(date);
  if (!result) throw new RangeError(`${name} must be a valid YYYY-MM-DD date, got ${JSON.stringify(date)}`);
  return result;
}

function assertWholeNumber(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be an integer, got ${String(value)}`);
}

function format(year: number, month: number, day: number): CalendarDate {
  if (year < MIN_YEAR || year > MAX_YEAR) {
    throw new RangeError(`date is outside the supported years ${MIN_YEAR}–${MAX_YEAR}`);
  }
  const pad = (value: number, width: number) => String(value).padStart(width, "0");
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** Whether `date` is a real calendar date written exactly as `YYYY-MM-DD` (year 0001–9999). */
export function isValidDate(date: string): boolean {
  return parts(date) !== null;
}

/** Throws a RangeError unless `date` is a valid `YYYY-MM-DD` date; `name` is used in the message. */
export function assertValidDate(date: string, name = "date"): void {
  partsOrThrow(date, name);
}

/** Days since 1970-01-01 (negative before it). */
export function toEpochDay(date: CalendarDate): number {
  const { year, month, day } = partsOrThrow(date, "date");
  return Math.round(utcDate(year, month, day).getTime() / MS_PER_DAY);
}

/** The date `epochDay` days after 1970-01-01. */
export function fromEpochDay(epochDay: number): CalendarDate {
  assertWholeNumber(epochDay, "epochDay");
  const date = new Date(epochDay * MS_PER_DAY);
  if (Number.isNaN(date.getTime())) throw new RangeError("date is outside the supported years");
  return format(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** Number of days in `month` (1–12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  assertWholeNumber(year, "year");
  assertWholeNumber(month, "month");
  if (month < 1 || month > 12) throw new RangeError(`month must be 1–12, got ${month}`);
  return utcDate(year, month + 1, 0).getUTCDate();
}

/** `date` moved by `days` days (an integer, may be negative). @example addDays("2026-02-28", 1) // "2026-03-01" */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  assertWholeNumber(days, "days");
  return fromEpochDay(toEpochDay(date) + days);
}

/**
 * `date` moved by `months` calendar months (an integer, may be negative), keeping the day of the month but clamping
 * it to the target month's last day.
 *
 * @example addMonths("2026-01-31", 1) // "2026-02-28"
 * @example addMonths("2024-01-31", 1) // "2024-02-29"
 */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const { year, month, day } = partsOrThrow(date, "date");
  assertWholeNumber(months, "months");
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  if (targetYear < MIN_YEAR || targetYear > MAX_YEAR) {
    throw new RangeError(`date is outside the supported years ${MIN_YEAR}–${MAX_YEAR}`);
  }
  return format(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/**
 * The last day of a booking of `months` months starting on `start`: start + N calendar months − 1 day, with
 * month-end clamping (docs/product.md, Date math). `months` is a non-negative integer; 0 gives the day before the start
 * (an empty booking), which keeps the definition uniform.
 *
 * @example endDateForMonths("2026-03-15", 1) // "2026-04-14"
 * @example endDateForMonths("2026-01-31", 1) // "2026-02-27" (2026-02-28 − 1 day)
 */
export function endDateForMonths(start: CalendarDate, months: number): CalendarDate {
  assertWholeNumber(months, "months");
  if (months < 0) throw new RangeError(`months must be non-negative, got ${months}`);
  return addDays(addMonths(start, months), -1);
}

/** Throws unless both dates are valid and `end` is on or after `start`. */
function assertRange(start: CalendarDate, end: CalendarDate): void {
  partsOrThrow(start, "start date");
  partsOrThrow(end, "end date");
  if (end < start) throw new RangeError(`end date ${end} is before start date ${start}`);
}

/** Days from `start` to `end` counting both ends (a one-day booking is 1). Throws if `end` is before `start`. */
export function daysInclusive(start: CalendarDate, end: CalendarDate): number {
  assertRange(start, end);
  return toEpochDay(end) - toEpochDay(start) + 1;
}

/**
 * Splits the booking `start`…`end` (both included) into whole months and remaining days, as docs/product.md (Date math)
 * defines: `months` = the largest N with `endDateForMonths(start, N)` on or before `end`; `days` = the days left after
 * those months, counting both ends (0 when the booking is exactly N months). Throws if `end` is before `start`.
 *
 * @example monthsAndRemainder("2026-03-15", "2026-04-14") // { months: 1, days: 0 }
 * @example monthsAndRemainder("2026-03-15", "2026-04-21") // { months: 1, days: 7 }
 */
export function monthsAndRemainder(start: CalendarDate, end: CalendarDate): { months: number; days: number } {
  assertRange(start, end);
  const s = partsOrThrow(start, "start date");
  const e = partsOrThrow(end, "end date");
  // start + (monthGap + 1) months lands in the month after `end`, so its end date is on or after the last day of
  // end's month; step down until the end date is on or before `end`. N = 0 always fits (its end is start − 1).
  let months = (e.year - s.year) * 12 + (e.month - s.month) + 1;
  const endDay = toEpochDay(end);
  while (months > 0 && lastDayOfMonths(s, months) > endDay) months -= 1;
  if (months === 0) return { months: 0, days: daysInclusive(start, end) };
  return { months, days: endDay - lastDayOfMonths(s, months) };
}

/**
 * Epoch day of `endDateForMonths` for already-validated parts, without the supported-years check, so that probing
 * one month past a booking that ends in December 9999 does not throw.
 */
function lastDayOfMonths(start: { year: number; month: number; day: number }, months: number): number {
  const index = start.year * 12 + (start.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const day = Math.min(start.day, utcDate(year, month + 1, 0).getUTCDate());
  return Math.round(utcDate(year, month, day).getTime() / MS_PER_DAY) - 1;
}

/** Day of the week of `date`: 0 = Sunday … 6 = Saturday. */
export function weekday(date: CalendarDate): number {
  const { year, month, day } = partsOrThrow(date, "date");
  return utcDate(year, month, day).getUTCDay();
}

/**
 * How many of the `days` consecutive days starting on `start` (inclusive) fall on one of `weekdays` (0 = Sunday …
 * 6 = Saturday; duplicates count once). `days` is a non-negative integer.
 *
 * @example countWeekdays("2026-12-01", 30, [1, 2, 3, 4, 5]) // 22 (Mon–Fri)
 */
export function countWeekdays(start: CalendarDate, days: number, weekdays: readonly number[]): number {
  assertWholeNumber(days, "days");
  if (days < 0) throw new RangeError(`days must be non-negative, got ${days}`);
  for (const day of weekdays) {
    if (!Number.isInteger(day) || day < 0 || day > 6) {
      throw new RangeError(`weekdays must be integers 0 (Sunday) to 6 (Saturday), got ${String(day)}`);
    }
  }
  const chosen = new Set(weekdays);
  const first = weekday(start);
  const fullWeeks = Math.floor(days / 7);
  let count = fullWeeks * chosen.size;
  for (let i = fullWeeks * 7; i < days; i++) if (chosen.has((first + i) % 7)) count += 1;
  return count;
}

/** Made once: building an Intl formatter costs about half a millisecond, using one a few microseconds. */
const manilaDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Manila" });

/** Today's date in Manila (booking dates are Manila calendar dates: docs/product.md, Locale and money). */
export function todayInManila(now = new Date()): CalendarDate {
  return manilaDay.format(now);
}

/**
 * Manila's offset from UTC, in minutes. The Philippines keeps UTC+8 all year (no daylight saving since the summer of 1990), so
 * turning a Manila calendar date into an instant needs no time-zone database.
 */
export const MANILA_UTC_OFFSET_MINUTES = 8 * 60;

/**
 * The instant a Manila calendar date begins (its 00:00 in Manila), e.g. for a deadline "at the start date".
 *
 * @example startOfManilaDay("2026-03-15").toISOString() // "2026-03-14T16:00:00.000Z"
 */
export function startOfManilaDay(date: CalendarDate): Date {
  return new Date(toEpochDay(date) * MS_PER_DAY - MANILA_UTC_OFFSET_MINUTES * 60_000);
}

const longDate = new Intl.DateTimeFormat("en-PH", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A calendar date written the en-PH way for people, "December 1, 2026", whatever the time zone. */
export function formatCalendarDate(date: CalendarDate): string {
  assertValidDate(date);
  return longDate.format(new Date(toEpochDay(date) * MS_PER_DAY));
}

/** The earlier of two calendar dates (YYYY-MM-DD strings compare in calendar order). */
export function earlierDate(a: CalendarDate, b: CalendarDate): CalendarDate {
  assertValidDate(a);
  assertValidDate(b);
  return a <= b ? a : b;
}

/** The later of two calendar dates. */
export function laterDate(a: CalendarDate, b: CalendarDate): CalendarDate {
  assertValidDate(a);
  assertValidDate(b);
  return a >= b ? a : b;
}

// An instant for people lives in ./moments, so that a page showing only instants need not download the calendar.
export { formatMoment } from "./moments";
