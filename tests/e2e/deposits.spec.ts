import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { depositRenter, expect, expectAccessible, test, visit } from "./fixtures";

/**
 * The move-in / move-out checklist and the deposit, with JavaScript on and off (docs/product.md, Deposits and condition
 * reports; ADR 0032): the renter adds a move-in photo and note from the booking's page, the host signs the report off;
 * on a booking that ended yesterday the host confirms the move-out checklist and the renter sees the deposit released.
 * The two bookings are made before the server starts (seed-test-users.ts); the photo is made by sharp here, nothing
 * binary committed.
 */

const photo = path.join(mkdtempSync(path.join(tmpdir(), "deposits-e2e-")), "shelf.jpg");

test.beforeAll(async () => {
  await sharp({ create: { width: 320, height: 240, channels: 3, background: "#8a5a2b" } })
    .withExif({ IFD0: { Make: "Acme" }, IFD2: { DateTimeOriginal: "2026:11:20 14:30:05" } })
    .jpeg()
    .toFile(photo);
});

test("the renter reports the move-in with a photo and a note, and the host signs it off", async ({
  page,
  baseURL,
}) => {
  const deposit = await depositRenter(page, baseURL);
  await visit(page, `/bookings/${deposit.runningBookingId}`);
  await page.getByRole("link", { name: "Open the move-in and move-out checklist" }).click();
  await expect(page.getByRole("heading", { name: "Move-in and move-out checklist", level: 1 })).toBeVisible();
  await expect(page.getByTestId("deposit-status")).toHaveText("Held");

  const moveIn = page.getByTestId("move_in-section");
  await moveIn.getByLabel("Note").fill("One shelf scratched on the left.");
  await moveIn.getByLabel("Photos (optional)").setInputFiles(photo);
  await moveIn.getByRole("button", { name: "Add to my move-in report" }).click();
  const mine = page.getByTestId("move_in-section").getByTestId("report-renter");
  await expect(mine).toContainText("One shelf scratched on the left.");
  await expect(mine.getByRole("img", { name: "Photo: One shelf scratched on the left." })).toBeVisible();
  await expect(mine).toContainText("Taken Nov 20, 2026");
  await expect(mine.getByTestId("report-status")).toHaveText(
    /^Waiting for the other side's sign-off · without one, final on [A-Z][a-z]{2} \d{1,2}, \d{4}, /,
  );
  // The form is ready for the next entry: what was just added is not left in it to be added twice.
  await expect(moveIn.getByLabel("Note")).toHaveValue("");

  await deposit.asHost();
  await visit(page, `/bookings/${deposit.runningBookingId}/deposit-management-checklist`);
  const theirs = page.getByTestId("move_in-section").getByTestId("report-renter");
  await expect(theirs).toContainText("One shelf scratched on the left.");
  await theirs.getByRole("button", { name: "Sign off this report" }).click();
  await expect(
    page.getByTestId("move_in-section").getByTestId("report-renter").getByTestId("report-status"),
  ).toHaveText("Signed off");
  await expect(page.getByRole("button", { name: "Sign off this report" })).toHaveCount(0);
});

test("after the end the host confirms the move-out checklist, and the renter sees the deposit released", async ({
  page,
  baseURL,
}) => {
  const deposit = await depositRenter(page, baseURL);
  await deposit.asHost();
  await visit(page, `/bookings/${deposit.endedBookingId}/deposit-management-checklist`);
  const panel = page.getByTestId("deposit-panel");
  await expect(page.getByTestId("deposit-status")).toHaveText("Held");
  await expect(panel.getByRole("link", { name: "Open a claim" })).toHaveAttribute(
    "href",
    `/user-profile/resolution-center/new?bookingId=${deposit.endedBookingId}&reason=damage`,
  );
  await panel.getByRole("button", { name: "Confirm checklist" }).click();
  await expect(page.getByTestId("deposit-status")).toHaveText("Released");
  await expect(panel.getByRole("button", { name: "Confirm checklist" })).toHaveCount(0);

  await deposit.asRenter();
  await visit(page, `/bookings/${deposit.endedBookingId}/deposit-management-checklist`);
  await expect(page.getByTestId("deposit-status")).toHaveText("Released");
  await expect(page.getByTestId("deposit-panel")).toContainText("The host confirmed the move-out checklist.");
});

test("the renter rates the service of a booking with a photo, privately for the team", async ({
  page,
  baseURL,
}) => {
  const deposit = await depositRenter(page, baseURL);
  await visit(page, `/bookings/${deposit.runningBookingId}`);
  await page.getByRole("link", { name: "Give feedback on Space Solution's service" }).click();
  await expect(page.getByRole("heading", { name: "Give feedback", level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Your feedback").fill("The host answered quickly and the room was as shown.");
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByText("Please rate the service from 1 to 5.").first()).toBeVisible();

  await page.getByLabel("Your rating of the service").selectOption("5");
  await page.getByLabel("Photos (optional)").setInputFiles(photo);
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page).toHaveURL(`/bookings/${deposit.runningBookingId}`);
  await expect(page.getByTestId("toast")).toContainText("Thank you for your feedback.");
});
