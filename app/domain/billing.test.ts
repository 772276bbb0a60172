import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type BillingTerms,
  type BillPeriod,
  billSchedule,
  billsToIssue,
  firstPaidThrough,
  nextBillPeriod,
  remindersOwed,
  repriceUnpaidBill,
} from "./billing";
import { addDays, endDateForMonths, laterDate } from "./dates";
import { bookingPrice, spaceFeeForDates } from "./pricing";

const P = 300_000;
const terms = (startDate: string, endDate: string, quantity = 1): BillingTerms => ({
  startDate,
  endDate,
  monthlyUnitPrice: P,
  quantity,
  feeRateBasisPoints: 500,
});

describe("the bills of a booking (docs/product.md, Monthly bills)", () => {
  it("bills each month after the first, 7 days ahead, due on its first day, with 5 % on the rent", () => {
    const schedule = billSchedule(terms("2026-03-15", "2026-06-14"));
    expect(schedule).toEqual([
      {
        periodStart: "2026-04-15",
        periodEnd: "2026-05-14",
        rent: 300_000,
        spaceSolutionFee: 15_000,
        total: 315_000,
        issueOn: "2026-04-08",
        dueOn: "2026-04-15",
      },
      {
        periodStart: "2026-05-15",
        periodEnd: "2026-06-14",
        rent: 300_000,
        spaceSolutionFee: 15_000,
        total: 315_000,
        issueOn: "2026-05-08",
        dueOn: "2026-05-15",
      },
    ]);
  });

  it("bills the remaining days with the last month by the space-fee rule", () => {
    // M = 2, r = 7: the second month and 7 days, 37 × ₱3,000 / 30 = ₱3,700.00.
    const [last] = billSchedule(terms("2026-03-15", "2026-05-21"));
    expect(last).toMatchObject({ periodStart: "2026-04-15", periodEnd: "2026-05-21", rent: 370_000 });
    // M = 2, r = 15: a remainder over 10 days is one more full month.
    expect(billSchedule(terms("2026-03-15", "2026-05-29"))[0]?.rent).toBe(600_000);
  });

  it("bills a one-month booking's remaining days on their own, and nothing for a stay paid whole", () => {
    expect(billSchedule(terms("2026-03-15", "2026-04-19"))).toMatchObject([
      { periodStart: "2026-04-15", periodEnd: "2026-04-19", rent: 50_000, total: 52_500 },
    ]);
    expect(billSchedule(terms("2026-03-15", "2026-04-14"))).toEqual([]);
    expect(billSchedule(terms("2026-03-15", "2026-03-24"))).toEqual([]);
    expect(firstPaidThrough(terms("2026-03-15", "2026-03-24"))).toBe("2026-03-24");
  });

  it("clamps month ends like the booking's dates do", () => {
    expect(billSchedule(terms("2026-01-31", "2026-04-29")).map((b) => b.periodStart)).toEqual([
      "2026-02-28",
      "2026-03-31",
    ]);
  });

  it("issues only what is due by today, and nothing again after that", () => {
    const t = terms("2026-03-15", "2026-09-14");
    const through = firstPaidThrough(t);
    expect(billsToIssue(t, through, "2026-04-07")).toEqual([]);
    const first = billsToIssue(t, through, "2026-04-08");
    expect(first.map((b) => b.periodStart)).toEqual(["2026-04-15"]);
    expect(billsToIssue(t, "2026-05-14", "2026-04-08")).toEqual([]);
    // A job that did not run for two months catches up in order.
    expect(billsToIssue(t, through, "2026-06-08").map((b) => b.periodStart)).toEqual([
      "2026-04-15",
      "2026-05-15",
      "2026-06-15",
    ]);
  });

  it("prices an unpaid bill again when a notice moves the end into its month", () => {
    const t = terms("2026-03-15", "2026-09-14");
    expect(repriceUnpaidBill({ ...t, endDate: "2026-05-20" }, { periodStart: "2026-04-15" })).toMatchObject({
      periodEnd: "2026-05-20",
      rent: 360_000,
    });
    expect(repriceUnpaidBill({ ...t, endDate: "2026-04-14" }, { periodStart: "2026-04-15" })).toBeNull();
  });

  it("reminds on the due date and 3 days later", () => {
    expect(remindersOwed("2026-04-15", "2026-04-14")).toBe(0);
    expect(remindersOwed("2026-04-15", "2026-04-15")).toBe(1);
    expect(remindersOwed("2026-04-15", "2026-04-17")).toBe(1);
    expect(remindersOwed("2026-04-15", "2026-04-18")).toBe(2);
    expect(remindersOwed("2026-04-15", "2026-05-30")).toBe(2);
  });

  it("for random bookings, notices and extensions, the bills add up to the product rules' total", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3_000 }).map((day) => addDays("2026-01-01", day)),
        fc.integer({ min: 0, max: 800 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 500_000 }),
        fc.option(fc.integer({ min: 0, max: 400 }), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
        (
          startDate,
          length,
          monthlyPrice,
          quantity,
          depositAsked,
          discount,
          voucher,
          noticeDay,
          extraMonths,
        ) => {
          const endDate = addDays(startDate, length);
          const price = bookingPrice({
            type: "storage",
            startDate,
            endDate,
            monthlyPrice,
            quantity,
            depositAsked,
            firstMonthDiscountOffered: discount,
            voucher,
          });
          const t = { startDate, endDate, monthlyUnitPrice: monthlyPrice, quantity, feeRateBasisPoints: 500 };
          // Bills issued month by month while the end moves: an extension grows it, a notice cuts it (never before
          // the end of what is billed and paid, as the machine's notice rule says).
          const bills: BillPeriod[] = [];
          let through = firstPaidThrough(t);
          let current = t;
          for (let next = nextBillPeriod(current, through); next; next = nextBillPeriod(current, through)) {
            bills.push(next);
            through = next.periodEnd;
            if (extraMonths && bills.length === 1)
              current = { ...current, endDate: endDateForMonths(startDate, price.months + extraMonths) };
            if (noticeDay !== undefined && bills.length === 2) {
              const noticeEnd = laterDate(addDays(next.periodStart, noticeDay), through);
              if (noticeEnd < current.endDate) current = { ...current, endDate: noticeEnd };
            }
          }
          const end = bills.at(-1)?.periodEnd ?? firstPaidThrough(t);
          expect(end).toBe(laterDate(current.endDate, firstPaidThrough(t)));
          // Contiguous, each after the one before.
          bills.forEach((bill, n) => {
            const before = n === 0 ? firstPaidThrough(t) : bills[n - 1]?.periodEnd;
            expect(bill.periodStart).toBe(addDays(before ?? "", 1));
            expect(bill.rent).toBeGreaterThanOrEqual(0);
          });
          const space = spaceFeeForDates(monthlyPrice, quantity, startDate, end);
          const fees = price.spaceSolutionFee + bills.reduce((sum, b) => sum + b.spaceSolutionFee, 0);
          const paidInTotal = price.due + bills.reduce((sum, b) => sum + b.total, 0);
          // The voucher lowers the due, never below 0: only what it covers counts.
          const voucherUsed = Math.min(
            voucher,
            price.firstMonthPrice - price.firstMonthDiscount + price.deposits + price.spaceSolutionFee,
          );
          expect(paidInTotal).toBe(space - price.firstMonthDiscount + price.deposits + fees - voucherUsed);
        },
      ),
      { numRuns: 2_000, seed: 20261125 },
    );
  });
});
