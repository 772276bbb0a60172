import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectAccessible, NARROW, newAccount, test, visit, WIDE } from "./fixtures";

/**
 * The search (ADR 0013), with JavaScript on and off: by city and type, each filter, page 2, the
 * URL carrying the search, recent searches and, with JavaScript, the map. Each project publishes its own 21
 * storage listings and one parking slot through the API, as a host would, in a city the demo data leaves empty, so
 * the counts are exact while both projects run at once.
 */
test.use({ viewport: WIDE });
test.describe.configure({ mode: "serial" });
// Every test runs several searches and accessibility checks on a busy machine.
test.slow(true, "several searches and axe checks per test");

const CITIES = {
  "js-on": {
    slug: "dumaguete",
    name: "Dumaguete",
    province: "Negros Oriental",
    barangay: "Piapi",
    latitude: 9.3068,
    longitude: 123.3054,
  },
  "js-off": {
    slug: "iligan",
    name: "Iligan",
    province: "Lanao del Norte",
    barangay: "Tibanga",
    latitude: 8.2281,
    longitude: 124.2452,
  },
} as const;
type City = (typeof CITIES)[keyof typeof CITIES];

const javaScript = () => test.info().project.use.javaScriptEnabled !== false;
const projectCity = (): City => CITIES[test.info().project.name as keyof typeof CITIES];

/** What makes a listing stand out; every other listing is a plain ₱3,000.00 spare room of 9 sq m. */
type Listing = {
  title: string;
  kind?: string;
  size?: [number, number];
  price?: number;
  features?: string[];
  quickMoveIn?: boolean;
};

const WAREHOUSE: Listing = {
  title: "Big warehouse floor",
  kind: "warehouseSpace",
  size: [5, 6],
  price: 6000,
  features: ["cctv", "gated"],
  quickMoveIn: true,
};
const CHEAP_ROOM: Listing = { title: "Cheap box room", price: 1200, size: [1, 2] };
const PLAIN = (n: number): Listing => ({ title: `Plain spare room ${n}` });
const PARKING_TITLE = "Covered condo slot";

async function ok(response: Awaited<ReturnType<APIRequestContext["post"]>>) {
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { result: { _id: string; status: string } };
  return body.result;
}

let photo: Buffer;

/** A published listing made step by step through the API (POST /space/addMySpace, imageUploadSpaces, publish). */
async function publish(
  host: APIRequestContext,
  city: City,
  listing: Listing,
  type: "storage" | "parking" = "storage",
) {
  const step = (body: Record<string, unknown>) => host.post("/api/space/addMySpace", { data: body });
  const draft = await ok(
    await step({
      step: "location",
      addressLine1: "8 Rizal Boulevard",
      addressLine2: "Near the port",
      city: city.slug,
      barangay: city.barangay,
      province: city.province,
    }),
  );
  const spaceId: string = draft._id;
  const [length, width] = listing.size ?? [3, 3];
  const steps: Record<string, unknown>[] =
    type === "storage"
      ? [
          {
            step: "kind-of-space-are-you-listing",
            storageType: "storage",
            kind: listing.kind ?? "spareRoom",
          },
          {
            step: "storage-space-size-measurements",
            lengthUnit: "meter",
            length,
            width,
            height: 2.5,
            entireSpace: true,
            unitOfRental: "sqm",
          },
          { step: "features", features: listing.features ?? [], accessOption: "all_time" },
          { step: "set-your-space-price", monthlyPrice: listing.price ?? 3000 },
        ]
      : [
          { step: "kind-of-space-are-you-listing", storageType: "parking", kind: "condo" },
          { step: "vehicle-size-measurements", vehicleSize: "suv", unitsAvailable: 2 },
          { step: "features", features: ["covered"], accessOption: "all_time" },
          { step: "set-your-space-price", monthlyPrice: 4500, dailyPrice: 200 },
        ];
  for (const body of [
    { step: "pin-location-on-map", latitude: city.latitude + 0.001, longitude: city.longitude + 0.001 },
    ...steps,
    {
      step: "describe-your-space",
      spaceTitle: listing.title,
      description: "Clean and dry, near the boulevard.",
    },
    { step: "list-your-space-frequency", rentalDurations: ["1_month"] },
    { step: "discount", firstMonthDiscount: false, quickMoveIn: listing.quickMoveIn ?? false },
  ]) {
    await ok(await step({ ...body, spaceId }));
  }
  await ok(
    await host.post("/api/space/imageUploadSpaces", {
      multipart: { spaceId, image: { name: "room.jpg", mimeType: "image/jpeg", buffer: photo } },
    }),
  );
  const published = await ok(await step({ step: "preview", spaceId, publish: true }));
  expect(published.status).toBe("active");
  return spaceId;
}

test.beforeAll(async ({ playwright, baseURL }, info) => {
  info.setTimeout(180_000);
  photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#7a5c3b" } })
    .jpeg()
    .toBuffer();
  const city = CITIES[info.project.name as keyof typeof CITIES];
  const { context } = await newAccount(playwright, baseURL);
  const listings = [WAREHOUSE, CHEAP_ROOM, ...Array.from({ length: 19 }, (_, i) => PLAIN(i + 1))];
  // A few at a time: the host's requests share one session.
  for (let i = 0; i < listings.length; i += 4) {
    await Promise.all(listings.slice(i, i + 4).map((listing) => publish(context, city, listing)));
  }
  await publish(context, city, { title: PARKING_TITLE }, "parking");
  await context.dispose();
});

const found = (page: Page) => page.getByRole("status").filter({ hasText: /found/ });
const results = (page: Page) => page.getByRole("list", { name: "Search results" });
/** The result cards (the list's own items: a card has a list of offers inside). */
const cards = (page: Page) => results(page).locator(":scope > li");
const card = (page: Page, title: string) => results(page).getByRole("link", { name: title, exact: true });

/** Submits the filter form (the page then redirects to the search's tidy URL). */
const search = (page: Page) => page.getByRole("button", { name: "Search", exact: true }).click();

test("a search by type and city finds the city's listings, and the URL carries it", async ({ page }) => {
  const city = projectCity();
  await visit(page, "/search-space");
  // The bare address becomes the tidy URL of the default search.
  await expect(page).toHaveURL(/\/search-space\?storageType=storage$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Storage spaces");
  // The search pages have no site header (docs/product.md, Shell).
  await expect(page.getByRole("banner")).toHaveCount(0);

  await page.getByLabel("City").selectOption(city.slug);
  await search(page);
  await expect(page).toHaveURL(`/search-space?storageType=storage&city=${city.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Storage in ${city.name}`);
  await expect(found(page)).toHaveText("21 spaces found · 1–20 shown");
  await expect(cards(page)).toHaveCount(20);
  // The most complete listing comes first (features and the quick move-in offer).
  await expect(results(page).getByRole("heading").first()).toHaveText(WAREHOUSE.title);
  const first = cards(page).first();
  await expect(first.getByText("Quick move-in")).toBeVisible();
  await expect(first.getByText("30.0 sq m")).toBeVisible();
  await expect(first.getByText("₱6,000.00")).toBeVisible();
  // The cover photo (the card's first image; the host's photo comes after it).
  await expect(first.locator("img").first()).toHaveAttribute("srcset", /\d+w/);
  await expectAccessible(page);

  // The same URL opened afresh is the same search.
  await page.goto(`/search-space?storageType=storage&city=${city.slug}`);
  await expect(found(page)).toHaveText("21 spaces found · 1–20 shown");

  // Parking is a search of its own.
  await page
    .getByRole("navigation", { name: "Type of space" })
    .getByRole("link", { name: "Parking" })
    .click();
  await expect(page).toHaveURL(`/search-space?storageType=parking&city=${city.slug}`);
  await expect(found(page)).toHaveText("1 space found");
  await expect(card(page, PARKING_TITLE)).toBeVisible();
});

test("each filter narrows the results", async ({ page }) => {
  const city = projectCity();
  const base = `/search-space?storageType=storage&city=${city.slug}`;
  await visit(page, base);

  // The price range, typed under the budget meter.
  await expect(page.getByRole("list", { name: "How many spaces cost how much a month" })).toBeVisible();
  await page.getByLabel("From", { exact: true }).fill("1000");
  await page.getByLabel("To", { exact: true }).fill("2000");
  await search(page);
  await expect(page).toHaveURL(`${base}&minPrice=1000&maxPrice=2000`);
  await expect(found(page)).toHaveText("1 space found");
  await expect(card(page, CHEAP_ROOM.title)).toBeVisible();

  // More filters, one at a time, from the URL.
  const narrowed: [string, string, string][] = [
    ["&kind=warehouseSpace", "1 space found", WAREHOUSE.title],
    ["&minArea=20", "1 space found", WAREHOUSE.title],
    ["&features=cctv&features=gated", "1 space found", WAREHOUSE.title],
    ["&quickMoveIn=true", "1 space found", WAREHOUSE.title],
    ["&minPrice=5000", "1 space found", WAREHOUSE.title],
    ["&maxPrice=1500", "1 space found", CHEAP_ROOM.title],
  ];
  for (const [filter, count, title] of narrowed) {
    await page.goto(`${base}${filter}`);
    await expect(found(page), filter).toHaveText(count);
    await expect(card(page, title)).toBeVisible();
  }

  // A filter in the form: the folded "More filters" open when one is in use.
  await page.goto(`${base}&kind=warehouseSpace`);
  await expect(page.getByLabel("Kind of space")).toHaveValue("warehouseSpace");
  await page.getByLabel("Kind of space").selectOption("");
  await page.getByLabel("CCTV").check();
  await search(page);
  await expect(page).toHaveURL(`${base}&features=cctv`);
  await expect(found(page)).toHaveText("1 space found");

  // Nothing found: a way out.
  await page.goto(`${base}&features=cctv&features=climateControlled`);
  await expect(found(page)).toHaveText("No spaces found");
  await expect(page.getByRole("link", { name: "Clear the filters" })).toHaveAttribute(
    "href",
    `/search-space?storageType=storage&city=${city.slug}`,
  );
  await expect(page.getByRole("link", { name: "Tell us what you need" })).toHaveAttribute(
    "href",
    /\/search-space\/missing-space\?/,
  );
  await expectAccessible(page);
});

test("page 2 keeps the search, and the back button returns to page 1", async ({ page }) => {
  const city = projectCity();
  const base = `/search-space?storageType=storage&city=${city.slug}&sort=priceAsc`;
  await visit(page, base);
  await expect(results(page).getByRole("heading").first()).toHaveText(CHEAP_ROOM.title);
  const pages = page.getByRole("navigation", { name: "Pages of results" });
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(`${base}&page=2`);
  await expect(found(page)).toHaveText("21 spaces found · 21–21 shown");
  await expect(cards(page)).toHaveCount(1);
  // The most expensive comes last.
  await expect(card(page, WAREHOUSE.title)).toBeVisible();
  await expect(pages.locator('[aria-current="page"]')).toHaveText("Page 2");
  await expectAccessible(page);

  await page.goBack();
  await expect(page).toHaveURL(base);
  await expect(found(page)).toHaveText("21 spaces found · 1–20 shown");
});

test("a bad search says what is wrong", async ({ page }) => {
  const response = await visit(page, "/search-space?storageType=storage&minPrice=500&maxPrice=100");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText(
    "The lowest price cannot be more than the highest price",
  );
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("500");
});

test("recent searches are kept for a visitor", async ({ page }) => {
  const city = projectCity();
  await page.goto(`/search-space?storageType=storage&city=${city.slug}&kind=warehouseSpace`);
  await page.goto(`/search-space?storageType=parking&city=${city.slug}`);
  const recent = page.getByRole("region", { name: "Recent searches" });
  await expect(
    recent.getByRole("link", { name: `Storage in ${city.name} · Warehouse space` }),
  ).toHaveAttribute("href", `/search-space?storageType=storage&city=${city.slug}&kind=warehouseSpace`);
});

test("a logged-in user's searches are kept by the API, and a card's heart saves the space", async ({
  page,
  playwright,
  baseURL,
}) => {
  const city = projectCity();
  const { account, context } = await newAccount(playwright, baseURL);
  await context.dispose();
  const login = await page.request.post("/api/user/login", {
    data: { email: account.email, password: account.password },
  });
  expect(login.status(), await login.text()).toBe(200);

  await page.goto(`/search-space?storageType=storage&city=${city.slug}&quickMoveIn=true`);
  await page.goto(`/search-space?storageType=parking&city=${city.slug}`);
  const recent = page.getByRole("region", { name: "Recent searches" });
  await expect(recent.getByRole("link", { name: `Storage in ${city.name} · 1 more filter` })).toHaveAttribute(
    "href",
    `/search-space?storageType=storage&city=${city.slug}&quickMoveIn=true`,
  );
  const saved = await page.request.get("/api/space/recentSearch");
  const queries = ((await saved.json()) as { result: { query: string }[] }).result.map((item) => item.query);
  expect(queries).toEqual([
    `storageType=parking&city=${city.slug}`,
    `storageType=storage&city=${city.slug}&quickMoveIn=true`,
  ]);

  await results(page)
    .getByRole("button", { name: `Save to your saved spaces: ${PARKING_TITLE}` })
    .click();
  await expect(
    results(page).getByRole("button", { name: new RegExp(`^Saved .*${PARKING_TITLE}`) }),
  ).toBeVisible();
  await expect(page).toHaveURL(`/search-space?storageType=parking&city=${city.slug}`);
});

test("with JavaScript, a map shows the prices and searches as it moves", async ({ page }) => {
  const city = projectCity();
  await visit(page, `/search-space?storageType=parking&city=${city.slug}`);
  if (!javaScript()) {
    await expect(page.getByRole("checkbox", { name: "Search as I move the map" })).toHaveCount(0);
    await expect(page.locator("[data-map-status]")).toHaveCount(0);
    return;
  }
  const map = page.getByRole("region", { name: "Map of the spaces found" });
  await expect(map).toBeVisible();
  await expect(map.getByText("₱4,500")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Search as I move the map" })).toBeChecked();
  // Zooming out with the keyboard moves the map: a new search of the visible area, one more entry in the history.
  await map.focus();
  await page.keyboard.press("Minus");
  await expect(page).toHaveURL(/&bounds=[-\d.]+%2C[-\d.]+%2C[-\d.]+%2C[-\d.]+/);
  await expect(found(page)).toHaveText("1 space found");
  await expect(page.getByRole("link", { name: "Search beyond the map area" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(`/search-space?storageType=parking&city=${city.slug}`);
});

test("on a phone the results come first: the filters fold into one line, active ones are chips", async ({
  page,
}) => {
  await page.setViewportSize(NARROW);
  // The e2e hosts' listings are in Angeles (tests/e2e/seed-test-users.ts).
  await visit(page, "/search-space?storageType=storage&city=angeles&rentalDuration=3_months");
  const firstResult = results(page).locator(":scope > li").first();
  await expect(firstResult).toBeVisible();
  expect((await firstResult.boundingBox())?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(NARROW.height);
  const filters = page.getByRole("form", { name: "Search filters" });
  await expect(filters).toBeHidden();
  const chips = page.getByRole("list", { name: "Active filters" });
  await expect(chips.getByRole("link")).toHaveText(["Angeles×", "3 months×"]);
  await expect(chips.getByRole("link", { name: "Remove the filter: Angeles" })).toHaveAttribute(
    "href",
    "/search-space?storageType=storage&rentalDuration=3_months",
  );
  await page.getByText("Filters (2)").click();
  await expect(filters).toBeVisible();
  if (test.info().project.use.javaScriptEnabled !== false) {
    await expect(page.getByRole("region", { name: "Map of the spaces found" })).toHaveCount(0);
    await page.getByRole("button", { name: "Map" }).click();
    await expect(page.getByRole("region", { name: "Map of the spaces found" })).toBeVisible();
  }
  await page.getByRole("link", { name: "Remove the filter: 3 months" }).click();
  await expect(page).toHaveURL(/\/search-space\?storageType=storage&city=angeles$/);
  await expect(chips.getByRole("link")).toHaveText(["Angeles×"]);
});
