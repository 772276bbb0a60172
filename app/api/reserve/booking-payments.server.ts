import { and, count, eq, isNull } from "drizzle-orm";
import { z } from "zod/v4";
import { BOOKING_NOT_FOUND, toBooking } from "~/core/booking-service.server";
import type { Database } from "~/db/client.server";
import { bookings, type PaymentRow, payments, spaces } from "~/db/schema";
import { checkoutDeadline } from "~/domain/booking";
import { displayName } from "~/domain/display-name";
import { DomainError } from "~/domain/errors";
import { PAYMENT_METHOD_NAMES, type PaymentMethod, storedPaymentMethod } from "~/domain/payment-methods";
import { log } from "~/infra/log.server";
import { PaymentProviderError } from "~/infra/payments/paymongo.server";
import { paymentProvider } from "~/infra/payments/provider.server";
import type { PaymentProvider } from "~/infra/payments/types";
import { type CurrentUser, defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";
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
    log.error({ err: error }, `[payments] checkout for booking ${what.bookingId} failed`);
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

export const endpoints: Endpoint[] = [payBooking, checkoutSession];
