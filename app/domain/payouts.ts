/**
 * Host payouts (docs/product.md, Payouts): which rent a host has earned and when it becomes payable, the week a
 * payout batch belongs to, and how a payout number is shown again. Pure: no database, no clock (`now` is an input).
 *
 * The host earns each period's rent (after the first-month discount); the platform keeps its Space Solution fee;
 * deposits stay held. A period's rent becomes payable 48 hours after the period starts (Manila midnight of its first
 * day). The platform funds a voucher: the host earns the same rent, the platform earns its fee less the voucher.
 */
import { firstPaidThrough } from "./billing";
import { addDays, type CalendarDate, startOfManilaDay, todayInManila, weekday } from "./dates";
import { DomainError } from "./errors";
import type { Centavos } from "./money";

/** A period's rent becomes the host's to be paid out this many hours after the period starts. */
export const PAYABLE_AFTER_HOURS = 48;

/** The weekly batch is made on Mondays at this hour, Manila time. */
export const BATCH_HOUR_MANILA = 9;

export const PAYOUT_METHODS = ["bank", "gcash", "paymaya"] as const;
export type PayoutMethodType = (typeof PAYOUT_METHODS)[number];

export const PAYOUT_METHOD_LABELS: Record<PayoutMethodType, string> = {
  bank: "Bank transfer",
  gcash: "GCash",
  paymaya: "Paymaya",
};

const HOUR_MS = 3_600_000;

/** The instant a period's rent becomes payable: 48 hours after the start of its first day in Manila. */
export function payableAt(periodStart: CalendarDate): Date {
  return new Date(startOfManilaDay(periodStart).getTime() + PAYABLE_AFTER_HOURS * HOUR_MS);
}

/** One period of a booking the renter has paid for, and what it earns whom once payable. */
export interface EarningPeriod {
  periodStart: CalendarDate;
  periodEnd: CalendarDate;
  /** The host's: the period's rent (the first period after the first-month discount). */
  rent: Centavos;
  /** The platform's: the Space Solution fee the renter paid with this period. */
  spaceSolutionFee: Centavos;
  /** What the platform put in for the renter's voucher (first period only): the host still earns the whole rent. */
  voucherFunded: Centavos;
}

/** What the earnings need of a booking: its dates and the price charged at request. */
export interface EarningTerms {
  startDate: CalendarDate;
  endDate: CalendarDate;
  firstMonthPrice: Centavos;
  firstMonthDiscount: Centavos;
  deposits: Centavos;
  spaceSolutionFee: Centavos;
  due: Centavos;
}

/** A monthly bill the renter paid. */
export interface PaidBill {
  periodStart: CalendarDate;
  periodEnd: CalendarDate;
  rent: Centavos;
  spaceSolutionFee: Centavos;
}

/**
 * The first period (paid at request) and each paid bill, as earning periods. The first period's voucher is what the
 * renter did not pay of rent, fee and deposit: the platform funds it so the host's rent and the held deposit are
 * whole. Periods that start after the booking's end (a bill paid for days the booking no longer has) earn nothing:
 * that money stays held.
 */
export function earningPeriods(terms: EarningTerms, paidBills: readonly PaidBill[]): EarningPeriod[] {
  const rent = terms.firstMonthPrice - terms.firstMonthDiscount;
  const voucherFunded = rent + terms.spaceSolutionFee + terms.deposits - terms.due;
  if (rent < 0 || voucherFunded < 0)
    throw new DomainError("invalid", "The booking's price does not add up to what was due.");
  const first: EarningPeriod = {
    periodStart: terms.startDate,
    periodEnd: firstPaidThrough(terms),
    rent,
    spaceSolutionFee: terms.spaceSolutionFee,
    voucherFunded,
  };
  const later = paidBills.map((bill) => ({
    periodStart: bill.periodStart,
    periodEnd: bill.periodEnd,
    rent: bill.rent,
    spaceSolutionFee: bill.spaceSolutionFee,
    voucherFunded: 0,
  }));
  return [first, ...later]
    .filter((period) => period.periodStart <= terms.endDate)
    .sort((a, b) => (a.periodStart < b.periodStart ? -1 : 1));
}

/** The periods whose rent is payable at `now`: started at least 48 hours ago. */
export function payablePeriods(periods: readonly EarningPeriod[], now: Date): EarningPeriod[] {
  return periods.filter((period) => payableAt(period.periodStart) <= now);
}

/**
 * The Monday (Manila date) of the weekly batch that `now` belongs to: the latest Monday 09:00 Manila at or before
 * `now`. A run at boot and the Monday cron agree on it, so a week never gets two batches.
 */
export function batchWeekOf(now: Date): CalendarDate {
  const today = todayInManila(now);
  const monday = addDays(today, -((weekday(today) + 6) % 7));
  const madeAt = new Date(startOfManilaDay(monday).getTime() + BATCH_HOUR_MANILA * HOUR_MS);
  return now >= madeAt ? monday : addDays(monday, -7);
}

/** A payout number as shown again: only its last four characters ("•••• 4567"). */
export function maskAccountNumber(number: string): string {
  return `•••• ${number.slice(-4)}`;
}
