/**
 * No overbooking, ever (docs/product.md, Booking lifecycle): a whole space or a parking slot has at most one booking
 * holding any date, and a space rented by units (sqm, cbm, pallet) never has more units held on a date than it
 * offers. Two parking bookings of one slot may share dates only if their weekdays never meet.
 *
 * These are the rules as pure functions, for a friendly message before anything is written; the database enforces
 * the same rules (an exclusion constraint, a locked capacity check), so a race between two requests cannot break
 * them. Plain TypeScript, browser-safe.
 */

import {
  addDays,
  assertValidDate,
  type CalendarDate,
  daysInclusive,
  earlierDate,
  formatCalendarDate,
  laterDate,
  weekday,
} from "./dates";
import { assertNonNegativeInteger } from "./money";

/**
 * The booking states that hold a space's dates (docs/product.md, No overbooking): the units stay taken while a booking
 * is in one.
 */
export const HOLDING_STATES = ["awaiting_payment", "requested", "approved", "active"] as const;

/** Whether a booking in `state` holds its dates. */
export function isHoldingState(state: string): boolean {
  return (HOLDING_STATES as readonly string[]).includes(state);
}

/** Calendar dates from `startDate` to `endDate`, both included. */
export interface DateRange {
  startDate: CalendarDate;
  endDate: CalendarDate;
}

/** What one booking holds of a space. */
export interface Hold extends DateRange {
  /** Units held: sqm, cbm or pallets for a unit rental; 1 for a whole space or a parking slot. */
  units: number;
  /**
   * Parking: the chosen days of the week (0 = Sunday … 6 = Saturday); the booking holds only those days of its
   * range. `null` (or all seven) holds every day.
   */
  weekdays: readonly number[] | null;
}

/** A hold of an existing booking, with the state that decides whether it still counts. */
export interface BookedHold extends Hold {
  state: string;
}

function assertRange({ startDate, endDate }: DateRange): void {
  daysInclusive(startDate, endDate); // validates both dates and their order
}

function weekdaySet(weekdays: readonly number[] | null): Set<number> {
  const all = [0, 1, 2, 3, 4, 5, 6];
  for (const day of weekdays ?? all) {
    if (!Number.isInteger(day) || day < 0 || day > 6) {
      throw new RangeError(`weekdays must be integers 0 (Sunday) to 6 (Saturday), got ${String(day)}`);
    }
  }
  return new Set(weekdays ?? all);
}

/** Whether two date ranges share at least one calendar date (both ends included). */
export function rangesOverlap(a: DateRange, b: DateRange): boolean {
  assertRange(a);
  assertRange(b);
  return a.startDate <= b.endDate && b.startDate <= a.endDate;
}

/** The dates two ranges share, or null when they share none. */
export function rangeIntersection(a: DateRange, b: DateRange): DateRange | null {
  if (!rangesOverlap(a, b)) return null;
  return {
    startDate: laterDate(a.startDate, b.startDate),
    endDate: earlierDate(a.endDate, b.endDate),
  };
}

/**
 * Whether two parking bookings of one slot meet: their date ranges overlap AND, among the days both actually cover,
 * one falls on a weekday both chose. (Mon–Wed and Thu–Fri never meet; Mon–Fri and Sat–Sun never meet; Mon and Mon
 * meet as soon as the shared dates include a Monday.) `null` weekdays mean every day (a full-month booking).
 */
export function parkingBookingsMeet(
  a: DateRange & { weekdays: readonly number[] | null },
  b: DateRange & { weekdays: readonly number[] | null },
): boolean {
  const aDays = weekdaySet(a.weekdays);
  const bDays = weekdaySet(b.weekdays);
  const shared = rangeIntersection(a, b);
  if (!shared) return false;
  const common = [...aDays].filter((day) => bDays.has(day));
  if (common.length === 0) return false;
  const days = daysInclusive(shared.startDate, shared.endDate);
  if (days >= 7) return true; // a full week of shared dates contains every weekday
  const first = weekday(shared.startDate);
  for (let i = 0; i < days; i++) if (common.includes((first + i) % 7)) return true;
  return false;
}

/** Whether `hold` takes its units on `date`: inside its range and on one of its weekdays. */
export function holdsOn(hold: Hold, date: CalendarDate): boolean {
  assertValidDate(date);
  if (date < hold.startDate || date > hold.endDate) return false;
  return weekdaySet(hold.weekdays).has(weekday(date));
}

/** Units held on one date. */
export interface HeldOnDate {
  date: CalendarDate;
  units: number;
}

/**
 * The units held on each date from `from` to `to` (both included) by the bookings among `bookings` whose state
 * holds dates ({@link HOLDING_STATES}); bookings in any other state (declined, expired, cancelled, completed) are
 * ignored.
 */
export function unitsHeldByDate(bookings: readonly BookedHold[], range: DateRange): HeldOnDate[] {
  assertRange(range);
  const holding = bookings.filter((booking) => isHoldingState(booking.state));
  for (const booking of holding) {
    assertRange(booking);
    assertNonNegativeInteger(booking.units, "units");
  }
  const days = daysInclusive(range.startDate, range.endDate);
  const result: HeldOnDate[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(range.startDate, i);
    let units = 0;
    for (const booking of holding) {
      if (holdsOn(booking, date)) units += booking.units;
    }
    result.push({ date, units });
  }
  return result;
}

/** The first date on which a new hold would overbook a space, with what was already held there. */
export interface Overbooking {
  date: CalendarDate;
  /** Units other bookings hold on that date. */
  held: number;
  /** Units the space offers (1 for a whole space or a parking slot). */
  capacity: number;
}

/**
 * The first date on which `candidate` would take the space beyond its `capacity`, given the other bookings of the
 * same space (or parking slot), or null when it fits. A whole space or a parking slot has a capacity of 1 and each
 * booking holds 1 unit, so this one rule covers all three cases of the rule; for a parking slot it gives the same
 * answer as {@link parkingBookingsMeet} against every holding booking. `others` must not include the candidate
 * itself (when checking an extension, pass the booking's added dates as the candidate).
 */
export function findOverbooking(
  candidate: Hold,
  others: readonly BookedHold[],
  capacity: number,
): Overbooking | null {
  assertNonNegativeInteger(capacity, "capacity");
  assertNonNegativeInteger(candidate.units, "units");
  if (candidate.units === 0) throw new RangeError("a booking holds at least one unit");
  for (const { date, units } of unitsHeldByDate(others, candidate)) {
    if (holdsOn(candidate, date) && units + candidate.units > capacity)
      return { date, held: units, capacity };
  }
  return null;
}

/**
 * What a renter is told when the dates are taken: for a whole space or a parking slot that it is booked that day;
 * for a unit rental how many units are still free. `unitName` names the space's unit ("sqm", "pallets").
 */
export function overbookingMessage({ date, held, capacity }: Overbooking, unitName = "units"): string {
  const day = formatCalendarDate(date);
  if (capacity <= 1) return `This space is already booked on ${day}. Please choose other dates.`;
  const free = Math.max(0, capacity - held);
  return `Only ${free} of ${capacity} ${unitName} are free on ${day}. Please choose fewer ${unitName} or other dates.`;
}
