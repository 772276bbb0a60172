import { createHmac, timingSafeEqual } from "node:crypto";
import { getDatabase } from "~/db/db.server";
import { webhookEvents } from "~/db/schema";
import { type Queue, send, startJobs } from "./jobs.server";
import { webhookEventsReceived } from "./metrics.server";

/**
 * Webhooks: a provider (payments) telling us that something happened, at a resource route under
 * app/routes/webhooks+/ that never goes through the JSON router (ADR 0018). The rules, in order:
 * 1. the raw body's signature is checked first (HMAC-SHA256, compared in constant time), with its timestamp no more
 *    than five minutes off, so a captured request cannot be replayed later;
 * 2. the answer is plain text, 2xx or 4xx, for the provider's log and retries, never the API's envelope;
 * 3. each event id is recorded once (a unique key): a retry or a replay answers 200 and does nothing;
 * 4. the work goes to a job, enqueued in the transaction that records the event, so the provider is answered at once
 *    and the work is done (with retries) exactly when the event was taken.
 * The server build already caps the body (MAX_BODY_BYTES) and leaves webhooks out of its cross-site refusal.
 */

/**
 * How a provider signs: `t=<unix seconds>,<key>=<hex HMAC-SHA256 of "<t>.<raw body>">` in one header. The generic
 * scheme signs as `v1` (several v1 entries while a secret is rotated); PayMongo's `Paymongo-Signature` carries `te`
 * in test mode and `li` in live mode (docs/product.md, Payments), each checked against that webhook's secret.
 */
export type SignatureScheme = {
  header: string;
  /** The entries that may carry a signature. */
  signatureKeys: readonly string[];
  /** The entry a sender writes (the generic v1; PayMongo's test mode te). */
  signKey: string;
};

export const GENERIC_SIGNATURE: SignatureScheme = {
  header: "Webhook-Signature",
  signatureKeys: ["v1"],
  signKey: "v1",
};
export const PAYMONGO_SIGNATURE: SignatureScheme = {
  header: "Paymongo-Signature",
  signatureKeys: ["te", "li"],
  signKey: "te",
};
/**
 * Persona's `Persona-Signature`: `t=…,v1=…`; while its webhook secret is rotated, one such pair per secret, separated
 * by a space (docs/decisions/0068-identity-checks-through-persona.md).
 */
export const PERSONA_SIGNATURE: SignatureScheme = {
  header: "Persona-Signature",
  signatureKeys: ["v1"],
  signKey: "v1",
};

export const SIGNATURE_HEADER = GENERIC_SIGNATURE.header;
export const TOLERANCE_SECONDS = 300;

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/** The signature header for `body` at `at` (unix seconds): what a provider (our sandbox, the tests) sends. */
export function signWebhook(
  body: string,
  secret: string,
  at = Math.floor(Date.now() / 1000),
  scheme: SignatureScheme = GENERIC_SIGNATURE,
): string {
  const others = scheme.signatureKeys.filter((key) => key !== scheme.signKey).map((key) => `,${key}=`);
  return `t=${at},${scheme.signKey}=${hmac(secret, at, body)}${others.join("")}`;
}

export function verifyWebhookSignature(input: {
  header: string | null;
  body: string;
  /** Every secret in use: one, or the old and the new while one is rotated. */
  secrets: readonly string[];
  now?: number;
  toleranceSeconds?: number;
  scheme?: SignatureScheme;
}): SignatureCheck {
  const {
    header,
    body,
    secrets,
    now = Date.now(),
    toleranceSeconds = TOLERANCE_SECONDS,
    scheme = GENERIC_SIGNATURE,
  } = input;
  if (!header) return { ok: false, reason: "missing signature" };
  // One group per signing secret: `t=…,v1=…`, a further `t=…,v1=…` after a space while a secret is rotated.
  const groups = header
    .trim()
    .split(/\s+(?=t=)/)
    .map((group) => parseGroup(group, scheme));
  if (groups.some((group) => group === null)) return { ok: false, reason: "malformed signature" };
  const fresh = (groups as SignatureGroup[]).filter(
    ({ at }) => Math.abs(now / 1000 - at) <= toleranceSeconds,
  );
  if (fresh.length === 0) return { ok: false, reason: "timestamp out of tolerance" };
  const matches = fresh.some(({ at, signatures }) =>
    secrets.some((secret) => {
      const expected = Buffer.from(hmac(secret, at, body), "hex");
      return signatures.some((signature) => {
        const given = Buffer.from(signature, "hex");
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
    }),
  );
  return matches ? { ok: true } : { ok: false, reason: "signature does not match" };
}

type SignatureGroup = { at: number; signatures: string[] };

function parseGroup(group: string, scheme: SignatureScheme): SignatureGroup | null {
  const entries = group.split(",").map((entry) => entry.trim().split("="));
  const stamp = entries.find(([name]) => name === "t")?.[1];
  const signatures = entries
    .filter(([name, value]) => name !== undefined && scheme.signatureKeys.includes(name) && value)
    .map(([, value]) => value as string);
  if (!stamp || !/^\d+$/.test(stamp) || signatures.length === 0) return null;
  return { at: Number(stamp), signatures };
}

function hmac(secret: string, at: number, body: string): string {
  return createHmac("sha256", secret).update(`${at}.${body}`).digest("hex");
}

export type WebhookOptions<T extends object> = {
  /** Who sends it ("payments"): event ids are unique per source. */
  source: string;
  secrets: readonly string[];
  /** Reads a verified body: the event's id and the data of its job. Throws when the body is not an event (400). */
  parse(body: string): { eventId: string; work: T };
  /** Where the work goes; it must be in the list of queues the app starts with (app/jobs/queues.server.ts). */
  queue: Queue<T>;
  /** How the provider signs (the generic scheme unless said). */
  scheme?: SignatureScheme;
};

/** Handles a webhook route's action by the rules above. */
export async function receiveWebhook<T extends object>(
  request: Request,
  options: WebhookOptions<T>,
): Promise<Response> {
  if (request.method !== "POST") return answer(405, "Only POST is accepted.");
  const body = await request.text();
  const scheme = options.scheme ?? GENERIC_SIGNATURE;
  const check = verifyWebhookSignature({
    header: request.headers.get(scheme.header),
    body,
    secrets: options.secrets,
    scheme,
  });
  if (!check.ok) return answer(401, `Refused: ${check.reason}.`);
  let event: { eventId: string; work: T };
  try {
    event = options.parse(body);
  } catch {
    return answer(400, "Not an event we understand.");
  }
  const { db } = await getDatabase();
  // The job is enqueued in the transaction that records the event, which needs the queue started first.
  await startJobs();
  const taken = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEvents)
      .values({ source: options.source, eventId: event.eventId })
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId });
    if (row) await send(options.queue, event.work, { transaction: tx });
    return Boolean(row);
  });
  webhookEventsReceived.inc({ source: options.source, outcome: taken ? "new" : "repeat" });
  return taken ? answer(200, "Received.") : answer(200, "Already received.");
}

function answer(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
