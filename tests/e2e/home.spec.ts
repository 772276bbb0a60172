import { expect, expectAccessible, pageErrors, test, visit } from "./fixtures";

const SEARCH = "/search-space?storageType=storage&city=makati";

test("the home page offers a search by type and city, how it works, and a call to list a space", async ({
  page,
}) => {
  const response = await visit(page, "/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Space Solution — storage and parking space for rent");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Storage and parking space, near you.");

  const search = page.getByRole("form", { name: "Find a space" });
  await expect(search.getByRole("radio", { name: "Storage" })).toBeChecked();
  const city = search.getByLabel("City");
  await expect(city.locator("option", { hasText: "Quezon City" })).toHaveCount(1);
  await expect(city.locator("option", { hasText: "Cagayan de Oro" })).toHaveCount(1);

  // Real listings from the database, as cards with their photo and price, and why to trust us with money.
  const featured = page.getByRole("region", { name: "Spaces renters are booking" });
  const cards = featured.locator("ul").first().locator(":scope > li");
  await expect(cards).toHaveCount(6);
  await expect(cards.first().locator("img").first()).toBeVisible();
  await expect(cards.first()).toContainText("₱");
  await expect(page.getByRole("heading", { name: "Your deposit is held by Space Solution" })).toBeVisible();
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /\/images\/og-home\.jpg$/,
  );
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  // Each city link says how many active listings it has.
  await expect(page.getByRole("link", { name: "Storage in Quezon City" }).locator("xpath=..")).toContainText(
    /\(\d+\)/,
  );

  await expect(page.getByRole("heading", { name: "How it works" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "List a space" })).toHaveAttribute(
    "href",
    "/list-your-space/location",
  );

  await search.getByText("Parking").click();
  await city.selectOption({ label: "Cebu City" });
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search-space\?storageType=parking&city=cebu-city$/);
  await expectAccessible(page);
});

test("/home sends the browser to / permanently", async ({ page, request }) => {
  const direct = await request.get("/home", { maxRedirects: 0 });
  expect(direct.status()).toBe(301);
  expect(direct.headers().location).toBe("/");
  await visit(page, "/home");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Storage and parking space, near you.");
});

test("an unknown path shows Page-not-found with status 404", async ({ page }) => {
  const response = await visit(page, "/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Page not found | Space Solution");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await page.getByRole("main").getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a visitor's page kept by a cache in front and served again still runs its scripts under its own policy", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "whether a kept page's scripts may run needs JavaScript");
  // The pages a shared cache may keep for visitors: the home page, the search page, a landing and a city page.
  for (const path of ["/", SEARCH, "/storage", "/storage-city/makati"]) {
    // The first visit sets the entry cookie (the browser's, shared with page.request), so that answer is the
    // visitor's own; the next may be kept for all.
    await page.request.get(path);
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(200);
    const headers = answer.headers();
    expect(headers["cache-control"], path).toContain("s-maxage=");
    expect(headers.etag, path).toMatch(/^W\//);
    const body = await answer.text();

    // A cache in front serves that very answer again: its headers and bytes, as first sent.
    const kept = Object.fromEntries(
      Object.entries(headers).filter(([name]) => !["content-encoding", "content-length"].includes(name)),
    );
    let replayed = 0;
    await page.route(
      (url) => url.pathname + url.search === path,
      (route) => {
        replayed++;
        return route.fulfill({ status: 200, headers: kept, body });
      },
    );
    const errors = pageErrors(page);
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(path);
    expect(replayed, path).toBe(1);
    // Hydrated: a link is followed in the page, without loading a new document.
    await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Help" }).click();
    await expect(page).toHaveURL(/\/info\/help$/);
    expect(await page.evaluate(() => (window as { stayedOnPage?: boolean }).stayedOnPage), path).toBe(true);
    expect(violations, path).toEqual([]);
    expect(errors, path).toEqual([]);
    await page.unrouteAll();
    page.removeAllListeners("console");
  }
});
