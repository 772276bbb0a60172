import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { auditLog, bookings, spaces, users } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { GOODWILL_WORDS, goodwillAmount } from "~/domain/goodwill";
import { send, transactionWithJobs } from "~/infra/jobs.server";
import { notify } from "~/infra/notify.server";
import { type Actor, writeAudit } from "./audit.server";
import { bookingUpdateData } from "./booking-update.server";
import { postSystemLine } from "./conversation-service.server";
import { ACCOUNTS, enterLedger } from "./ledger.server";
import { refundQueue } from "./refunds.server";

/**
 * A goodwill refund (docs/operations.md, Refunds; ADR 0076): finance gives a renter back part of what they paid for a
 * booking. In one transaction, under the booking's row lock: the amount is checked against what is still un-refunded,
 * the booking counts it, the ledger moves it from the platform's goodwill (an expense: the host earns the same) to
 * refunds owed, the refund job is queued to ask the provider (after the commit, split over the booking's payments as
 * every refund is), the renter is told in their conversation and by a notification, and the audit row is written.
 * `requestKey` is the console form's own key: a form sent twice (a double tap, a resend after a lost answer) refunds
 * once, and the second answer says what the first did.
 */

export const GOODWILL_ACTION = "refund.goodwill";

export type GoodwillRefund = {
  bookingId: string;
  /** What the operator typed, in pesos. */
  amount: string;
  /** Why: kept in the audit and read by the renter. */
  note: string;
  requestKey: string;
};

export async function refundGoodwill(
  db: Database,
  actor: Actor,
  request: GoodwillRefund,
): Promise<{ amount: number; refunded: number; repeated: boolean }> {
  return transactionWithJobs(db, async (tx) => {
    const [booking] = await tx
      .select()
      .from(bookings)
      .where(eq(bookings.id, request.bookingId))
      .for("update");
    if (!booking) throw new DomainError("not_found", GOODWILL_WORDS.noBooking, "bookingId");
    const [earlier] = await tx
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, GOODWILL_ACTION),
          eq(auditLog.recordId, booking.id),
          sql`${auditLog.after}->>'requestKey' = ${request.requestKey}`,
        ),
      );
    if (earlier) {
      const after = earlier.after as { amount: number; refunded: number };
      return { amount: after.amount, refunded: after.refunded, repeated: true };
    }
    const amount = goodwillAmount(request.amount, booking);
    const refunded = booking.refunded + amount;
    await tx.update(bookings).set({ refunded, updatedAt: new Date() }).where(eq(bookings.id, booking.id));
    await enterLedger(tx, {
      kind: "goodwill_refund",
      debit: ACCOUNTS.platformGoodwill,
      credit: ACCOUNTS.refundsOwed,
      amount,
      bookingId: booking.id,
    });
    await send(
      refundQueue,
      {
        bookingId: booking.id,
        decision: `goodwill:${request.requestKey}`,
        amount,
        reason: "goodwill",
        providerPaymentId: null,
      },
      { transaction: tx },
    );
    const told = GOODWILL_WORDS.told(amount, request.note);
    await postSystemLine(tx, { spaceId: booking.spaceId, renterId: booking.renterId }, told, {
      bookingId: booking.id,
    });
    await tellRenter(tx, booking, told);
    await writeAudit(tx, actor, {
      action: GOODWILL_ACTION,
      recordType: "booking",
      recordId: booking.id,
      before: { paid: booking.paid, refunded: booking.refunded },
      after: { amount, refunded, requestKey: request.requestKey },
      note: request.note,
    });
    return { amount, refunded, repeated: false };
  });
}

/** The renter's notification: a payment refunded, in the booking's own words. */
async function tellRenter(tx: Database, booking: typeof bookings.$inferSelect, what: string): Promise<void> {
  const [renter] = await tx.select().from(users).where(eq(users.id, booking.renterId));
  const [space] = await tx
    .select({ title: spaces.spaceTitle })
    .from(spaces)
    .where(eq(spaces.id, booking.spaceId));
  if (!renter) return;
  await notify(
    {
      userId: renter.id,
      kind: "bookingUpdate",
      data: bookingUpdateData(booking, {
        person: renter,
        role: "renter",
        spaceTitle: space?.title,
        headline: "payment_refunded",
        what,
      }),
    },
    { transaction: tx },
  );
}
