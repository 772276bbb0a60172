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

test("a visitor's page served again from its kept render carries that answer's own nonce and runs its scripts", async ({
  page,
  request,
}, testInfo) => {
  const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1] ?? "";
  // The pages whose render is kept for visitors: the home page, the search page, a landing and a city page.
  for (const path of ["/", SEARCH, "/storage", "/storage-city/makati"]) {
    const answers: { nonce: string; html: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const answer = await request.get(path, { headers: { Cookie: "" } });
      expect(answer.status(), path).toBe(200);
      const nonce = nonceOf(answer.headers()["content-security-policy"]);
      expect(nonce).not.toBe("");
      const html = await answer.text();
      // Every script of the page carries the nonce its answer's policy allows, and no other.
      const nonces = [...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]);
      expect(nonces.length).toBeGreaterThan(0);
      expect(new Set(nonces)).toEqual(new Set([nonce]));
      answers.push({ nonce, html });
    }
    const [first, second] = answers;
    expect(second?.nonce).not.toBe(first?.nonce);
    // The same page otherwise, byte for byte.
    expect(second?.html.replaceAll(second.nonce, "")).toBe(first?.html.replaceAll(first.nonce, ""));
  }

  const errors = pageErrors(page);
  await visit(page, "/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Storage and parking space, near you.");
  if (testInfo.project.name === "js-on") {
    // Hydrated: a link is followed in the page, without loading a new document.
    await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
    await page.getByRole("link", { name: "See all spaces" }).click();
    await expect(page).toHaveURL(/\/search-space/);
    expect(await page.evaluate(() => (window as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
  }
  await visit(page, SEARCH);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Storage in Makati");
  if (testInfo.project.name === "js-on") {
    await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
    await page.getByRole("link", { name: "Space Solution", exact: true }).first().click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => (window as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
  }
  expect(errors).toEqual([]);
});
