import type { Locator, Page } from "@playwright/test";
import { addDays, todayInManila } from "../../app/domain/dates";
import { DEMO_STORAGE_TITLE } from "../../app/seed/demo-spaces";
import { requestedBooking } from "./booking-requests";
import { expect, loggedInAccount, NARROW, newHost, test, visit } from "./fixtures";

/**
 * The main screens on a 390 × 844 phone, with JavaScript on and off (docs/design.md): a booking's page opens on its
 * summary, with the one action that matters now (and, once done, what just happened) on the first screen, for the
 * renter and for the host, a host's request waits first on their home page, and nothing
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
    // Their home page starts with the request, above the marketing: its card is on the first screen.
    await visit(hostPage, "/");
    await expectOnFirstScreen(
      hostPage.getByTestId("waiting-requests").locator(`a[href="/bookings/${requested}"]`),
    );
    await visit(hostPage, `/bookings/${requested}`);
    await expect(hostPage.getByTestId("booking-state")).toHaveText("Request to answer");
    await expect(hostPage.getByTestId("booking-next")).toContainText("You have until");
    const approve = hostPage.getByRole("button", { name: "Approve" });
    await expectOnFirstScreen(approve);
    await expectFitsPhone(hostPage);
    await approve.click();
    await expect(hostPage.getByTestId("booking-state")).toHaveText("Approved");
    await expect(hostPage.getByTestId("booking-next")).toContainText("moves in on");
    // What just happened, on the first screen with the links on from it.
    await expectOnFirstScreen(hostPage.getByTestId("just-happened"));
    await expectFitsPhone(hostPage);
  } finally {
    await hostContext.close();
  }
});

test("a search card shows its host with the verified badge and is one link; the listing page puts the host before the description", async ({
  page,
}) => {
  await visit(page, "/search-space?storageType=storage&city=makati");
  const card = page
    .getByRole("list", { name: "Search results" })
    .locator(":scope > li")
    .filter({ has: page.getByRole("heading", { name: DEMO_STORAGE_TITLE, exact: true }) });
  const host = card.getByTestId("space-card-host");
  await expect(host).toContainText("Ria");
  await expect(host.getByTestId("verified-badge")).toHaveText("✓ Verified");
  await expect(card).toContainText("a month");
  await expect(card.getByRole("link")).toHaveCount(1);
  await expectFitsPhone(page);

  // The whole card is the link: a tap on the photo opens the listing.
  // (Playwright sees the stretched link cover the photo, as it should, so the tap goes to the photo's spot.)
  await card.locator("img").first().scrollIntoViewIfNeeded();
  const photo = await card.locator("img").first().boundingBox();
  await page.mouse.click(
    (photo?.x ?? 0) + (photo?.width ?? 0) / 2,
    (photo?.y ?? 0) + (photo?.height ?? 0) / 2,
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(DEMO_STORAGE_TITLE);
  const listingHost = page.getByTestId("listing-host");
  await expect(listingHost).toContainText("Hosted by Ria");
  await expect(listingHost.getByTestId("verified-badge")).toHaveText("Verified");
  const about = page.getByRole("heading", { name: "About this space" });
  const [hostBox, aboutBox] = [await listingHost.boundingBox(), await about.boundingBox()];
  expect((hostBox?.y ?? Number.POSITIVE_INFINITY) < (aboutBox?.y ?? 0)).toBe(true);
  await expectFitsPhone(page);
});

test("an empty list says why and offers the next step as a button", async ({ page, playwright, baseURL }) => {
  await loggedInAccount(page, playwright, baseURL);
  const lists = [
    { path: "/bookings", testId: "bookings-empty", action: "Find a space" },
    { path: "/payment/bills", testId: "bills-empty", action: "See your bookings" },
    { path: "/user-profile/saved-spaces", testId: "saved-empty", action: "Find a space" },
    { path: "/spaces/my-storage-lists?tab=active", testId: "listings-empty", action: "List a space" },
  ];
  for (const list of lists) {
    await visit(page, list.path);
    const empty = page.getByTestId(list.testId);
    await expect(empty).toBeVisible();
    await expectOnFirstScreen(empty.getByRole("link", { name: list.action }));
    await expectFitsPhone(page);
  }
});
