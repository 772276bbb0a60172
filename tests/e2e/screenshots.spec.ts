import type { Page } from "@playwright/test";
import {
  busyAccount,
  expect,
  expectFitsPhone,
  expectOnFirstScreen,
  loggedInAccount,
  NARROW,
  saveScreenshots,
  test,
} from "./fixtures";

/**
 * The app as people see it (ADR 0055): its main pages for an empty account and a busy one, each saved whole on a phone
 * (390 × 844) and a desktop (1280 × 800), with JavaScript on and off (the two projects), under
 * test-results/screenshots/<project>/<account>/<page>-phone.png and -desktop.png, for a look by eye after a run.
 * On the phone, every page must fit the screen's width (nothing runs off its right edge) and show its heading; a
 * booking's page, the renter's and the host's, has its one action on the first screen.
 *
 * The pages: home, search (storage in Makati), a listing (the home page's first featured card), its reserve page,
 * the checkout's return (reserve-space/request-sent-success), a booking as its renter and as its host, the inbox, a
 * conversation, bills, a receipt, the host's dashboard, and the account menu.
 *
 * The busy account (seed-test-users.ts) is renter and host at once: a running booking with its next bill to pay (the
 * renter's booking page, whose action is paying it), its own request waiting for the host (the checkout's return, and
 * the receipt of what it paid), a stay that ended, a request to answer on its listing (the host's booking page, with
 * Approve) and a tenant on its other listing, and a conversation with unread messages.
 *
 * The empty account (a fresh one) has no booking, conversation or receipt to open: where the busy account opens one,
 * it shows the list's empty state instead, saved once under the list's name — its bookings (for the checkout's return
 * and both booking pages: the server sends a return with no booking to the bookings list), its inbox (for the
 * conversation) and its bills (for the receipt).
 *
 * The state comes from the seed and a session cookie; nothing is clicked through. Each account has one browser
 * context and visits each page once: the phone's checks run, then the page is saved at both sizes by resizing. The
 * other specs test what the pages do.
 */

type Shot = {
  /** The picture's name: test-results/screenshots/<project>/<account>/<name>-phone.png. */
  name: string;
  path: string;
  /** The page's h1, where the test knows it. */
  heading?: string | RegExp;
  /** The one action that matters on the page, which must be on the phone's first screen. */
  action?: { role: "button" | "link"; name: string | RegExp };
};

test.use({ viewport: NARROW });
// Up to 13 pages and 26 full-page captures a test, on two cores shared with other runs; with a margin.
test.describe.configure({ timeout: 180_000 });

/** The home page, checked and saved; answers its first featured listing's page and its reserve page. */
async function homeAndListing(page: Page, account: string) {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Storage and parking space, near you.");
  await expectFitsPhone(page);
  const featured = page
    .getByRole("region", { name: "Spaces renters are booking" })
    .getByRole("heading", { level: 3 })
    .first()
    .getByRole("link");
  const title = (await featured.textContent()) ?? "";
  const listingPath = (await featured.getAttribute("href")) ?? "";
  const [, type, id] = listingPath.match(/^\/(storage|parking)\/listings\/([^/]+)/) ?? [];
  expect(id, `a listing's path: ${listingPath}`).toBeTruthy();
  await saveScreenshots(page, `${account}/home`);
  await shoot(page, account, {
    name: "search",
    path: "/search-space?storageType=storage&city=makati",
    heading: "Storage in Makati",
  });
  await page.goto(listingPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expectFitsPhone(page);
  if (test.info().project.use.javaScriptEnabled !== false) {
    // The area map loads as it comes near the screen: brought near first, it is in the picture of the whole page.
    const map = page.locator("[data-map-status]");
    await map.scrollIntoViewIfNeeded();
    await expect(map).toHaveAttribute("data-map-status", "ready");
    // Back at the top, so the sticky header is where it belongs in the picture.
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await saveScreenshots(page, `${account}/listing`);
  await shoot(page, account, { name: "reserve", path: `/reserve-space/${type}?spaceId=${id}` });
}

/** Opens a page, checks it on the phone, and saves it at both sizes. */
async function shoot(page: Page, account: string, shot: Shot) {
  await page.goto(shot.path);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeVisible();
  if (shot.heading) await expect(heading).toHaveText(shot.heading);
  await expectFitsPhone(page);
  if (shot.action) await expectOnFirstScreen(page.getByRole(shot.action.role, { name: shot.action.name }));
  await saveScreenshots(page, `${account}/${shot.name}`);
}

test("an empty account's main pages, on a phone and a desktop", async ({ page, playwright, baseURL }) => {
  await loggedInAccount(page, playwright, baseURL);
  await homeAndListing(page, "empty");
  for (const shot of [
    { name: "bookings", path: "/bookings", heading: "Bookings" },
    { name: "inbox", path: "/messages/list", heading: "Messages" },
    { name: "bills", path: "/payment/bills", heading: "Bills" },
    { name: "dashboard", path: "/user-profile/dashboard", heading: "Dashboard" },
  ])
    await shoot(page, "empty", shot);
  await saveMenu(page, "empty");
});

test("a busy account's main pages, on a phone and a desktop", async ({ page, baseURL }) => {
  const busy = await busyAccount(page, baseURL);
  await homeAndListing(page, "busy");
  for (const shot of [
    {
      name: "checkout-return",
      path: `/reserve-space/request-sent-success?bookingId=${busy.requestId}`,
      heading: "Request sent",
    },
    {
      name: "booking-renter",
      path: `/bookings/${busy.runningBookingId}`,
      action: { role: "link", name: /^Pay ₱/ },
    },
    {
      name: "booking-host",
      path: `/bookings/${busy.hostRequestId}`,
      action: { role: "button", name: "Approve" },
    },
    { name: "inbox", path: "/messages/list", heading: "Messages" },
    { name: "conversation", path: `/messages/${busy.conversationId}` },
    { name: "bills", path: "/payment/bills", heading: "Bills" },
    { name: "receipt", path: `/payment/receipt/${busy.receiptId}`, heading: "Acknowledgement receipt" },
    { name: "dashboard", path: "/user-profile/dashboard", heading: "Dashboard" },
  ] satisfies Shot[])
    await shoot(page, "busy", shot);
  await saveMenu(page, "busy");
});

/** The account menu (the phone's Menu tab): it has no h1, so it is known by its links. */
async function saveMenu(page: Page, account: string) {
  await page.goto("/user-profile/user-profile-menu");
  await expect(page.getByRole("link", { name: "Saved spaces" })).toBeVisible();
  await expectFitsPhone(page);
  await saveScreenshots(page, `${account}/menu`);
}
