import { and, desc, eq } from "drizzle-orm";
import { z } from "zod/v4";
import { pushSubscriptions } from "~/db/schema";
import {
  deviceName,
  isP256PublicKey,
  isPushAuthSecret,
  isPushEndpointAllowed,
  MOST_PUSH_DEVICES,
  PUSH_MESSAGES,
} from "~/domain/push";
import { getEnv } from "~/env.server";
import { keepPushSubscription, vapidKeys } from "~/infra/push.server";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError, fieldError } from "../envelope";

/**
 * Push notifications on a device (docs/decisions/0084-web-push-for-the-bell.md): the browsers the caller turned push
 * on in, the key a browser subscribes with, adding this browser and removing one. Only one's own: another person's
 * device is "not found" and stays.
 */

/** What a browser's PushSubscription.toJSON() gives, as the API takes it. */
const PushSubscriptionBody = z.object({
  endpoint: z.string({ error: PUSH_MESSAGES.endpoint }).trim().max(2000, PUSH_MESSAGES.endpoint),
  keys: z.object({
    p256dh: z.string({ error: PUSH_MESSAGES.p256dh }).trim().refine(isP256PublicKey, PUSH_MESSAGES.p256dh),
    auth: z.string({ error: PUSH_MESSAGES.auth }).trim().refine(isPushAuthSecret, PUSH_MESSAGES.auth),
  }),
});

export type PushDevice = { subscriptionId: string; device: string; createdAt: string };

export const getPushSubscriptions = defineEndpoint({
  method: "GET",
  path: "/user/pushSubscriptions",
  auth: "required",
  summary: `The caller's devices with push notifications on (at most ${MOST_PUSH_DEVICES}; newest first: subscriptionId, device, createdAt) and the VAPID public key (applicationServerKey) a browser subscribes with.`,
  tags: ["notifications"],
  async handler({ db, user }) {
    const rows = await db
      .select({
        id: pushSubscriptions.id,
        userAgent: pushSubscriptions.userAgent,
        createdAt: pushSubscriptions.createdAt,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id))
      .orderBy(desc(pushSubscriptions.createdAt));
    const devices: PushDevice[] = rows.map((row) => ({
      subscriptionId: row.id,
      device: deviceName(row.userAgent),
      createdAt: row.createdAt.toISOString(),
    }));
    return { applicationServerKey: vapidKeys().publicKey, devices };
  },
});

export const addPushSubscription = defineEndpoint({
  method: "POST",
  path: "/user/addPushSubscription",
  auth: "required",
  summary: `Turns push notifications on for the caller's browser: its PushSubscription as toJSON() gives it ({ endpoint, keys: { p256dh, auth } }). The same browser again is updated; a browser another person had turned on becomes the caller's. Beyond ${MOST_PUSH_DEVICES} devices the one added longest ago is dropped.`,
  tags: ["notifications"],
  message: PUSH_MESSAGES.added,
  body: PushSubscriptionBody,
  async handler({ db, user, body, userAgent }) {
    if (!isPushEndpointAllowed(body.endpoint, getEnv().NODE_ENV !== "production"))
      throw fieldError("endpoint", PUSH_MESSAGES.endpoint);
    const row = await keepPushSubscription(db, user.id, { ...body, userAgent });
    return {
      subscriptionId: row.id,
      device: deviceName(row.userAgent),
      createdAt: row.createdAt.toISOString(),
    } satisfies PushDevice;
  },
});

export const removePushSubscription = defineEndpoint({
  method: "POST",
  path: "/user/removePushSubscription",
  auth: "required",
  answers: [404],
  summary:
    "Turns push notifications off for one of the caller's devices: by its subscriptionId (the device list), or by its endpoint (this browser, as it unsubscribes).",
  tags: ["notifications"],
  message: PUSH_MESSAGES.removed,
  body: z.union([
    z.strictObject({ subscriptionId: z.uuid({ error: PUSH_MESSAGES.notFound }) }),
    z.strictObject({ endpoint: z.string().trim().min(1, PUSH_MESSAGES.notFound).max(2000) }),
  ]),
  async handler({ db, user, body }) {
    const which =
      "subscriptionId" in body
        ? eq(pushSubscriptions.id, body.subscriptionId)
        : eq(pushSubscriptions.endpoint, body.endpoint);
    const [row] = await db
      .delete(pushSubscriptions)
      .where(and(which, eq(pushSubscriptions.userId, user.id)))
      .returning({ id: pushSubscriptions.id });
    if (!row) throw new ApiError(404, PUSH_MESSAGES.notFound);
    return { subscriptionId: row.id };
  },
});

export const endpoints: Endpoint[] = [getPushSubscriptions, addPushSubscription, removePushSubscription];
