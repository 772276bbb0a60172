import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import webpush from "web-push";
import { mkdirPrivate, PRIVATE_FILE_MODE } from "~/data-dir.server";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";
import { type PushSubscriptionRow, pushSubscriptions } from "~/db/schema";
import { MOST_PUSH_DEVICES, pushPayload } from "~/domain/push";
import { type Env, getEnv } from "~/env.server";
import { log } from "~/infra/log.server";
import { doOnce } from "./job-effects.server";
import { defineQueue, send } from "./jobs.server";

/**
 * Web Push for the bell (docs/decisions/0084-web-push-for-the-bell.md): every notice that reaches someone's bell is
 * also pushed, by the durable `push` job, to each browser they turned push on in. The `web-push` library signs the
 * request (VAPID, RFC 8292) and encrypts the message to the browser's keys (aes128gcm, RFC 8291); we send it with
 * fetch, as every other provider call, with a timeout.
 *
 * What the push service answers decides the subscription's fate: 201 taken; 404 or 410 the browser is gone (the
 * subscription is removed, nothing retried); 429 or 5xx, or no answer, the job fails and is retried; any other
 * refusal is noted on the subscription and dropped. The log names the subscription's id and the push service's
 * host, never its address (a capability: whoever has it can push to that browser) or its keys.
 */

export type VapidKeys = { publicKey: string; privateKey: string };

/** A pushed notice for one person: the bell's title, body and page. */
export type PushNotice = { userId: string; title: string; body: string; link: string };

/** How long a push service keeps trying a browser that is off: a notice a day old is news in the bell, not a push. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 15_000;

const generated = new Map<string, VapidKeys>();

/** The VAPID key pair: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else generated once into DATA_DIR. */
export function vapidKeys(env: Pick<Env, "DATA_DIR" | "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY"> = getEnv()) {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  const file = path.resolve(env.DATA_DIR, "vapid-keys.json");
  const known = generated.get(file);
  if (known) return known;
  let keys: VapidKeys | undefined;
  try {
    const kept = JSON.parse(readFileSync(file, "utf8")) as Partial<VapidKeys>;
    if (typeof kept.publicKey === "string" && typeof kept.privateKey === "string")
      keys = { publicKey: kept.publicKey, privateKey: kept.privateKey };
  } catch {
    // not there yet: create it below
  }
  if (!keys) {
    keys = webpush.generateVAPIDKeys();
    mkdirPrivate(path.dirname(file));
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: PRIVATE_FILE_MODE });
    log.info(
      `[config] VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: generated a pair and kept it in ${file}. ` +
        "Several instances of the app must share one pair; set both in their environment.",
    );
  }
  generated.set(file, keys);
  return keys;
}

/** Who the push services may write to about our pushes (VAPID's `sub`). */
export function vapidSubject(env: Pick<Env, "VAPID_SUBJECT" | "SUPPORT_EMAIL"> = getEnv()): string {
  return env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`;
}

/** Enqueues the push of a notice in `tx` (the notice's own transaction), when the person has a browser subscribed. */
export async function queuePush(tx: Database, notice: PushNotice): Promise<void> {
  const [subscribed] = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, notice.userId))
    .limit(1);
  if (subscribed) await send(pushQueue, notice, { transaction: tx });
}

/** A push service that did not take a message now (busy, failing, unreachable): the job tries again later. */
export class PushRetry extends Error {
  override name = "PushRetry";
}

/**
 * Pushes the notice to each of the person's browsers, each once however often the job runs; a browser that could
 * not be reached now fails the run after the others were tried, so the retry reaches it.
 */
export async function deliverPush(notice: PushNotice, jobId: string): Promise<void> {
  const { db } = await getDatabase();
  const browsers = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, notice.userId))
    .orderBy(asc(pushSubscriptions.createdAt));
  const payload = pushPayload(notice);
  const failures: Error[] = [];
  for (const browser of browsers) {
    try {
      await doOnce(`push:${jobId}:${browser.id}`, () => pushTo(db, browser, payload));
    } catch (error) {
      failures.push(error as Error);
    }
  }
  if (failures.length > 0)
    throw new PushRetry(`${failures.length} of ${browsers.length} pushes failed: ${failures[0]?.message}`);
}

async function pushTo(db: Database, browser: PushSubscriptionRow, payload: string): Promise<void> {
  const keys = vapidKeys();
  const request = webpush.generateRequestDetails(
    { endpoint: browser.endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } },
    payload,
    {
      vapidDetails: { subject: vapidSubject(), ...keys },
      TTL: PUSH_TTL_SECONDS,
      urgency: "normal",
      contentEncoding: "aes128gcm",
    },
  );
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    // fetch counts the body itself.
    if (name.toLowerCase() !== "content-length") headers.set(name, String(value));
  }
  const service = new URL(browser.endpoint).host;
  const where = { subscriptionId: browser.id, service };
  let response: Response;
  try {
    response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: "error",
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
  } catch (error) {
    throw new PushRetry(`the push service ${service} could not be reached: ${(error as Error).message}`);
  }
  await response.body?.cancel();
  const { status } = response;
  if (status >= 200 && status < 300) {
    await db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: new Date() })
      .where(eq(pushSubscriptions.id, browser.id));
    return;
  }
  if (status === 404 || status === 410) {
    // The browser unsubscribed or is gone for good: never push to it again.
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, browser.id));
    log.info({ ...where, status }, "[push] the browser is gone: its subscription was removed");
    return;
  }
  if (status === 429 || status >= 500) throw new PushRetry(`the push service ${service} answered ${status}`);
  await db
    .update(pushSubscriptions)
    .set({ lastFailureAt: new Date(), lastFailure: `answered ${status}` })
    .where(eq(pushSubscriptions.id, browser.id));
  log.warn({ ...where, status }, "[push] the push service refused the message: it was dropped");
}

/** Each push job pushes its notice to each browser once, however often it runs (./job-effects.server.ts). */
export const pushQueue = defineQueue<PushNotice>("push", (notice, job) => deliverPush(notice, job.id), {
  retryLimit: 5,
  retryDelay: 30,
  // A fetch's timeout per browser, for up to MOST_PUSH_DEVICES browsers, with room to spare.
  jobSeconds: Math.ceil((PUSH_TIMEOUT_MS / 1000) * MOST_PUSH_DEVICES) + 30,
});

/**
 * Keeps a browser's subscription for `userId`: a new one, or the same browser again (its keys may be new), or a
 * browser another person had subscribed (it is theirs no longer: one browser pushes for whoever turned it on last).
 * Beyond MOST_PUSH_DEVICES, the ones added longest ago are dropped.
 */
export async function keepPushSubscription(
  db: Database,
  userId: string,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string }; userAgent: string | null },
): Promise<PushSubscriptionRow> {
  return db.transaction(async (tx) => {
    const fields = {
      userId,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      userAgent: subscription.userAgent?.slice(0, 300) ?? null,
    };
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ endpoint: subscription.endpoint, ...fields })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          ...fields,
          // Added anew when it changes hands; the same person's browser keeps its date.
          createdAt: sql`case when ${pushSubscriptions.userId} = ${userId} then ${pushSubscriptions.createdAt} else now() end`,
          lastFailureAt: null,
          lastFailure: null,
        },
      })
      .returning();
    if (!row) throw new Error("push subscription not kept");
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(sql`${pushSubscriptions.createdAt} desc, ${pushSubscriptions.id} = ${row.id} desc`);
    const dropped = kept.slice(MOST_PUSH_DEVICES).map((browser) => browser.id);
    if (dropped.length > 0)
      await tx
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), inArray(pushSubscriptions.id, dropped)));
    return row;
  });
}
