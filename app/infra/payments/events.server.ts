import { z } from "zod/v4";
import type { PaymentEvent } from "./types";

/**
 * Reads a payment provider's webhook body — PayMongo's event resource, which the sandbox sends too — into the few
 * facts the payment job needs. Only the shapes below count; any other event type is received and ignored.
 *
 * - `checkout_session.payment.paid`: the checkout session, with its payments; our payment id is its reference number.
 * - `payment.paid` / `payment.failed`: a payment, our payment id in its metadata.
 * - `payment.refund.updated` (also `refund.updated`): a refund, with its status.
 */

const Payment = z.object({
  id: z.string().min(1),
  attributes: z.object({
    amount: z.number().int().positive(),
    status: z.string(),
    source: z.object({ type: z.string() }).nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
    failed_message: z.string().nullish(),
  }),
});

const CheckoutSession = z.object({
  id: z.string().min(1),
  attributes: z.object({
    reference_number: z.string().nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
    payments: z.array(Payment),
  }),
});

const Refund = z.object({
  id: z.string().min(1),
  attributes: z.object({
    amount: z.number().int().positive(),
    payment_id: z.string().min(1),
    status: z.string(),
  }),
});

const EventBody = z.object({
  data: z.object({
    id: z.string().min(1),
    attributes: z.object({ type: z.string(), livemode: z.boolean().optional(), data: z.unknown() }),
  }),
});

export type ParsedEvent = {
  eventId: string;
  event: PaymentEvent | null;
  /** The provider the webhook was received for (its payments are looked up under that name). */
  provider?: string;
};

/** Throws when the body is not a provider event at all (the webhook answers 400). */
export function parsePaymentEvent(body: string): ParsedEvent {
  const { data } = EventBody.parse(JSON.parse(body));
  const { type } = data.attributes;
  return { eventId: data.id, event: eventOf(type, data.attributes.data) };
}

function paymentIdOf(metadata: Record<string, unknown> | null | undefined): string | null {
  return typeof metadata?.paymentId === "string" ? metadata.paymentId : null;
}

function eventOf(type: string, resource: unknown): PaymentEvent | null {
  if (type === "checkout_session.payment.paid") {
    const session = CheckoutSession.parse(resource);
    const payment = session.attributes.payments.find((entry) => entry.attributes.status === "paid");
    if (!payment) return null;
    return {
      type: "payment.paid",
      paymentId: session.attributes.reference_number ?? paymentIdOf(session.attributes.metadata),
      checkoutReference: session.id,
      providerPaymentId: payment.id,
      amount: payment.attributes.amount,
      method: payment.attributes.source?.type ?? null,
      failureReason: null,
    };
  }
  if (type === "payment.paid" || type === "payment.failed") {
    const payment = Payment.parse(resource);
    return {
      type,
      paymentId: paymentIdOf(payment.attributes.metadata),
      checkoutReference: null,
      providerPaymentId: payment.id,
      amount: payment.attributes.amount,
      method: payment.attributes.source?.type ?? null,
      failureReason: payment.attributes.failed_message ?? null,
    };
  }
  if (type === "payment.refund.updated" || type === "refund.updated") {
    const refund = Refund.parse(resource);
    if (refund.attributes.status !== "succeeded" && refund.attributes.status !== "failed") return null;
    return {
      type: refund.attributes.status === "succeeded" ? "refund.succeeded" : "refund.failed",
      refundId: refund.id,
      providerPaymentId: refund.attributes.payment_id,
      amount: refund.attributes.amount,
    };
  }
  return null;
}

/** Builds an event body in PayMongo's shape (what the sandbox and the tests' fake PayMongo send). */
export function paymentEventBody(eventId: string, type: string, resource: unknown, livemode = false): string {
  return JSON.stringify({
    data: {
      id: eventId,
      type: "event",
      attributes: { type, livemode, data: resource, created_at: Math.floor(Date.now() / 1000) },
    },
  });
}
