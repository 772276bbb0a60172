import { SEGMENTS, segmentPath, solutionRedirects } from "../../app/content/solutions";
import { expect, expectAccessible, test, visit, WIDE } from "./fixtures";

/**
 * The information pages (docs/product.md, Screens and routes): the storage and parking landing pages and their use-case
 * pages, the solution redirects, the help center and the policies. Each test runs with JavaScript on and off; every
 * page is checked with axe. The search page itself is another screen's: only the URL the search forms lead to is
 * checked here.
 */

test.use({ viewport: WIDE });
test.describe.configure({ timeout: 90_000 });

test("the storage landing page searches storage in the chosen city and links to the city and use-case pages", async ({
  page,
}) => {
  const response = await visit(page, "/storage");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Storage space for rent near you | Space Solution");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Storage space for rent near you");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/storage$/);

  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "How it works" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Quezon City Metro Manila" })).toHaveAttribute(
    "href",
    "/storage-city/quezon-city",
  );
  await expect(main.getByRole("link", { name: "Balikbayan box storage" })).toHaveAttribute(
    "href",
    "/storage/balikbayan-boxes",
  );
  await expect(main.getByText("a Space Solution fee of 5% of the first month")).toBeVisible();

  // Every city is one click away, in the disclosure (a <details>, so it opens without JavaScript too).
  await main.getByText(/^All \d+ cities with storage$/).click();
  await expect(main.getByRole("link", { name: "Storage in Cagayan de Oro" })).toHaveAttribute(
    "href",
    "/storage-city/cagayan-de-oro",
  );

  const search = page.getByRole("form", { name: "Search storage" });
  await search.getByLabel("City").selectOption({ label: "Cebu City" });
  await search.getByRole("button", { name: "Search storage" }).click();
  await expect(page).toHaveURL(/\/search-space\?storageType=storage&city=cebu-city$/);
});

test("each storage use case has its page, with the search preset to storage", async ({ page }) => {
  for (const segment of SEGMENTS.filter(({ type }) => type === "storage")) {
    const response = await visit(page, segmentPath(segment));
    expect(response?.status(), segment.slug).toBe(200);
    await expect(page).toHaveTitle(`${segment.heading} | Space Solution`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(segment.heading);
    await expect(page.getByRole("form", { name: "Search storage" })).toBeVisible();
  }
  await page
    .getByRole("form", { name: "Search storage" })
    .getByRole("button", { name: "Search storage" })
    .click();
  // The search page tidies an empty city out of the URL.
  await expect(page).toHaveURL(/\/search-space\?storageType=storage$/);
});

test("the parking landing page and monthly parking search parking", async ({ page }) => {
  await visit(page, "/parking");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parking space for rent near you");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Davao City Davao del Sur" })).toHaveAttribute(
    "href",
    "/parking-city/davao-city",
  );
  await main.getByRole("link", { name: "Monthly parking" }).click();

  await expect(page).toHaveURL(/\/parking\/full-month$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Monthly parking, all month long");
  await expectAccessible(page);
  const search = page.getByRole("form", { name: "Search parking" });
  await search.getByLabel("City").selectOption({ label: "Makati" });
  await search.getByRole("button", { name: "Search parking" }).click();
  await expect(page).toHaveURL(/\/search-space\?storageType=parking&city=makati$/);
});

test("the solution pages redirect permanently to their storage or parking page", async ({
  page,
  request,
}) => {
  const redirects = solutionRedirects();
  expect(redirects.map(({ from }) => from)).toEqual(
    expect.arrayContaining(["/solutions/household-storage", "/solutions/monthly-parking"]),
  );
  for (const { from, to } of redirects) {
    const answer = await request.get(from, { maxRedirects: 0 });
    expect(answer.status(), from).toBe(301);
    expect(answer.headers().location, from).toBe(to);
  }
  const campaign = await request.get("/solutions/business-storage?utm_source=flyer", { maxRedirects: 0 });
  expect(campaign.headers().location).toBe("/storage/business?utm_source=flyer");

  await visit(page, "/solutions/monthly-parking");
  await expect(page).toHaveURL(/\/parking\/full-month$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Monthly parking, all month long");
});

test("an unknown solution or use case is Page-not-found", async ({ page }) => {
  for (const path of ["/solutions/space-travel", "/storage/space-travel", "/parking/household"]) {
    const response = await visit(page, path);
    expect(response?.status(), path).toBe(404);
    await expect(page).toHaveTitle("Page not found | Space Solution");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  }
});

test("/info leads to the help center, whose answers open in place and which says how to reach us", async ({
  page,
  request,
}) => {
  const direct = await request.get("/info", { maxRedirects: 0 });
  expect(direct.status()).toBe(301);
  expect(direct.headers().location).toBe("/info/help");

  await visit(page, "/info");
  await expect(page).toHaveURL(/\/info\/help$/);
  await expect(page).toHaveTitle("Help center | Space Solution");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Help center");
  await expect(page.getByRole("heading", { level: 2, name: "For renters" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "For hosts" })).toBeVisible();

  const answer = page.getByText(/^The host has 48 hours to accept or decline/);
  await expect(answer).toBeHidden();
  await page.getByText("What happens after I send a booking request?").click();
  await expect(answer).toBeVisible();

  await page.getByText("What do I pay when I book?").click();
  await expect(page.getByText("= ₱4,575.00 due at booking")).toBeVisible();

  const contact = page.getByRole("region", { name: "Contact us" });
  await expect(contact.getByRole("link", { name: "Give feedback" })).toHaveAttribute(
    "href",
    "/user-profile/give-feed-back",
  );
  await expect(contact.getByRole("link", { name: "support@spacesolution.ph" })).toHaveAttribute(
    "href",
    "mailto:support@spacesolution.ph",
  );
});

test("the policies have a table of contents leading to each section", async ({ page }) => {
  await visit(page, "/policies");
  await expect(page).toHaveTitle("Terms and policies | Space Solution");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms and policies");

  const contents = page.getByRole("navigation", { name: "Contents" });
  const sections = [
    ["Terms of use", "terms"],
    ["Booking requests", "bookings"],
    ["Cancellation and refunds", "cancellation"],
    ["Deposits", "deposits"],
    ["Fees and payments", "fees"],
    ["Privacy policy", "privacy"],
  ] as const;
  for (const [index, [title, id]] of sections.entries()) {
    await expect(contents.getByRole("link", { name: title })).toHaveAttribute("href", `#${id}`);
    await expect(page.locator(`#${id}`).getByRole("heading", { level: 2 })).toHaveText(
      `${index + 1}. ${title}`,
    );
  }

  await contents.getByRole("link", { name: "Privacy policy" }).click();
  await expect(page).toHaveURL(/\/policies#privacy$/);
  const privacy = page.getByRole("region", { name: "6. Privacy policy" });
  await expect(privacy.getByText("Data Privacy Act of 2012 (Republic Act No. 10173)")).toBeVisible();

  const fees = page.getByRole("region", { name: "5. Fees and payments" });
  await expect(fees.getByText("Space Solution fee of 5% of the first month’s price")).toBeVisible();
  const deposits = page.getByRole("region", { name: "4. Deposits" });
  await expect(
    deposits.getByText("storage bookings of 2 months or more and to parking bookings of 1 month"),
  ).toBeVisible();
  await expect(
    page.getByRole("region", { name: "2. Booking requests" }).getByText("48 hours").first(),
  ).toBeVisible();
});
