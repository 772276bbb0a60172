import { createECDH, randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, loggedInAccount, pageErrors, test } from "./fixtures";

/**
 * Push notifications for the bell (docs/decisions/0084-web-push-for-the-bell.md). The account settings list the
 * devices with push on, each removable with a plain form; without JavaScript the section says push needs it. With
 * JavaScript the page offers to turn push on, and the service worker shows a pushed notice (delivered here through
 * Chromium's DevTools protocol: a headless browser in this sandbox reaches no real push service) with the notice's
 * page in its data, and never a page of another site. Not covered here: subscribing through a real push service, and
 * tapping a notification (the headless shell shows none); tests/api/push.test.ts covers the delivery.
 */

test.use({ serviceWorkers: "allow" });

const PAGE = "/user-profile/account-settings";

/** A device with push on, added through the API as a browser's subscription would be (a push service's address). */
async function addDevice(request: APIRequestContext, userAgent: string) {
  const keys = createECDH("prime256v1");
  keys.generateKeys();
  const added = await request.post("/api/user/addPushSubscription", {
    headers: { "User-Agent": userAgent },
    data: {
      endpoint: `https://push.example.com/wpush/${randomBytes(12).toString("hex")}`,
      keys: {
        p256dh: keys.getPublicKey().toString("base64url"),
        auth: randomBytes(16).toString("base64url"),
      },
    },
  });
  expect(added.status(), await added.text()).toBe(200);
}

const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const LAPTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

test("the devices with push on are listed and one is removed with its own button", async ({
  page,
  playwright,
  baseURL,
  javaScriptEnabled,
}) => {
  const errors = pageErrors(page);
  await loggedInAccount(page, playwright, baseURL);
  await addDevice(page.request, PHONE);
  await addDevice(page.request, LAPTOP);
  await page.goto(PAGE);
  const section = page.getByRole("region", { name: "Push notifications on this device" });
  if (!javaScriptEnabled)
    await expect(section.getByTestId("push-this-device")).toHaveText(
      "Push notifications need a browser with JavaScript. Your e-mail and SMS notifications above work without it.",
    );
  const devices = section.getByTestId("push-devices").getByRole("listitem");
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: "Chrome on Android" })).toHaveCount(1);
  await devices
    .filter({ hasText: "Firefox on Windows" })
    .getByRole("button", { name: /^Remove Firefox on Windows/ })
    .click();
  await expect(page.getByText("Push notifications are off for that device.")).toBeVisible();
  await expect(devices).toHaveCount(1);
  await expect(devices).toContainText("Chrome on Android");
  // The e-mail and SMS settings still save.
  await page.getByRole("checkbox", { name: "SMS notifications" }).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Your settings have been saved.")).toBeVisible();
  expect(errors).toEqual([]);
});

/**
 * The site's service worker, active, with its registration id for DevTools; and what it asks the browser to show.
 * Chromium's headless shell grants no notification permission whatever a test says (showNotification is refused),
 * so the worker's showNotification is replaced by a recorder: the push event, its data and the handler are real.
 */
async function activeWorker(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) => {
    for (const registration of updated) registrations.set(registration.scopeURL, registration.registrationId);
  });
  await cdp.send("ServiceWorker.enable");
  await page.evaluate(() => navigator.serviceWorker.ready);
  const origin = new URL(page.url()).origin;
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();
  const worker = page
    .context()
    .serviceWorkers()
    .find((candidate) => new URL(candidate.url()).pathname === "/sw.js");
  if (!worker) throw new Error("no service worker");
  await worker.evaluate(() => {
    const shown: { title: string; body?: string; url?: string }[] = [];
    Object.assign(self, { shown });
    ServiceWorkerRegistration.prototype.showNotification = async (title, options) => {
      shown.push({ title, body: options?.body, url: (options?.data as { url?: string } | undefined)?.url });
    };
  });
  const push = (notice: unknown) =>
    cdp.send("ServiceWorker.deliverPushMessage", {
      origin,
      registrationId: registrations.get(`${origin}/`) as string,
      data: JSON.stringify(notice),
    });
  const shown = () => worker.evaluate(() => (self as unknown as { shown: unknown[] }).shown);
  return { push, shown };
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "push needs JavaScript and a service worker");

  test("the page offers push on this device, and a pushed notice shows with its page", async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    const errors = pageErrors(page);
    await context.grantPermissions(["notifications"], { origin: baseURL });
    await loggedInAccount(page, playwright, baseURL);
    await page.goto(PAGE);
    const section = page.getByRole("region", { name: "Push notifications on this device" });
    await expect(section.getByText("Push notifications are off for this device.")).toBeVisible();
    await expect(section.getByRole("button", { name: "Turn on push notifications" })).toBeEnabled();
    await expect(section.getByTestId("push-devices-empty")).toHaveText("None yet.");

    const worker = await activeWorker(page);
    const notice = {
      title: "New booking request",
      body: "Ria asked to book your garage from 5 Dec.",
      url: "/bookings",
    };
    await worker.push(notice);
    await expect.poll(() => worker.shown()).toEqual([notice]);
    // A push naming a page of another site opens the notifications list instead.
    await worker.push({ title: "Elsewhere", body: "x", url: "https://example.com/" });
    await expect
      .poll(() => worker.shown())
      .toEqual([notice, { title: "Elsewhere", body: "x", url: "/messages/check-list" }]);
    expect(errors).toEqual([]);
  });
});
