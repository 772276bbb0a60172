import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectAccessible, loggedInAccount, test, visit, WIDE } from "./fixtures";

/**
 * Listing a space (ADR 0012), with JavaScript on and off: a storage and a parking listing through every step, a
 * draft resumed after logging out and in, publishing, the confirmed page, my listings (pending, active, inactive),
 * the one-page edit, the standard contract and the contract upload, and the validation of the later steps. Each test
 * uses a fresh account. Drafts that a test only needs as a starting point are made through the API.
 */

test.use({ viewport: WIDE });
// Many pages each, every one checked with axe.
test.describe.configure({ timeout: 180_000 });

const MY_LISTINGS = "/spaces/my-storage-lists";
const javaScriptOn = () => test.info().project.use.javaScriptEnabled !== false;

let folder: string;
let photoPath: string;
let pdfPath: string;
let textAsPdfPath: string;

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "ss-e2e-listing-"));
  photoPath = path.join(folder, "room.png");
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#7a5c3e" } })
    .png()
    .toFile(photoPath);
  pdfPath = path.join(folder, "my-contract.pdf");
  await writeFile(
    pdfPath,
    "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  );
  textAsPdfPath = path.join(folder, "contract.pdf");
  await writeFile(textAsPdfPath, "This is a text file, not a PDF.\n");
});

test.afterAll(() => rm(folder, { recursive: true, force: true }));

// ---------------------------------------------------------------------------------------------------------------
// Drafts through the API (for the tests about one step)
// ---------------------------------------------------------------------------------------------------------------

type Listing = { _id: string; status: string; spaceTitle: string | null };

async function addStep(request: APIRequestContext, body: Record<string, unknown>): Promise<Listing> {
  const response = await request.post("/api/space/addMySpace", { data: body });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).result;
}

/** A storage draft saved up to the features step (no photo yet): a room in Makati, 3 × 2 × 2.5 m. */
async function storageDraft(request: APIRequestContext, { entireSpace = true } = {}): Promise<string> {
  const { _id: spaceId } = await addStep(request, {
    step: "location",
    addressLine1: "27 Don Pedro Street",
    addressLine2: "Ground floor, unit B",
    city: "makati",
    barangay: "Poblacion",
    province: "Metro Manila",
  });
  await addStep(request, { step: "pin-location-on-map", spaceId, latitude: 14.5657, longitude: 121.0305 });
  await addStep(request, {
    step: "kind-of-space-are-you-listing",
    spaceId,
    storageType: "storage",
    kind: "spareRoom",
  });
  await addStep(request, {
    step: "storage-space-size-measurements",
    spaceId,
    lengthUnit: "meter",
    length: 3,
    width: 2,
    height: 2.5,
    entireSpace,
    unitOfRental: "sqm",
    ...(entireSpace ? {} : { unitsAvailable: 6 }),
  });
  await addStep(request, {
    step: "features",
    spaceId,
    features: ["cctv", "lighting"],
    accessOption: "all_time",
  });
  return spaceId;
}

async function addPhoto(request: APIRequestContext, spaceId: string) {
  const response = await request.post("/api/space/imageUploadSpaces", {
    multipart: {
      spaceId,
      image: { name: "room.png", mimeType: "image/png", buffer: await sharpPhoto() },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function sharpPhoto() {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: "#35648f" } })
    .png()
    .toBuffer();
}

/** A published storage listing with this title, made through the API. */
async function activeListing(request: APIRequestContext, title: string): Promise<string> {
  const spaceId = await storageDraft(request);
  await addPhoto(request, spaceId);
  await addStep(request, {
    step: "describe-your-space",
    spaceId,
    spaceTitle: title,
    description: "Dry and safe.",
  });
  await addStep(request, {
    step: "list-your-space-frequency",
    spaceId,
    rentalDurations: ["1_month", "6_months"],
  });
  await addStep(request, { step: "set-your-space-price", spaceId, monthlyPrice: 3500 });
  const published = await addStep(request, { step: "preview", spaceId, publish: true });
  expect(published.status).toBe("active");
  return spaceId;
}

// ---------------------------------------------------------------------------------------------------------------
// Driving the steps through their screens
// ---------------------------------------------------------------------------------------------------------------

const stepHeading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });

async function saveAndContinue(page: Page) {
  await page.getByRole("button", { name: "Save and continue" }).click();
}

async function fillLocation(
  page: Page,
  place: { line1: string; line2: string; city: string; barangay: string },
) {
  await visit(page, "/list-your-space/location");
  await expect(stepHeading(page, "Where is your space?")).toBeVisible();
  // Every listing has 13 steps (one of the two size steps), counted so before its type is chosen too.
  await expect(page.getByText("Step 1 of 14", { exact: true })).toBeVisible();
  await page.getByLabel("Address line 1").fill(place.line1);
  await page.getByLabel("Address line 2").fill(place.line2);
  await page.getByLabel("City").selectOption(place.city);
  await page.getByLabel("Barangay").fill(place.barangay);
  await saveAndContinue(page);
  await expect(stepHeading(page, "Pin it on the map")).toBeVisible();
  await expect(page).toHaveURL(/\/list-your-space\/pin-location-on-map\?spaceId=[0-9a-f-]{36}$/);
  return new URL(page.url()).searchParams.get("spaceId") as string;
}

async function pinAndKind(page: Page, type: "Storage" | "Parking", kind: string) {
  await expectAccessible(page);
  await saveAndContinue(page);
  await expect(stepHeading(page, "What kind of space is it?")).toBeVisible();
  await expect(page.getByText("Step 3 of 14", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("group", { name: "Type of space" }).getByLabel(type, { exact: false }).check();
  await page
    .getByRole("group", { name: `Kind of ${type.toLowerCase()} space` })
    .getByLabel(kind)
    .check();
  await saveAndContinue(page);
}

async function features(page: Page, feature: string, access: string) {
  await expect(stepHeading(page, "Features and access")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("group", { name: "Features" }).getByLabel(feature).check();
  await page.getByRole("group", { name: "When can renters get in?" }).getByLabel(access).check();
  await saveAndContinue(page);
}

/** The optional readiness step: storage stated 1.5 m up and never flooded (Flood-safe), or left empty. */
async function readiness(page: Page, facts: "flood-safe" | "none") {
  await expect(stepHeading(page, "Typhoon and flood readiness")).toBeVisible();
  if (facts === "flood-safe") {
    await expectAccessible(page);
    await page.getByLabel("Floor or elevation above the street").fill("1.5");
    await page.getByRole("group", { name: "Has the spot flooded?" }).getByLabel("Never flooded").check();
    await page.getByLabel("Backup power").check();
  }
  await saveAndContinue(page);
}

async function photos(page: Page) {
  await expect(stepHeading(page, "Photos and floor plan")).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Choose a photo").setInputFiles(photoPath);
  await page.getByRole("button", { name: "Upload photo" }).click();
  // With JavaScript the form says so itself; without, the toast after the page's reload.
  await expect(
    javaScriptOn()
      ? page.getByRole("main").getByRole("status").filter({ hasText: "Image uploaded successfully." })
      : page.getByTestId("toast"),
  ).toContainText("Image uploaded successfully.");
  await saveAndContinue(page);
}

async function describeSpace(page: Page, title: string) {
  await expect(stepHeading(page, "Describe your space")).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description (optional)").fill("Clean, dry and locked. Ask me anything.");
  await saveAndContinue(page);
}

async function frequency(page: Page, durations: string[]) {
  await expect(stepHeading(page, "How long can renters book?")).toBeVisible();
  await expectAccessible(page);
  for (const duration of durations) await page.getByLabel(duration, { exact: true }).check();
  await saveAndContinue(page);
}

async function depositContractDiscount(page: Page) {
  await expect(stepHeading(page, "Deposit")).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Ask renters for a deposit of one month's price").check();
  await saveAndContinue(page);

  await expect(stepHeading(page, "Contract")).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByLabel(/Space Solution standard contract/)).toBeChecked();
  await saveAndContinue(page);

  await expect(stepHeading(page, "Discounts")).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Offer a first-month discount").check();
  await page.getByLabel("Quick move-in").check();
  await saveAndContinue(page);
}

/** Publishes from the preview and checks the confirmed page; answers the share link. */
async function publish(page: Page, title: string) {
  await expect(stepHeading(page, "Preview and publish")).toBeVisible();
  await expect(page.getByTestId("publishing-checklist")).toContainText("Ready to publish");
  await expect(page.getByTestId("listing-preview").getByRole("heading", { name: title })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Publish listing" }).click();

  await expect(page).toHaveURL(/\/list-your-space\/confirmed\?spaceId=/);
  await expect(page.getByRole("heading", { level: 1, name: "Your space is live" })).toBeVisible();
  const share = page.getByLabel("Share link");
  await expect(share).toHaveValue(
    /^http:\/\/localhost:\d+\/(storage|parking)\/listings\/[0-9a-f-]{36}\/[a-z0-9-]+$/,
  );
  await expect(page.getByRole("button", { name: "Copy link" })).toHaveCount(javaScriptOn() ? 1 : 0);
  // The moment says what happens next, and where the requests will come.
  await expect(page.getByTestId("listing-next")).toContainText("up to 48 hours to approve or decline");
  await expect(page.getByRole("link", { name: "your booking requests" })).toHaveAttribute(
    "href",
    "/bookings?tab=requests",
  );
  await expect(page.getByRole("link", { name: "View your listing" })).toHaveAttribute(
    "href",
    new URL(await share.inputValue()).pathname,
  );
  await expectAccessible(page);
  return share.inputValue();
}

/** The listing's card in my listings, on a tab. */
async function cardOn(page: Page, tab: "Drafts" | "Active" | "Inactive", title: string) {
  const link = page
    .getByRole("navigation", { name: "Listings by status" })
    .getByRole("link", { name: new RegExp(`^${tab} \\(\\d+\\)$`) });
  await link.click();
  await expect(link).toHaveAttribute("aria-current", "page");
  return page.getByTestId("my-listing").filter({ hasText: title });
}

test("a host lists a storage space through every step, resumes it after logging in again and publishes it", async ({
  page,
  playwright,
  baseURL,
}) => {
  // Sixteen pages, each checked with axe: 2.5 min on a machine under heavy load.
  test.setTimeout(360_000);
  const account = await loggedInAccount(page, playwright, baseURL);
  const title = `Dry room in Poblacion ${Math.random().toString(36).slice(2, 6)}`;

  await fillLocation(page, {
    line1: "27 Don Pedro Street",
    line2: "Ground floor, unit B",
    city: "makati",
    barangay: "Poblacion",
  });
  await pinAndKind(page, "Storage", "Spare room");

  await expect(stepHeading(page, "How big is it?")).toBeVisible();
  await expect(page.getByText("Step 4 of 14", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("group", { name: "Unit of measurement" }).getByLabel("Meters").check();
  await page.getByLabel("Length").fill("3");
  await page.getByLabel("Width").fill("2");
  await page.getByLabel("Height").fill("2.5");
  await page
    .getByRole("group", { name: "Rent mode" })
    .getByLabel(/The entire space/)
    .check();
  await page
    .getByRole("group", { name: "Unit of rental" })
    .getByLabel(/square meter/i)
    .check();
  await saveAndContinue(page);

  await features(page, "CCTV", "Any time");
  await readiness(page, "flood-safe");
  await photos(page);
  await describeSpace(page, title);
  await frequency(page, ["1 month", "6 months"]);

  await expect(stepHeading(page, "Set your price")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Prices in Makati now" })).toBeVisible();
  await expectAccessible(page);
  const price = page.getByLabel("Monthly price for the entire space");
  await expect(price).toHaveAttribute("min", "1");
  await expect(price).toHaveAttribute("step", "0.01");
  await price.fill("3500");
  if (javaScriptOn()) {
    // The example follows the typed price: 6 months of ₱3,500.00.
    await expect(page.getByTestId("price-example")).toContainText("₱21,000.00");
  }
  await saveAndContinue(page);
  await expect(stepHeading(page, "Deposit")).toBeVisible();

  // Stop here: log out, log in again, and find the draft under pending.
  await visit(page, "/user-profile/user-profile-menu");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByTestId("header-user-name")).toHaveText(account.nickName);

  await visit(page, MY_LISTINGS);
  await expect(page.getByRole("heading", { level: 1, name: "My listings" })).toBeVisible();
  await expect(page.getByTestId("count-pending")).toHaveText(" (1)");
  const draft = await cardOn(page, "Drafts", title);
  await expect(draft).toContainText("Draft");
  await expect(draft).toContainText("₱3,500.00 a month for the entire space");
  await expect(draft.getByRole("img", { name: `Cover photo of ${title}` })).toBeVisible();
  await expectAccessible(page);
  await draft.getByRole("link", { name: `Continue ${title}` }).click();

  // The draft resumes at the first step not saved yet.
  await expect(page).toHaveURL(/\/list-your-space\/deposit\?spaceId=/);
  await depositContractDiscount(page);
  const shareLink = await publish(page, title);
  expect(shareLink).toContain("/storage/listings/");

  await page.getByRole("link", { name: "Go to my listings" }).click();
  await expect(page).toHaveURL(new RegExp(`${MY_LISTINGS}$`));
  await expect(page.getByTestId("count-active")).toHaveText(" (1)");
  await expect(page.getByTestId("count-pending")).toHaveText(" (0)");
  const live = await cardOn(page, "Active", title);
  await expect(live).toContainText("Active");
  await expect(live.getByRole("link", { name: `View ${title}` })).toHaveAttribute(
    "href",
    new URL(shareLink).pathname,
  );
  await expectAccessible(page);

  // 1.5 m above the street and never flooded: the listing's page shows the badge and the facts behind it.
  await visit(page, new URL(shareLink).pathname);
  const badge = page.getByTestId("listing-readiness");
  await expect(badge).toContainText("Flood-safe");
  await expect(badge).toContainText("1.5 m above the street");
  await expect(badge).toContainText("Backup power");
});

test("a host lists a parking slot through every step and publishes it", async ({
  page,
  playwright,
  baseURL,
}) => {
  // Fifteen pages, each checked with axe: 2.1 min on a machine under heavy load.
  test.setTimeout(360_000);
  await loggedInAccount(page, playwright, baseURL);
  const title = `Covered condo parking ${Math.random().toString(36).slice(2, 6)}`;

  await fillLocation(page, {
    line1: "6750 Ayala Avenue",
    line2: "Basement 2, slot 41",
    city: "makati",
    barangay: "San Lorenzo",
  });
  await pinAndKind(page, "Parking", "Condo");

  await expect(stepHeading(page, "What vehicle fits?")).toBeVisible();
  await expectAccessible(page);
  await page
    .getByRole("group", { name: "Largest vehicle that fits" })
    .getByLabel("Sedan or hatchback")
    .check();
  await page.getByLabel("Parking slots").fill("2");
  await saveAndContinue(page);

  await features(page, "Covered", "Any time");
  await readiness(page, "none");
  await photos(page);
  await describeSpace(page, title);

  // Stop, and pick the draft up again from my listings.
  await visit(page, MY_LISTINGS);
  const draft = await cardOn(page, "Drafts", title);
  await expect(draft).toContainText("Choose how long renters can book.");
  await draft.getByRole("link", { name: `Continue ${title}` }).click();
  await expect(page).toHaveURL(/\/list-your-space\/list-your-space-frequency\?spaceId=/);

  await frequency(page, ["Daily", "1 month"]);
  await expect(stepHeading(page, "Set your price")).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByLabel("Daily price")).toHaveAttribute("max", "999");
  await page.getByLabel("Daily price").fill("150");
  await page.getByLabel("Full-month price").fill("4000");
  await saveAndContinue(page);
  await depositContractDiscount(page);
  const shareLink = await publish(page, title);
  expect(shareLink).toContain("/parking/listings/");

  await visit(page, MY_LISTINGS);
  const live = await cardOn(page, "Active", title);
  await expect(live).toContainText("₱4,000.00 a month · ₱150.00 a day");
});

test("the later steps say what is wrong, next to the field and as a toast", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  const spaceId = await storageDraft(page.request, { entireSpace: false });
  const at = (step: string) => `/list-your-space/${step}?spaceId=${spaceId}`;
  const expectMessage = async (message: string) => {
    await expect(page.getByRole("main").getByText(message, { exact: true })).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText(message);
  };

  await visit(page, at("describe-your-space"));
  await saveAndContinue(page);
  await expectMessage("Title is required.");
  await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  await visit(page, at("list-your-space-frequency"));
  await saveAndContinue(page);
  await expectMessage("Please choose at least one rental duration.");
  await expectAccessible(page);

  await visit(page, at("set-your-space-price"));
  const price = page.getByLabel("Monthly price per square meter");
  await expect(price).toHaveAttribute("max", "999");
  // A price per unit is bounded by ₱999 (the API's rule for this rent mode).
  await price.fill("1500");
  await saveAndContinue(page);
  await expectMessage("Monthly price must be at most ₱999.");
  await expectAccessible(page);

  await visit(page, at("contract-facility"));
  await page.getByLabel(/My own contract/).check();
  await saveAndContinue(page);
  await expectMessage("Please upload your contract first.");
  await expectAccessible(page);

  // Publishing a draft without photos, title, durations or price: the first missing one is the toast, and the
  // checklist links each to its step.
  await visit(page, at("preview"));
  const checklist = page.getByTestId("publishing-checklist");
  await expect(checklist).toContainText("Before you can publish");
  await page.getByRole("button", { name: "Publish listing" }).click();
  await expect(page.getByTestId("toast")).toContainText("Add at least one photo.");
  await expect(checklist.getByRole("link", { name: "Set the price." })).toHaveAttribute(
    "href",
    `/list-your-space/set-your-space-price?spaceId=${spaceId}`,
  );
  await checklist.getByRole("link", { name: "Add a title for your space." }).click();
  await expect(stepHeading(page, "Describe your space")).toBeVisible();
});

test("a parking price needs the daily price", async ({ page, playwright, baseURL }) => {
  await loggedInAccount(page, playwright, baseURL);
  const spaceId = await storageDraft(page.request);
  await addStep(page.request, {
    step: "kind-of-space-are-you-listing",
    spaceId,
    storageType: "parking",
    kind: "condo",
  });
  await addStep(page.request, {
    step: "vehicle-size-measurements",
    spaceId,
    vehicleSize: "suv",
    unitsAvailable: 1,
  });
  await visit(page, `/list-your-space/set-your-space-price?spaceId=${spaceId}`);
  await page.getByLabel("Full-month price").fill("4000");
  await saveAndContinue(page);
  await expect(page.getByTestId("toast")).toContainText("Daily price is required.");
});

test("deactivating moves a listing to inactive and activating brings it back", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  const title = "Garage for boxes in Poblacion";
  await activeListing(page.request, title);

  await visit(page, MY_LISTINGS);
  const active = await cardOn(page, "Active", title);
  await active.getByRole("button", { name: `Deactivate ${title}` }).click();
  await expect(page.getByTestId("toast")).toContainText("Your listing is inactive");
  await expect(page).toHaveURL(new RegExp(`${MY_LISTINGS}\\?tab=inactive$`));
  await expect(page.getByTestId("count-active")).toHaveText(" (0)");
  await expect(page.getByTestId("count-inactive")).toHaveText(" (1)");
  const inactive = page.getByTestId("my-listing").filter({ hasText: title });
  await expect(inactive).toContainText("Inactive");
  await expectAccessible(page);

  await inactive.getByRole("button", { name: `Activate ${title}` }).click();
  await expect(page.getByTestId("toast")).toContainText("Your listing is active again");
  await expect(page).toHaveURL(new RegExp(`${MY_LISTINGS}\\?tab=active$`));
  await expect(page.getByTestId("my-listing").filter({ hasText: title })).toContainText("Active");
  await expect(page.getByTestId("count-inactive")).toHaveText(" (0)");

  await cardOn(page, "Inactive", title);
  await expect(page.getByRole("main")).toContainText("No inactive listings.");
});

test("storage-list-form edits the title and the flood readiness of an active listing", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  const title = "Locked room near Salcedo";
  await activeListing(page.request, title);

  await visit(page, MY_LISTINGS);
  await (await cardOn(page, "Active", title)).getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(/\/spaces\/storage-list-form\?spaceId=/);
  await expect(page.getByRole("heading", { level: 1, name: "Edit your listing" })).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);

  // The photos have their own page, with the way back here.
  await page.getByRole("link", { name: "Add, reorder or delete photos" }).click();
  await page.getByRole("link", { name: "Back to editing your listing" }).click();
  await expect(page).toHaveURL(/\/spaces\/storage-list-form\?spaceId=/);

  await page.getByLabel("Title", { exact: true }).fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("toast")).toContainText("Title is required.");
  await expect(page.getByRole("main").getByText("Title is required.", { exact: true })).toBeVisible();

  await page.getByLabel("Title", { exact: true }).fill("Locked room near Salcedo Village");
  // Its readiness for typhoon season is edited on the same page as in the wizard's own step.
  await page.getByLabel("Floor or elevation above the street").fill("4");
  await page.getByLabel("Never flooded").check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("toast")).toContainText("Your listing has been saved.");
  await expect(page).toHaveURL(new RegExp(`${MY_LISTINGS}\\?tab=active$`));
  const card = page.getByTestId("my-listing").filter({ hasText: "Locked room near Salcedo Village" });
  await expect(card).toContainText("Active");
  await expect(card).toContainText("₱3,500.00 a month for the entire space");
  await card.getByRole("link", { name: "Edit Locked room near Salcedo Village" }).click();
  await expect(page.getByLabel("Floor or elevation above the street")).toHaveValue("4");
  await expect(page.getByLabel("Never flooded")).toBeChecked();
});

test("the standard contract shows the listing's details and prints without the site's frame", async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = await loggedInAccount(page, playwright, baseURL);
  const spaceId = await storageDraft(page.request);
  await addStep(page.request, {
    step: "describe-your-space",
    spaceId,
    spaceTitle: "Spare room in Poblacion",
  });
  await addStep(page.request, {
    step: "list-your-space-frequency",
    spaceId,
    rentalDurations: ["1_month", "6_months"],
  });
  await addStep(page.request, { step: "set-your-space-price", spaceId, monthlyPrice: 3500 });
  await addStep(page.request, { step: "deposit", spaceId, depositRequired: true });

  await visit(page, `/list-your-space/contract-facility?spaceId=${spaceId}`);
  await page.getByRole("link", { name: "Read the standard contract with your listing's details" }).click();
  await expect(page).toHaveURL(`/list-your-space/contract-template?spaceId=${spaceId}`);
  const contract = page.getByTestId("standard-contract");
  await expect(contract.getByRole("heading", { level: 1 })).toHaveText(
    "Space Solution standard rental contract",
  );
  for (const detail of [
    `${account.firstName} ${account.lastName}`,
    "27 Don Pedro Street, Ground floor, unit B, Poblacion, Makati, Metro Manila",
    "Storage, Spare room",
    "3.0 × 2.0 × 2.5 m",
    "₱3,500.00 a month for the entire space",
    "one month's price, for bookings of 2 months or more",
    "1 month, 6 months",
    "Any time",
  ]) {
    await expect(contract).toContainText(detail);
  }
  await expect(page.getByRole("button", { name: "Print" })).toHaveCount(javaScriptOn() ? 1 : 0);
  await expectAccessible(page);

  // On paper only the contract shows.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("body > header")).toBeHidden();
  await expect(page.locator("body > footer")).toBeHidden();
  await expect(page.getByRole("link", { name: "Back to the contract step" })).toBeHidden();
  await expect(contract).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  // Without a listing: the generic template, with blanks.
  await visit(page, "/list-your-space/contract-template");
  await expect(page.getByTestId("standard-contract")).toContainText("storage or parking space");
  await expect(page.getByText("This is the generic template.")).toBeVisible();
});

test("the contract upload takes a PDF only, and the host's own contract can then be chosen", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  const spaceId = await storageDraft(page.request);
  await visit(page, `/list-your-space/contract-facility?spaceId=${spaceId}`);
  const file = page.getByLabel("Contract file");

  await file.setInputFiles(textAsPdfPath);
  if (javaScriptOn()) {
    // Judged by its bytes as soon as it is chosen; nothing is sent.
    await expect(page.locator("#contract-error")).toHaveText("The contract must be a PDF of at most 10 MB.");
    await page.getByRole("button", { name: "Upload contract" }).click();
    await expect(file).toBeFocused();
  } else {
    await page.getByRole("button", { name: "Upload contract" }).click();
    await expect(page.getByTestId("toast")).toContainText("The contract must be a PDF of at most 10 MB.");
  }
  await expect(page.locator("#contract-error")).toHaveText("The contract must be a PDF of at most 10 MB.");
  await expect(file).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  await page.getByLabel("Contract file").setInputFiles(pdfPath);
  await page.getByRole("button", { name: "Upload contract" }).click();
  await expect(page.getByTestId("toast")).toContainText("Your contract has been uploaded.");
  const view = page.getByRole("link", { name: "View your contract (PDF)" });
  await expect(view).toBeVisible();
  const served = await page.request.get((await view.getAttribute("href")) as string);
  expect(served.headers()["content-type"]).toBe("application/pdf");
  await expect(page.getByLabel(/My own contract/)).toBeChecked();
  await saveAndContinue(page);
  await expect(stepHeading(page, "Discounts")).toBeVisible();
});
