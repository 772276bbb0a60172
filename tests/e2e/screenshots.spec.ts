import { billRenter, expect, NARROW, saveScreenshots, test } from "./fixtures";

/**
 * Screenshots for a visual check (ADR 0055): the home, search, listing, booking and account menu pages, each saved
 * whole on a phone (390 × 844) and a desktop (1280 × 800) under test-results/screenshots/<project>/, with JavaScript
 * on and off. The state comes from the seed (a renter with a running booking, logged in by cookie; the demo
 * listings); the test only opens pages, checks each is the page it means to show, and saves it. The other specs
 * test what the pages do.
 */

test.use({ viewport: NARROW });

test("the main pages, on a phone and a desktop", async ({ page, baseURL, javaScriptEnabled }) => {
  const bill = await billRenter(page, baseURL);

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Storage and parking space, near you.");
  // The first featured listing is the one whose page is saved.
  const featured = page
    .getByRole("region", { name: "Spaces renters are booking" })
    .getByRole("heading", { level: 3 })
    .first()
    .getByRole("link");
  const listing = { title: (await featured.textContent()) ?? "", path: await featured.getAttribute("href") };
  expect(listing.path).toMatch(/^\/(storage|parking)\/listings\//);
  await saveScreenshots(page, "home");

  await page.goto("/search-space?storageType=storage&city=makati");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Storage in Makati");
  await expect(
    page.getByRole("list", { name: "Search results" }).locator(":scope > li").first(),
  ).toBeVisible();
  await saveScreenshots(page, "search");

  await page.goto(listing.path as string);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(listing.title);
  if (javaScriptEnabled) {
    // The area map loads as it comes near the screen: brought near first, it is in the picture of the whole page.
    const map = page.locator("[data-map-status]");
    await map.scrollIntoViewIfNeeded();
    await expect(map).toHaveAttribute("data-map-status", "ready");
    // Back at the top, so the sticky header is where it belongs in the picture.
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await saveScreenshots(page, "listing");

  await page.goto(`/bookings/${bill.bookingId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(bill.spaceTitle);
  await saveScreenshots(page, "booking");

  await page.goto("/user-profile/user-profile-menu");
  await expect(page.getByRole("link", { name: "Saved spaces" })).toBeVisible();
  await saveScreenshots(page, "menu");
});
