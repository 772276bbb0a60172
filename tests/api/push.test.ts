import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationView } from "~/api/conversations/notifications.server";
import type { PushDevice } from "~/api/conversations/push-subscriptions.server";
import { getDatabase } from "~/db/db.server";
import { pushSubscriptions } from "~/db/schema";
import { MOST_PUSH_DEVICES, PUSH_MESSAGES } from "~/domain/push";
import { runJob } from "~/infra/jobs.server";
import { PushRetry, pushQueue, vapidKeys } from "~/infra/push.server";
import { type FakePushService, startFakePushService } from "../doubles/push-service";
import { aHostAndARenter } from "./booking-fixtures";
import { call, expectRefused, expectStatus, loggedInUser } from "./helpers";

/**
 * Push notifications for the bell (docs/decisions/0084-web-push-for-the-bell.md): a browser subscribes through the
 * API; a notice that reaches the bell is pushed by the `push` job to a local push service (tests/doubles/
 * push-service.ts) that checks the VAPID signature and decrypts the message with the browser's own keys.
 */

type Person = Awaited<ReturnType<typeof loggedInUser>>;
let service: FakePushService;

beforeAll(async () => {
  service = await startFakePushService();
});

afterAll(async () => {
  await service.close();
});

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

function devices(person: Person) {
  return call<{ applicationServerKey: string; devices: PushDevice[] }>("GET", "/user/pushSubscriptions", {
    cookie: person.cookie,
  });
}

function subscribe(person: Person, body: unknown) {
  return call<PushDevice>("POST", "/user/addPushSubscription", {
    cookie: person.cookie,
    body,
    headers: { "User-Agent": ANDROID_CHROME },
  });
}

function remove(person: Person, body: unknown) {
  return call<{ subscriptionId: string }>("POST", "/user/removePushSubscription", {
    cookie: person.cookie,
    body,
  });
}

/** A browser of `person` with push turned on, subscribed with the app's key as a browser does. */
async function subscribedBrowser(person: Person) {
  const subscription = service.subscribe(vapidKeys().publicKey);
  const added = await subscribe(person, subscription);
  expectStatus(added, 200, PUSH_MESSAGES.added);
  return { subscription, subscriptionId: added.body.result.subscriptionId };
}

async function storedRows(userId: string) {
  const { db } = await getDatabase();
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** How many push jobs were enqueued for `userId`, whatever became of them. */
async function pushJobsFor(userId: string): Promise<number> {
  const { db } = await getDatabase();
  const rows = (await db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${pushQueue.name} and data->>'userId' = ${userId}`,
  )) as unknown as { rows: { n: number }[] };
  return rows.rows[0]?.n ?? 0;
}

describe("turning push on and off for a device", () => {
  it("lists the device with its browser and date, and the key to subscribe with", async () => {
    const me = await loggedInUser();
    const empty = await devices(me);
    expectStatus(empty, 200);
    expect(empty.body.result).toEqual({ applicationServerKey: vapidKeys().publicKey, devices: [] });
    const { subscriptionId } = await subscribedBrowser(me);
    const listed = await devices(me);
    expect(listed.body.result.devices).toEqual([
      { subscriptionId, device: "Chrome on Android", createdAt: expect.any(String) },
    ]);
  });

  it("refuses bad keys and addresses, and keeps nothing", async () => {
    const me = await loggedInUser();
    const good = service.subscribe(vapidKeys().publicKey);
    const shortKey = Buffer.alloc(64, 4).toString("base64url");
    const compressed = Buffer.concat([Buffer.from([0x02]), Buffer.alloc(64, 1)]).toString("base64url");
    expectRefused(
      await subscribe(me, { ...good, keys: { ...good.keys, p256dh: shortKey } }),
      "keys.p256dh",
      PUSH_MESSAGES.p256dh,
    );
    expectRefused(
      await subscribe(me, { ...good, keys: { ...good.keys, p256dh: compressed } }),
      "keys.p256dh",
      PUSH_MESSAGES.p256dh,
    );
    expectRefused(
      await subscribe(me, { ...good, keys: { ...good.keys, auth: Buffer.alloc(15).toString("base64url") } }),
      "keys.auth",
      PUSH_MESSAGES.auth,
    );
    expectRefused(
      await subscribe(me, { ...good, endpoint: "ftp://push.example/x" }),
      "endpoint",
      PUSH_MESSAGES.endpoint,
    );
    expectRefused(
      await subscribe(me, { ...good, endpoint: "not a url" }),
      "endpoint",
      PUSH_MESSAGES.endpoint,
    );
    expect(await storedRows(me.user.id)).toEqual([]);
  });

  it("removes only one's own device: another person's is not found and stays", async () => {
    const me = await loggedInUser();
    const other = await loggedInUser();
    const theirs = await subscribedBrowser(other);
    expectStatus(await remove(me, { subscriptionId: theirs.subscriptionId }), 404, PUSH_MESSAGES.notFound);
    expectStatus(await remove(me, { endpoint: theirs.subscription.endpoint }), 404, PUSH_MESSAGES.notFound);
    expect(await storedRows(other.user.id)).toHaveLength(1);

    const mine = await subscribedBrowser(me);
    const byId = await remove(me, { subscriptionId: mine.subscriptionId });
    expectStatus(byId, 200, PUSH_MESSAGES.removed);
    const again = await subscribedBrowser(me);
    expectStatus(await remove(me, { endpoint: again.subscription.endpoint }), 200, PUSH_MESSAGES.removed);
    expect(await storedRows(me.user.id)).toEqual([]);
  });

  it("moves a browser to whoever subscribes it next, and keeps at most the newest devices", async () => {
    const first = await loggedInUser();
    const second = await loggedInUser();
    const shared = await subscribedBrowser(first);
    expectStatus(await subscribe(second, shared.subscription), 200);
    expect(await storedRows(first.user.id)).toEqual([]);
    expect((await storedRows(second.user.id)).map((row) => row.endpoint)).toEqual([
      shared.subscription.endpoint,
    ]);

    for (let n = 1; n < MOST_PUSH_DEVICES + 2; n++) await subscribedBrowser(second);
    const kept = await storedRows(second.user.id);
    expect(kept).toHaveLength(MOST_PUSH_DEVICES);
    // The one added first (the shared browser) went first.
    expect(kept.map((row) => row.endpoint)).not.toContain(shared.subscription.endpoint);
  });
});

describe("pushing the bell's notices", () => {
  it("a notice to someone with push on is pushed, signed and encrypted, with its title, body and page", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const browser = await subscribedBrowser(host);
    const asked = await call("POST", "/enquiry/aboutSpace", {
      cookie: renter.cookie,
      body: { spaceId: space.id, message: "Is the room dry in the rainy season?" },
    });
    expectStatus(asked, 200);
    expect(await pushJobsFor(host.user.id)).toBe(1);

    // The app's own worker runs the job.
    await expect
      .poll(() => service.messages.filter((m) => m.endpoint === browser.subscription.endpoint).length, {
        timeout: 15_000,
        interval: 100,
      })
      .toBe(1);
    const bell = await call<{ notifications: NotificationView[] }>("GET", "/user/getMyAllNotification", {
      cookie: host.cookie,
    });
    const notice = bell.body.result.notifications[0] as NotificationView;
    const pushed = service.messages.find((m) => m.endpoint === browser.subscription.endpoint);
    expect(JSON.parse(pushed?.text ?? "null")).toEqual({
      title: notice.title,
      body: notice.body,
      url: notice.link,
    });
    expect(notice.link).toMatch(/^\//);
    expect(pushed?.ttl).toBeGreaterThan(0);
    expect(pushed?.claims.aud).toBe(service.url);
    expect(pushed?.claims.sub).toMatch(/^mailto:/);
    await expect
      .poll(async () => (await storedRows(host.user.id))[0]?.lastSuccessAt, { timeout: 5_000, interval: 100 })
      .toBeInstanceOf(Date);

    // Someone without push on gets no push job.
    expect(await pushJobsFor(renter.user.id)).toBe(0);
  });

  it("pushes to each of the person's browsers once, however often the job runs", async () => {
    const me = await loggedInUser();
    const phone = await subscribedBrowser(me);
    const laptop = await subscribedBrowser(me);
    const notice = {
      userId: me.user.id,
      title: "Booking approved",
      body: "See you on the 5th.",
      link: "/bookings",
    };
    const id = randomUUID();
    await runJob(pushQueue, notice, id);
    await runJob(pushQueue, notice, id);
    for (const browser of [phone, laptop]) {
      const got = service.messages.filter((m) => m.endpoint === browser.subscription.endpoint);
      expect(got.map((m) => JSON.parse(m.text))).toEqual([
        { title: "Booking approved", body: "See you on the 5th.", url: "/bookings" },
      ]);
    }
  });

  it("a browser the push service says is gone (410, 404) is removed, and nothing is retried", async () => {
    const me = await loggedInUser();
    const gone = await subscribedBrowser(me);
    const unknown = await subscribedBrowser(me);
    const kept = await subscribedBrowser(me);
    service.answer(gone.subscription.endpoint, 410);
    service.answer(unknown.subscription.endpoint, 404);
    await runJob(pushQueue, { userId: me.user.id, title: "New message", body: "Hi", link: "/messages" });
    expect((await storedRows(me.user.id)).map((row) => row.id)).toEqual([kept.subscriptionId]);
  });

  it("a failing push service (500) fails the job, and its retry delivers what was not delivered", async () => {
    const me = await loggedInUser();
    const fine = await subscribedBrowser(me);
    const failing = await subscribedBrowser(me);
    service.answer(failing.subscription.endpoint, 500);
    const notice = {
      userId: me.user.id,
      title: "Bill due",
      body: "₱1,500.00 by Friday",
      link: "/payment/bills",
    };
    const id = randomUUID();
    await expect(runJob(pushQueue, notice, id)).rejects.toBeInstanceOf(PushRetry);
    expect(await storedRows(me.user.id)).toHaveLength(2);
    service.answer(failing.subscription.endpoint, 201);
    await runJob(pushQueue, notice, id);
    expect(service.messages.filter((m) => m.endpoint === fine.subscription.endpoint)).toHaveLength(1);
    expect(service.messages.filter((m) => m.endpoint === failing.subscription.endpoint)).toHaveLength(1);
  });

  it("another refusal (403) is noted on the device and dropped, not retried", async () => {
    const me = await loggedInUser();
    const refused = await subscribedBrowser(me);
    service.answer(refused.subscription.endpoint, 403);
    await runJob(pushQueue, { userId: me.user.id, title: "Viewing", body: "Confirmed", link: "/messages" });
    const [row] = await storedRows(me.user.id);
    expect(row?.lastFailure).toBe("answered 403");
  });
});
