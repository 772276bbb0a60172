/**
 * Prices of stays and bookings, exactly as docs/product.md (Pricing) defines them. Used by a listing
 * page's price calculator and by bookings. Plain TypeScript, no dependencies, browser-safe.
 *
 * Conventions:
 * - Money is integer centavos ({@link Centavos}); days, months, quantities and weekdays are integers. Every input is
 *   checked and a negative or non-integer one throws a RangeError.
 * - P is the monthly price of one unit (the listing price of an entire space, or the price per sqm / cbm / pallet),
 *   q the quantity of units (1 for an entire space, and always 1 for parking).
 * - Each line item is rounded half-up to the centavo once, at the end of its own computation (one exact fraction);
 *   totals add rounded line items.
 */

import { type CalendarDate, countWeekdays, monthsAndRemainder } from "./dates";
import { assertNonNegativeInteger, type Centavos, roundHalfUpProduct } from "./money";
import type { SpaceType } from "./vocabulary";

/** Days in a "month" for daily shares and for the parking month (docs/product.md, Pricing). */
export const DAYS_PER_PRICING_MONTH = 30;

/** Basis points in 100 % (1 bp = 0.01 %). */
export const BASIS_POINTS_PER_WHOLE = 10_000;

/** The Space Solution fee rate by default: 5 % = 500 basis points. */
export const DEFAULT_SPACE_SOLUTION_FEE_BASIS_POINTS = 500;

/** Longest remainder, in days, charged as a daily share; a longer remainder is charged a full month. */
const MAX_DAILY_REMAINDER = 10;

/** Whole months (M) from which a listing that asks for a deposit charges one (docs/product.md, Pricing and Deposit). */
export const DEPOSIT_MINIMUM_MONTHS = { storage: 2, parking: 1 } as const;

/** Whole months (M) from which a listing's first-month discount applies (docs/product.md, First-month discount). */
export const FIRST_MONTH_DISCOUNT_MINIMUM_MONTHS = 6;

/**
 * Storage stay quote: the price of a stay of `days` days on a storage listing whose monthly price is
 * `monthlyPrice` (the listing's estimate; bookings are charged by {@link spaceFee}).
 * - days ≤ 10: days × P / 10;
 * - 11 ≤ days ≤ 30: P;
 * - days > 30: ⌊days / 30⌋ × P + (days mod 30) × P / 30, which as one exact fraction is days × P / 30.
 *
 * A stay of 0 days costs 0. Non-decreasing in `days`.
 *
 * @example storageStayQuote(300000, 31) // 310000 (₱3,100.00)
 */
export function storageStayQuote(monthlyPrice: Centavos, days: number): Centavos {
  assertNonNegativeInteger(monthlyPrice, "monthlyPrice");
  assertNonNegativeInteger(days, "days");
  if (days <= 10) return roundHalfUpProduct([days, monthlyPrice], 10);
  if (days <= DAYS_PER_PRICING_MONTH) return monthlyPrice;
  return roundHalfUpProduct([days, monthlyPrice], DAYS_PER_PRICING_MONTH);
}

/** Input of {@link spaceFee}: P, q, and the booking's whole months M and remaining days r (see `monthsAndRemainder`). */
export interface SpaceFeeInput {
  /** P: monthly price of one unit, in centavos. */
  monthlyPrice: Centavos;
  /** q: number of units (1 for an entire space). */
  quantity: number;
  /** M: whole months of the booking. */
  months: number;
  /** r: days left after the whole months, counting both ends. */
  remainderDays: number;
}

/**
 * Space fee: what a booking is charged for the space. M × P × q, plus for the remainder r:
 * - r > 10: one more full month (P × q);
 * - r ≤ 10 and M = 0: r × P × 3/30 × q;
 * - r ≤ 10 and M ≥ 1: r × P / 30 × q.
 *
 * The whole fee is one line item, rounded once: e.g. P = ₱1,000.00, M = 1, r = 7 → (30 × 1 + 7) × 100000 / 30 =
 * 123333.33… → ₱1,233.33. Non-decreasing in r (and in the booking's end date).
 */
export function spaceFee({ monthlyPrice, quantity, months, remainderDays }: SpaceFeeInput): Centavos {
  assertNonNegativeInteger(monthlyPrice, "monthlyPrice");
  assertNonNegativeInteger(quantity, "quantity");
  assertNonNegativeInteger(months, "months");
  assertNonNegativeInteger(remainderDays, "remainderDays");
  if (remainderDays > MAX_DAILY_REMAINDER) return roundHalfUpProduct([months + 1, monthlyPrice, quantity], 1);
  if (months === 0)
    return roundHalfUpProduct([remainderDays, monthlyPrice, 3, quantity], DAYS_PER_PRICING_MONTH);
  // (M × P × q) + (r × P × q / 30) = (30 × M + r) × P × q / 30, rounded once.
  return roundHalfUpProduct(
    [DAYS_PER_PRICING_MONTH * months + remainderDays, monthlyPrice, quantity],
    DAYS_PER_PRICING_MONTH,
  );
}

/** The space fee of the booking `startDate`…`endDate` (both included): {@link spaceFee} with M and r from the dates. */
export function spaceFeeForDates(
  monthlyPrice: Centavos,
  quantity: number,
  startDate: CalendarDate,
  endDate: CalendarDate,
): Centavos {
  const { months, days } = monthsAndRemainder(startDate, endDate);
  return spaceFee({ monthlyPrice, quantity, months, remainderDays: days });
}

/** Input of {@link parkingMonthPrice}. */
export interface ParkingMonthInput {
  /** Daily price of the parking space, in centavos. */
  dailyPrice: Centavos;
  /** The listing's monthly price, in centavos, used when all seven weekdays are chosen. */
  monthlyPrice: Centavos;
  /** Chosen days of the week, 0 = Sunday … 6 = Saturday; duplicates count once. */
  weekdays: readonly number[];
  /** First day of the booking. */
  startDate: CalendarDate;
}

/**
 * Parking month price: the chosen weekdays counted among the 30 days starting on `startDate` (inclusive), times the
 * daily price. A full-month parking booking (all seven weekdays chosen) uses the listing's monthly price instead.
 * No weekday chosen → 0 (a booking needs at least one; {@link bookingPrice} enforces it).
 *
 * @example parkingMonthPrice({ dailyPrice: 15000, monthlyPrice: 400000, weekdays: [1, 2, 3, 4, 5], startDate: "2026-12-01" })
 * // 22 days × ₱150.00 = 330000 (₱3,300.00)
 */
export function parkingMonthPrice({
  dailyPrice,
  monthlyPrice,
  weekdays,
  startDate,
}: ParkingMonthInput): Centavos {
  assertNonNegativeInteger(dailyPrice, "dailyPrice");
  assertNonNegativeInteger(monthlyPrice, "monthlyPrice");
  const days = countWeekdays(startDate, DAYS_PER_PRICING_MONTH, weekdays);
  if (new Set(weekdays).size === 7) return monthlyPrice;
  return roundHalfUpProduct([days, dailyPrice], 1);
}

/**
 * The first month's price of a storage booking:
 * - M ≥ 1: one full month of the booked units, P × q;
 * - M = 0 (a stay shorter than a month): the space fee of that stay (r × P × 3/30 × q for r ≤ 10, else P × q).
 */
export function storageFirstMonthPrice({
  monthlyPrice,
  quantity,
  months,
  remainderDays,
}: SpaceFeeInput): Centavos {
  assertNonNegativeInteger(monthlyPrice, "monthlyPrice");
  assertNonNegativeInteger(quantity, "quantity");
  assertNonNegativeInteger(months, "months");
  assertNonNegativeInteger(remainderDays, "remainderDays");
  if (months >= 1) return roundHalfUpProduct([monthlyPrice, quantity], 1);
  return spaceFee({ monthlyPrice, quantity, months, remainderDays });
}

/** Input of {@link firstMonthDiscount}. */
export interface FirstMonthDiscountInput {
  /** Whether the listing offers the first-month discount. */
  offered: boolean;
  /** M: whole months of the booking. */
  months: number;
  /** P: monthly price of one unit (for parking: the parking month price), in centavos. */
  monthlyPrice: Centavos;
  /** q: number of units (1 for an entire space and for parking). */
  quantity: number;
}

/**
 * First-month discount: half of one month, P × q / 2, when the listing offers it and M ≥ 6
 * ({@link FIRST_MONTH_DISCOUNT_MINIMUM_MONTHS}); otherwise 0.
 */
export function firstMonthDiscount({
  offered,
  months,
  monthlyPrice,
  quantity,
}: FirstMonthDiscountInput): Centavos {
  assertNonNegativeInteger(months, "months");
  assertNonNegativeInteger(monthlyPrice, "monthlyPrice");
  assertNonNegativeInteger(quantity, "quantity");
  if (!offered || months < FIRST_MONTH_DISCOUNT_MINIMUM_MONTHS) return 0;
  return roundHalfUpProduct([monthlyPrice, quantity], 2);
}

/** Input of {@link deposit}. */
export interface DepositInput {
  type: SpaceType;
  /** Whether the listing asks for a deposit. */
  asked: boolean;
  /** M: whole months of the booking. */
  months: number;
  /** The booking's first month price, in centavos. */
  firstMonthPrice: Centavos;
}

/**
 * Deposit: equal to the first month's price when the listing asks for one and M ≥ 2 for storage or M ≥ 1 for
 * parking ({@link DEPOSIT_MINIMUM_MONTHS}); otherwise 0.
 */
export function deposit({ type, asked, months, firstMonthPrice }: DepositInput): Centavos {
  assertNonNegativeInteger(months, "months");
  assertNonNegativeInteger(firstMonthPrice, "firstMonthPrice");
  return asked && months >= DEPOSIT_MINIMUM_MONTHS[type] ? firstMonthPrice : 0;
}

/** Input of {@link spaceSolutionFee}. */
export interface SpaceSolutionFeeInput {
  firstMonthPrice: Centavos;
  /** The first-month discount, at most `firstMonthPrice`. */
  firstMonthDiscount: Centavos;
  /**
   * The fee rate as an integer number of basis points (1 bp = 0.01 %, so 500 = 5 %, 10000 = 100 %); between 0 and
   * 10000. Defaults to {@link DEFAULT_SPACE_SOLUTION_FEE_BASIS_POINTS}.
   */
  rateBasisPoints?: number;
}

/**
 * Space Solution fee: the platform's rate (5 % by default) of the first month's price after the first-month
 * discount, rounded half-up once: (firstMonthPrice − discount) × bp / 10000.
 */
export function spaceSolutionFee({
  firstMonthPrice,
  firstMonthDiscount: discount,
  rateBasisPoints = DEFAULT_SPACE_SOLUTION_FEE_BASIS_POINTS,
}: SpaceSolutionFeeInput): Centavos {
  assertNonNegativeInteger(firstMonthPrice, "firstMonthPrice");
  assertNonNegativeInteger(discount, "firstMonthDiscount");
  assertNonNegativeInteger(rateBasisPoints, "rateBasisPoints");
  if (rateBasisPoints > BASIS_POINTS_PER_WHOLE) {
    throw new RangeError(`rateBasisPoints must be at most ${BASIS_POINTS_PER_WHOLE}, got ${rateBasisPoints}`);
  }
  if (discount > firstMonthPrice) throw new RangeError("firstMonthDiscount must not exceed firstMonthPrice");
  return roundHalfUpProduct([firstMonthPrice - discount, rateBasisPoints], BASIS_POINTS_PER_WHOLE);
}

/** Input of {@link dueAtBooking}: already-rounded line items, in centavos. */
export interface DueInput {
  firstMonthPrice: Centavos;
  firstMonthDiscount: Centavos;
  deposits: Centavos;
  spaceSolutionFee: Centavos;
  /** The applied voucher's value; 0 when none. */
  voucher?: Centavos;
}

/**
 * Due at booking = first month price − first-month discount + deposit + Space Solution fee − applied voucher, never
 * below 0 (a voucher worth more than the rest is not paid out).
 */
export function dueAtBooking({
  firstMonthPrice,
  firstMonthDiscount: discount,
  deposits,
  spaceSolutionFee: fee,
  voucher = 0,
}: DueInput): Centavos {
  assertNonNegativeInteger(firstMonthPrice, "firstMonthPrice");
  assertNonNegativeInteger(discount, "firstMonthDiscount");
  assertNonNegativeInteger(deposits, "deposits");
  assertNonNegativeInteger(fee, "spaceSolutionFee");
  assertNonNegativeInteger(voucher, "voucher");
  return Math.max(0, firstMonthPrice - discount + deposits + fee - voucher);
}

/**
 * `price` with an applied voucher or coupon worth `voucher` taken off its due, by {@link dueAtBooking}: the one way a
 * code lowers a booking's due, whether quoted, checked or booked.
 */
export function priceWithVoucher(price: BookingPrice, voucher: Centavos): BookingPrice {
  return { ...price, due: dueAtBooking({ ...price, voucher }) };
}

/** What every booking price request carries, storage or parking. */
interface BookingPriceCommon {
  /** First day of the booking. */
  startDate: CalendarDate;
  /** Last day of the booking (included); on or after `startDate`. */
  endDate: CalendarDate;
  /** Whether the listing offers the first-month discount. */
  firstMonthDiscountOffered: boolean;
  /** Whether the listing asks for a deposit. */
  depositAsked: boolean;
  /** Value of the applied voucher in centavos; 0 or absent when none. */
  voucher?: Centavos;
  /** Space Solution fee rate in basis points (500 = 5 %, the default). */
  feeRateBasisPoints?: number;
}

/** A storage booking: P per unit per month and q units. */
export interface StorageBookingPriceInput extends BookingPriceCommon {
  type: "storage";
  /** P: monthly price of one unit, in centavos. */
  monthlyPrice: Centavos;
  /** q: number of units (1 for an entire space). */
  quantity: number;
}

/** A parking booking: a daily price on the chosen weekdays, or the monthly price for all seven. */
export interface ParkingBookingPriceInput extends BookingPriceCommon {
  type: "parking";
  /** Daily price, in centavos. */
  dailyPrice: Centavos;
  /** The listing's monthly price, in centavos (used when all seven weekdays are chosen). */
  monthlyPrice: Centavos;
  /** Chosen weekdays, 0 = Sunday … 6 = Saturday; at least one. */
  weekdays: readonly number[];
}

export type BookingPriceInput = StorageBookingPriceInput | ParkingBookingPriceInput;

/** The booking price result (docs/product.md, Due at booking); amounts in centavos. */
export interface BookingPrice {
  type: SpaceType;
  /** M: whole months of the booking. */
  months: number;
  firstMonthPrice: Centavos;
  deposits: Centavos;
  firstMonthDiscount: Centavos;
  /** Due at booking, never below 0. */
  due: Centavos;
  spaceSolutionFee: Centavos;
}

/**
 * The price of a booking, due at booking time. M and r come from the dates (`monthsAndRemainder`).
 *
 * First month price:
 * - storage: P × q when M ≥ 1; for a stay shorter than a month (M = 0), the space fee of that stay;
 * - parking: the parking month price (chosen weekdays among the 30 days from the start × daily price, or the monthly
 *   price for all seven days), whatever the length: parking is charged by the month. q is 1.
 *
 * Then the first-month discount (half of one month: P × q / 2 for storage, half the parking month price for parking;
 * offered and M ≥ 6), the deposit (asked and M ≥ 2 storage / M ≥ 1 parking), the Space Solution fee on the first
 * month after the discount, and the due amount (minus the voucher, never below 0). Each item is rounded on its own.
 */
export function bookingPrice(input: BookingPriceInput): BookingPrice {
  const { months, days } = monthsAndRemainder(input.startDate, input.endDate);

  let firstMonthPrice: Centavos;
  let discount: Centavos;
  if (input.type === "storage") {
    const unit = { monthlyPrice: input.monthlyPrice, quantity: input.quantity };
    firstMonthPrice = storageFirstMonthPrice({ ...unit, months, remainderDays: days });
    discount = firstMonthDiscount({ ...unit, offered: input.firstMonthDiscountOffered, months });
  } else {
    if (input.weekdays.length === 0) throw new RangeError("a parking booking needs at least one weekday");
    firstMonthPrice = parkingMonthPrice(input);
    discount = firstMonthDiscount({
      offered: input.firstMonthDiscountOffered,
      months,
      monthlyPrice: firstMonthPrice,
      quantity: 1,
    });
  }

  const deposits = deposit({ type: input.type, asked: input.depositAsked, months, firstMonthPrice });
  const fee = spaceSolutionFee({
    firstMonthPrice,
    firstMonthDiscount: discount,
    rateBasisPoints: input.feeRateBasisPoints,
  });
  const due = dueAtBooking({
    firstMonthPrice,
    firstMonthDiscount: discount,
    deposits,
    spaceSolutionFee: fee,
    voucher: input.voucher,
  });
  return {
    type: input.type,
    months,
    firstMonthPrice,
    deposits,
    firstMonthDiscount: discount,
    due,
    spaceSolutionFee: fee,
  };
}
