import type { Locator } from "@playwright/test";
import { addDays, todayInManila } from "../../app/domain/dates";
import { DEMO_STORAGE_TITLE } from "../../app/seed/demo-spaces";
import { requestedBooking } from "./booking-requests";
import {
  billRenter,
  expect,
  expectFitsPhone,
  expectOnFirstScreen,
  loggedInAccount,
  NARROW,
  newHost,
  notificationWith,
  payoutHost,
  test,
  visit,
} from "./fixtures";

/**
 * The main screens on a 390 × 844 phone, with JavaScript on and off (docs/design.md): a booking's page opens on its
 * summary, with the one action that matters now (and, once done, what just happened) on the first screen, for the
 * renter and for the host, a host's request waits first on their home page, and nothing
 * runs off the screen's right edge. Bookings are made through the API (BookSpace and the sandbox checkout's form)
 * on a fresh host's own listing; the browser only reads the pages and presses the button. The money pages (bills,
 * receipts, earnings, payouts, the dashboard) are cards whose amounts end at one edge, and notifications and the inbox
 * read news first, in two lines (docs/design.md, Money lists, Notifications, Inbox).
 */

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/**
 * A money list shows cards (docs/design.md, Money lists): each whole on the phone's width, its amount on the right of
 * its first line, and the amounts of the list ending at one edge.
 */
async function expectMoneyCards(cards: Locator) {
  await expect(cards.first()).toBeVisible();
  const rights = new Set<number>();
  for (const card of await cards.all()) {
    const box = await card.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= NARROW.width).toBe(true);
    const amount = await card.getByTestId("card-amount").boundingBox();
    const title = await card.getByRole("heading").boundingBox();
    expect(amount && title && amount.x > title.x && amount.y < title.y + title.height).toBe(true);
    rights.add(Math.round((amount?.x ?? 0) + (amount?.width ?? 0)));
  }
  expect(rights.size).toBe(1);
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

test("money on a phone: bills, earnings, payouts and the dashboard are cards that fit", async ({
  page,
  baseURL,
}) => {
  const bill = await billRenter(page, baseURL);
  await visit(page, "/payment/bills");
  await expectMoneyCards(page.getByTestId("bill-card"));
  // This month's dates are short; the year is written only when it is not this year's.
  const thisYear = todayInManila().slice(0, 4);
  await expect(page.getByTestId("bill-card").filter({ hasText: bill.spaceTitle })).not.toContainText(
    thisYear,
  );
  await expectFitsPhone(page);

  await page.context().clearCookies();
  await payoutHost(page, baseURL);
  await visit(page, "/payment/bills?tab=earnings");
  await expectMoneyCards(page.getByTestId("payout-card"));
  await expectMoneyCards(page.getByTestId("earning-line"));
  await expectFitsPhone(page);
  await visit(page, "/user-profile/dashboard");
  await expect(page.getByRole("heading", { name: "Payments" })).toBeVisible();
  await expectFitsPhone(page);
});

test("a paid request: its receipt is a card and fits; notifications and the inbox read news first, then the space, in two lines", async ({
  page,
  playwright,
  baseURL,
}) => {
  const host = await newHost(playwright, baseURL);
  await loggedInAccount(page, playwright, baseURL);
  await requestedBooking(page.request, host.listing.id, addDays(todayInManila(), 12));

  await visit(page, "/payment/bills?tab=paid");
  const receipts = page.getByTestId("receipt-card");
  await expectMoneyCards(receipts);
  await expectFitsPhone(page);
  await receipts.first().getByRole("link", { name: "See the receipt" }).click();
  await expect(page.getByRole("heading", { name: "Acknowledgement receipt" })).toBeVisible();
  // A receipt is a document: its date keeps the year.
  await expect(page.getByTestId("receipt-paid-on")).toContainText(todayInManila().slice(0, 4));
  await expectFitsPhone(page);

  const sent = await notificationWith(page, "Your request was sent to the host");
  const news = sent.getByTestId("notification-news");
  const body = sent.getByTestId("notification-body");
  // The news is the first line, in bold while unread, with the space under it.
  await expect(news).toHaveText(/^Unread: Your request was sent to the host$/);
  await expect(body).toContainText(host.listing.title);
  const [newsBox, bodyBox] = [await news.boundingBox(), await body.boundingBox()];
  expect((newsBox?.y ?? 0) + (newsBox?.height ?? 0)).toBeLessThanOrEqual(bodyBox?.y ?? 0);
  expect(await news.evaluate((element) => getComputedStyle(element).fontWeight)).toBe("700");
  await expect(sent).toHaveClass(/bg-brand-50/);
  await expectFitsPhone(page);

  // The inbox: who first, then their latest line and the space, in two lines.
  await visit(page, "/messages/list");
  const row = page.getByTestId("conversation-row").filter({ hasText: host.listing.title });
  await expect(row).toBeVisible();
  const who = row.getByTestId("conversation-who");
  const latest = row.getByTestId("conversation-news");
  await expect(latest).toContainText(host.listing.title);
  const [whoBox, latestBox] = [await who.boundingBox(), await latest.boundingBox()];
  expect((whoBox?.y ?? 0) + (whoBox?.height ?? 0)).toBeLessThanOrEqual(latestBox?.y ?? 0);
  const lineHeight = await latest.evaluate((element) =>
    Number.parseFloat(getComputedStyle(element).lineHeight),
  );
  expect(latestBox?.height ?? 0).toBeLessThanOrEqual(lineHeight + 1);
  await expectFitsPhone(page);
});
