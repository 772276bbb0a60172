import type { Browser, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { addDays, todayInManila } from "../../app/domain/dates";
import { requestedBooking } from "./booking-requests";
import { expect, loggedInAccount, NARROW, newHost, test, visit } from "./fixtures";

/**
 * Confirmation moments and the home page of people already in (docs/design.md), on a 390 × 844 phone, with
 * JavaScript on and off: a host's decline and a renter's cancel each land on the booking's page with what just
 * happened at its top (checked against the booking's history, so the same link claims nothing to the other side),
 * and a renter moving in within the week finds that booking first on their home page, which stays theirs alone
 * (never kept by a shared cache). Bookings are made through the API on a fresh host's own listing; the browser only
 * presses the buttons under test. An approval that starts the booking at once keeps its moment (the start is the
 * approval's doing). The request-sent, approved, bill-paid and published moments are checked in the flows that reach
 * them (reserve-and-pay, phone-screens, bills and list-your-space specs).
 */

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

test.use({ viewport: NARROW });

/**
 * A fresh host's listing requested (and paid) from `startDate` by the logged-in renter of `page`, and a browser context
 * of the host's, logged in, with the project's JavaScript setting, for the host's side of the flow.
 */
async function aRequestToANewHost(
  {
    page,
    playwright,
    baseURL,
    browser,
  }: { page: Page; playwright: PlaywrightWorkerArgs["playwright"]; baseURL?: string; browser: Browser },
  startDate: string,
) {
  const host = await newHost(playwright, baseURL);
  const renter = await loggedInAccount(page, playwright, baseURL);
  const { bookingId } = await requestedBooking(page.request, host.listing.id, startDate);
  const hostContext = await browser.newContext({ baseURL, javaScriptEnabled: jsOn(), viewport: NARROW });
  await hostContext.addCookies([host.cookie]);
  return { bookingId, renterName: renter.nickName || renter.firstName, hostContext };
}

test("the host declines from the booking's page: its top says so, with what comes back and the conversation", async ({
  page,
  playwright,
  baseURL,
  browser,
}) => {
  test.setTimeout(120_000);
  const fixtures = { page, playwright, baseURL, browser };
  const { bookingId, renterName, hostContext } = await aRequestToANewHost(
    fixtures,
    addDays(todayInManila(), 12),
  );
  try {
    const hostPage = await hostContext.newPage();
    await visit(hostPage, `/bookings/${bookingId}`);
    await hostPage.getByLabel("Reason for declining").fill("The space is being repainted that month.");
    await hostPage.getByRole("button", { name: "Decline", exact: true }).click();
    await expect(hostPage).toHaveURL(new RegExp(`/bookings/${bookingId}\\?done=declined$`));
    const moment = hostPage.getByTestId("just-happened");
    await expect(moment).toContainText(`You declined ${renterName}'s request.`);
    await expect(hostPage.getByTestId("booking-next")).toContainText("The host declined this booking.");
    await expect(moment.getByRole("link", { name: `Message ${renterName}` })).toHaveAttribute(
      "href",
      /^\/messages\/[0-9a-f-]{36}$/,
    );
    await visit(hostPage, hostPage.url());
  } finally {
    await hostContext.close();
  }

  // The renter opening the same address reads the booking, not the host's moment.
  await visit(page, `/bookings/${bookingId}?done=declined`);
  await expect(page.getByTestId("booking-state")).toHaveText("Declined");
  await expect(page.getByTestId("just-happened")).toHaveCount(0);
});

test("the host approves a booking that starts today: the moment stays once the approval has started it", async ({
  page,
  playwright,
  baseURL,
  browser,
}) => {
  test.setTimeout(120_000);
  const fixtures = { page, playwright, baseURL, browser };
  const { bookingId, renterName, hostContext } = await aRequestToANewHost(fixtures, todayInManila());
  try {
    const hostPage = await hostContext.newPage();
    await visit(hostPage, `/bookings/${bookingId}`);
    await hostPage.getByRole("button", { name: "Approve" }).click();
    await expect(hostPage).toHaveURL(new RegExp(`/bookings/${bookingId}\\?done=approved$`));
    // Approved on its first day, the booking starts at once (the start's job): once it has, the page still says
    // what the host just did, since the start is the approval's own doing.
    await expect(async () => {
      await visit(hostPage, hostPage.url());
      await expect(hostPage.getByTestId("booking-state")).toHaveText(/^Active/, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(hostPage.getByTestId("just-happened")).toContainText(
      `You approved ${renterName}'s booking.`,
    );
  } finally {
    await hostContext.close();
  }

  // The renter opening the same address reads the running booking, not the host's moment.
  await visit(page, `/bookings/${bookingId}?done=approved`);
  await expect(page.getByTestId("booking-state")).toHaveText(/^Active/);
  await expect(page.getByTestId("just-happened")).toHaveCount(0);
});

test("a renter moving in within the week finds the booking first on their home page; cancelling it says so", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const host = await newHost(playwright, baseURL);
  await loggedInAccount(page, playwright, baseURL);
  const { bookingId } = await requestedBooking(page.request, host.listing.id, addDays(todayInManila(), 3));
  const approved = await host.context.post("/api/reserve/approveBooking", {
    data: { bookingId, ownerId: host.user.id, autoAcceptExtension: false },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  const answer = await visit(page, "/");
  // The logged-in home page is this renter's alone: no shared cache may keep it.
  expect(answer?.headers()["cache-control"] ?? "").not.toContain("s-maxage");
  const movingIn = page.getByTestId("waiting-movingIn");
  await expect(movingIn).toContainText("1 booking starts within 7 days");
  const card = movingIn.locator(`a[href="/bookings/${bookingId}"]`);
  await expect(card).toContainText(host.listing.title);
  // Above the marketing: the panel comes before the page's heading, on the first screen.
  const [panel, heading] = [
    await page.getByTestId("waiting-for-you").boundingBox(),
    await page.getByRole("heading", { level: 1 }).boundingBox(),
  ];
  expect(panel?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(heading?.y ?? 0);
  expect((await card.boundingBox())?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(NARROW.height);

  await card.click();
  await expect(page.getByTestId("booking-state")).toHaveText("Approved");
  await page.goto(`/reserve-space/cancel-reservation?bookingId=${bookingId}`);
  await page.getByRole("button", { name: "Cancel the booking" }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}\\?done=cancelled$`));
  await expect(page.getByTestId("just-happened")).toContainText("You cancelled this booking.");
  await expect(page.getByTestId("booking-next")).toContainText("This booking is cancelled.");
  await visit(page, page.url());
  await expect(page.getByTestId("just-happened")).toBeVisible();
  // Nothing waits any more: the home page shows no panel.
  await page.goto("/");
  await expect(page.getByTestId("waiting-for-you")).toHaveCount(0);
});
