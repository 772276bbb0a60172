/**
 * Vouchers and coupons (docs/product.md, Vouchers and coupons; ADR 0030): what a code is worth on a booking, and
 * whether the caller may use it now. A referral voucher belongs to one user and is a fixed amount; a coupon is a code
 * an operator made, a fixed amount or a percent of the first month, within a validity window, with a total use limit
 * and one use per user. Either lowers the due at request, never below 0. Pure: the clock, the counts of uses and the
 * code's owner are inputs; the API loads them under a lock and applies the answer.
 */

import {
  addDays,
  addMonths,
  type CalendarDate,
  formatCalendarDate,
  startOfManilaDay,
  todayInManila,
} from "./dates";
import { DomainError } from "./errors";
import { assertNonNegativeInteger, type Centavos, formatPeso, roundHalfUpProduct } from "./money";
import { type BookingPrice, dueAtBooking } from "./pricing";

/** A referral voucher's value unless the configuration says otherwise: ₱250.00. */
export const DEFAULT_REFERRAL_VOUCHER_CENTAVOS = 25_000;
/** A referral voucher can be used for this many months from the day it was given. */
export const REFERRAL_VOUCHER_MONTHS = 12;
/** The longest code anyone may type. */
export const MAX_CODE_LENGTH = 40;
/** Referral vouchers' codes start so; an operator's coupon may not, so a typed code names one thing only. */
export const VOUCHER_CODE_PREFIX = "RV-";

export const COUPON_KINDS = ["fixed", "percent"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** Where a code stands for a booking: held while it awaits payment, used once paid, released when it ended unpaid. */
export const REDEMPTION_STATES = ["held", "used", "released"] as const;
export type RedemptionState = (typeof REDEMPTION_STATES)[number];
/** The states in which a redemption counts as a use (of a one-use voucher, of a coupon's limits). */
export const COUNTING_REDEMPTION_STATES = ["held", "used"] as const satisfies readonly RedemptionState[];

export const VOUCHER_MESSAGES = {
  code: "Please enter a voucher or coupon code.",
  unknown: "This voucher or coupon code is not valid. Please check it and try again.",
  notYours: "This voucher belongs to another account: only its holder can use it.",
  voucherUsed: "This voucher has already been used.",
  voucherHeld: "This voucher is already applied to another booking waiting for payment.",
  couponUsedByYou: "You have already used this coupon: each account can use it once.",
  couponLimit: "This coupon has been used as many times as it allows.",
  oneCode: "A booking takes one voucher or coupon code.",
} as const;

export function expiredMessage(lastDay: CalendarDate): string {
  return `This code expired on ${formatCalendarDate(lastDay)}.`;
}

export function notYetMessage(firstDay: CalendarDate): string {
  return `This coupon can be used from ${formatCalendarDate(firstDay)}.`;
}

/** A code as typed: trimmed, upper case (codes are read aloud and typed from screenshots; case does not count). */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** What a coupon is worth and when, as an operator set it. */
export interface CouponTerms {
  kind: CouponKind;
  /** fixed: centavos off; percent: whole percent (1 to 100) of the first month's price. */
  value: number;
  /** First and last Manila day the coupon can be applied, both included. */
  validFrom: CalendarDate;
  validUntil: CalendarDate;
  /** How many bookings may use it in all; null for no limit. */
  totalLimit: number | null;
}

/** Refuses coupon terms an operator cannot mean (a percent over 100, a window that ends before it starts). */
export function checkCouponTerms(terms: CouponTerms): void {
  if (!(COUPON_KINDS as readonly string[]).includes(terms.kind))
    throw new DomainError("invalid", "A coupon is a fixed amount or a percent.", "kind");
  if (!Number.isSafeInteger(terms.value) || terms.value < 1)
    throw new DomainError("invalid", "A coupon must be worth something: 1 or more.", "value");
  if (terms.kind === "percent" && terms.value > 100)
    throw new DomainError("invalid", "A percent coupon takes at most 100 % of the first month.", "value");
  if (terms.validUntil < terms.validFrom)
    throw new DomainError("invalid", "The coupon's last day comes before its first day.", "validUntil");
  if (terms.totalLimit !== null && (!Number.isSafeInteger(terms.totalLimit) || terms.totalLimit < 1))
    throw new DomainError("invalid", "The total use limit must be 1 or more.", "totalLimit");
}

/** What the booking is charged before any code: its due with no voucher. */
export function dueBeforeCode(
  price: Pick<BookingPrice, "firstMonthPrice" | "firstMonthDiscount" | "deposits" | "spaceSolutionFee">,
): Centavos {
  return dueAtBooking(price);
}

/** A coupon's face value on this booking: its fixed amount, or its percent of the first month's price (rounded). */
export function couponValue(terms: Pick<CouponTerms, "kind" | "value">, firstMonthPrice: Centavos): Centavos {
  assertNonNegativeInteger(firstMonthPrice, "firstMonthPrice");
  return terms.kind === "fixed" ? terms.value : roundHalfUpProduct([firstMonthPrice, terms.value], 100);
}

/**
 * The amount a code of `value` takes off a booking whose due before the code is `due`: all of it, or the whole due
 * when it is worth more (never below 0; the rest of a voucher is not paid out nor kept).
 */
export function amountOff(value: Centavos, due: Centavos): Centavos {
  assertNonNegativeInteger(value, "value");
  assertNonNegativeInteger(due, "due");
  return Math.min(value, due);
}

/** Refuses a coupon outside its window or past its limits, in the words shown next to the code field. */
export function checkCouponUsable(
  coupon: Pick<CouponTerms, "validFrom" | "validUntil" | "totalLimit">,
  uses: { total: number; byCaller: number },
  now: Date,
): void {
  const today = todayInManila(now);
  if (today < coupon.validFrom) throw refusal(notYetMessage(coupon.validFrom));
  if (today > coupon.validUntil) throw refusal(expiredMessage(coupon.validUntil));
  if (uses.byCaller > 0) throw refusal(VOUCHER_MESSAGES.couponUsedByYou);
  if (coupon.totalLimit !== null && uses.total >= coupon.totalLimit)
    throw refusal(VOUCHER_MESSAGES.couponLimit);
}

/** A referral voucher as the rules see it. */
export interface VoucherTerms {
  holderId: string;
  amount: Centavos;
  /** The last Manila day it can be applied. */
  expiresOn: CalendarDate;
}

/** Refuses a voucher that is not the caller's, expired, or already held or used by a booking. */
export function checkVoucherUsable(
  voucher: VoucherTerms,
  callerId: string,
  current: RedemptionState | null,
  now: Date,
): void {
  if (voucher.holderId !== callerId) throw refusal(VOUCHER_MESSAGES.notYours, "forbidden");
  if (current === "used") throw refusal(VOUCHER_MESSAGES.voucherUsed);
  if (current === "held") throw refusal(VOUCHER_MESSAGES.voucherHeld);
  if (todayInManila(now) > voucher.expiresOn) throw refusal(expiredMessage(voucher.expiresOn));
}

/**
 * A referred renter's booking earns both sides' referral vouchers once it has been active this many days, or has
 * completed, whichever comes first (docs/product.md, Referral vouchers): never at approval, since an approved
 * booking can still be cancelled and refunded.
 */
export const REFERRAL_ACTIVE_DAYS = 30;

/** The instant a booking starting on `startDate` has been active for {@link REFERRAL_ACTIVE_DAYS} days (Manila). */
export function referralVouchersDueAt(startDate: CalendarDate): Date {
  return startOfManilaDay(addDays(startDate, REFERRAL_ACTIVE_DAYS));
}

/** Whether a referred renter's booking, as it stands at `at`, earns the referral vouchers. */
export function earnsReferralVouchers(
  booking: { state: string; startDate: CalendarDate },
  at: Date,
): boolean {
  if (booking.state === "completed") return true;
  return booking.state === "active" && at >= referralVouchersDueAt(booking.startDate);
}

/** The last day of a referral voucher given at `at`: 12 months on, counted in Manila days. */
export function referralVoucherExpiry(at: Date): CalendarDate {
  return addDays(addMonths(todayInManila(at), REFERRAL_VOUCHER_MONTHS), -1);
}

/** How a voucher stands for its holder's list, from its redemption and the day. */
export function voucherStatus(
  voucher: Pick<VoucherTerms, "expiresOn">,
  current: RedemptionState | null,
  now: Date,
): "available" | "held" | "used" | "expired" {
  if (current === "used" || current === "held") return current;
  return todayInManila(now) > voucher.expiresOn ? "expired" : "available";
}

/** A coupon's worth in words: "₱100.00 off" or "10 % off the first month". */
export function describeCoupon(terms: Pick<CouponTerms, "kind" | "value">): string {
  return terms.kind === "fixed" ? `${formatPeso(terms.value)} off` : `${terms.value} % off the first month`;
}

function refusal(message: string, kind: "conflict" | "forbidden" = "conflict"): DomainError {
  return new DomainError(kind, message, "code");
}
