import type { Env } from "~/env.server";
import { PAYMONGO_SIGNATURE } from "../webhooks.server";
import type { Checkout, PaymentProvider, RefundAnswer } from "./types";

/**
 * PayMongo (ADR 0022): Checkout Sessions for card, GCash and Maya, refunds, and its signed webhooks. Basic auth with
 * the secret key; JSON:API bodies; an `Idempotency-Key` on every create, so a retried call never charges or refunds
 * twice. PAYMONGO_API_URL points the tests at their local fake (tests/doubles/paymongo.ts).
 */

/** How long a call to PayMongo may take before the request that made it gives up. */
const TIMEOUT_MS = 15_000;

export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
}

export function paymongoProvider(env: Env): PaymentProvider {
  const secretKey = env.PAYMONGO_SECRET_KEY ?? "";
  const base = env.PAYMONGO_API_URL.replace(/\/$/, "");

  async function create(path: string, idempotencyKey: string, attributes: unknown) {
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${secretKey}:`).toString("base64")}`,
        "Content-Type": "application/json",
        Accept: "application/json",
        "Idempotency-Key": idempotencyKey,
      },
      body: JSON.stringify({ data: { attributes } }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => null)) as {
      data?: { id?: string; attributes?: Record<string, unknown> };
      errors?: { detail?: string }[];
    } | null;
    if (!response.ok || !body?.data?.id) {
      const detail = body?.errors?.map((error) => error.detail).join("; ") || `HTTP ${response.status}`;
      throw new PaymentProviderError(`PayMongo refused ${path}: ${detail}`);
    }
    return { id: body.data.id, attributes: body.data.attributes ?? {} };
  }

  return {
    name: "paymongo",
    signature: PAYMONGO_SIGNATURE,
    webhookSecrets: () => (env.PAYMONGO_WEBHOOK_SECRET ? [env.PAYMONGO_WEBHOOK_SECRET] : []),
    async createCheckout(request): Promise<Checkout> {
      const session = await create("/v1/checkout_sessions", request.idempotencyKey, {
        line_items: [{ name: request.description, amount: request.amount, currency: "PHP", quantity: 1 }],
        payment_method_types: request.methods,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        description: request.description,
        reference_number: request.paymentId,
        metadata: { paymentId: request.paymentId },
        billing: { name: request.customer.name, email: request.customer.email },
        send_email_receipt: true,
        show_description: true,
        show_line_items: true,
      });
      const checkoutUrl = session.attributes.checkout_url;
      if (typeof checkoutUrl !== "string") throw new PaymentProviderError("PayMongo sent no checkout_url.");
      return { reference: session.id, checkoutUrl };
    },
    async refund(request): Promise<RefundAnswer> {
      const refund = await create("/v1/refunds", request.idempotencyKey, {
        amount: request.amount,
        payment_id: request.providerPaymentId,
        reason: "requested_by_customer",
        notes: request.reason,
      });
      const status = refund.attributes.status;
      return {
        refundId: refund.id,
        state: status === "succeeded" || status === "failed" ? status : "pending",
      };
    },
  };
}
