import { hkdfSync, randomBytes } from "node:crypto";
import type { PaymentMethod } from "~/domain/payment-methods";
import { type Env, getEnv, siteOrigin } from "~/env.server";
import { defineQueue, send } from "../jobs.server";
import { PAYMONGO_SIGNATURE, signWebhook } from "../webhooks.server";
import { paymentEventBody } from "./events.server";
import type { PaymentProvider } from "./types";

/**
 * The built-in payment provider (ADR 0022): its hosted checkout is a page of this app (/checkout-sandbox/<reference>)
 * where the renter picks a test card, GCash or Maya and whether the payment goes through. Like PayMongo, it tells
 * Space Solution what happened only server to server: a signed webhook in PayMongo's protocol, posted to our own
 * webhook route by a job (so it is retried, and arrives after the browser is back, as a real provider's may).
 * Refunds succeed at once. Its webhook secret is derived from SESSION_SECRET.
 */

export const SANDBOX_CHECKOUT_PATH = "/checkout-sandbox";
export const PAYMENT_WEBHOOK_PATH = "/webhooks/payments";

/** The sandbox's webhook secret: derived from SESSION_SECRET for this one purpose (HKDF-SHA256). */
export function sandboxWebhookSecret(env: Env = getEnv()): string {
  const key = hkdfSync("sha256", env.SESSION_SECRET, "", "space-solution payment-sandbox webhook", 32);
  return Buffer.from(key).toString("hex");
}

export function sandboxProvider(env: Env): PaymentProvider {
  return {
    name: "sandbox",
    signature: PAYMONGO_SIGNATURE,
    webhookSecrets: () => [sandboxWebhookSecret(env)],
    async createCheckout(_request, origin) {
      const reference = `cs_sandbox_${randomBytes(12).toString("hex")}`;
      return { reference, checkoutUrl: `${origin}${SANDBOX_CHECKOUT_PATH}/${reference}` };
    },
    async refund() {
      return { refundId: `ref_sandbox_${randomBytes(12).toString("hex")}`, state: "succeeded" };
    },
  };
}

/** A webhook the sandbox still has to deliver: the event body, signed when it is sent. */
type Delivery = { body: string };

export const sandboxWebhookQueue = defineQueue<Delivery>("sandbox-payment-webhooks", async ({ body }) => {
  const response = await fetch(new URL(PAYMENT_WEBHOOK_PATH, siteOrigin()), {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      [PAYMONGO_SIGNATURE.header]: signWebhook(body, sandboxWebhookSecret(), undefined, PAYMONGO_SIGNATURE),
    },
    body,
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`our webhook answered ${response.status}: ${await response.text()}`);
});

/** What the renter chose on the sandbox's page, sent as PayMongo would: paid (a checkout session) or failed. */
export async function settleSandboxCheckout(checkout: {
  paymentId: string;
  reference: string;
  amount: number;
  method: PaymentMethod;
  outcome: "paid" | "failed";
}): Promise<void> {
  const payment = {
    id: `pay_sandbox_${randomBytes(12).toString("hex")}`,
    type: "payment",
    attributes: {
      amount: checkout.amount,
      currency: "PHP",
      status: checkout.outcome,
      source: { type: checkout.method },
      metadata: { paymentId: checkout.paymentId },
      failed_message: checkout.outcome === "failed" ? "The test payment was declined." : null,
    },
  };
  const eventId = `evt_sandbox_${randomBytes(12).toString("hex")}`;
  const body =
    checkout.outcome === "paid"
      ? paymentEventBody(eventId, "checkout_session.payment.paid", {
          id: checkout.reference,
          type: "checkout_session",
          attributes: {
            reference_number: checkout.paymentId,
            metadata: { paymentId: checkout.paymentId },
            payments: [payment],
          },
        })
      : paymentEventBody(eventId, "payment.failed", payment);
  await send(sandboxWebhookQueue, { body });
}
