import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectAccessible, loggedInAccount, test, visit, WIDE } from "./fixtures";

/**
 * The profile photo and feedback with an image (ADR 0010), with JavaScript on and off. The images
 * are made by sharp in a temporary folder; nothing binary is committed.
 */
test.use({ viewport: WIDE });

const PHOTO_PAGE = "/user-profile/create-profile-photo";
const FEEDBACK_PAGE = "/user-profile/give-feed-back";
const DEFAULT_PHOTO = "/images/default-profile.svg";

let folder: string;
let pngPath: string;
let textAsJpegPath: string;

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "ss-e2e-uploads-"));
  pngPath = path.join(folder, "me.png");
  await sharp({ create: { width: 900, height: 700, channels: 3, background: "#2f7d5b" } })
    .png()
    .toFile(pngPath);
  textAsJpegPath = path.join(folder, "photo.jpg");
  await writeFile(textAsJpegPath, "This is a text file, not a photo.\n");
});

test.afterAll(() => rm(folder, { recursive: true, force: true }));

const headerPhoto = (page: Page) => page.locator('header a[href="/user-profile/user-profile-menu"] img');

test("a valid PNG becomes the profile photo, shown in the header", async ({ page, playwright, baseURL }) => {
  // An upload, the image work on the server and two accessibility checks: more than a plain page visit.
  test.slow();
  await loggedInAccount(page, playwright, baseURL);
  await visit(page, PHOTO_PAGE);
  await expect(page.getByRole("heading", { name: "Profile photo", level: 1 })).toBeVisible();
  await expect(headerPhoto(page)).toHaveAttribute("src", DEFAULT_PHOTO);
  await expect(page.getByTestId("current-photo")).toHaveAttribute("src", DEFAULT_PHOTO);

  await page.getByLabel("Choose a photo").setInputFiles(pngPath);
  if (test.info().project.use.javaScriptEnabled !== false) {
    // With JavaScript, the chosen file shows before it is sent.
    await expect(
      page.getByRole("img", { name: "You, as others will see you after this upload" }),
    ).toBeVisible();
  }
  await page.getByRole("button", { name: "Upload photo" }).click();

  await expect(page.getByTestId("toast")).toContainText("Image uploaded successfully.");
  await expect(headerPhoto(page)).toHaveAttribute(
    "src",
    /^\/uploads\/profilePhoto\/[0-9a-f-]{36}\/w640\.webp$/,
  );
  const src = (await headerPhoto(page).getAttribute("src")) as string;
  await expect(page.getByTestId("current-photo")).toHaveAttribute("src", src);
  await expectAccessible(page);

  // The header's photo is served, square, as WebP, cacheable for a year.
  const served = await page.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const meta = await sharp(await served.body()).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(["webp", 640, 640]);
  await expect
    .poll(() => headerPhoto(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(640);
});

test("a text file named photo.jpg gets 'Please select image file only.'", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  await visit(page, PHOTO_PAGE);
  await page.getByLabel("Choose a photo").setInputFiles(textAsJpegPath);
  const javaScript = test.info().project.use.javaScriptEnabled !== false;
  if (javaScript) {
    // Checked by its bytes as soon as it is chosen; the upload is not even sent.
    await expect(page.locator("#image-error")).toHaveText("Please select image file only.");
    await page.getByRole("button", { name: "Upload photo" }).click();
    await expect(page.getByLabel("Choose a photo")).toBeFocused();
  } else {
    await page.getByRole("button", { name: "Upload photo" }).click();
    await expect(page.getByTestId("toast")).toContainText("Please select image file only.");
  }
  await expect(page.locator("#image-error")).toHaveText("Please select image file only.");
  await expect(page.getByLabel("Choose a photo")).toHaveAttribute("aria-invalid", "true");
  await expect(headerPhoto(page)).toHaveAttribute("src", DEFAULT_PHOTO);
  await expectAccessible(page);
});

test("the photo is step 1 of the first-login walk-through: upload or skip leads to the phone step", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  await visit(page, `${PHOTO_PAGE}?flow=first-login`);
  const steps = page.getByRole("navigation", { name: "Getting started" });
  await expect(steps).toContainText("Step 1 of 3");
  await expect(steps.locator('[aria-current="step"]')).toHaveText("Photo");

  await page.getByRole("link", { name: "Skip for now" }).click();
  await expect(page).toHaveURL(/\/user-profile\/confirm-phone-number\?flow=first-login$/);

  await page.goto(`${PHOTO_PAGE}?flow=first-login`);
  await expect(page.getByRole("heading", { name: "Profile photo", level: 1 })).toBeVisible();
  await page.getByLabel("Choose a photo").setInputFiles(pngPath);
  await page.getByRole("button", { name: "Upload photo" }).click();
  await expect(page).toHaveURL(/\/user-profile\/confirm-phone-number\?flow=first-login$/);
  await expect(page.getByTestId("toast")).toContainText("Image uploaded successfully.");
  await expect(headerPhoto(page)).toHaveAttribute("src", /^\/uploads\/profilePhoto\//);
});

test("feedback with an image is sent and a success toast shows", async ({ page, playwright, baseURL }) => {
  test.slow();
  await loggedInAccount(page, playwright, baseURL);
  await visit(page, FEEDBACK_PAGE);
  await expect(page.getByRole("heading", { name: "Give feedback", level: 1 })).toBeVisible();
  await page.getByLabel("Your feedback").fill("Booking a parking slot was quick. Salamat!");
  await page.getByLabel("How would you rate Space Solution? (optional)").selectOption("4");
  await page.getByLabel("Attach an image (optional)").setInputFiles(pngPath);
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page).toHaveURL(/\/user-profile\/user-profile-menu$/);
  await expect(page.getByTestId("toast")).toContainText("Thank you for your feedback.");
  await expectAccessible(page);
});

test("feedback without a message, or with a text file as its image, is explained", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  await page.goto(FEEDBACK_PAGE);
  await expect(page.getByRole("heading", { name: "Give feedback", level: 1 })).toBeVisible();

  // No message: refused before anything is uploaded.
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByRole("main").getByText("Please write your feedback.")).toBeVisible();
  await expect(page.getByTestId("toast")).toContainText("Please write your feedback.");

  // A text file as the image: judged by its bytes, shown next to the image field; the message stays.
  await page.getByLabel("Your feedback").fill("The search filters reset when I go back.");
  await page.getByLabel("Attach an image (optional)").setInputFiles(textAsJpegPath);
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByTestId("toast")).toContainText("Please select image file only.");
  await expect(page.getByRole("main").getByText("Please select image file only.")).toBeVisible();
  await expect(page.getByLabel("Attach an image (optional)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Your feedback")).toHaveValue("The search filters reset when I go back.");
  await expectAccessible(page);
});
