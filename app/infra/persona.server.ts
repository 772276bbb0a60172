import { z } from "zod/v4";
import type { Env } from "~/env.server";

/**
 * Persona (docs/decisions/0068-identity-checks-through-persona.md): identity checks in its hosted flow. The API
 * creates an inquiry server-side from the inquiry template, with the user's id as Persona's `reference-id` (one
 * Persona account per user) and an `Idempotency-Key`, so a retried start never opens two inquiries; the browser then
 * goes to the hosted flow with the inquiry's id — no JavaScript of ours. The result never comes with the browser:
 * only Persona's signed webhook (`Persona-Signature`, app/infra/webhooks.server.ts) carries it, and the job of
 * app/core/identity-checks.server.ts applies it. PERSONA_API_URL and PERSONA_FLOW_URL point the tests at their local
 * fake (tests/doubles/persona.ts).
 */

/** How long a call to Persona may take before the request that made it gives up. */
const TIMEOUT_MS = 15_000;

export class IdentityProviderError extends Error {
  override name = "IdentityProviderError";
}

export type PersonaConfig = Pick<
  Env,
  "PERSONA_API_KEY" | "PERSONA_TEMPLATE_ID" | "PERSONA_API_URL" | "PERSONA_FLOW_URL"
>;

export type CreatedInquiry = { inquiryId: string; flowUrl: string };

/** Creates an inquiry for `userId` and answers its hosted flow's address, which sends the browser to `returnUrl`. */
export async function createPersonaInquiry(
  config: PersonaConfig,
  input: { reference: string; userId: string; returnUrl: string },
): Promise<CreatedInquiry> {
  const base = config.PERSONA_API_URL.replace(/\/$/, "");
  const response = await callTwice(`${base}/inquiries`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${config.PERSONA_API_KEY ?? ""}`,
      "Content-Type": "application/json",
      Accept: "application/json",
      // Our check's reference: the same start asked twice (a retry) gets the same inquiry.
      "Idempotency-Key": input.reference,
    },
    body: JSON.stringify({
      data: {
        attributes: {
          "inquiry-template-id": config.PERSONA_TEMPLATE_ID,
          "reference-id": input.userId,
        },
      },
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => null)) as {
    data?: { id?: unknown; type?: unknown };
    errors?: { title?: string; details?: string }[];
  } | null;
  const inquiryId = body?.data?.id;
  if (!response.ok || typeof inquiryId !== "string" || !inquiryId) {
    const detail =
      body?.errors?.map((error) => error.details ?? error.title).join("; ") || `HTTP ${response.status}`;
    throw new IdentityProviderError(`Persona refused to create an inquiry: ${detail}`);
  }
  return { inquiryId, flowUrl: flowUrl(config, inquiryId, input.returnUrl) };
}

/**
 * A session on the user's inquiry still in progress (Persona: a pending inquiry opens only with a session token),
 * so a user who left the hosted flow and starts again continues the same inquiry rather than opening a second one.
 * Null when Persona will not resume it (409: submitted, decided or redacted): its result is on its way.
 */
export async function resumePersonaInquiry(
  config: PersonaConfig,
  input: { inquiryId: string; returnUrl: string },
): Promise<{ flowUrl: string } | null> {
  const base = config.PERSONA_API_URL.replace(/\/$/, "");
  const response = await callTwice(`${base}/inquiries/${encodeURIComponent(input.inquiryId)}/resume`, {
    method: "POST",
    headers: { Authorization: `Bearer ${config.PERSONA_API_KEY ?? ""}`, Accept: "application/json" },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (response.status === 409) return null;
  const body = (await response.json().catch(() => null)) as { meta?: { "session-token"?: unknown } } | null;
  const token = body?.meta?.["session-token"];
  if (!response.ok || typeof token !== "string" || !token)
    throw new IdentityProviderError(
      `Persona refused to resume inquiry ${input.inquiryId}: HTTP ${response.status}`,
    );
  return { flowUrl: flowUrl(config, input.inquiryId, input.returnUrl, token) };
}

function flowUrl(config: PersonaConfig, inquiryId: string, returnUrl: string, sessionToken?: string): string {
  // Where the browser comes back to is a parameter of the hosted flow's link, as Persona's hosted flow takes it.
  const flow = new URL(config.PERSONA_FLOW_URL);
  flow.searchParams.set("inquiry-id", inquiryId);
  if (sessionToken) flow.searchParams.set("session-token", sessionToken);
  flow.searchParams.set("redirect-uri", returnUrl);
  return flow.href;
}

/**
 * One call, made once more when the connection broke before any answer (a kept-alive connection closed under it):
 * the Idempotency-Key makes the second call the same inquiry, never a second one.
 */
async function callTwice(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return fetch(url, init);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Webhook events

/**
 * What an inquiry's event means for the check (docs/product.md, Identity checks and text messages): approved →
 * passed; declined, or failed (the user could not finish) → failed, with Persona's reason; marked for review →
 * review, which the trust team decides. A completed inquiry is not yet a decision: Persona's workflow approves it,
 * declines it or marks it for review next, so a check that needs review never shows the verified badge in between.
 * Every other event (created, started, completed, expired, …) is received and changes nothing.
 */
export type PersonaOutcome = "passed" | "failed" | "review";

const OUTCOMES: Record<string, PersonaOutcome> = {
  "inquiry.approved": "passed",
  "inquiry.declined": "failed",
  "inquiry.failed": "failed",
  "inquiry.marked-for-review": "review",
};

/** A decision (approved, declined), Persona's workflow's or its reviewers': it moves a check whatever its status. */
export function isFinalDecision(eventName: string): boolean {
  return eventName === "inquiry.approved" || eventName === "inquiry.declined";
}

export type IdentityEvent = {
  eventId: string;
  /** Persona's name of the event (inquiry.approved, …). */
  name: string;
  outcome: PersonaOutcome | null;
  inquiryId: string;
  /** The inquiry's reference-id: the user it was created for. */
  referenceId: string | null;
  /** When the event happened (ISO 8601): events may arrive out of order. */
  createdAt: string;
  /** Persona's reason for a failed check: the checks that failed. */
  reason: string | null;
};

const Check = z.object({ name: z.string(), status: z.string() });

const Included = z.object({
  type: z.string(),
  attributes: z.object({ status: z.string().nullish(), checks: z.array(Check).nullish() }),
});

const Inquiry = z.object({
  type: z.literal("inquiry"),
  id: z.string().min(1),
  attributes: z.object({ status: z.string().nullish(), "reference-id": z.string().nullish() }),
});

const EventBody = z.object({
  data: z.object({
    type: z.literal("event"),
    id: z.string().min(1),
    attributes: z.object({
      name: z.string().min(1),
      "created-at": z.string().min(1),
      payload: z.object({ data: z.unknown(), included: z.array(z.unknown()).nullish() }),
    }),
  }),
});

/** Reads Persona's event; throws when the body is not one (the webhook answers 400). */
export function parsePersonaEvent(body: string): { eventId: string; event: IdentityEvent | null } {
  const { data } = EventBody.parse(JSON.parse(body));
  const { name, payload } = data.attributes;
  const createdAt = new Date(data.attributes["created-at"]);
  if (Number.isNaN(createdAt.getTime())) throw new Error("the event has no time");
  const inquiry = Inquiry.safeParse(payload.data);
  // Not an inquiry's event (an account's, a verification's): received, and nothing to do.
  if (!inquiry.success) return { eventId: data.id, event: null };
  const outcome = OUTCOMES[name] ?? null;
  return {
    eventId: data.id,
    event: {
      eventId: data.id,
      name,
      outcome,
      inquiryId: inquiry.data.id,
      referenceId: inquiry.data.attributes["reference-id"] ?? null,
      createdAt: createdAt.toISOString(),
      reason: outcome === "failed" ? failedChecks(payload.included ?? []) : null,
    },
  };
}

/** Persona's reason: the names of the verification checks that failed, in words ("id expired, selfie mismatch"). */
function failedChecks(included: unknown[]): string {
  const names = new Set<string>();
  for (const entry of included) {
    const parsed = Included.safeParse(entry);
    if (!parsed.success || !parsed.data.type.startsWith("verification")) continue;
    for (const check of parsed.data.attributes.checks ?? []) {
      if (check.status === "failed") names.add(check.name.replace(/_/g, " "));
    }
  }
  return names.size > 0
    ? `Persona could not verify: ${[...names].join(", ")}.`
    : "Persona could not verify your identity.";
}

/** Builds an event body in Persona's shape (what the tests' fake Persona sends). */
export function personaEventBody(
  eventId: string,
  name: string,
  inquiry: unknown,
  included: unknown[] = [],
  createdAt = new Date(),
): string {
  return JSON.stringify({
    data: {
      type: "event",
      id: eventId,
      attributes: {
        name,
        "created-at": createdAt.toISOString(),
        payload: { data: inquiry, included },
      },
    },
  });
}
