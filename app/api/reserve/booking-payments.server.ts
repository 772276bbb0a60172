import { and, count, eq, isNull } from "drizzle-orm";
import { z } from "zod/v4";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";
import { bookings, type PaymentRow, payments, refunds, spaces } from "~/db/schema";
import { checkoutDeadline } from "~/domain/booking";
import { DomainError } from "~/domain/errors";
import { publicOrigin } from "~/env.server";
import { defineQueue } from "~/services/jobs.server";
import type { ParsedEvent } from "~/services/payments/events.server";
import { PaymentProviderError } from "~/services/payments/paymongo.server";
import { paymentProvider } from "~/services/payments/provider.server";
import {
  PAYMENT_METHOD_NAMES,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentOutcome,
  type PaymentProvider,
} from "~/services/payments/types";
import { type CurrentUser, defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";
import { settleBillPayment } from "../payment/billing.server";
import { numberRequestReceipt } from "../payment/receipts.server";
import { displayName } from "../user/profile.server";
import {
  applyBookingEventIn,
  BOOKING_NOT_FOUND,
  bookingTransaction,
  toBooking,
} from "./booking-service.server";
import { settleRefund } from "./refunds.server";

/**
 * Paying for a booking (PRODUCT.md "Payments (decided)"; ADR 0022): POST /reserve/payBooking opens the provider's
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
  summary:
    "Opens the payment provider's hosted checkout for a booking waiting for payment (the renter's own, within its 60 minutes), with card, GCash or Maya. Answers the checkout's URL; asking again answers the same checkout.",
  tags: ["reserve"],
  body: z.strictObject({
    bookingId,
    paymentMethod: z
      .enum(PAYMENT_METHODS, { error: "Please choose how you will pay: card, GCash or Maya." })
      .optional(),
  }),
  async handler({ db, user, body, request }): Promise<CheckoutStart> {
    const provider = paymentProvider();
    if (!provider) throw new ApiError(503, PAYMENTS_UNAVAILABLE);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, body.bookingId));
    if (!row || row.renterId !== user.id) throw new ApiError(404, BOOKING_NOT_FOUND);
    if (row.state !== "awaiting_payment")
      throw new DomainError("conflict", "This booking is not waiting for payment.");
    if (new Date() >= checkoutDeadline(toBooking(row)))
      throw new DomainError("conflict", "The time to pay for this booking is over. Please book again.");
    const method: PaymentMethod =
      body.paymentMethod ?? PAYMENT_METHODS.find((known) => known === row.paymentMethod) ?? "card";
    const origin = publicOrigin(request);
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
 * One verified provider event (taken once by app/services/webhooks.server.ts). A payment is settled and its booking
 * moved in one transaction; a replayed or late event finds the payment already settled and changes nothing.
 */
export const paymentEventsQueue = defineQueue<ParsedEvent>("payment-events", async ({ event }) => {
  if (!event) return;
  const { db } = await getDatabase();
  if (!("refundId" in event)) {
    await bookingTransaction(db, (tx) => settlePayment(tx, event));
    return;
  }
  const { refundId, type } = event;
  await db.transaction(async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, refundId));
    if (refund) await settleRefund(tx, refund.id, type === "refund.succeeded" ? "succeeded" : "failed");
  });
});

async function settlePayment(tx: Database, event: PaymentOutcome) {
  const payment = await findPayment(tx, event);
  if (!payment) {
    console.warn(`[payments] an event for an unknown payment (${event.providerPaymentId}) was ignored`);
    return;
  }
  const now = new Date();
  if (event.type === "payment.paid") {
    if (payment.state === "paid") return;
    await tx
      .update(payments)
      .set({
        state: "paid",
        providerPaymentId: event.providerPaymentId,
        method: event.method ?? payment.method,
        paidAt: now,
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
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
    // The payment the booking accepted has its acknowledgement receipt, numbered now (PRODUCT.md "Receipts").
    if (!transition.money.some((move) => move.kind === "refund")) await numberRequestReceipt(tx, payment.id);
    return;
  }
  if (payment.state !== "pending") return;
  await tx
    .update(payments)
    .set({
      state: "failed",
      providerPaymentId: event.providerPaymentId,
      failureReason: event.failureReason,
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id));
  // A failed bill payment leaves the bill open; only a booking's first checkout has a failure to record.
  if (payment.billId) return;
  try {
    await applyBookingEventIn(tx, payment.bookingId, {
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

export const endpoints: Endpoint[] = [payBooking, checkoutSession];
