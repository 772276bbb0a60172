import type { Locator, Page } from "@playwright/test";
import { addDays, todayInManila } from "../../app/domain/dates";
import { requestedBooking } from "./booking-requests";
import { expect, loggedInAccount, NARROW, newHost, test, visit } from "./fixtures";

/**
 * The main screens on a 390 × 844 phone, with JavaScript on and off (docs/design.md): a booking's page opens on its
 * summary, with the one action that matters now on the first screen, for the renter and for the host, and nothing
 * runs off the screen's right edge. Bookings are made through the API (BookSpace and the sandbox checkout's form)
 * on a fresh host's own listing; the browser only reads the pages and presses the button.
 */

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** The page is no wider than the phone: nothing runs off its right edge. */
async function expectFitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
}

/** The element is whole on the first screen, without scrolling. */
async function expectOnFirstScreen(element: Locator) {
  await expect(element).toBeVisible();
  const box = await element.boundingBox();
  expect(box, "the element has a box").not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(NARROW.height);
}

test.use({ viewport: NARROW });

test("a booking's page opens on its summary with the one action on the first screen, for the renter and the host", async ({
  page,
  playwright,
  baseURL,
  browser,
}) => {
  test.setTimeout(150_000);
  const host = await newHost(playwright, baseURL);
  const hostName = host.user.nickName || host.user.firstName;
  await loggedInAccount(page, playwright, baseURL);
  const { bookingId: requested } = await requestedBooking(
    page.request,
    host.listing.id,
    addDays(todayInManila(), 10),
  );
  // A second stay of the same space, later, left at the checkout: the renter's one action is to pay it.
  const booked = await page.request.post("/api/reserve/BookSpace", {
    data: {
      spaceId: host.listing.id,
      startDate: addDays(todayInManila(), 70),
      duration: "1_month",
      paymentMethod: "gcash",
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const unpaid = ((await booked.json()) as { result: { bookingId: string } }).result.bookingId;

  await visit(page, `/bookings/${unpaid}`);
  await expect(page.getByTestId("booking-state")).toHaveText("Waiting for your payment");
  await expect(page.getByTestId("booking-next")).toContainText(`Pay by`);
  await expect(page.getByTestId("booking-next")).toContainText(`to send your request to ${hostName}`);
  await expectOnFirstScreen(page.getByRole("button", { name: /^Pay ₱/ }));
  await expectFitsPhone(page);

  // The request waiting for the host: who answers by when, and who the host is, at first sight.
  await visit(page, `/bookings/${requested}`);
  await expect(page.getByTestId("booking-state")).toHaveText("Waiting for the host's answer");
  await expect(page.getByTestId("booking-next")).toContainText(`${hostName} has until`);
  const other = page.getByTestId("summary-other");
  await expect(other).toContainText(`Your host, ${hostName}`);
  await expect(other).toContainText("No reviews yet");
  await expectOnFirstScreen(other);
  // The agreement's parts fold below the summary; the history opens as a timeline that fits the phone.
  const history = page.getByTestId("booking-history");
  await expect(history).toBeHidden();
  await page.locator("summary", { hasText: "History" }).click();
  await expect(page.getByTestId("history-step").last()).toContainText(
    "Waiting for payment → Waiting for the host's answer",
  );
  expect(await history.evaluate((list) => Math.ceil(list.getBoundingClientRect().right))).toBeLessThanOrEqual(
    NARROW.width,
  );
  await expectFitsPhone(page);

  // The host reads the same booking: their deadline and Approve on the first screen.
  const hostContext = await browser.newContext({ baseURL, javaScriptEnabled: jsOn(), viewport: NARROW });
  try {
    await hostContext.addCookies([host.cookie]);
    const hostPage = await hostContext.newPage();
    await visit(hostPage, `/bookings/${requested}`);
    await expect(hostPage.getByTestId("booking-state")).toHaveText("Request to answer");
    await expect(hostPage.getByTestId("booking-next")).toContainText("You have until");
    const approve = hostPage.getByRole("button", { name: "Approve" });
    await expectOnFirstScreen(approve);
    await expectFitsPhone(hostPage);
    await approve.click();
    await expect(hostPage.getByTestId("booking-state")).toHaveText("Approved");
    await expect(hostPage.getByTestId("booking-next")).toContainText("moves in on");
    await expectFitsPhone(hostPage);
  } finally {
    await hostContext.close();
  }
});
