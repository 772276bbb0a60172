import { addDays, todayInManila } from "../../app/domain/dates";
import { demoListingId, requestedBooking } from "./booking-requests";
import {
  expect,
  expectAccessible,
  expectFitsPhone,
  loggedInAccount,
  NARROW,
  newHost,
  notificationWith,
  test,
  visit,
} from "./fixtures";

/**
 * What a renter and a host read around a booking's payment, on a phone, with JavaScript on and off (docs/product.md,
 * Receipts and Booking lifecycle): the acknowledgement receipt of the payment made with the request and its place in
 * Bills → Paid, the request-sent page, the booking's short number, the bell's news in full, the host's requests on
 * the home page, the words of a declined booking and a parking booking's message. Bookings are made through the API
 * (BookSpace and the sandbox checkout's form), on a fresh host's own listing.
 */

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** A nickname as long as the rules allow, with nothing to break it at: it must wrap on a phone, as a long e-mail must. */
const LONG_NAME = "Bea_Villanueva_Dela_Cruz_Storage_Renter1";

test("the payment made with the request has an acknowledgement receipt that fits a phone, and Bills → Paid lists it", async ({
  page,
  playwright,
  baseURL,
  browser,
}) => {
  test.setTimeout(150_000);
  const host = await newHost(playwright, baseURL);
  await loggedInAccount(page, playwright, baseURL);
  const named = await page.request.post("/api/user/editProfile", { data: { nickName: LONG_NAME } });
  expect(named.status(), await named.text()).toBe(200);
  const { bookingId } = await requestedBooking(page.request, host.listing.id, addDays(todayInManila(), 10));
  await page.setViewportSize(NARROW);

  // Back from the checkout: what was asked, what was paid, its receipt, and what happens next.
  await visit(page, `/reserve-space/request-sent-success?bookingId=${bookingId}`);
  await expect(page.getByRole("heading", { name: "Request sent" })).toBeVisible();
  const summary = page.getByTestId("request-summary");
  await expect(summary).toContainText(host.listing.title);
  await expect(summary).toContainText(/SS-\d{6}/);
  await expect(summary.getByRole("link", { name: /receipt SS-R-\d+/ })).toBeVisible();
  await expect(page.getByTestId("next-steps")).toContainText("everything you paid is refunded");
  await expectFitsPhone(page);

  await visit(page, "/payment/bills?tab=paid");
  const card = page.getByTestId("receipt-card").filter({ hasText: host.listing.title });
  await expect(card).toContainText("Paid with the booking request");
  await expect(card).toContainText(/receipt SS-R-\d+/);
  await card.getByRole("link", { name: "See the receipt" }).click();

  await expect(page.getByRole("heading", { name: "Acknowledgement receipt", level: 1 })).toBeVisible();
  await expect(page.getByText(/official receipt/i)).toHaveCount(0);
  await expect(page.getByTestId("receipt-number")).toHaveText(/^SS-R-\d+$/);
  await expect(page.getByTestId("receipt-paid-on")).toHaveText(/\b20\d\d\b/);
  await expect(page.getByTestId("receipt-reference")).toHaveText(/\S{6,}/);
  await expect(page.getByRole("main").getByText(LONG_NAME)).toBeVisible();
  // The header names the platform and its support address, never the server's host and port.
  await expect(page.getByTestId("receipt-issuer")).not.toContainText(new URL(baseURL ?? "").host);
  await expect(page.getByTestId("receipt-issuer")).toContainText("@");
  await expectFitsPhone(page);
  await expectAccessible(page);

  // The booking's page: its short number rather than its id, and a history that fits the screen.
  await visit(page, `/bookings/${bookingId}`);
  await expect(page.getByTestId("booking-number")).toHaveText(/^SS-\d{6,}$/);
  await expect(page.locator("main")).not.toContainText(bookingId);
  // The history folds under the summary; opened, it is a timeline that fits the screen.
  await page.locator("summary", { hasText: "History" }).click();
  const history = page.getByTestId("booking-history");
  await expect(history).toContainText("Waiting for payment → Waiting for the host's answer");
  expect(
    await history.evaluate((table) => Math.ceil(table.getBoundingClientRect().right)),
  ).toBeLessThanOrEqual(NARROW.width);
  await expectFitsPhone(page);

  // The bell: the news in full, and no call to pay what is paid.
  const sent = await notificationWith(page, "Your request was sent to the host");
  const body = sent.getByTestId("notification-body");
  await expect(body).toContainText("the host has until");
  expect(await body.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expect(page.getByText("Unread: Complete your payment")).toHaveCount(0);

  // A renter who hosts nothing has no host tabs.
  await visit(page, "/bookings");
  await expect(page.getByRole("navigation", { name: "As a renter" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "As a host" })).toHaveCount(0);

  // The host's home page starts with the request to answer.
  const hostContext = await browser.newContext({ baseURL, javaScriptEnabled: jsOn(), viewport: NARROW });
  try {
    await hostContext.addCookies([host.cookie]);
    const hostPage = await hostContext.newPage();
    await hostPage.goto("/");
    const waiting = hostPage.getByTestId("waiting-for-you");
    await expect(waiting).toContainText("1 booking request waits for your answer");
    await expect(waiting.locator(`a[href="/bookings/${bookingId}"]`)).toContainText(host.listing.title);
    await expectAccessible(hostPage);
  } finally {
    await hostContext.close();
  }

  // Declined: everything comes back, so nothing is "paid through", and no address is promised.
  const declined = await host.context.post("/api/reserve/declineBooking", {
    data: { bookingId, reason: "The room is being repainted that month." },
  });
  expect(declined.status(), await declined.text()).toBe(200);
  await host.context.dispose();
  await visit(page, `/bookings/${bookingId}`);
  await expect(page.getByTestId("booking-state")).toHaveText("Declined");
  await expect(page.getByText("Paid through")).toHaveCount(0);
  await expect(
    page.getByText("This booking did not go ahead, so the exact address is not shown."),
  ).toBeVisible();
  await expect(page.getByText("once the host approves")).toHaveCount(0);
  await expect(history).toContainText("Waiting for the host's answer → Declined");
});

test("a parking booking's page shows the renter's message, not what they store", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  const spaceId = await demoListingId(
    page.request,
    "quezon-city",
    "Gated garage parking in Socorro",
    "parking",
  );
  // Far ahead, and apart for the two projects: the slot is held an hour by each checkout.
  const booked = await page.request.post("/api/reserve/BookSpace", {
    data: {
      spaceId,
      startDate: addDays(todayInManila(), jsOn() ? 300 : 330),
      duration: "1_month",
      paymentMethod: "gcash",
      messageForKeeper: "A white sedan, parked on weekdays only.",
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const { bookingId } = ((await booked.json()) as { result: { bookingId: string } }).result;
  await visit(page, `/bookings/${bookingId}`);
  await expect(page.getByRole("heading", { name: "The renter's message" })).toBeVisible();
  await expect(page.getByText("A white sedan, parked on weekdays only.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "What the renter stores" })).toHaveCount(0);
});
