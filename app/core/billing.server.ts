import { and, asc, eq, exists, inArray, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";
import { type BillRow, bills, bookings, spaces, users } from "~/db/schema";
import { type BillPeriod, billsInLine, billsToIssue, remindersOwed } from "~/domain/billing";
import { BILLABLE_STATES, bookingNumberOf } from "~/domain/booking";
import { formatCalendarDate, todayInManila } from "~/domain/dates";
import { displayName } from "~/domain/display-name";
import { formatPeso } from "~/domain/money";
import { siteOrigin } from "~/env.server";
import { defineQueue } from "~/infra/jobs.server";
import { log } from "~/infra/log.server";
import type { BillHeadline } from "~/infra/notifications/bill-update";
import { notify } from "~/infra/notify.server";
import { applyBookingEventIn, bookingTransaction } from "./booking-service.server";

/**
 * Monthly billing (docs/product.md, Monthly bills; app/domain/billing.ts): the daily job issues each booking's bills 7
 * days ahead, prices again or voids the unpaid ones its booking's new end date changed, and reminds renters of unpaid
 * bills on the due date and 3 days later. Each booking is billed in a transaction that locks its row, and a bill is
 * one row per booking and period start: a rerun, a crash mid-run or two app instances never issue a bill twice, and
 * a reminder is counted on the bill before it is sent.
 */

export type BillingRun = {
  bookings: number;
  issued: number;
  repriced: number;
  voided: number;
  reminded: number;
};

/** One run of billing as of `now` (the job passes the real clock; tests move it). */
export async function runBilling(db: Database, now = new Date()): Promise<BillingRun> {
  const today = todayInManila(now);
  const run: BillingRun = { bookings: 0, issued: 0, repriced: 0, voided: 0, reminded: 0 };
  const openBill = exists(
    db
      .select({ one: sql`1` })
      .from(bills)
      .where(and(eq(bills.bookingId, bookings.id), eq(bills.state, "due"))),
  );
  // Bookings still to bill, and any booking with an open bill (its end may have moved, or it has ended).
  const due = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      or(
        and(inArray(bookings.state, ["approved", "active"]), lt(bookings.paidThrough, bookings.endDate)),
        openBill,
      ),
    );
  const news: BillNews[] = [];
  for (const { id } of due) {
    const result = await bookingTransaction(db, (tx) => billBooking(tx, id, today));
    run.bookings += 1;
    run.issued += result.issued.length;
    run.repriced += result.repriced;
    run.voided += result.voided;
    news.push(...result.issued.map((bill) => ({ bill, headline: "issued" as const })));
  }
  news.push(...(await countReminders(db, today)));
  run.reminded = news.filter((item) => item.headline !== "issued").length;
  // Told once the bills are committed: never a mail about a bill that rolled back.
  for (const item of news) await tellRenter(db, item);
  return run;
}

/** Bills one booking as of `today`, its row locked: unpaid bills brought in line with its end date, new bills issued. */
async function billBooking(tx: Database, bookingId: string, today: string) {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
  const result = { issued: [] as BillRow[], repriced: 0, voided: 0 };
  if (!booking) return result;
  const existing = await tx
    .select()
    .from(bills)
    .where(and(eq(bills.bookingId, bookingId), ne(bills.state, "void")))
    .orderBy(asc(bills.periodStart));
  const billable = (BILLABLE_STATES as readonly string[]).includes(booking.state);
  const { unpaid, billedThrough } = billsInLine(booking, existing, billable);
  for (const { bill, now } of unpaid) {
    if (!now) {
      await tx.update(bills).set({ state: "void", updatedAt: new Date() }).where(eq(bills.id, bill.id));
      result.voided += 1;
    } else if (now.periodEnd !== bill.periodEnd || now.total !== bill.total) {
      await tx
        .update(bills)
        .set({ ...amounts(now), updatedAt: new Date() })
        .where(eq(bills.id, bill.id));
      result.repriced += 1;
    }
  }
  if (booking.state !== "approved" && booking.state !== "active") return result;
  const toIssue = billsToIssue(booking, billedThrough, today);
  if (toIssue.length === 0) return result;
  result.issued = await tx
    .insert(bills)
    .values(toIssue.map((period) => ({ bookingId, periodStart: period.periodStart, ...amounts(period) })))
    .onConflictDoNothing({ target: [bills.bookingId, bills.periodStart] })
    .returning();
  return result;
}

function amounts(period: BillPeriod) {
  return {
    periodEnd: period.periodEnd,
    rent: period.rent,
    spaceSolutionFee: period.spaceSolutionFee,
    total: period.total,
    dueOn: period.dueOn,
  };
}

type BillNews = { bill: BillRow; headline: BillHeadline };

/**
 * The reminders owed by `today` of the unpaid bills of running bookings, each counted on its bill first (only the
 * instance whose update moved the count sends it).
 */
async function countReminders(db: Database, today: string): Promise<BillNews[]> {
  const open = await db
    .select({ bill: bills })
    .from(bills)
    .innerJoin(bookings, eq(bookings.id, bills.bookingId))
    .where(
      and(
        eq(bills.state, "due"),
        inArray(bookings.state, [...BILLABLE_STATES]),
        sql`${bills.dueOn} <= ${today}::date`,
      ),
    );
  const news: BillNews[] = [];
  for (const { bill } of open) {
    const owed = remindersOwed(bill.dueOn, today);
    if (owed <= bill.reminders) continue;
    const [counted] = await db
      .update(bills)
      .set({ reminders: owed, updatedAt: new Date() })
      .where(and(eq(bills.id, bill.id), lt(bills.reminders, owed)))
      .returning();
    if (counted) news.push({ bill: counted, headline: owed === 1 ? "due_today" : "overdue" });
  }
  return news;
}

async function tellRenter(db: Database, { bill, headline }: BillNews): Promise<void> {
  const [row] = await db
    .select({ renter: users, spaceTitle: spaces.spaceTitle, bookingNumber: bookings.number })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.renterId))
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(eq(bookings.id, bill.bookingId));
  if (!row) return;
  const path = `/payment/summary?${new URLSearchParams({ billId: bill.id })}`;
  await notify({
    userId: row.renter.id,
    kind: "billUpdate",
    data: {
      name: displayName(row.renter),
      spaceTitle: row.spaceTitle ?? "Your space",
      bookingNumber: bookingNumberOf(row.bookingNumber),
      headline,
      amount: formatPeso(bill.total),
      dueOn: formatCalendarDate(bill.dueOn),
      period: `${formatCalendarDate(bill.periodStart)} to ${formatCalendarDate(bill.periodEnd)}`,
      billPath: path,
      billLink: new URL(path, siteOrigin()).href,
    },
  });
}

/** The daily billing run (scheduled at 06:00 Manila, and once at boot so a restarted app catches up). */
export const billingQueue = defineQueue<{ at?: string }>(
  "billing",
  async ({ at }) => {
    const { db } = await getDatabase();
    const run = await runBilling(db, at ? new Date(at) : new Date());
    if (run.issued + run.reminded + run.voided + run.repriced > 0)
      log.info(
        `[billing] ${run.bookings} booking(s): ${run.issued} issued, ${run.repriced} repriced, ${run.voided} voided, ${run.reminded} reminder(s)`,
      );
  },
  { policy: "exclusive" },
);

// ─── Paying a bill ──────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A confirmed payment of the bill `billId` (inside the payment webhook job's transaction): the booking machine
 * decides (the open bill's amount → the booking is paid through its period; anything else → refunded whole), and an
 * accepted payment marks the bill paid with the next receipt number. The booking is locked before the bill, in the
 * billing run's order.
 */
export async function settleBillPayment(
  tx: Database,
  payment: { bookingId: string; billId: string },
  amount: number,
  reference: string,
): Promise<void> {
  await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, payment.bookingId)).for("update");
  const [bill] = await tx.select().from(bills).where(eq(bills.id, payment.billId)).for("update");
  const open = bill?.state === "due" ? bill : null;
  const { transition } = await applyBookingEventIn(tx, payment.bookingId, {
    type: "bill_paid",
    actor: "provider",
    amount,
    reference,
    bill: open && { periodStart: open.periodStart, periodEnd: open.periodEnd, total: open.total },
  });
  if (!open || transition.money.some((move) => move.kind === "refund")) return;
  const now = new Date();
  await tx
    .update(bills)
    .set({
      state: "paid",
      paidAt: now,
      receiptNumber: sql`nextval('bill_receipt_number_seq')`,
      updatedAt: now,
    })
    .where(eq(bills.id, open.id));
}
