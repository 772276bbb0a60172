import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod/v4";
import { settleBillPayment } from "~/core/billing.server";
import { applyBookingEventIn, bookingTransaction } from "~/core/booking-service.server";
import { settleRefund } from "~/core/refunds.server";
import { recordUnapplied } from "~/core/unapplied-payments.server";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";
import { type PaymentRow, payments, refunds } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { formatPeso } from "~/domain/money";
import { defineQueue } from "~/infra/jobs.server";
import { log } from "~/infra/log.server";
import type { ParsedEvent } from "~/infra/payments/events.server";
import { paymentProvider } from "~/infra/payments/provider.server";
import type { PaymentOutcome, RefundOutcome } from "~/infra/payments/types";

/**
 * The payment provider's events, once a webhook has taken them (app/infra/webhooks.server.ts, the route
 * app/routes/webhooks+/payments.ts): the `payment-events` job applies a payment to its checkout and moves the
 * booking, keeps what it cannot apply for an operator, and numbers the request's receipt. The calls that open a
 * checkout are the API's (app/api/reserve/booking-payments.server.ts).
 */

/**
 * One verified provider event (taken once by app/infra/webhooks.server.ts). Nothing it reports is dropped
 * (docs/decisions/0040-money-promises.md): a payment is applied to the checkout it names when its amount is the
 * checkout's, in one transaction with its booking's move; a capture the checkout did not await (another amount, or a
 * checkout already paid) is received as a payment of its own and refunded whole; what can be neither — a payment or
 * refund of nothing of ours, a payment reported again for another amount, a refund the provider could not make — is
 * kept for an operator. A replayed event finds its payment or refund already settled and changes nothing.
 */
export const paymentEventsQueue = defineQueue<ParsedEvent>(
  "payment-events",
  async ({ event, eventId, provider }) => {
    if (!event) return;
    const { db } = await getDatabase();
    const from = { eventId, provider: provider ?? paymentProvider()?.name ?? "unknown" };
    if (!("refundId" in event)) {
      await bookingTransaction(db, (tx) => settlePayment(tx, event, from));
      return;
    }
    await db.transaction((tx) => settleRefundEvent(tx, event, from));
  },
  // A payment waits on this job, so a run that failed or whose process died is tried again within seconds, not
  // minutes (docs/decisions/0043-jobs-survive-crashes.md); each run is one transaction, and a repeat changes nothing.
  { retryDelay: 5, retryLimit: 8, jobSeconds: 30 },
);

/** Where an event came from: the webhook's event id and the provider it was received for. */
type EventSource = { eventId: string; provider: string };

async function settlePayment(tx: Database, event: PaymentOutcome, from: EventSource) {
  // The checkout the event names, locked: every event about one checkout is taken one after the other.
  const checkout = await findPayment(tx, event);
  const recorded = await paymentByProviderId(tx, from.provider, event.providerPaymentId);
  const kept = {
    provider: from.provider,
    eventId: from.eventId,
    eventType: event.type,
    providerPaymentId: event.providerPaymentId,
    amount: event.amount,
  };
  if (!checkout) {
    // A capture received before, reported again under names we do not know: a repeat.
    if (recorded?.state === "paid" && recorded.amount === event.amount) return;
    await recordUnapplied(tx, {
      ...kept,
      kind: "unknown_payment",
      reason:
        event.type === "payment.paid"
          ? `A payment of ${formatPeso(event.amount)} names no checkout of ours: match it to a booking or refund it.`
          : `A failed payment of ${formatPeso(event.amount)} names no checkout of ours (no money moved).`,
    });
    return;
  }
  if (event.type === "payment.failed") {
    await recordFailure(tx, checkout, event);
    return;
  }
  const now = new Date();
  // Compared first: only the checkout's own amount, on a checkout not yet paid, pays it.
  const settles = checkout.state !== "paid" && event.amount === checkout.amount;
  if (recorded?.state === "paid") {
    // Received before: the same amount is a repeat of what was applied.
    if (recorded.amount === event.amount) return;
    // Another amount contradicts it, and only a person can tell which is true. The checkout's own amount still pays
    // the checkout (the renter's request goes on); anything else is neither applied nor refunded a second time.
    await recordUnapplied(tx, {
      ...kept,
      kind: "amount_conflict",
      paymentId: recorded.id,
      bookingId: recorded.bookingId,
      reason: `The provider reports payment ${event.providerPaymentId} as ${formatPeso(event.amount)}, after reporting it as ${formatPeso(recorded.amount)} (received${recorded.id === checkout.id ? "" : " and refunded"}); ${settles ? "the checkout was paid with it" : "nothing more was done"}. Check the payment in the provider's dashboard.`,
    });
    if (!settles) return;
  }
  let payment: PaymentRow;
  if (settles) {
    await tx
      .update(payments)
      .set({
        state: "paid",
        providerPaymentId: event.providerPaymentId,
        method: event.method ?? checkout.method,
        paidAt: now,
        updatedAt: now,
      })
      .where(eq(payments.id, checkout.id));
    payment = { ...checkout, providerPaymentId: event.providerPaymentId };
  } else {
    // A capture the checkout did not await (another amount, or the checkout already paid): a payment of its own on
    // the same booking, so the refund below has a payment to draw on, and the checkout still waits for its own.
    const [stray] = await tx
      .insert(payments)
      .values({
        bookingId: checkout.bookingId,
        billId: checkout.billId,
        provider: from.provider,
        amount: event.amount,
        state: "paid",
        method: event.method ?? checkout.method,
        idempotencyKey: `capture:${from.provider}:${event.providerPaymentId}`,
        successUrl: checkout.successUrl,
        cancelUrl: checkout.cancelUrl,
        providerPaymentId: event.providerPaymentId,
        paidAt: now,
      })
      .returning();
    if (!stray) throw new Error("the capture was not stored");
    payment = stray;
  }
  if (payment.billId) {
    await settleBillPayment(
      tx,
      { bookingId: payment.bookingId, billId: payment.billId },
      event.amount,
      event.providerPaymentId,
    );
    return;
  }
  // The machine decides: the due, paid in time, sends the request to the host; any other payment is refunded.
  const { transition } = await applyBookingEventIn(tx, payment.bookingId, {
    type: "payment_confirmed",
    actor: "provider",
    amount: event.amount,
    reference: event.providerPaymentId,
  });
  // The payment the booking accepted has its acknowledgement receipt, numbered now (docs/product.md, Receipts).
  if (!transition.money.some((move) => move.kind === "refund")) await numberRequestReceipt(tx, payment.id);
}

/** A failed payment of a checkout: recorded on it while it waits; a failed try after it was settled changes nothing. */
async function recordFailure(tx: Database, checkout: PaymentRow, event: PaymentOutcome) {
  if (checkout.state !== "pending") {
    log.info(
      `[payments] a failed payment (${event.providerPaymentId}) of checkout ${checkout.id}, already ${checkout.state}: no money moved, nothing to do`,
    );
    return;
  }
  await tx
    .update(payments)
    .set({
      state: "failed",
      providerPaymentId: event.providerPaymentId,
      failureReason: event.failureReason,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, checkout.id));
  // A failed bill payment leaves the bill open; only a booking's first checkout has a failure to record.
  if (checkout.billId) return;
  try {
    await applyBookingEventIn(tx, checkout.bookingId, {
      type: "payment_failed",
      actor: "provider",
      reference: event.providerPaymentId,
    });
  } catch (error) {
    // The booking has moved on (expired, cancelled): the failed payment is recorded and that is all.
    if (!(error instanceof DomainError)) throw error;
  }
}

/** The payment an event is about: by our id, else the provider's checkout, else the provider's payment; locked. */
async function findPayment(tx: Database, event: PaymentOutcome) {
  const where =
    event.paymentId && z.uuid().safeParse(event.paymentId).success
      ? eq(payments.id, event.paymentId)
      : event.checkoutReference
        ? eq(payments.checkoutReference, event.checkoutReference)
        : eq(payments.providerPaymentId, event.providerPaymentId);
  const [payment] = await tx.select().from(payments).where(where).for("update");
  return payment;
}

/** Our payment row of the provider's payment `providerPaymentId`, paid first, when we have received it before. */
async function paymentByProviderId(tx: Database, provider: string, providerPaymentId: string) {
  const rows = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
  return rows.find((row) => row.state === "paid") ?? rows[0];
}

/**
 * A refund the provider finished. Found by its id; a refund whose id we have not stored yet (the provider's event
 * came before its answer was saved) by its payment and amount. A refund of nothing of ours, or an outcome that
 * contradicts the one recorded, is kept for an operator.
 */
async function settleRefundEvent(tx: Database, event: RefundOutcome, from: EventSource) {
  const outcome = event.type === "refund.succeeded" ? "succeeded" : "failed";
  let [refund] = await tx
    .select()
    .from(refunds)
    .where(eq(refunds.providerRefundId, event.refundId))
    .for("update");
  if (!refund) {
    const [waiting] = await tx
      .select({ refund: refunds })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(
        and(
          eq(payments.providerPaymentId, event.providerPaymentId),
          eq(refunds.amount, event.amount),
          eq(refunds.state, "pending"),
          isNull(refunds.providerRefundId),
        ),
      )
      .limit(1)
      .for("update", { of: refunds });
    refund = waiting?.refund;
    if (refund)
      await tx
        .update(refunds)
        .set({ providerRefundId: event.refundId, updatedAt: new Date() })
        .where(eq(refunds.id, refund.id));
  }
  if (refund && (refund.state === "pending" || refund.state === outcome)) {
    await settleRefund(tx, refund.id, outcome, from);
    return;
  }
  await recordUnapplied(tx, {
    kind: "unknown_refund",
    provider: from.provider,
    eventId: from.eventId,
    eventType: event.type,
    providerPaymentId: event.providerPaymentId,
    providerRefundId: event.refundId,
    refundId: refund?.id ?? null,
    bookingId: refund?.bookingId ?? null,
    amount: event.amount,
    reason: refund
      ? `The provider reports refund ${event.refundId} ${outcome}; it was recorded ${refund.state}. Check it in the provider's dashboard.`
      : `A refund of ${formatPeso(event.amount)} (${outcome}) names no refund we asked for.`,
  });
}

/**
 * Numbers the receipt of the payment made with the request, once the booking has accepted it (inside the payment
 * webhook job's transaction). A payment the booking refunded whole has no receipt.
 */
export async function numberRequestReceipt(tx: Database, paymentId: string): Promise<void> {
  await tx
    .update(payments)
    .set({ receiptNumber: sql`nextval('bill_receipt_number_seq')` })
    .where(and(eq(payments.id, paymentId), isNull(payments.receiptNumber)));
}
