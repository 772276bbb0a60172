import { and, count, eq, isNull } from "drizzle-orm";
import { z } from "zod/v4";
import { settleBillPayment } from "~/core/billing.server";
import {
  applyBookingEventIn,
  BOOKING_NOT_FOUND,
  bookingTransaction,
  toBooking,
} from "~/core/booking-service.server";
import { settleRefund } from "~/core/refunds.server";
import { recordUnapplied } from "~/core/unapplied-payments.server";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";
import { bookings, type PaymentRow, payments, refunds, spaces } from "~/db/schema";
import { checkoutDeadline } from "~/domain/booking";
import { displayName } from "~/domain/display-name";
import { DomainError } from "~/domain/errors";
import { formatPeso } from "~/domain/money";
import { defineQueue } from "~/infra/jobs.server";
import type { ParsedEvent } from "~/infra/payments/events.server";
import { PaymentProviderError } from "~/infra/payments/paymongo.server";
import { paymentProvider } from "~/infra/payments/provider.server";
import {
  PAYMENT_METHOD_NAMES,
  type PaymentMethod,
  type PaymentOutcome,
  type PaymentProvider,
  type RefundOutcome,
  storedPaymentMethod,
} from "~/infra/payments/types";
import { type CurrentUser, defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";
import { numberRequestReceipt } from "../payment/receipts.server";
import { paymentMethod } from "./reservation-input.server";

/**
 * Paying for a booking (docs/product.md, Payments; ADR 0022): POST /reserve/payBooking opens the provider's
 * hosted checkout for the due; the provider's signed webhook (app/routes/webhooks+/payments.ts) is the only thing
 * that marks a payment paid, in a job that settles the payment and moves the booking in one transaction. The
 * browser's return from the checkout only shows the state.
 */

export const PAYMENTS_UNAVAILABLE = "Payments are not available on this site yet. Please try again later.";
export const PROVIDER_UNREACHABLE = "The payment provider could not be reached. Please try again.";

const bookingId = z.uuid({ error: BOOKING_NOT_FOUND });

export type CheckoutStart = { paymentId: string; checkoutUrl: string };

export const payBooking = defineEndpoint({
  method: "POST",
  path: "/reserve/payBooking",
  auth: "required",
  answers: [404, 409, 502, 503],
  summary:
    "Opens the payment provider's hosted checkout for a booking waiting for payment (the renter's own, within its 60 minutes), with card, GCash or Maya. Answers the checkout's URL; asking again answers the same checkout.",
  tags: ["reserve"],
  body: z.strictObject({
    bookingId,
    paymentMethod: paymentMethod.optional(),
  }),
  async handler({ db, user, body, origin }): Promise<CheckoutStart> {
    const provider = paymentProvider();
    if (!provider) throw new ApiError(503, PAYMENTS_UNAVAILABLE);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, body.bookingId));
    if (!row || row.renterId !== user.id) throw new ApiError(404, BOOKING_NOT_FOUND);
    if (row.state !== "awaiting_payment")
      throw new DomainError("conflict", "This booking is not waiting for payment.");
    if (new Date() >= checkoutDeadline(toBooking(row)))
      throw new DomainError("conflict", "The time to pay for this booking is over. Please book again.");
    const method: PaymentMethod = body.paymentMethod ?? storedPaymentMethod(row.paymentMethod);
    return openCheckout(db, user, provider, origin, {
      bookingId: row.id,
      billId: null,
      amount: row.due,
      method,
      keyPrefix: `booking:${row.id}`,
      successUrl: `${origin}/reserve-space/request-sent-success?${new URLSearchParams({ bookingId: row.id })}`,
      cancelUrl: `${origin}/bookings/${row.id}`,
    });
  },
});

/** What one hosted checkout is for: an amount of one booking (its due at request, or one of its bills). */
export type CheckoutFor = {
  bookingId: string;
  billId: string | null;
  amount: number;
  method: PaymentMethod;
  /** Starts every idempotency key of this amount's checkouts: the nth try is `<prefix>:checkout:<n>`. */
  keyPrefix: string;
  successUrl: string;
  cancelUrl: string;
};

/**
 * Opens the provider's hosted checkout for `what`, or answers the one already open for the same amount and method.
 * The payment row is stored before the provider is asked, with its idempotency key, so a retried create never opens
 * a second checkout; a provider that cannot be reached leaves a failed row and a 502.
 */
export async function openCheckout(
  db: Database,
  user: CurrentUser,
  provider: PaymentProvider,
  origin: string,
  what: CheckoutFor,
): Promise<CheckoutStart> {
  const forThis = what.billId ? eq(payments.billId, what.billId) : isNull(payments.billId);
  const open = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, what.bookingId),
        forThis,
        eq(payments.state, "pending"),
        eq(payments.provider, provider.name),
      ),
    );
  const reusable = open.find(
    (payment) => payment.checkoutUrl && payment.amount === what.amount && payment.method === what.method,
  );
  if (reusable?.checkoutUrl) return { paymentId: reusable.id, checkoutUrl: reusable.checkoutUrl };

  const [tries] = await db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.bookingId, what.bookingId), forThis));
  const [payment] = await db
    .insert(payments)
    .values({
      bookingId: what.bookingId,
      billId: what.billId,
      provider: provider.name,
      amount: what.amount,
      method: what.method,
      idempotencyKey: `${what.keyPrefix}:checkout:${(tries?.n ?? 0) + 1}`,
      successUrl: what.successUrl,
      cancelUrl: what.cancelUrl,
    })
    .returning();
  if (!payment) throw new Error("the payment was not stored");
  const [space] = await db
    .select({ title: spaces.spaceTitle })
    .from(spaces)
    .innerJoin(bookings, eq(bookings.spaceId, spaces.id))
    .where(eq(bookings.id, what.bookingId));
  try {
    const checkout = await provider.createCheckout(
      {
        paymentId: payment.id,
        amount: payment.amount,
        description: `Space Solution ${what.billId ? "monthly bill" : "booking"}: ${space?.title ?? "a space"}`,
        methods: [what.method],
        successUrl: payment.successUrl,
        cancelUrl: payment.cancelUrl,
        idempotencyKey: payment.idempotencyKey,
        customer: { name: displayName(user), email: user.email },
      },
      origin,
    );
    await db
      .update(payments)
      .set({
        checkoutReference: checkout.reference,
        checkoutUrl: checkout.checkoutUrl,
        updatedAt: new Date(),
      })
      .where(eq(payments.id, payment.id));
    return { paymentId: payment.id, checkoutUrl: checkout.checkoutUrl };
  } catch (error) {
    if (!(error instanceof PaymentProviderError) && !(error instanceof TypeError)) throw error;
    console.error(`[payments] checkout for booking ${what.bookingId} failed:`, error);
    await db
      .update(payments)
      .set({ state: "failed", failureReason: String(error.message).slice(0, 500), updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
    throw new ApiError(502, PROVIDER_UNREACHABLE);
  }
}

export type CheckoutSession = {
  paymentId: string;
  reference: string;
  provider: string;
  amount: number;
  method: string | null;
  methodName: string;
  state: PaymentRow["state"];
  spaceTitle: string;
  successUrl: string;
  cancelUrl: string;
};

export const checkoutSession = defineEndpoint({
  method: "GET",
  path: "/reserve/checkoutSession",
  auth: "required",
  answers: [404],
  summary:
    "One of the caller's checkouts by the provider's reference: amount, method, state and where the provider's page sends the renter back. The built-in sandbox checkout page reads it.",
  tags: ["reserve"],
  query: z.strictObject({ reference: z.string().trim().min(1).max(100) }),
  async handler({ db, user, query }): Promise<CheckoutSession> {
    const [found] = await db
      .select({ payment: payments, renterId: bookings.renterId, spaceTitle: spaces.spaceTitle })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
      .where(eq(payments.checkoutReference, query.reference));
    if (!found || found.renterId !== user.id) throw new ApiError(404, "This checkout was not found.");
    const { payment } = found;
    return {
      paymentId: payment.id,
      reference: query.reference,
      provider: payment.provider,
      amount: payment.amount,
      method: payment.method,
      methodName: PAYMENT_METHOD_NAMES[payment.method as keyof typeof PAYMENT_METHOD_NAMES] ?? "Card",
      state: payment.state,
      spaceTitle: found.spaceTitle ?? "a space",
      successUrl: payment.successUrl,
      cancelUrl: payment.cancelUrl,
    };
  },
});

// ─── The provider's events ──────────────────────────────────────────────────────────────────────────────────────────

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
    console.info(
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

export const endpoints: Endpoint[] = [payBooking, checkoutSession];
