import type { ActionFunctionArgs } from "@remix-run/node";
import { identityEventsQueue } from "~/core/identity-checks.server";
import { identityProvider } from "~/infra/identity.server";
import { parsePersonaEvent } from "~/infra/persona.server";
import { receiveWebhook } from "~/infra/webhooks.server";

/**
 * The identity provider's webhook (docs/decisions/0068-identity-checks-through-persona.md): Persona's inquiry events,
 * the only way a Persona check gets its result. Signature first (Persona-Signature, several pairs while its secret
 * is rotated), each event taken once, a plain-text answer at once; the identity-events job does the work.
 */
export async function action({ request }: ActionFunctionArgs) {
  const provider = identityProvider();
  if (provider?.resultBy !== "webhook")
    return new Response("No identity provider with webhooks is set up.", { status: 404 });
  return receiveWebhook(request, {
    source: provider.name,
    secrets: provider.webhookSecrets(),
    scheme: provider.signature,
    parse: (body) => {
      const parsed = parsePersonaEvent(body);
      return { eventId: parsed.eventId, work: { provider: provider.name, event: parsed.event } };
    },
    queue: identityEventsQueue,
  });
}

export function loader() {
  return new Response("Only POST is accepted.", { status: 405, headers: { Allow: "POST" } });
}
