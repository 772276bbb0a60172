import { createECDH, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PUSH_INTENTS } from "~/components/push-settings";
import { getDatabase } from "~/db/db.server";
import { pushSubscriptions } from "~/db/schema";
import { PUSH_MESSAGES } from "~/domain/push";
import { loggedInUser } from "../../../tests/api/helpers";
import { postTo, routeCaller } from "../../../tests/api/route-calls";
import { action, loader } from "./account-settings";

/**
 * The account settings' push section, posted as the page posts it: the script's subscription of this browser and its
 * turning off, and the device list's Remove forms (which work without JavaScript).
 */
const page = routeCaller("user-profile/account-settings", { action, loader });
const PAGE = "/user-profile/account-settings";

function browserSubscription() {
  const keys = createECDH("prime256v1");
  keys.generateKeys();
  return {
    endpoint: `http://127.0.0.1:9/push/${randomBytes(8).toString("hex")}`,
    p256dh: keys.getPublicKey().toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
  };
}

async function rowsOf(userId: string) {
  const { db } = await getDatabase();
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

describe("push notifications on the account settings", () => {
  it("turns push on for this browser, lists it, and removes it with the list's form", async () => {
    const me = await loggedInUser();
    const browser = browserSubscription();
    const on = await page.action(postTo(PAGE, me.cookie, { intent: PUSH_INTENTS.add, ...browser }));
    expect(on).toMatchObject({
      status: 302,
      location: PAGE,
      toast: { type: "success", description: PUSH_MESSAGES.added },
    });
    const shown = await page.loader(PAGE, me.cookie);
    const { devices } = (shown.data as { push: { devices: { subscriptionId: string }[] } }).push;
    expect(devices).toHaveLength(1);
    const removed = await page.action(
      postTo(PAGE, me.cookie, {
        intent: PUSH_INTENTS.remove,
        subscriptionId: devices[0]?.subscriptionId ?? "",
      }),
    );
    expect(removed).toMatchObject({
      status: 302,
      toast: { type: "success", description: PUSH_MESSAGES.removed },
    });
    expect(await rowsOf(me.user.id)).toEqual([]);
  });

  it("turning off a browser whose device is already gone is still off; bad keys are refused and keep nothing", async () => {
    const me = await loggedInUser();
    const off = await page.action(
      postTo(PAGE, me.cookie, { intent: PUSH_INTENTS.turnOff, endpoint: browserSubscription().endpoint }),
    );
    expect(off).toMatchObject({
      status: 302,
      toast: { type: "success", description: PUSH_MESSAGES.removed },
    });
    const refused = await page.action(
      postTo(PAGE, me.cookie, { intent: PUSH_INTENTS.add, ...browserSubscription(), auth: "short" }),
    );
    expect(refused).toMatchObject({ status: 302, toast: { type: "error", description: PUSH_MESSAGES.auth } });
    expect(await rowsOf(me.user.id)).toEqual([]);
  });

  it("another person's device is not removed", async () => {
    const me = await loggedInUser();
    const other = await loggedInUser();
    await page.action(postTo(PAGE, other.cookie, { intent: PUSH_INTENTS.add, ...browserSubscription() }));
    const [theirs] = await rowsOf(other.user.id);
    const answer = await page.action(
      postTo(PAGE, me.cookie, { intent: PUSH_INTENTS.remove, subscriptionId: theirs?.id ?? "" }),
    );
    expect(answer).toMatchObject({
      status: 302,
      toast: { type: "error", description: PUSH_MESSAGES.notFound },
    });
    expect(await rowsOf(other.user.id)).toHaveLength(1);
  });
});
