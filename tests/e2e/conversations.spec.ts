import type { Browser, Page } from "@playwright/test";
import { HIDDEN } from "../../app/domain/contact-masking";
import { expect, expectAccessible, loggedInAccount, newHost, test, WIDE } from "./fixtures";

/**
 * Conversations, notifications and viewings (ADR 0026), with JavaScript on and off. Each test has a fresh host with a
 * listing of their own and a fresh renter (both logged in without a login screen); only the flow under test goes
 * through the browser.
 */

/** What the test needs of the router Remix puts on `window` in the browser. */
type RemixRouter = {
  revalidate: () => void;
  subscribe: (listener: (state: { revalidation: "idle" | "loading" }) => void) => () => void;
};

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** A second browser context for the host, with the project's JavaScript setting and the host's session. */
async function hostPage(browser: Browser, host: Awaited<ReturnType<typeof newHost>>, baseURL?: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: jsOn(), viewport: WIDE });
  await context.addCookies([host.cookie]);
  await host.context.dispose();
  return { page: await context.newPage(), close: () => context.close() };
}

/** A Manila `datetime-local` value `days` ahead at `hour`:00. */
function slotIn(days: number, hour: number): string {
  const day = new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, "0")}:00`;
}

const messagesDot = (page: Page) => page.getByRole("banner").getByText("You have unread messages");
const bellDot = (page: Page) => page.getByRole("banner").getByText("You have unread notifications");

test("a renter asks from the listing page, the host answers; the red dots appear and clear", async ({
  page,
  playwright,
  baseURL,
  browser,
}) => {
  const host = await newHost(playwright, baseURL);
  await page.setViewportSize(WIDE);
  await loggedInAccount(page, playwright, baseURL);
  await page.goto(`/storage/listings/${host.listing.id}`);
  await page.getByLabel("Your question").fill("Is the room dry in the rainy season?");
  await page.getByRole("button", { name: "Send question" }).click();
  await expect(page.getByTestId("toast")).toContainText("Your question has been sent to the host.");
  if (jsOn()) {
    // The question is a live update for the renter too, and its reload forgets what the action answered: the way to
    // the conversation must outlive it. The reload is made here at once, as live updates make it, once the page
    // the answer opened has hydrated (on a busy machine the form may have posted before the first one had).
    await page.waitForFunction(() => "__remixRouter" in window);
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const router = (window as unknown as { __remixRouter: RemixRouter }).__remixRouter;
          const stop = router.subscribe((state) => {
            if (state.revalidation !== "idle") return;
            stop();
            resolve();
          });
          router.revalidate();
        }),
    );
    await expect(page.getByRole("link", { name: "Open the conversation" })).toBeVisible();
  }
  await page.getByRole("link", { name: "Open the conversation" }).click();
  await expect(page.getByTestId("message")).toHaveText(/Is the room dry in the rainy season\?/);
  await expectAccessible(page);

  const other = await hostPage(browser, host, baseURL);
  try {
    await other.page.goto("/");
    await expect(messagesDot(other.page)).toHaveCount(1);
    await expect(bellDot(other.page)).toHaveCount(1);
    await other.page.getByRole("link", { name: "Messages" }).click();
    await expect(other.page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
    const row = other.page.getByTestId("conversation-row");
    await expect(row).toContainText(host.listing.title);
    await expect(row).toContainText("1 unread");
    await expectAccessible(other.page);
    await row.click();
    await expect(other.page.getByTestId("message")).toHaveText(/Is the room dry/);
    // Opening the conversation read it: the dot is gone.
    await expect(messagesDot(other.page)).toHaveCount(0);
    await other.page
      .getByLabel("Your message")
      .fill("Yes: it is on the second floor, call me on 0917 123 4567.");
    await other.page.getByRole("button", { name: "Send" }).click();
    await expect(other.page.getByTestId("message").last()).toContainText("Yes: it is on the second floor");
    // No approved booking between them: the number is hidden, for the writer too.
    await expect(other.page.getByTestId("message").last()).toContainText(`call me on ${HIDDEN}`);
    await expect(other.page.getByLabel("Your message")).toHaveValue("");
  } finally {
    await other.close();
  }

  // With JavaScript the answer arrived in the open conversation on its own; without, the refresh link shows it.
  if (!jsOn()) await page.getByRole("link", { name: "Refresh" }).click();
  await expect(page.getByTestId("message").last()).toContainText("Yes: it is on the second floor");
  await expect(page.getByTestId("message").last()).not.toContainText("0917");
});

test("the notifications list: open one, mark all read, delete", async ({ page, playwright, baseURL }) => {
  const host = await newHost(playwright, baseURL);
  const renter = await loggedInAccount(page, playwright, baseURL);
  // Two messages from the renter, through the API.
  for (const message of ["Hello, is it free in January?", "And February?"]) {
    const sent = await page.request.post("/api/user/sendMessage", {
      data: { spaceId: host.listing.id, message },
    });
    expect(sent.status(), await sent.text()).toBe(200);
  }
  await page.context().clearCookies();
  await page.context().addCookies([host.cookie]);
  await host.context.dispose();
  await page.setViewportSize(WIDE);

  await page.goto("/");
  await page.getByRole("link", { name: "Notifications" }).click();
  await expect(page).toHaveURL(/\/messages\/check-list\?tab=notifications$/);
  const items = page.getByTestId("notification");
  await expect(items).toHaveCount(2);
  await expect(page.getByText("2 unread")).toBeVisible();
  await expect(items.first()).toContainText(`New message from ${renter.nickName}`);
  await expectAccessible(page);

  await items
    .first()
    .getByRole("button", { name: /^Unread: New message from/ })
    .click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("message")).toHaveCount(2);
  await page.goto("/messages/check-list?tab=notifications");
  await expect(page.getByText("1 unread")).toBeVisible();
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByText("You are all caught up.")).toBeVisible();
  await expect(bellDot(page)).toHaveCount(0);
  await items
    .first()
    .getByRole("button", { name: /^Delete:/ })
    .click();
  await expect(page.getByTestId("toast")).toContainText("The notification has been deleted.");
  await expect(items).toHaveCount(1);
});

test("a viewing: requested with times, confirmed by the host with a gate pass, then rescheduled", async ({
  page,
  playwright,
  baseURL,
  browser,
}) => {
  const host = await newHost(playwright, baseURL);
  const renter = await loggedInAccount(page, playwright, baseURL);
  await page.goto(`/storage/listings/${host.listing.id}`);
  await page.getByRole("link", { name: "Ask for a visit" }).click();
  await expect(page.getByRole("heading", { name: "Schedule a visit" })).toBeVisible();
  await page.getByLabel("First choice").fill(slotIn(2, 10));
  await page.getByLabel("Second choice (optional)").fill(slotIn(3, 15));
  await page.getByLabel("A note for the host (optional)").fill("After work if possible");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Ask for a visit" }).click();
  await expect(page.getByTestId("toast")).toContainText("Your viewing request has been sent to the host.");
  await expect(page.getByTestId("viewing-state")).toHaveText(/^Waiting for Bea/);
  const viewingUrl = page.url();

  const other = await hostPage(browser, host, baseURL);
  try {
    await other.page.goto("/messages/check-list?tab=my");
    const card = other.page.getByTestId("viewing-card");
    await expect(card).toContainText(`${renter.nickName} wants to see your space`);
    await expect(card).toContainText("Your answer is needed");
    await card.getByRole("link", { name: host.listing.title }).click();
    await expect(other.page.getByTestId("viewing-state")).toHaveText(
      "Please confirm one of these times or propose others.",
    );
    await expectAccessible(other.page);
    await other.page.getByRole("radio").last().check();
    await other.page.getByRole("button", { name: "Confirm this time" }).click();
    await expect(other.page.getByTestId("toast")).toContainText("The viewing has been updated.");
    await expect(other.page.getByTestId("viewing-state")).toHaveText(/^Confirmed: /);
  } finally {
    await other.close();
  }

  await page.goto(viewingUrl);
  await expect(page.getByTestId("viewing-state")).toHaveText(/^Confirmed: /);
  await page.getByRole("link", { name: "Open the gate pass" }).click();
  await expect(page.getByTestId("pass-number")).toHaveText(/^VP-[A-Z2-9]{8}$/);
  await expect(page.getByTestId("pass-status")).toHaveText("Not valid yet");
  await expect(page.getByTestId("pass-address")).toContainText("Fil-Am Friendship Highway");
  await expect(page.getByRole("img", { name: /^QR code of gate pass VP-/ }).locator("svg")).toBeVisible();
  await expectAccessible(page);
  const passNumber = await page.getByTestId("pass-number").textContent();
  const ics = await page.request.get(`${new URL(page.url()).pathname}.ics`);
  expect(ics.headers()["content-type"]).toContain("text/calendar");
  const calendar = await ics.text();
  expect(calendar).toContain("BEGIN:VEVENT");
  expect(calendar).toContain(`Gate pass ${passNumber}`);
  expect(calendar).toContain("Fil-Am Friendship Highway");

  // The renter moves it: the pass is withdrawn until the host answers the new time.
  await page.goto(viewingUrl);
  await page.getByLabel("First choice").fill(slotIn(5, 16));
  await page.getByRole("button", { name: "Reschedule" }).click();
  await expect(page.getByTestId("toast")).toContainText("The viewing has been updated.");
  await expect(page.getByTestId("viewing-state")).toHaveText(/^Waiting for Bea/);
  await expect(page.getByRole("link", { name: "Open the gate pass" })).toHaveCount(0);
});

test("someone else's conversation is not shown", async ({ page, playwright, baseURL }) => {
  await loggedInAccount(page, playwright, baseURL);
  await page.goto("/messages/00000000-0000-4000-8000-000000000000");
  await expect(page).toHaveURL(/\/messages\/list$/);
  await expect(page.getByTestId("toast")).toContainText("This conversation was not found.");
  await expect(page.getByTestId("conversations-empty")).toContainText("No messages yet");
});
