import type { ActionFunctionArgs } from "@remix-run/node";
import { paymentEventsQueue } from "~/core/payment-events.server";
import { parsePaymentEvent } from "~/infra/payments/events.server";
import { paymentProvider } from "~/infra/payments/provider.server";
import { receiveWebhook } from "~/infra/webhooks.server";

/**
 * The payment provider's webhook (ADR 0018, ADR 0022): PayMongo's events, or the built-in sandbox's in the same
 * protocol. Signature first (Paymongo-Signature), each event taken once, a plain-text answer at once; the payment
 * job does the work.
 */
export async function action({ request }: ActionFunctionArgs) {
  const provider = paymentProvider();
  if (!provider) return new Response("No payment provider is set up.", { status: 404 });
  return receiveWebhook(request, {
    source: provider.name,
    secrets: provider.webhookSecrets(),
    scheme: provider.signature,
    parse: (body) => {
      const parsed = parsePaymentEvent(body);
      return { eventId: parsed.eventId, work: { ...parsed, provider: provider.name } };
    },
    queue: paymentEventsQueue,
  });
}

export function loader() {
  return new Response("Only POST is accepted.", { status: 405, headers: { Allow: "POST" } });
}
