import { and, eq, inArray, lte } from "drizzle-orm";
import { bookingTransaction } from "~/core/booking-service.server";
import { hasHoldingCase, noHoldingCase, settleDeposit } from "~/core/deposits.server";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";
import { bookingDeposits, bookings } from "~/db/schema";
import { latestReleasableEndDate } from "~/domain/deposits";
import { defineQueue } from "~/infra/jobs.server";
import { log } from "~/infra/log.server";

export type DepositRun = { released: number };

/** Why the job released a deposit (kept on its row and shown to both sides). */
export const RELEASED_AFTER_DEADLINE = "The host did not answer within 72 hours of the end.";

/**
 * The 72-hour release (docs/product.md, Deposits and condition reports; ADR 0032): every held deposit of a booking that
 * ended more than 72 hours before `now`, with no case holding it, goes back to the renter. Each booking settles in its
 * own transaction with its row locked, and the case is checked again under that lock; a deposit another run settled
 * first is skipped.
 */
export async function releaseDueDeposits(db: Database, now = new Date()): Promise<DepositRun> {
  const endedBy = latestReleasableEndDate(now);
  const due = await db
    .select({ id: bookings.id })
    .from(bookingDeposits)
    .innerJoin(bookings, eq(bookings.id, bookingDeposits.bookingId))
    .where(
      and(
        eq(bookingDeposits.state, "held"),
        inArray(bookings.state, ["active", "completed"]),
        lte(bookings.endDate, endedBy),
        noHoldingCase(db),
      ),
    );
  const run: DepositRun = { released: 0 };
  for (const { id } of due) {
    const settled = await bookingTransaction(db, async (tx) => {
      await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id)).for("update");
      if (await hasHoldingCase(tx, id)) return false;
      const result = await settleDeposit(tx, {
        bookingId: id,
        awardToHost: 0,
        reason: RELEASED_AFTER_DEADLINE,
        at: now,
      });
      return result.outcome === "settled";
    });
    if (settled) run.released += 1;
  }
  return run;
}

/**
 * The release job: hourly, and once at boot (a deposit due while no instance ran is released then). Exclusive, and
 * each deposit is settled once whoever runs: a rerun or a second instance finds it settled and skips it.
 */
export const depositReleaseQueue = defineQueue<{ at?: string }>(
  "deposit-release",
  async ({ at }) => {
    const { db } = await getDatabase();
    const run = await releaseDueDeposits(db, at ? new Date(at) : new Date());
    if (run.released > 0) log.info(`[deposits] released ${run.released} deposit(s) after 72 hours`);
  },
  { policy: "exclusive" },
);
