import { and, desc, eq, isNotNull, like, ne, sum } from "drizzle-orm";
import { ACCOUNTS, enterLedger } from "~/core/ledger.server";
import { recordUnapplied } from "~/core/unapplied-payments.server";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";
import { bookings, type PaymentRow, payments, type RefundRow, refunds } from "~/db/schema";
import { formatPeso } from "~/domain/money";
import { defineQueue } from "~/infra/jobs.server";
import { log } from "~/infra/log.server";
import { paymentProvider } from "~/infra/payments/provider.server";

/**
 * Refunds (docs/product.md, Refunds): the booking machine decides how much goes back and why; this asks the payment
 * provider for it, once the transition has committed, from the booking's paid payments (the one named, for a
 * payment nobody awaited). Each refund row is written before the provider is asked, with an idempotency key made of
 * the history row and the payment, so a retried job asks again for the same refund, never for a second one.
 */

export type RefundJob = {
  bookingId: string;
  /** The booking history row whose transition decided the refund. */
  historyId?: number;
  /**
   * What decided the refund when it was no transition of the booking: `deposit:<booking>` (its deposit settled),
   * `resolution:<case>` (an operator's decision). Keys the refund rows as the history row does.
   */
  decision?: string;
  amount: number;
  reason: string;
  /** The provider's payment to refund, when it is one particular payment. */
  providerPaymentId: string | null;
};

export async function refundBooking(job: RefundJob): Promise<void> {
  const { db } = await getDatabase();
  const due = await db.transaction(async (tx) => {
    // One refund decision of a booking at a time: its row is the lock.
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, job.bookingId)).for("update");
    const written = await tx
      .select()
      .from(refunds)
      .where(
        and(eq(refunds.bookingId, job.bookingId), like(refunds.idempotencyKey, `${keyPrefix(job, "")}%`)),
      );
    if (written.length === 0) await allocate(tx, job);
    return tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.bookingId, job.bookingId), eq(refunds.state, "pending")));
  });
  for (const refund of due.filter((row) => row.idempotencyKey.startsWith(keyPrefix(job, "")))) {
    await askProvider(db, refund);
  }
}

/** A refund decided (by the machine, a settled deposit or a decided case), asked of the provider with retries. */
export const refundQueue = defineQueue<RefundJob>("booking-refunds", (job) => refundBooking(job));

/** The refund rows' keys: the decision (history row, settled deposit or decided case), then the payment. */
function keyPrefix(job: RefundJob, paymentId: string): string {
  return `refund:${job.decision ?? job.historyId}:${paymentId}`;
}

/** Splits the amount over the booking's paid payments, newest first, as far as each still has money to give. */
async function allocate(tx: Database, job: RefundJob): Promise<void> {
  const paid = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, job.bookingId),
        eq(payments.state, "paid"),
        isNotNull(payments.providerPaymentId),
        job.providerPaymentId ? eq(payments.providerPaymentId, job.providerPaymentId) : undefined,
      ),
    )
    .orderBy(desc(payments.paidAt));
  let left = job.amount;
  for (const payment of paid) {
    if (left === 0) break;
    const share = Math.min(left, payment.amount - (await refundedOf(tx, payment)));
    if (share <= 0) continue;
    await tx.insert(refunds).values({
      paymentId: payment.id,
      bookingId: job.bookingId,
      amount: share,
      reason: job.reason,
      idempotencyKey: keyPrefix(job, payment.id),
    });
    left -= share;
  }
  if (left > 0) log.error(`[refunds] booking ${job.bookingId}: ${left} centavos to refund found no payment`);
}

async function refundedOf(tx: Database, payment: PaymentRow): Promise<number> {
  const [row] = await tx
    .select({ total: sum(refunds.amount) })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), ne(refunds.state, "failed")));
  return Number(row?.total ?? 0);
}

async function askProvider(db: Database, refund: RefundRow): Promise<void> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, refund.paymentId));
  const provider = paymentProvider();
  if (!payment?.providerPaymentId || !provider) throw new Error(`refund ${refund.id} has no provider to ask`);
  const answer = await provider.refund({
    providerPaymentId: payment.providerPaymentId,
    amount: refund.amount,
    reason: refund.reason,
    idempotencyKey: refund.idempotencyKey,
  });
  await db.transaction(async (tx) => {
    await tx
      .update(refunds)
      .set({ providerRefundId: answer.refundId, updatedAt: new Date() })
      .where(eq(refunds.id, refund.id));
    if (answer.state !== "pending") await settleRefund(tx, refund.id, answer.state);
  });
}

/**
 * A refund the provider finished: succeeded, the money leaves us (refunds owed → provider); failed, it stays owed
 * and is kept for an operator (the renter is still owed it). Only a pending refund changes, so a repeated answer
 * changes nothing. `from` is the provider's webhook event that told us, when one did.
 */
export async function settleRefund(
  tx: Database,
  refundId: string,
  state: "succeeded" | "failed",
  from: { eventId?: string } = {},
): Promise<void> {
  const [refund] = await tx
    .update(refunds)
    .set({ state, updatedAt: new Date() })
    .where(and(eq(refunds.id, refundId), eq(refunds.state, "pending")))
    .returning();
  if (!refund) return;
  if (state === "failed") {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, refund.paymentId));
    await recordUnapplied(tx, {
      kind: "refund_failed",
      provider: payment?.provider ?? "unknown",
      eventId: from.eventId ?? null,
      eventType: "refund.failed",
      providerPaymentId: payment?.providerPaymentId ?? null,
      providerRefundId: refund.providerRefundId,
      paymentId: refund.paymentId,
      refundId: refund.id,
      bookingId: refund.bookingId,
      amount: refund.amount,
      reason: `The provider could not refund ${formatPeso(refund.amount)} of booking ${refund.bookingId}: the renter is still owed it.`,
    });
    return;
  }
  await enterLedger(tx, {
    kind: "refund_paid",
    debit: ACCOUNTS.refundsOwed,
    credit: ACCOUNTS.provider,
    amount: refund.amount,
    bookingId: refund.bookingId,
    paymentId: refund.paymentId,
    refundId: refund.id,
  });
}
