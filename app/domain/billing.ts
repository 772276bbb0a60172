/**
 * Monthly bills (docs/product.md, Monthly bills): the first month is paid at request; each later
 * month is billed 7 days before it starts and is due on its first day; the days after the last whole month are billed
 * with the last month. Each bill's rent is the growth of the booking's space fee over its period, so the rents of all
 * bills add up to the space fee minus the first month, whatever the dates, an extension or a notice do; the Space
 * Solution fee is the booking's rate of each bill's rent. Pure: no database, no clock.
 */
import type { Booking } from "./booking";
import {
  addDays,
  type CalendarDate,
  earlierDate,
  endDateForMonths,
  laterDate,
  monthsAndRemainder,
} from "./dates";
import type { Centavos } from "./money";
import { spaceFeeForDates, spaceSolutionFee } from "./pricing";

/** A bill is issued this many days before its period starts. */
export const BILL_ISSUE_DAYS_AHEAD = 7;

/** Reminders of an unpaid bill: on its due date, and this many days later. */
export const BILL_REMINDER_DAYS = [0, 3] as const;

/** What billing needs of a booking. */
export type BillingTerms = Pick<
  Booking,
  "startDate" | "endDate" | "monthlyUnitPrice" | "quantity" | "feeRateBasisPoints"
>;

/** One month (or the last month with its remaining days) of a booking, as billed. */
export interface BillPeriod {
  periodStart: CalendarDate;
  periodEnd: CalendarDate;
  rent: Centavos;
  spaceSolutionFee: Centavos;
  total: Centavos;
  /** The Manila date the bill is issued: 7 days before the period. */
  issueOn: CalendarDate;
  /** The Manila date it is due: the period's first day. */
  dueOn: CalendarDate;
}

/** The last day the payment at request covers: the first month, or the whole of a shorter booking. */
export function firstPaidThrough(terms: Pick<BillingTerms, "startDate" | "endDate">): CalendarDate {
  return earlierDate(endDateForMonths(terms.startDate, 1), terms.endDate);
}

/** The space fee of the booking's days from its start through `through`. */
function feeThrough(terms: BillingTerms, through: CalendarDate): Centavos {
  return spaceFeeForDates(terms.monthlyUnitPrice, terms.quantity, terms.startDate, through);
}

/**
 * The bill that follows the days already billed (through `billedThrough`, at least the first month), or null when
 * the booking is billed to its end. The period runs to the next month's end; the last whole month also takes the
 * days that remain after it.
 */
export function nextBillPeriod(terms: BillingTerms, billedThrough: CalendarDate): BillPeriod | null {
  const periodStart = addDays(billedThrough, 1);
  if (periodStart > terms.endDate) return null;
  // The first month boundary at or after the period's start; the period ends there unless no whole month follows.
  const monthsBefore = monthsAndRemainder(terms.startDate, billedThrough).months;
  const boundary = endDateForMonths(terms.startDate, monthsBefore + 1);
  const following = endDateForMonths(terms.startDate, monthsBefore + 2);
  const periodEnd = boundary <= terms.endDate && following <= terms.endDate ? boundary : terms.endDate;
  const rent = feeThrough(terms, periodEnd) - feeThrough(terms, billedThrough);
  const fee = spaceSolutionFee({
    firstMonthPrice: rent,
    firstMonthDiscount: 0,
    rateBasisPoints: terms.feeRateBasisPoints,
  });
  return {
    periodStart,
    periodEnd,
    rent,
    spaceSolutionFee: fee,
    total: rent + fee,
    issueOn: addDays(periodStart, -BILL_ISSUE_DAYS_AHEAD),
    dueOn: periodStart,
  };
}

/** Every bill after the days billed through `billedThrough`, to the booking's end date. */
function billsAfter(terms: BillingTerms, billedThrough: CalendarDate): BillPeriod[] {
  const periods: BillPeriod[] = [];
  let through = billedThrough;
  for (let next = nextBillPeriod(terms, through); next; next = nextBillPeriod(terms, through)) {
    periods.push(next);
    through = next.periodEnd;
  }
  return periods;
}

/** Every bill of the booking, from the first month's end to its end date. */
export function billSchedule(terms: BillingTerms): BillPeriod[] {
  return billsAfter(terms, firstPaidThrough(terms));
}

/** The bills to issue on `today`, after the days already billed: those whose issue date has come. */
export function billsToIssue(
  terms: BillingTerms,
  billedThrough: CalendarDate,
  today: CalendarDate,
): BillPeriod[] {
  const due: BillPeriod[] = [];
  let through = billedThrough;
  for (let next = nextBillPeriod(terms, through); next && next.issueOn <= today; ) {
    due.push(next);
    through = next.periodEnd;
    next = nextBillPeriod(terms, through);
  }
  return due;
}

/**
 * An unpaid bill as the booking's end date now has it (moved by a notice, an extension or the host ending it): the
 * period that starts on the same day, priced again, or null when the booking now ends before it. Bills follow each
 * other without a gap, so the days before it are billed through the day before its start.
 */
export function repriceUnpaidBill(
  terms: BillingTerms,
  bill: Pick<BillPeriod, "periodStart">,
): BillPeriod | null {
  return nextBillPeriod(terms, addDays(bill.periodStart, -1));
}

/** A bill issued so far (not a cancelled one): its period, and "due" until it is paid. */
export type IssuedBill = { periodStart: CalendarDate; periodEnd: CalendarDate; state: string };

/**
 * The bills issued so far, brought in line with the booking's end date as `terms` now has it: each unpaid bill priced
 * again (`now`), or null when the booking now ends before it or bills no more (`billable` false); paid bills stay as
 * they were. `billedThrough` is the last day billed after that: the next bill starts the day after.
 */
export function billsInLine<Bill extends IssuedBill>(
  terms: BillingTerms,
  issued: readonly Bill[],
  billable = true,
): { unpaid: { bill: Bill; now: BillPeriod | null }[]; billedThrough: CalendarDate } {
  let billedThrough = firstPaidThrough(terms);
  const unpaid: { bill: Bill; now: BillPeriod | null }[] = [];
  for (const bill of issued) {
    if (bill.state !== "due") {
      billedThrough = laterDate(billedThrough, bill.periodEnd);
      continue;
    }
    // Days the renter had the space stay owed after the booking ends; days after its end are not billed.
    const now = billable ? repriceUnpaidBill(terms, bill) : null;
    unpaid.push({ bill, now });
    if (now) billedThrough = laterDate(billedThrough, now.periodEnd);
  }
  return { unpaid, billedThrough };
}

/**
 * Everything still to be billed on `terms` after the bills `issued` so far: the unpaid ones as they now stand, then
 * every later month to the end date, each of which the daily run issues in its time.
 */
export function billsStillToPay(terms: BillingTerms, issued: readonly IssuedBill[]): BillPeriod[] {
  const { unpaid, billedThrough } = billsInLine(terms, issued);
  return [...unpaid.flatMap(({ now }) => (now ? [now] : [])), ...billsAfter(terms, billedThrough)];
}

/** How many reminders an unpaid bill due on `dueOn` should have had by `today` (0, 1 or 2). */
export function remindersOwed(dueOn: CalendarDate, today: CalendarDate): number {
  return BILL_REMINDER_DAYS.filter((days) => addDays(dueOn, days) <= today).length;
}

/** A receipt number as printed (a paid bill's, or the payment made with a request's): "SS-R-1001"; null before. */
export function receiptNumberOf(paid: { receiptNumber: number | null }): string | null {
  return paid.receiptNumber === null ? null : `SS-R-${paid.receiptNumber}`;
}
