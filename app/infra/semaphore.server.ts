import type { Env } from "~/env.server";
import { log } from "./log.server";

/**
 * Semaphore, the Philippine SMS gateway (docs/decisions/0069-sms-through-semaphore.md): a form POST with the account's
 * `apikey`, the `number`, the `message` and our `sendername`. Notices go to its messages endpoint; phone codes to
 * its OTP endpoint, made for codes: the message carries `{otp}` where the code goes and `code` is our code (we keep only its keyed hash, app/api/user/verification.server.ts). Its rate limits answer 429:
 * the `sms` job then fails and is tried again later (retries with backoff, app/infra/sms.server.ts). The API key is
 * sent in the body, never in a URL, and never appears in an error or a log line.
 */

const TIMEOUT_MS = 15_000;

export type SemaphoreConfig = Pick<Env, "SEMAPHORE_API_KEY" | "SEMAPHORE_API_URL" | "SMS_SENDER">;

export type SemaphoreSms = { to: string; text: string; code?: string };

/** Semaphore's rate limit answered (429): the job tries again later. */
export class SmsRateLimited extends Error {
  override name = "SmsRateLimited";
  constructor(readonly retryAfterSeconds: number | null) {
    super(
      `Semaphore's rate limit was reached${retryAfterSeconds ? `; it asks to retry after ${retryAfterSeconds} s` : ""}.`,
    );
  }
}

export const SEMAPHORE_MESSAGES_PATH = "/api/v4/messages";
export const SEMAPHORE_OTP_PATH = "/api/v4/otp";

export async function sendThroughSemaphore(sms: SemaphoreSms, config: SemaphoreConfig): Promise<void> {
  const apiKey = config.SEMAPHORE_API_KEY ?? "";
  // Semaphore takes Philippine numbers as 09… or 639…: an international +63… goes without its plus.
  const number = sms.to.replace(/^\+/, "");
  const form = new URLSearchParams({ apikey: apiKey, number, sendername: config.SMS_SENDER });
  if (sms.code && sms.text.includes(sms.code)) {
    form.set("message", sms.text.split(sms.code).join("{otp}"));
    form.set("code", sms.code);
  } else {
    form.set("message", sms.text);
  }
  const path = form.has("code") ? SEMAPHORE_OTP_PATH : SEMAPHORE_MESSAGES_PATH;
  const response = await fetch(`${config.SEMAPHORE_API_URL.replace(/\/$/, "")}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: form,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const raw = await response.text().catch(() => "");
  if (response.status === 429) {
    const after = Number(response.headers.get("Retry-After"));
    throw new SmsRateLimited(Number.isFinite(after) && after > 0 ? after : null);
  }
  // What Semaphore says goes into the error (the job's log) without the key, whatever it echoes back.
  const detail = redact(raw, apiKey).slice(0, 200);
  if (!response.ok) throw new Error(`Semaphore answered ${response.status}${detail ? `: ${detail}` : ""}`);
  let sent: unknown;
  try {
    sent = JSON.parse(raw);
  } catch {
    throw new Error(`Semaphore answered with something other than JSON: ${detail}`);
  }
  // A message accepted is listed with its message_id; a refusal (a bad number, no credits) is an object of errors.
  const first = Array.isArray(sent)
    ? (sent[0] as { message_id?: unknown; code?: unknown } | undefined)
    : undefined;
  if (first?.message_id === undefined) throw new Error(`Semaphore did not take the message: ${detail}`);
  // Already sent: trying again would send another. Said loudly, as the user's code then does not match ours.
  if (
    form.has("code") &&
    first.code !== undefined &&
    String(first.code).padStart(sms.code?.length ?? 0, "0") !== sms.code
  )
    log.warn(`[sms] Semaphore reports message ${String(first.message_id)} sent with a code other than ours.`);
}

function redact(text: string, secret: string): string {
  return secret ? text.split(secret).join("[apikey]") : text;
}
