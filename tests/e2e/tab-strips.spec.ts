import type { Page } from "@playwright/test";
import { expect, NARROW, newHost, test, visit } from "./fixtures";

/** How wide the page is: at most the phone's width when nothing runs off its right edge. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test("a host's listings by status fit a phone: the tabs wrap inside the page, each one reachable", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { cookie, context } = await newHost(playwright, baseURL);
  await context.dispose();
  await page.context().addCookies([cookie]);
  await page.setViewportSize(NARROW);

  await visit(page, "/spaces/my-storage-lists");
  const tabs = page.getByRole("navigation", { name: "Listings by status" }).getByRole("link");
  await expect(tabs).toHaveCount(3);
  await expect(tabs.nth(1)).toHaveAttribute("aria-current", "page");
  expect(await pageWidth(page)).toBeLessThanOrEqual(NARROW.width);
  // Every tab is on the screen, none cut off at its edge.
  for (const tab of await tabs.all()) {
    const box = await tab.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= NARROW.width, (await tab.textContent()) ?? "").toBe(
      true,
    );
  }

  // The app's other tab strips, as the same host sees them on a phone.
  for (const path of [
    "/bookings",
    "/payment/bills",
    "/messages/list",
    "/user-profile/dashboard",
    "/user-profile/reviews",
    "/search-space",
  ]) {
    await page.goto(path);
    expect(await pageWidth(page), path).toBeLessThanOrEqual(NARROW.width);
  }
});
