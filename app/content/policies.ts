/**
 * The numbers the help center, the policies and the landing pages quote, taken from the pricing rules themselves
 * (app/domain/pricing.ts) so the text can never disagree with what a booking is charged. Worked examples are
 * computed by the same functions a booking uses.
 */
import { type CalendarDate, countWeekdays, endDateForMonths } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import {
  BASIS_POINTS_PER_WHOLE,
  bookingPrice,
  DAYS_PER_PRICING_MONTH,
  DEFAULT_SPACE_SOLUTION_FEE_BASIS_POINTS,
  DEPOSIT_MINIMUM_MONTHS,
  FIRST_MONTH_DISCOUNT_MINIMUM_MONTHS,
  firstMonthDiscount,
  parkingMonthPrice,
  storageStayQuote,
} from "~/domain/pricing";

/**
 * Hours a host has to accept or decline a booking request before it expires (docs/product.md, Booking lifecycle).
 * The booking state machine is not in app/domain yet; once it is, this should come from there.
 */
export const HOST_ANSWER_HOURS = 48;

/** When the terms and policies last changed (YYYY-MM-DD). */
export const POLICIES_UPDATED = "2026-11-21";

/** A rate in basis points as a percentage for text: 500 → "5%", 250 → "2.5%". */
export function percentOf(basisPoints: number): string {
  return `${(basisPoints * 100) / BASIS_POINTS_PER_WHOLE}%`;
}

/** The Space Solution fee, as a percentage of the first month's price after the first-month discount. */
export const FEE_PERCENT = percentOf(DEFAULT_SPACE_SOLUTION_FEE_BASIS_POINTS);

/** Whole months from which a listing that asks for a deposit charges one, per type of space (the pricing rule's). */
export { DEPOSIT_MINIMUM_MONTHS };

/** Whole months from which a listing's first-month discount applies (the pricing rule's). */
export const DISCOUNT_MINIMUM_MONTHS = FIRST_MONTH_DISCOUNT_MINIMUM_MONTHS;

/** The first-month discount as a percentage of one month's price ("50%"). */
export const DISCOUNT_PERCENT = `${firstMonthDiscount({
  offered: true,
  months: DISCOUNT_MINIMUM_MONTHS,
  monthlyPrice: 100,
  quantity: 1,
})}%`;

/** "1 month", "2 months". */
export function monthsText(months: number): string {
  return `${months} ${months === 1 ? "month" : "months"}`;
}

const MONTH_NAMES = [
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

/** A calendar date (YYYY-MM-DD) in words, the same on the server and in the browser: "21 November 2026". */
export function longDate(date: CalendarDate): string {
  const [year, month, day] = date.split("-").map(Number);
  return `${day} ${MONTH_NAMES[(month ?? 1) - 1]} ${year}`;
}

/** How a booking's end date falls: a one-month booking from 15 March 2026 ends on 14 April 2026. */
export function endDateExample() {
  const start = "2026-03-15";
  return { start: longDate(start), end: longDate(endDateForMonths(start, 1)) };
}

/** The monthly price of the worked examples: ₱3,000.00, as in docs/product.md (Pricing examples). */
const EXAMPLE_MONTHLY_PRICE = 300000;
const EXAMPLE_START = "2027-01-04";

/**
 * A storage booking at {@link EXAMPLE_MONTHLY_PRICE} a month for {@link DISCOUNT_MINIMUM_MONTHS} months, with the
 * first-month discount offered and a deposit asked: every line of what is due at booking, formatted.
 */
export function storageBookingExample() {
  const months = DISCOUNT_MINIMUM_MONTHS;
  const price = bookingPrice({
    type: "storage",
    monthlyPrice: EXAMPLE_MONTHLY_PRICE,
    quantity: 1,
    startDate: EXAMPLE_START,
    endDate: endDateForMonths(EXAMPLE_START, months),
    firstMonthDiscountOffered: true,
    depositAsked: true,
  });
  return {
    months,
    monthlyPrice: formatPeso(EXAMPLE_MONTHLY_PRICE),
    firstMonthPrice: formatPeso(price.firstMonthPrice),
    firstMonthDiscount: formatPeso(price.firstMonthDiscount),
    deposit: formatPeso(price.deposits),
    fee: formatPeso(price.spaceSolutionFee),
    due: formatPeso(price.due),
  };
}

/** A short storage stay: the price of `days` days at {@link EXAMPLE_MONTHLY_PRICE} a month. */
export function shortStayExample(days = 5) {
  return {
    days,
    monthlyPrice: formatPeso(EXAMPLE_MONTHLY_PRICE),
    price: formatPeso(storageStayQuote(EXAMPLE_MONTHLY_PRICE, days)),
  };
}

/**
 * Parking on weekdays (Monday to Friday) at ₱150.00 a day from 1 December 2026: the weekdays among the
 * {@link DAYS_PER_PRICING_MONTH} days from the start, and the month's price.
 */
export function weekdayParkingExample() {
  const dailyPrice = 15000;
  const startDate = "2026-12-01";
  const weekdays = [1, 2, 3, 4, 5];
  return {
    dailyPrice: formatPeso(dailyPrice),
    days: countWeekdays(startDate, DAYS_PER_PRICING_MONTH, weekdays),
    price: formatPeso(parkingMonthPrice({ dailyPrice, monthlyPrice: 0, weekdays, startDate })),
  };
}
