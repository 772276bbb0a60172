import { createHmac } from "node:crypto";
import { and, count, eq, gt, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rateEvents } from "~/db/schema";
import { STORM_UPDATES_PER_DAY } from "~/domain/flood-readiness";
import { getEnv } from "~/env.server";
import { ApiError } from "./envelope";

/**
 * Rate limits that count requests in the database (so every instance of the app shares them), per e-mail address
 * or per caller's address. The caller's address is the one the HTTP server worked out (`clientAddress` of the
 * handler, TRUST_PROXY hops honoured), never a header the client sends.
 */

export type RateLimit = {
  /** Which limit: "forgotPassword:email", "emailCheck:address", … */
  bucket: string;
  /** At most this many requests… */
  max: number;
  /** …in this many milliseconds. */
  windowMs: number;
};

/** The answer of a limit that is used up (the enquiries' words: it reads right for any request). */
export const TOO_MANY_REQUESTS =
  "You have sent several requests in the last hour. Please wait a while before you send another.";

const HOUR_MS = 60 * 60 * 1000;
/** Rows are swept once older than the longest window in use. */
const KEEP_MS = 24 * HOUR_MS;
const SWEEP_EVERY_MS = 60 * 1000;
let lastSweep = 0;

/**
 * The key a row is stored under: a keyed hash, so the table keeps no e-mail or address in clear and every key has
 * the same short length, however long the value.
 */
function rateKey(bucket: string, value: string): string {
  return createHmac("sha256", getEnv().SESSION_SECRET)
    .update(`rate-limit\u0000${bucket}\u0000${value.toLowerCase()}`)
    .digest("base64url");
}

/**
 * Counts one request against each of the limits, or refuses it with 429 (and counts nothing) when any of them is
 * used up. `message` is the 429's responseMessage.
 */
export async function takeRate(
  db: Database,
  checks: readonly { limit: RateLimit; value: string }[],
  message = TOO_MANY_REQUESTS,
): Promise<void> {
  const now = Date.now();
  const keyed = checks.map(({ limit, value }) => ({ limit, key: rateKey(limit.bucket, value) }));
  for (const { limit, key } of keyed) {
    const [row] = await db
      .select({ n: count() })
      .from(rateEvents)
      .where(
        and(
          eq(rateEvents.bucket, limit.bucket),
          eq(rateEvents.key, key),
          gt(rateEvents.at, new Date(now - limit.windowMs)),
        ),
      );
    if ((row?.n ?? 0) >= limit.max) {
      throw new ApiError(429, message, { retryAfterSeconds: Math.ceil(limit.windowMs / 1000) });
    }
  }
  if (keyed.length > 0) {
    await db.insert(rateEvents).values(keyed.map(({ limit, key }) => ({ bucket: limit.bucket, key })));
  }
  if (now - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = now;
    await db.delete(rateEvents).where(lt(rateEvents.at, new Date(now - KEEP_MS)));
  }
}

/** The answer of the sign-up limit: it is about the network, since many people may share one address. */
export const TOO_MANY_SIGNUPS =
  "Too many new accounts were made from this network in the last hour. Please try again later.";

/** The limits in use, in one place (docs/security.md lists them). */
export const LIMITS = {
  /**
   * New accounts from one caller (20 an hour, docs/product.md, Holds; mobile carriers put many people behind one
   * address), by e-mail or social sign-in: a family or an office signs up a few, a script that farms accounts hundreds.
   */
  signupsPerAddress: { bucket: "signup:address", max: 20, windowMs: HOUR_MS },
  /** Reset e-mails to one address: enough for a lost e-mail or two, not a mailbox flood. */
  forgotPasswordPerEmail: { bucket: "forgotPassword:email", max: 5, windowMs: HOUR_MS },
  /** Reset requests from one caller, whatever the e-mail addresses. */
  forgotPasswordPerAddress: { bucket: "forgotPassword:address", max: 20, windowMs: HOUR_MS },
  /** "Is this e-mail free?" from one caller: a sign-up form asks a few times, a harvester thousands. */
  emailCheckPerAddress: { bucket: "emailCheck:address", max: 60, windowMs: HOUR_MS },
  /** Visitors' enquiries (questions to hosts, "Can't find a space?", prospective hosts) from one caller. */
  visitorEnquiriesPerAddress: { bucket: "enquiry:address", max: 20, windowMs: HOUR_MS },
  /** Contact-us messages from one caller, and to one reply address: a person writes a few, a spammer many. */
  contactUsPerAddress: { bucket: "contactUs:address", max: 5, windowMs: HOUR_MS },
  contactUsPerEmail: { bucket: "contactUs:email", max: 5, windowMs: HOUR_MS },
  /** Messages one user writes, in all conversations: a busy host answers dozens an hour, a spammer hundreds. */
  messagesPerUser: { bucket: "messages:user", max: 120, windowMs: HOUR_MS },
  /** Messages one user writes in one conversation in ten minutes: a quick exchange, not a flood. */
  messagesPerConversation: { bucket: "messages:conversation", max: 30, windowMs: HOUR_MS / 6 },
  /** Storm updates one host sends in a day, to all their renters at once (docs/product.md: at most 3 a day). */
  stormUpdatesPerHost: { bucket: "stormUpdate:host", max: STORM_UPDATES_PER_DAY, windowMs: 24 * HOUR_MS },
  /** Viewing requests one renter sends in a day, across spaces. */
  viewingRequestsPerUser: { bucket: "viewings:user", max: 10, windowMs: 24 * HOUR_MS },
} as const satisfies Record<string, RateLimit>;
