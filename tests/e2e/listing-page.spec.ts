import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { formatCalendarDate } from "../../app/components/listing/calendar-date";
import { addDays, todayInManila } from "../../app/domain/dates";
import { DEMO_PASSWORD, DEMO_USERS } from "../../app/seed/demo-users";
import { expect, expectAccessible, NARROW, newHost, test, visit, WIDE } from "./fixtures";

/**
 * A listing's public page (ADR 0013): the calculator with the pricing examples' values (docs/product.md), the share
 * metadata and its 1200 × 630 image, favourite and unfavourite (and the saved-spaces page), a question to the host, the
 * 404 of an unknown listing and the canonical redirect of a wrong slug or type. Each test runs with JavaScript on and
 * off; every page is checked with axe. The demo listings "Secure storage room in Makati" (₱3,000.00 a month) and
 * "Covered condo parking in BGC" (₱150.00 a day) carry the pricing examples' prices (docs/product.md).
 */

test.use({ viewport: WIDE });
test.describe.configure({ timeout: 90_000 });

const STORAGE_SLUG = "secure-storage-room-in-makati";
const PARKING_SLUG = "covered-condo-parking-in-bgc";

/** A demo listing's canonical path, found through the sitemap's call (it lists every active listing). */
async function listingPath(request: APIRequestContext, slug: string): Promise<string> {
  const response = await request.get("/api/space/sitemapListings");
  expect(response.status()).toBe(200);
  const { result } = (await response.json()) as { result: { listings: { path: string }[] } };
  const found = result.listings.find((listing) => listing.path.endsWith(`/${slug}`));
  expect(found, `a demo listing with the slug ${slug}`).toBeTruthy();
  return found?.path as string;
}

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

test("the storage calculator shows the pricing examples' stay quotes and the quote of any number of days", async ({
  page,
}) => {
  const path = await listingPath(page.request, STORAGE_SLUG);
  const response = await visit(page, path);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Secure storage room in Makati");
  // The phones' sticky Reserve bar has the price too, hidden on this wide screen.
  await expect(page.getByText("₱3,000.00", { exact: true }).filter({ visible: true }).first()).toBeVisible();

  const calculator = page.getByRole("region", { name: "Price calculator" });
  const examples = calculator.getByRole("table");
  const expected: [string, string][] = [
    ["1", "₱300.00"],
    ["5", "₱1,500.00"],
    ["10", "₱3,000.00"],
    ["11", "₱3,000.00"],
    ["30", "₱3,000.00"],
    ["31", "₱3,100.00"],
    ["45", "₱4,500.00"],
    ["60", "₱6,000.00"],
  ];
  for (const [days, price] of expected) {
    await expect(examples.getByRole("row", { name: `${days} ${price}`, exact: true })).toBeVisible();
  }

  const answer = calculator.getByTestId("calculator-answer");
  await expect(answer).toHaveText("A stay of 30 days: ₱3,000.00");
  await calculator.getByLabel("Number of days").fill("45");
  // With JavaScript the answer follows the field; without, the GET form asks the server.
  if (!jsOn()) await calculator.getByRole("button", { name: "Calculate" }).click();
  await expect(answer).toHaveText("A stay of 45 days: ₱4,500.00");
  if (!jsOn()) await expect(page).toHaveURL(/\?days=45$/);

  await calculator.getByLabel("Number of days").fill("5");
  await calculator.getByRole("button", { name: "Calculate" }).click();
  await expect(page).toHaveURL(/\?days=5$/);
  await expect(answer).toHaveText("A stay of 5 days: ₱1,500.00");
});

test("the parking calculator prices Monday to Friday from 1 December 2026 at ₱3,300.00", async ({ page }) => {
  const path = await listingPath(page.request, PARKING_SLUG);
  await visit(page, path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Covered condo parking in BGC");
  const calculator = page.getByRole("region", { name: "Price calculator" });
  for (const day of ["Mon", "Tue", "Wed", "Thu", "Fri"])
    await expect(calculator.getByLabel(day)).toBeChecked();
  await expect(calculator.getByLabel("Sat")).not.toBeChecked();
  await calculator.getByLabel("Start date").fill("2026-12-01");
  if (!jsOn()) await calculator.getByRole("button", { name: "Calculate" }).click();
  const answer = calculator.getByTestId("calculator-answer");
  await expect(answer).toHaveText("22 parking days in the 30 days from December 1, 2026: ₱3,300.00");

  await calculator.getByLabel("Sat").check();
  await calculator.getByLabel("Sun").check();
  await calculator.getByRole("button", { name: "Calculate" }).click();
  await expect(answer).toHaveText("Every day: the monthly price: ₱4,000.00");
  await expectAccessible(page);
});

test("a listing shares well: canonical URL, Open Graph, Twitter card, JSON-LD and a 1200 × 630 JPEG", async ({
  page,
}) => {
  const path = await listingPath(page.request, STORAGE_SLUG);
  await visit(page, path);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical).toMatch(new RegExp(`^http://localhost:\\d+${path}$`));
  const meta = (key: string) =>
    page.locator(`meta[property="${key}"], meta[name="${key}"]`).first().getAttribute("content");
  expect(await meta("og:title")).toBe("Secure storage room in Makati | Space Solution");
  expect(await meta("og:description")).toMatch(/^Spare room storage in .*Makati for ₱3,000\.00 a month\./);
  expect(await meta("og:url")).toBe(canonical);
  expect(await meta("twitter:card")).toBe("summary_large_image");
  expect(await meta("og:image:width")).toBe("1200");
  expect(await meta("og:image:height")).toBe("630");
  const image = (await meta("og:image")) as string;
  expect(image).toMatch(/^http:\/\/localhost:\d+\/og\/spaces\/[0-9a-f-]{36}\.jpg\?v=[0-9a-f-]{36}$/);
  expect(await meta("twitter:image")).toBe(image);

  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({
    "@type": "Product",
    name: "Secure storage room in Makati",
    url: canonical,
    offers: { "@type": "Offer", price: "3000.00", priceCurrency: "PHP" },
  });

  // The page never shows the street address (the brief holds only the city and barangay).
  const html = await page.content();
  expect(html).not.toContain("addressLine1");

  for (let i = 0; i < 2; i++) {
    // The first request makes the image, the second reads the stored one.
    const response = await page.request.get(image);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/jpeg");
    expect(response.headers()["cache-control"]).toContain("max-age=31536000");
    const info = await sharp(await response.body()).metadata();
    expect([info.format, info.width, info.height]).toEqual(["jpeg", 1200, 630]);
  }
});

test("sitemap.xml lists the landing pages, the city pages with listings and every active listing", async ({
  page,
}) => {
  const path = await listingPath(page.request, STORAGE_SLUG);
  const sitemap = await page.request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  expect(xml).toContain(`${path}</loc><lastmod>`);
  expect(xml).toMatch(/<loc>http:\/\/localhost:\d+\/storage-city\/makati<\/loc>/);
  expect(xml).toMatch(/<loc>http:\/\/localhost:\d+\/parking-city\/taguig<\/loc>/);
  expect(xml).toMatch(/<loc>http:\/\/localhost:\d+\/info\/help<\/loc>/);
});

test("robots.txt keeps crawlers out of the API and account pages and points at the sitemap", async ({
  page,
}) => {
  const robots = await (await page.request.get("/robots.txt")).text();
  for (const path of ["/api/", "/user-profile/", "/list-your-space/", "/spaces/"])
    expect(robots).toContain(`Disallow: ${path}`);
  expect(robots).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
});

test("an unknown listing is the 404 page; a wrong slug or type opens the listing at its canonical URL", async ({
  page,
}) => {
  const unknown = await visit(page, `/storage/listings/${randomUUID()}/no-such-space`);
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  expect((await page.goto("/parking/listings/not-an-id"))?.status()).toBe(404);

  const path = await listingPath(page.request, STORAGE_SLUG);
  const id = path.split("/")[3] as string;
  for (const wrong of [
    `/storage/listings/${id}/a-wrong-slug`,
    `/storage/listings/${id}`,
    `/parking/listings/${id}`,
  ]) {
    const response = await page.goto(`${wrong}?days=11`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`${path}\\?days=11$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Secure storage room in Makati");
    await expect(page.getByTestId("calculator-answer")).toHaveText("A stay of 11 days: ₱3,000.00");
  }
});

test("a visitor asks the host a question", async ({ page }) => {
  const path = await listingPath(page.request, STORAGE_SLUG);
  await visit(page, path);
  const form = page.getByRole("region", { name: "Ask the host a question" });
  await form.getByLabel("Your question").fill("Is the room dry during the rainy season?");
  await form.getByLabel("Your name").fill("Lito Bautista");
  await form.getByLabel("Your e-mail").fill(`lito-${randomUUID().slice(0, 8)}@example.ph`);
  await form.getByRole("button", { name: "Send question" }).click();
  await expect(page.getByTestId("toast")).toContainText("Your question has been sent to the host.");
  await expect(form.getByLabel("Your question")).toHaveValue("");
  await expectAccessible(page);
});

test("a visitor is asked to log in to save a space, then saves it, finds it on the saved-spaces page and removes it", async ({
  page,
}) => {
  // Each project uses its own renter, so the two runs never share a shortlist.
  const renter = (jsOn() ? DEMO_USERS[1] : DEMO_USERS[2]) as (typeof DEMO_USERS)[number];
  const slug = jsOn() ? STORAGE_SLUG : PARKING_SLUG;
  const title = jsOn() ? "Secure storage room in Makati" : "Covered condo parking in BGC";
  const path = await listingPath(page.request, slug);
  await visit(page, path);

  await page.getByRole("button", { name: /^Save to your saved spaces/ }).click();
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
  await expect(page.getByTestId("toast")).toContainText("Please log in to save spaces.");
  await page.getByLabel("Email").fill(renter.email);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));

  await page.getByRole("button", { name: /^Save to your saved spaces/ }).click();
  await expect(page.getByTestId("toast")).toContainText("Saved to your saved spaces.");
  await expect(page.getByRole("button", { name: /^Saved/ })).toBeVisible();

  await visit(page, "/user-profile/user-profile-menu");
  await page.getByRole("link", { name: "Saved spaces" }).click();
  await expect(page).toHaveURL(/\/user-profile\/saved-spaces$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Saved spaces");
  await expect(page.getByRole("link", { name: title })).toHaveAttribute("href", path);
  await expectAccessible(page);

  await page.getByRole("button", { name: new RegExp(`^Saved .*: ${title}$`) }).click();
  await expect(page.getByTestId("toast")).toContainText("Removed from your saved spaces.");
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
  await expect(page.getByText("You have not saved any spaces yet.")).toBeVisible();

  await visit(page, path);
  await expect(page.getByRole("button", { name: /^Save to your saved spaces/ })).toBeVisible();
});

test("on a phone the monthly price and Reserve stay in reach above the bottom menu", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { listing, context } = await newHost(playwright, baseURL);
  await context.dispose();
  await page.setViewportSize(NARROW);
  await page.goto(`/storage/listings/${listing.id}`);
  const bar = page.getByTestId("sticky-reserve");
  await expect(bar).toBeVisible();
  await expect(bar).toContainText("₱2,500.00 a month");
  await expect(bar.getByRole("link", { name: "Reserve" })).toHaveAttribute(
    "href",
    `/reserve-space/storage?spaceId=${listing.id}`,
  );
  // It sits on the bottom menu, not under it, and the page's end is not hidden behind it.
  const [barBox, menuBox] = await Promise.all([
    bar.boundingBox(),
    page.getByRole("navigation", { name: "Bottom menu" }).boundingBox(),
  ]);
  expect(Math.round((barBox?.y ?? 0) + (barBox?.height ?? 0))).toBeLessThanOrEqual(
    Math.round(menuBox?.y ?? 0),
  );
  // Right on it: halfway down the page, no page text shows between the two.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  const uncovered = await page.evaluate(() => {
    const bar = document.querySelector('[data-testid="sticky-reserve"]');
    const menu = document.querySelector('nav[aria-label="Bottom menu"]');
    if (!bar || !menu) return ["no bar or no menu"];
    const seen: string[] = [];
    for (let y = Math.floor(bar.getBoundingClientRect().top); y < window.innerHeight; y++) {
      for (const x of [2, window.innerWidth / 2, window.innerWidth - 2]) {
        const element = document.elementFromPoint(x, y);
        if (element && !bar.contains(element) && !menu.contains(element))
          seen.push(`${x},${y}: ${element.tagName} ${element.textContent?.slice(0, 30)}`);
      }
    }
    return seen;
  });
  expect(uncovered).toEqual([]);
  // No top header on phones: a compact one leads home and back to the city's results.
  await expect(page.getByRole("link", { name: "Space Solution home" })).toBeVisible();
  await expect(page.getByRole("link", { name: "← Back to results" })).toHaveAttribute(
    "href",
    "/search-space?storageType=storage&city=angeles",
  );
  await expectAccessible(page);
  await page.setViewportSize(WIDE);
  await expect(bar).toBeHidden();
});

test("on a phone the map and the parts further down load as the visitor comes near them, and work without JavaScript", async ({
  page,
}) => {
  const path = await listingPath(page.request, STORAGE_SLUG);
  const title = "Secure storage room in Makati";
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  await page.setViewportSize(NARROW);
  await visit(page, path);
  const share = page.getByRole("region", { name: "Share this space" });
  const map = page.getByRole("region", { name: `Map of the area around ${title}` });

  if (!jsOn()) {
    // Without JavaScript the box says where the space is; every part is there as the server made it.
    await expect(page.getByText(/^The map needs JavaScript\. The space is in .*Makati\.$/)).toBeVisible();
    await expect(page.getByRole("region", { name: "Ask the host a question" })).toBeVisible();
    await expect(share.getByLabel("Link to this space")).toHaveValue(/\/storage\/listings\//);
    return;
  }

  // The first screen is the photos and the price: once the page has loaded and hydrated, neither the map's code
  // nor the lower parts' has been fetched.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() =>
    Object.keys(document.querySelector("h1") ?? {}).some((key) => key.startsWith("__reactFiber")),
  );
  await expect(share).toBeAttached();
  await expect(share.getByRole("button", { name: "Copy link" })).toHaveCount(0);
  expect(requested.filter((url) => /\/(area-map|listing-parts)-[A-Z0-9]+\.js$/.test(url))).toEqual([]);

  // Scrolled to, the map draws and the share panel gets its Copy link button (its code is there).
  await page.getByRole("heading", { name: "Location" }).scrollIntoViewIfNeeded();
  await expect(map).toBeVisible();
  await share.scrollIntoViewIfNeeded();
  await expect(share.getByRole("button", { name: "Copy link" })).toBeVisible();

  // Reached by a link in the browser, the page shows every part at once.
  await page.getByRole("link", { name: "← Back to results" }).click();
  await expect(page).toHaveURL(/\/search-space\?/);
  await page.getByRole("link", { name: title, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole("region", { name: "Ask the host a question" })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Share this space" }).getByRole("button", { name: "Copy link" }),
  ).toBeVisible();
  await expectAccessible(page);
});

test("a visitor checks whether the space is free from a date", async ({ page }) => {
  const path = await listingPath(page.request, STORAGE_SLUG);
  await visit(page, path);
  const availability = page.getByRole("region", { name: "Availability" });
  const from = addDays(todayInManila(), 40);
  await availability.getByLabel("Move in from").fill(from);
  await availability.getByRole("button", { name: "Check" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]from=${from}`));
  // The demo room is one whole space: free or not from that date (other specs book it), said for that date.
  await expect(availability.getByTestId("availability-answer")).toHaveText(
    new RegExp(`^(Free|Not free) from ${formatCalendarDate(from)}\\.$`),
  );
});
