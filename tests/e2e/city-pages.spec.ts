import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { MAP_TILES_ORIGIN } from "../../playwright.config";
import { demoUsers, expect, expectAccessible, NARROW, newAccount, test, visit, WIDE } from "./fixtures";

/**
 * City pages, "Can't find a space?" and "List with us" (ADR 0013), with JavaScript on and off.
 * Each project publishes its own listing, through the API as a host would, in a city of its own that the demo data
 * leaves empty, so the counts are exact while both projects run at once.
 */
test.use({ viewport: WIDE });

const CITIES = {
  "js-on": {
    slug: "tacloban",
    name: "Tacloban",
    province: "Leyte",
    barangay: "Abucay",
    latitude: 11.2444,
    longitude: 125.0039,
  },
  "js-off": {
    slug: "legazpi",
    name: "Legazpi",
    province: "Albay",
    barangay: "Bitano",
    latitude: 13.1391,
    longitude: 123.7438,
  },
} as const;

function projectCity() {
  return CITIES[test.info().project.name as keyof typeof CITIES];
}

function uniqueEmail(prefix: string) {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.ph`;
}

/** The listing an API call answered with (its id and status are all these tests read). */
type ListingAnswer = { _id: string; status: string };

async function ok(response: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<ListingAnswer> {
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { result: ListingAnswer };
  return body.result;
}

/** A published storage listing, ₱2,750.00 a month for the entire space, made step by step through the API. */
async function publishStorageListing(
  host: APIRequestContext,
  city: ReturnType<typeof projectCity>,
  title: string,
) {
  const step = (body: Record<string, unknown>) => host.post("/api/space/addMySpace", { data: body });
  const draft = await ok(
    await step({
      step: "location",
      addressLine1: "27 Real Street",
      addressLine2: "Near the plaza",
      city: city.slug,
      barangay: city.barangay,
      province: city.province,
    }),
  );
  const spaceId: string = draft._id;
  for (const body of [
    { step: "pin-location-on-map", latitude: city.latitude + 0.002, longitude: city.longitude + 0.002 },
    { step: "kind-of-space-are-you-listing", storageType: "storage", kind: "spareRoom" },
    {
      step: "storage-space-size-measurements",
      lengthUnit: "meter",
      length: 3,
      width: 3,
      height: 2.5,
      entireSpace: true,
      unitOfRental: "sqm",
    },
    { step: "features", features: ["cctv"], accessOption: "all_time" },
    {
      step: "describe-your-space",
      spaceTitle: title,
      description: "A dry room with shelves, near the plaza.",
    },
    { step: "list-your-space-frequency", rentalDurations: ["1_month"] },
    { step: "set-your-space-price", monthlyPrice: 2750 },
  ]) {
    await ok(await step({ ...body, spaceId }));
  }
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#8a6d3b" } })
    .jpeg()
    .toBuffer();
  await ok(
    await host.post("/api/space/imageUploadSpaces", {
      multipart: { spaceId, image: { name: "room.jpg", mimeType: "image/jpeg", buffer: photo } },
    }),
  );
  const published = await ok(await step({ step: "preview", spaceId, publish: true }));
  expect(published.status).toBe("active");
  return spaceId;
}

const toast = (page: Page) => page.getByTestId("toast");

test("a city page's map on a phone credits its tiles with links a reader tells from the words around them", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the map is drawn with JavaScript");
  await page.setViewportSize(NARROW);
  // On a phone whose tiles do not come (a slow or lost connection) the credits sit on the map's plain background,
  // where axe can weigh their links against the words around them (over a tile it cannot tell the colors).
  await page.route(`${MAP_TILES_ORIGIN}/**`, (route) => route.abort());
  // Makati has demo listings, so its page has a map; the axe check runs once the map shows its credits.
  await page.goto("/storage-city/makati");
  const credits = page.locator(".leaflet-control-attribution");
  await expect(credits).toContainText("OpenStreetMap contributors");
  await expectAccessible(page);
  await expect(credits.getByRole("link", { name: "Leaflet" })).toHaveCSS("text-decoration-line", "underline");
  const copyright = credits.getByRole("link", { name: "OpenStreetMap" });
  await expect(copyright).toHaveAttribute("href", "https://www.openstreetmap.org/copyright");
  await expect(copyright).toHaveCSS("text-decoration-line", "underline");
});

test("a city page shows its count, price range, the listing's card, a map and share metadata", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow();
  const city = projectCity();
  const title = `Dry spare room in ${city.name}`;
  const { context } = await newAccount(playwright, baseURL);
  const spaceId = await publishStorageListing(context, city, title);
  await context.dispose();

  const response = await visit(page, `/storage-city/${city.slug}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`Storage for rent in ${city.name} | Space Solution`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Storage for rent in ${city.name}`);
  await expect(page.getByTestId("city-count")).toHaveText("1 storage space");
  await expect(page.getByTestId("city-prices")).toHaveText("₱2,750.00 a month for the entire space");

  const card = page.getByRole("main").getByRole("link", { name: title }).first();
  await expect(card).toHaveAttribute("href", new RegExp(`^/storage/listings/${spaceId}`));

  // The map draws the listing's price marker with JavaScript; without it there is no map at all.
  if (test.info().project.use.javaScriptEnabled !== false) {
    const map = page.getByRole("region", { name: `Map of storage spaces in ${city.name}` });
    await expect(map).toBeVisible();
    await expect(map.getByText("₱2,750")).toBeVisible();
  } else {
    await expect(page.locator("[data-map-status]")).toBeHidden();
  }

  // Links to the search with the city set, the parking page of the city, and nearby cities.
  await expect(page.getByRole("link", { name: `Search storage in ${city.name}` })).toHaveAttribute(
    "href",
    `/search-space?storageType=storage&city=${city.slug}`,
  );
  await expect(page.getByRole("link", { name: `Parking in ${city.name}` })).toHaveAttribute(
    "href",
    `/parking-city/${city.slug}`,
  );

  // Sharing and search engines.
  const canonical = `${baseURL}/storage-city/${city.slug}`;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    `Storage for rent in ${city.name} | Space Solution`,
  );
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
    "content",
    /^1 storage space for rent in .+, from ₱2,750.00 a month/,
  );
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", canonical);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  // The share image is the listing's cover, in the 1200 × 630 rendition.
  const ogImage = (await page.locator('meta[property="og:image"]').getAttribute("content")) ?? "";
  expect(ogImage).toMatch(new RegExp(`^${baseURL}/og/spaces/${spaceId}\\.jpg\\?v=`));
  const image = await page.request.get(ogImage);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/jpeg");
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({
    "@type": "CollectionPage",
    url: canonical,
    about: { "@type": "City", name: city.name },
    mainEntity: { "@type": "ItemList", numberOfItems: 1 },
  });
  expect(jsonLd.mainEntity.itemListElement[0]).toMatchObject({ position: 1, name: title });
  expect(jsonLd.mainEntity.itemListElement[0].url).toContain(`/storage/listings/${spaceId}`);
});

test("an unknown city is Page-not-found, and a city in capitals goes to its canonical address", async ({
  page,
  request,
}) => {
  const response = await visit(page, "/storage-city/atlantis");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Page not found | Space Solution");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");

  const moved = await request.get("/parking-city/Cebu-City", { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe("/parking-city/cebu-city");
});

test("a city without listings offers Can't find a space?, and the request is sent", async ({
  page,
  baseURL,
}) => {
  // Three pages checked with axe, and two form posts.
  test.slow();
  const city = projectCity();
  await visit(page, `/parking-city/${city.slug}`);
  await expect(page.getByTestId("city-count")).toHaveText("0 parking spaces");
  await expect(page.getByRole("heading", { name: `No parking spaces in ${city.name} yet` })).toBeVisible();
  await expect(page.getByRole("link", { name: `List your space in ${city.name}` })).toHaveAttribute(
    "href",
    "/list-your-space/location",
  );

  await page.getByRole("link", { name: "Can't find a space? Tell us what you need" }).click();
  await expect(page).toHaveURL(`${baseURL}/search-space/missing-space?storageType=parking&city=${city.slug}`);
  await expectAccessible(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Can't find a space?");
  await expect(page.getByLabel("I need")).toHaveValue("parking");
  await expect(page.getByLabel("In", { exact: true })).toHaveValue(city.slug);

  // The size is needed: the server says so next to the field, and keeps what was typed.
  await page.getByLabel("Your name").fill("Andrea Brillantes");
  await page.getByLabel("Your e-mail").fill(uniqueEmail("andrea"));
  await page.getByRole("button", { name: "Send my request" }).click();
  await expect(page.getByText("Please tell us what size you need.").first()).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveValue("Andrea Brillantes");

  await page.getByLabel("Size").fill("One sedan, covered if possible");
  await page.getByLabel("Budget a month, in pesos (optional)").fill("3,500");
  await page.getByRole("button", { name: "Send my request" }).click();
  await expect(toast(page)).toContainText(
    "Thank you! We will look for a space for you and write to you soon.",
  );
  await expect(page.getByRole("heading", { name: "Thank you, we are on it" })).toBeVisible();
  await expect(page.getByText(`for parking in ${city.name}`)).toBeVisible();
  await expectAccessible(page);
});

test("the home page links to the landing pages and the featured cities' pages, and the footer to the rest", async ({
  page,
}) => {
  test.slow();
  await visit(page, "/");
  const cities = page.getByRole("region", { name: "Storage and parking in your city" });
  await expect(cities.getByRole("link", { name: "Storage space for rent near you" })).toHaveAttribute(
    "href",
    "/storage",
  );
  await expect(cities.getByRole("link", { name: "Parking space for rent near you" })).toHaveAttribute(
    "href",
    "/parking",
  );
  await expect(cities.getByRole("link", { name: "Parking in Cebu City" })).toHaveAttribute(
    "href",
    "/parking-city/cebu-city",
  );
  const footer = page.getByRole("navigation", { name: "Footer" });
  for (const [name, href] of [
    ["Storage", "/storage"],
    ["Parking", "/parking"],
    ["Help", "/info/help"],
    ["Terms and policies", "/policies"],
  ] as const) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }

  await cities.getByRole("link", { name: "Storage in Quezon City" }).click();
  await expect(page).toHaveURL(/\/storage-city\/quezon-city$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Storage for rent in Quezon City");
  await expectAccessible(page);
});

test("a prospective host asks the team from the landing page's call to hosts", async ({ page }) => {
  test.slow();
  await visit(page, "/parking");
  await page.getByRole("link", { name: "Questions first? Talk to our team" }).click();
  await expect(page).toHaveURL(/\/list-with-us\?storageType=parking$/);
  await expectAccessible(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("List your space with us");
  await expect(page.getByLabel("Kind of space")).toHaveValue("parking");

  await page.getByLabel("Your name").fill("Ramon Bautista");
  await page.getByLabel("Your e-mail").fill(uniqueEmail("ramon"));
  await page.getByLabel("Your phone number").fill("09981234567");
  await page.getByLabel("City").selectOption("cebu-city");
  await page.getByLabel("Tell us about it").fill("Two covered slots behind my shop on Mango Avenue.");
  await page.getByRole("button", { name: "Send to our team" }).click();
  await expect(toast(page)).toContainText("Thank you! Our team will get in touch with you soon.");
  await expect(page.getByRole("heading", { name: "Thank you, we will be in touch" })).toBeVisible();
});

test("a logged-in user finds the forms filled in with their contact details", async ({ page, login }) => {
  await login(demoUsers.renter);
  await visit(page, "/search-space/missing-space?storageType=storage&city=makati");
  await expect(page.getByLabel("Your name")).toHaveValue(
    `${demoUsers.renter.firstName} ${demoUsers.renter.lastName}`,
  );
  await expect(page.getByLabel("Your e-mail")).toHaveValue(demoUsers.renter.email);
  await expect(page.getByLabel("I need")).toHaveValue("storage");
  await expect(page.getByLabel("In", { exact: true })).toHaveValue("makati");
});
