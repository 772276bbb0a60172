import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectAccessible, loggedInAccount, test, visit, WIDE } from "./fixtures";

/**
 * The first half of the list-your-space wizard (ADR 0012): location → pin → kind → storage or vehicle size →
 * features → photos, with JavaScript on and off. Each test logs in a fresh account, so drafts are never shared; the
 * steps a test is not about are saved through the API (POST /api/space/addMySpace) to get there fast. Images are
 * made by sharp in a temporary folder; nothing binary is committed.
 */
test.use({ viewport: WIDE });
// Each test walks several steps, each page checked with axe: more than a plain page visit.
test.describe.configure({ timeout: 120_000 });

const STEP = (name: string, spaceId?: string) =>
  `/list-your-space/${name}${spaceId ? `?spaceId=${spaceId}` : ""}`;

let folder: string;
const images: Record<"red" | "green" | "blue" | "plan" | "textAsJpeg", string> = {
  red: "",
  green: "",
  blue: "",
  plan: "",
  textAsJpeg: "",
};

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "ss-e2e-listing-steps-"));
  const make = async (name: string, background: string, format: "jpeg" | "png") => {
    const file = path.join(folder, name);
    await sharp({ create: { width: 800, height: 600, channels: 3, background } })
      .toFormat(format)
      .toFile(file);
    return file;
  };
  images.red = await make("red.jpg", "#c0392b", "jpeg");
  images.green = await make("green.png", "#27ae60", "png");
  images.blue = await make("blue.jpg", "#2f6fb0", "jpeg");
  images.plan = await make("plan.png", "#eeeeee", "png");
  images.textAsJpeg = path.join(folder, "photo.jpg");
  await writeFile(images.textAsJpeg, "This is a text file, not a photo.\n");
});

test.afterAll(() => rm(folder, { recursive: true, force: true }));

const javaScript = () => test.info().project.use.javaScriptEnabled !== false;

/** Saves one step of a draft through the API (the page's session), and answers the listing. */
async function saveStep(page: Page, body: Record<string, unknown>): Promise<{ _id: string }> {
  const response = await page.request.post("/api/space/addMySpace", { data: body });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).result;
}

const ADDRESS = {
  addressLine1: "Unit 5, 123 Ayala Avenue",
  addressLine2: "Near Greenbelt",
  city: "makati",
  barangay: "Poblacion",
  province: "Metro Manila",
};

/** A draft saved up to the kind step (`type` chosen), so a test can start at the step after it. */
async function draftUpToKind(page: Page, type: "storage" | "parking" | null): Promise<string> {
  const { _id: spaceId } = await saveStep(page, { step: "location", ...ADDRESS });
  await saveStep(page, { step: "pin-location-on-map", spaceId, latitude: 14.5547, longitude: 121.0244 });
  if (type)
    await saveStep(page, {
      step: "kind-of-space-are-you-listing",
      spaceId,
      storageType: type,
      kind: type === "storage" ? "spareRoom" : "condo",
    });
  return spaceId;
}

const toast = (page: Page) => page.getByTestId("toast");
const continueButton = (page: Page) => page.getByRole("button", { name: "Save and continue" });
/** A message next to a field (inside the step's form, not the toast). */
const inForm = (page: Page, text: string) => page.locator("main form").getByText(text, { exact: true });
const spaceIdOf = (page: Page) => new URL(page.url()).searchParams.get("spaceId") ?? "";

test("location: a rule's message, then a new draft; the province comes from the city", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  await visit(page, STEP("location"));
  await expect(page.getByRole("heading", { level: 1, name: "Where is your space?" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Listing steps" })).toContainText("Step 1 of");

  // One rule's message in the browser; every rule of every step is in the API tests (tests/api/spaces.test.ts).
  await page.getByLabel("Address line 1").fill(ADDRESS.addressLine1);
  await page.getByLabel("Address line 2").fill(ADDRESS.addressLine2);
  await page.getByLabel("City", { exact: true }).selectOption("makati");
  await page.getByLabel("Barangay").fill("Lahug");
  await continueButton(page).click();
  await expect(toast(page)).toContainText("Please choose a barangay from the list.");
  await expect(inForm(page, "Please choose a barangay from the list.")).toBeVisible();
  await expect(page.getByLabel("Barangay")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  // Back keeps what was typed.
  await expect(page.getByLabel("Address line 1")).toHaveValue(ADDRESS.addressLine1);
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("makati");

  await page.getByLabel("Barangay").fill("Poblacion");
  // With JavaScript choosing the city filled the province in; without, the action fills an empty one in.
  if (javaScript()) await expect(page.getByLabel("Province")).toHaveValue("Metro Manila");
  await page.getByLabel("Province").fill("");
  await continueButton(page).click();

  await expect(page).toHaveURL(/\/list-your-space\/pin-location-on-map\?spaceId=[0-9a-f-]{36}$/);
  const spaceId = spaceIdOf(page);
  // The pin starts at the city's centre.
  await expect(page.getByRole("spinbutton", { name: "Latitude" })).toHaveValue("14.5547");
  await expect(page.getByRole("spinbutton", { name: "Longitude" })).toHaveValue("121.0244");

  await visit(page, STEP("location", spaceId));
  await expect(page.getByLabel("Address line 1")).toHaveValue(ADDRESS.addressLine1);
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("makati");
  await expect(page.getByLabel("Barangay")).toHaveValue("Poblacion");
  await expect(page.getByLabel("Province")).toHaveValue("Metro Manila");
});

test("pin: in the Philippines, then the kind step; Back saves and returns to the address", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  const { _id: spaceId } = await saveStep(page, { step: "location", ...ADDRESS });
  await visit(page, STEP("pin-location-on-map", spaceId));
  await expect(page.getByRole("heading", { level: 1, name: "Pin it on the map" })).toBeVisible();

  await page.getByRole("spinbutton", { name: "Latitude" }).fill("35.6762");
  await page.getByRole("spinbutton", { name: "Longitude" }).fill("139.6503");
  await continueButton(page).click();
  await expect(toast(page)).toContainText("The pin must be in the Philippines.");
  await expect(inForm(page, "The pin must be in the Philippines.")).toBeVisible();
  await expect(page.getByRole("spinbutton", { name: "Longitude" })).toHaveValue("139.6503");
  await expectAccessible(page);

  await page.getByRole("spinbutton", { name: "Latitude" }).fill("14.5560");
  await page.getByRole("spinbutton", { name: "Longitude" }).fill("121.0230");
  await continueButton(page).click();
  await expect(page).toHaveURL(STEP("kind-of-space-are-you-listing", spaceId));

  // Saved; Back saves what is typed and goes to the address.
  await page.goto(STEP("pin-location-on-map", spaceId));
  await expect(page.getByRole("spinbutton", { name: "Latitude" })).toHaveValue("14.556");
  await page.getByRole("spinbutton", { name: "Longitude" }).fill("121.0235");
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(STEP("location", spaceId));
  await page.goto(STEP("pin-location-on-map", spaceId));
  await expect(page.getByRole("spinbutton", { name: "Longitude" })).toHaveValue("121.0235");
});

test("kind: storage leads to the storage size step, parking to the vehicle size step", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  const spaceId = await draftUpToKind(page, null);
  await visit(page, STEP("kind-of-space-are-you-listing", spaceId));
  const storageKinds = page.getByRole("group", { name: "Kind of storage space" });
  const parkingKinds = page.getByRole("group", { name: "Kind of parking space" });

  await page.getByRole("radio", { name: "Storage", exact: true }).check();
  if (javaScript()) {
    // Only the chosen type's kinds show.
    await expect(storageKinds).toBeVisible();
    await expect(parkingKinds).toBeHidden();
  } else {
    // Both show; the server checks that the kind is one of the type's.
    await parkingKinds.getByRole("radio", { name: "Condo" }).check();
  }
  await continueButton(page).click();
  await expect(toast(page)).toContainText("Please choose the kind of space.");
  await expect(inForm(page, "Please choose the kind of space.")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Storage", exact: true })).toBeChecked();
  await expectAccessible(page);

  await storageKinds.getByRole("radio", { name: "Garage" }).check();
  await continueButton(page).click();
  await expect(page).toHaveURL(STEP("storage-space-size-measurements", spaceId));
  await expect(page.getByRole("heading", { level: 1, name: "How big is it?" })).toBeVisible();

  // On the kind step again: the storage garage is the one checked (garage is a parking kind too).
  await page.goto(STEP("kind-of-space-are-you-listing", spaceId));
  await expect(storageKinds.getByRole("radio", { name: "Garage" })).toBeChecked();
  if (!javaScript()) await expect(parkingKinds.getByRole("radio", { name: "Garage" })).not.toBeChecked();

  await page.getByRole("radio", { name: "Parking", exact: true }).check();
  await parkingKinds.getByRole("radio", { name: "Garage" }).check();
  await continueButton(page).click();
  await expect(page).toHaveURL(STEP("vehicle-size-measurements", spaceId));
  await expect(page.getByRole("heading", { level: 1, name: "What vehicle fits?" })).toBeVisible();
  // A parking listing has no storage size step.
  await page.goto(STEP("storage-space-size-measurements", spaceId));
  await expect(page).toHaveURL(STEP("kind-of-space-are-you-listing", spaceId));
});

test("storage size: a rule's message, and the area and volume in the host's unit after saving", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  const spaceId = await draftUpToKind(page, "storage");
  // The host measures in feet.
  const settings = await page.request.post("/api/user/editProfile", { data: { measurementUnit: "feet" } });
  expect(settings.status(), await settings.text()).toBe(200);

  await visit(page, STEP("storage-space-size-measurements", spaceId));
  await expect(page.getByRole("radio", { name: "Feet" })).toBeChecked();
  await expect(page.getByText("1 meter = 3.2808399 feet; 1 sq m = 10.764 sq ft.")).toBeVisible();
  await page.getByRole("spinbutton", { name: "Length" }).fill("10");
  await page.getByRole("spinbutton", { name: "Width" }).fill("12");
  await page.getByRole("spinbutton", { name: "Height" }).fill("8");
  if (javaScript()) {
    // Live as the host types.
    await expect(page.getByTestId("size-summary")).toContainText("Floor area: 120.0 sq ft");
    await expect(page.getByTestId("size-summary")).toContainText("Volume: 960.0 cu ft");
  }
  await page.getByRole("radio", { name: "By the unit" }).check();
  await page.getByRole("radio", { name: "Square meters (sqm)" }).check();
  if (javaScript()) await expect(page.getByRole("spinbutton", { name: "Units for rent" })).toBeVisible();
  await page.getByRole("spinbutton", { name: "Units for rent" }).fill("");
  await continueButton(page).click();
  await expect(toast(page)).toContainText("Units for rent is required.");
  await expect(inForm(page, "Units for rent is required.")).toBeVisible();
  await expect(page.getByRole("spinbutton", { name: "Length" })).toHaveValue("10");
  await expectAccessible(page);

  await page.getByRole("spinbutton", { name: "Units for rent" }).fill("8");
  await continueButton(page).click();
  await expect(page).toHaveURL(STEP("features", spaceId));

  // Saved in meters, shown again in feet with the area and volume.
  await visit(page, STEP("storage-space-size-measurements", spaceId));
  await expect(page.getByRole("spinbutton", { name: "Length" })).toHaveValue("10");
  await expect(page.getByRole("spinbutton", { name: "Width" })).toHaveValue("12");
  await expect(page.getByRole("spinbutton", { name: "Height" })).toHaveValue("8");
  await expect(page.getByTestId("size-summary")).toContainText("Floor area: 120.0 sq ft");
  await expect(page.getByTestId("size-summary")).toContainText("Volume: 960.0 cu ft");
  await expect(page.getByRole("radio", { name: "By the unit" })).toBeChecked();
  await expect(page.getByRole("spinbutton", { name: "Units for rent" })).toHaveValue("8");

  // In meters (changed in the account settings), the same space reads in square and cubic meters.
  await page.goto("/user-profile/account-settings");
  await page.getByRole("radio", { name: /^Meters/ }).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(toast(page)).toBeVisible();
  await page.goto(STEP("storage-space-size-measurements", spaceId));
  await expect(page.getByRole("radio", { name: "Meters", exact: true })).toBeChecked();
  await expect(page.getByRole("spinbutton", { name: "Length" })).toHaveValue("3.048");
  await expect(page.getByTestId("size-summary")).toContainText("Floor area: 11.1 sq m");
  await expect(page.getByTestId("size-summary")).toContainText("Volume: 27.2 cu m");
});

test("vehicle size: the largest vehicle and the slots, then features", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  const spaceId = await draftUpToKind(page, "parking");
  await visit(page, STEP("vehicle-size-measurements", spaceId));
  await page.getByRole("radio", { name: "SUV or AUV" }).check();
  await page.getByRole("spinbutton", { name: "Parking slots" }).fill("0");
  await continueButton(page).click();
  await expect(toast(page)).toContainText("Parking slots must be at least 1.");
  await expect(inForm(page, "Parking slots must be at least 1.")).toBeVisible();
  await expect(page.getByRole("radio", { name: "SUV or AUV" })).toBeChecked();
  await expectAccessible(page);

  await page.getByRole("spinbutton", { name: "Parking slots" }).fill("2");
  await continueButton(page).click();
  await expect(page).toHaveURL(STEP("features", spaceId));
  // The parking features, not the storage ones.
  await expect(page.getByRole("checkbox", { name: "EV charging" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Shelving" })).toHaveCount(0);

  await page.goto(STEP("vehicle-size-measurements", spaceId));
  await expect(page.getByRole("radio", { name: "SUV or AUV" })).toBeChecked();
  await expect(page.getByRole("spinbutton", { name: "Parking slots" })).toHaveValue("2");
});

test("Back with input that does not pass stays, and offers to leave the step unsaved", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  const spaceId = await draftUpToKind(page, "parking");
  await visit(page, STEP("vehicle-size-measurements", spaceId));
  await page.getByRole("spinbutton", { name: "Parking slots" }).fill("0");
  await page.getByRole("button", { name: "Back" }).click();
  await expect(toast(page)).toContainText("Please choose the largest vehicle that fits.");
  await expect(page.getByRole("spinbutton", { name: "Parking slots" })).toHaveValue("0");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Go back without saving it" }).click();
  await expect(page).toHaveURL(STEP("kind-of-space-are-you-listing", spaceId));
});

test("features: the access option is required; the features of the type are saved", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  const spaceId = await draftUpToKind(page, "storage");
  await visit(page, STEP("features", spaceId));
  await expect(page.getByRole("heading", { level: 1, name: "Features and access" })).toBeVisible();
  await page.getByRole("checkbox", { name: "CCTV" }).check();
  await page.getByRole("checkbox", { name: "Shelving" }).check();
  await continueButton(page).click();
  await expect(toast(page)).toContainText("Please choose when renters can get in.");
  await expect(inForm(page, "Please choose when renters can get in.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Shelving" })).toBeChecked();
  await expectAccessible(page);

  await page.getByRole("radio", { name: "With 24 hours' notice" }).check();
  await continueButton(page).click();
  // The optional readiness step comes next (docs/product.md, Readiness for typhoon season).
  await expect(page).toHaveURL(STEP("flood-readiness", spaceId));

  await visit(page, STEP("features", spaceId));
  await expect(page.getByRole("checkbox", { name: "CCTV" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Shelving" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Gated" })).not.toBeChecked();
  await expect(page.getByRole("radio", { name: "With 24 hours' notice" })).toBeChecked();
});

/** The upload ids of the photos on the page, in order. */
const photoIds = (page: Page) =>
  page
    .getByTestId("listing-photo")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-photo-id")));

/** Chooses `files` at once and sends them in one upload; the listing then has `count` photos. */
async function uploadPhotos(page: Page, files: string[], count: number) {
  await page.getByLabel("Choose a photo or several").setInputFiles(files);
  if (javaScript()) {
    // With JavaScript the chosen photos show before they are sent.
    const preview = "The photo you chose, before it is uploaded";
    if (files.length === 1) await expect(page.getByRole("img", { name: preview })).toBeVisible();
    else
      for (let i = 1; i <= files.length; i++)
        await expect(page.getByRole("img", { name: `${preview} (${i} of ${files.length})` })).toBeVisible();
  }
  await page.getByRole("button", { name: "Upload photos" }).click();
  // The product's words for one photo; several say how many.
  const said =
    files.length === 1 ? "Image uploaded successfully." : `${files.length} images uploaded successfully.`;
  await expect(page.getByText(said).first()).toBeVisible();
  await expect(page.getByTestId("listing-photo")).toHaveCount(count);
}

test("photos: at least one, not a text file; upload, cover, move, delete, floor plan", async ({
  page,
  playwright,
  baseURL,
}) => {
  // Uploads and image work on the server on top of the steps.
  test.slow();
  await loggedInAccount(page, playwright, baseURL);
  const spaceId = await draftUpToKind(page, "storage");
  await visit(page, STEP("add-more-details", spaceId));
  await expect(page.getByRole("heading", { level: 1, name: "Photos and floor plan" })).toBeVisible();

  await continueButton(page).click();
  await expect(toast(page)).toContainText("Add at least one photo.");
  await expect(page.getByRole("alert").filter({ hasText: "Add at least one photo." }).first()).toBeVisible();
  await expect(page).toHaveURL(STEP("add-more-details", spaceId));

  // A text file named .jpg is refused by its bytes.
  await page.getByLabel("Choose a photo or several").setInputFiles(images.textAsJpeg);
  if (!javaScript()) {
    await page.getByRole("button", { name: "Upload photos" }).click();
    await expect(toast(page)).toContainText("Please select image file only.");
  }
  await expect(page.locator("#upload-photo-image-error")).toHaveText("Please select image file only.");
  await expect(page.getByLabel("Choose a photo or several")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("listing-photo")).toHaveCount(0);

  await uploadPhotos(page, [images.red], 1);
  // Two photos chosen together go in one upload, in the order chosen.
  await uploadPhotos(page, [images.green, images.blue], 3);
  const [red, green, blue] = await photoIds(page);
  // The first photo is the cover; thumbnails come in WebP widths.
  await expect(page.getByRole("img", { name: "Photo 1 of your space (cover)" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Photo 1 of your space (cover)" })).toHaveAttribute(
    "srcset",
    /\.webp 320w/,
  );
  await expectAccessible(page);

  await page.getByRole("button", { name: "Make cover (photo 3)" }).click();
  await expect(toast(page)).toContainText("Cover photo changed.");
  await expect(page.getByRole("img", { name: "Photo 3 of your space (cover)" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Make cover (photo 3)" })).toBeDisabled();

  await page.getByRole("button", { name: "Move left (photo 3)" }).click();
  await expect(toast(page)).toContainText("Photo moved.");
  await expect.poll(() => photoIds(page)).toEqual([red, blue, green]);
  // The cover moved with its photo.
  await expect(page.getByRole("img", { name: "Photo 2 of your space (cover)" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Move left (photo 1)" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Move right (photo 3)" })).toBeDisabled();

  await page.getByRole("button", { name: "Delete (photo 1)" }).click();
  await expect(toast(page)).toContainText("Photo deleted.");
  await expect.poll(() => photoIds(page)).toEqual([blue, green]);
  await expect(page.getByRole("img", { name: "Photo 1 of your space (cover)" })).toBeVisible();

  if (javaScript()) {
    // Drag and drop: the second photo dropped on the first goes first.
    await page.getByTestId("listing-photo").nth(1).dragTo(page.getByTestId("listing-photo").nth(0));
    await expect(toast(page)).toContainText("Photos reordered.");
    await expect.poll(() => photoIds(page)).toEqual([green, blue]);
    await expect(page.getByRole("img", { name: "Photo 2 of your space (cover)" })).toBeVisible();
  }

  await page.getByLabel("Choose a floor plan").setInputFiles(images.plan);
  await page.getByRole("button", { name: "Upload floor plan" }).click();
  await expect(page.getByText("Image uploaded successfully.").first()).toBeVisible();
  await expect(page.getByRole("img", { name: "The floor plan of your space" })).toBeVisible();
  await expect(page.getByLabel("Choose a new floor plan")).toBeVisible();

  await continueButton(page).click();
  await expect(page).toHaveURL(STEP("describe-your-space", spaceId));
});
