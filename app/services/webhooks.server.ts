import { createHmac, timingSafeEqual } from "node:crypto";
import { getDatabase } from "~/db/db.server";
import { webhookEvents } from "~/db/schema";
import { type Queue, send } from "./jobs.server";

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

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`; several v1 entries while a secret is rotated. */
export const SIGNATURE_HEADER = "Webhook-Signature";
export const TOLERANCE_SECONDS = 300;

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/** The signature header for `body` at `at` (unix seconds): what a provider (our sandbox, the tests) sends. */
export function signWebhook(body: string, secret: string, at = Math.floor(Date.now() / 1000)): string {
  return `t=${at},v1=${hmac(secret, at, body)}`;
}

export function verifyWebhookSignature(input: {
  header: string | null;
  body: string;
  /** Every secret in use: one, or the old and the new while one is rotated. */
  secrets: readonly string[];
  now?: number;
  toleranceSeconds?: number;
}): SignatureCheck {
  const { header, body, secrets, now = Date.now(), toleranceSeconds = TOLERANCE_SECONDS } = input;
  if (!header) return { ok: false, reason: "missing signature" };
  const entries = header.split(",").map((entry) => entry.trim().split("="));
  const stamp = entries.find(([name]) => name === "t")?.[1];
  const signatures = entries
    .filter(([name, value]) => name === "v1" && value)
    .map(([, value]) => value as string);
  if (!stamp || !/^\d+$/.test(stamp) || signatures.length === 0)
    return { ok: false, reason: "malformed signature" };
  const at = Number(stamp);
  if (Math.abs(now / 1000 - at) > toleranceSeconds)
    return { ok: false, reason: "timestamp out of tolerance" };
  const matches = secrets.some((secret) => {
    const expected = Buffer.from(hmac(secret, at, body), "hex");
    return signatures.some((signature) => {
      const given = Buffer.from(signature, "hex");
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  });
  return matches ? { ok: true } : { ok: false, reason: "signature does not match" };
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
  /** Where the work goes; it must be in the list of queues the app starts with (app/services/queues.server.ts). */
  queue: Queue<T>;
};

/** Handles a webhook route's action by the rules above. */
export async function receiveWebhook<T extends object>(
  request: Request,
  options: WebhookOptions<T>,
): Promise<Response> {
  if (request.method !== "POST") return answer(405, "Only POST is accepted.");
  const body = await request.text();
  const check = verifyWebhookSignature({
    header: request.headers.get(SIGNATURE_HEADER),
    body,
    secrets: options.secrets,
  });
  if (!check.ok) return answer(401, `Refused: ${check.reason}.`);
  let event: { eventId: string; work: T };
  try {
    event = options.parse(body);
  } catch {
    return answer(400, "Not an event we understand.");
  }
  const { db } = await getDatabase();
  const taken = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEvents)
      .values({ source: options.source, eventId: event.eventId })
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId });
    if (row) await send(options.queue, event.work, { transaction: tx });
    return Boolean(row);
  });
  return taken ? answer(200, "Received.") : answer(200, "Already received.");
}

function answer(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
