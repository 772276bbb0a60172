import { assertValidDate, type CalendarDate, toEpochDay } from "./dates";
import { formatMoment } from "./moments";

/**
 * Dates in lists on a phone (docs/design.md, Dates in lists; ADR 0078): short, with the year only when it is not this
 * year's, so a card stays one line without an old date reading as this year's. "Today" and "now" come from the
 * loader, so the server and the browser write the same words. A module of its own, so the first pages that show
 * dates in full (the listing page) do not download these formatters.
 */

const MS_PER_DAY = 86_400_000;
const shortDate = new Intl.DateTimeFormat("en-PH", { day: "numeric", month: "short", timeZone: "UTC" });
const shortDateWithYear = new Intl.DateTimeFormat("en-PH", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** A calendar date: "Dec 1" in `today`'s year, "Dec 1, 2025" in another. `today` is Manila's (todayInManila). */
export function formatDateNear(date: CalendarDate, today: CalendarDate): string {
  assertValidDate(date);
  assertValidDate(today, "today");
  const sameYear = date.slice(0, 4) === today.slice(0, 4);
  return (sameYear ? shortDate : shortDateWithYear).format(new Date(toEpochDay(date) * MS_PER_DAY));
}

/** A stay or a billed month: "Dec 1 to Dec 31", each end with its year when it is not this year's. */
export function formatRangeNear(start: CalendarDate, end: CalendarDate, today: CalendarDate): string {
  return `${formatDateNear(start, today)} to ${formatDateNear(end, today)}`;
}

const momentWithYear = new Intl.DateTimeFormat("en-PH", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Manila",
});
const manilaYear = new Intl.DateTimeFormat("en-PH", { year: "numeric", timeZone: "Asia/Manila" });

/**
 * An instant on Manila's clock: "Nov 25, 11:57 PM" when it falls in `now`'s year on Manila's calendar, "Nov 25, 2025,
 * 11:57 PM" when not — formatMoment's words (./moments), with the year when it is needed.
 */
export function formatMomentNear(instant: string | Date, now: string | Date): string {
  const at = new Date(instant);
  const sameYear = manilaYear.format(at) === manilaYear.format(new Date(now));
  return sameYear ? formatMoment(at) : momentWithYear.format(at);
}
