import type { PaymentMethod } from "~/domain/payment-methods";
import type { SignatureScheme } from "../webhooks.server";

/**
 * The payment provider behind one interface (docs/product.md, Payments; ADR 0022): a hosted checkout the
 * renter is sent to, refunds, and the provider's signed webhook as the only proof that money moved.
 */

export type CheckoutRequest = {
  /** Our payment's id: the provider's reference number and metadata carry it back. */
  paymentId: string;
  /** Centavos. */
  amount: number;
  description: string;
  methods: readonly PaymentMethod[];
  successUrl: string;
  cancelUrl: string;
  /** Sent with the create call: a retried create never opens a second checkout. */
  idempotencyKey: string;
  customer: { name: string; email: string };
};

export type Checkout = { reference: string; checkoutUrl: string };

export type RefundRequest = {
  providerPaymentId: string;
  amount: number;
  reason: string;
  idempotencyKey: string;
};

export type RefundAnswer = { refundId: string; state: "pending" | "succeeded" | "failed" };

export type PaymentProvider = {
  name: "sandbox" | "paymongo";
  /** Opens a hosted checkout; `origin` is this site's (the sandbox's page lives on it). */
  createCheckout(request: CheckoutRequest, origin: string): Promise<Checkout>;
  refund(request: RefundRequest): Promise<RefundAnswer>;
  /** The secrets its webhooks are signed with, and how they are signed. */
  webhookSecrets(): string[];
  signature: SignatureScheme;
};

/** A payment the provider reports paid or failed. */
export type PaymentOutcome = {
  type: "payment.paid" | "payment.failed";
  /** Our payment id (the checkout's reference number or metadata), or null when the event does not carry it. */
  paymentId: string | null;
  /** The provider's checkout id. */
  checkoutReference: string | null;
  providerPaymentId: string;
  amount: number;
  method: string | null;
  failureReason: string | null;
};

/** A refund the provider finished. */
export type RefundOutcome = {
  type: "refund.succeeded" | "refund.failed";
  refundId: string;
  providerPaymentId: string;
  amount: number;
};

/** A provider's webhook event, as the payment job reads it (events.server.ts). */
export type PaymentEvent = PaymentOutcome | RefundOutcome;
