import {
  claimHost,
  depositRenter,
  expect,
  expectAccessible,
  loggedInAccount,
  pageErrors,
  test,
  visit,
} from "./fixtures";

/**
 * The product's bare booking pages, /bookings/deposit-management-checklist and /bookings/give-feedback, which name no
 * booking, with JavaScript on and off: they list the bookings to choose from, open the only one that fits, or say
 * there is none.
 */

const CHECKLIST = "/bookings/deposit-management-checklist";
const FEEDBACK = "/bookings/give-feedback";

test("with several bookings, the bare pages list them, each card leading to that booking's page", async ({
  page,
  baseURL,
}) => {
  const deposit = await depositRenter(page, baseURL);
  await visit(page, CHECKLIST);
  await expect(page.getByRole("heading", { name: "Move-in and move-out checklist", level: 1 })).toBeVisible();
  const cards = page.getByRole("main").getByRole("listitem");
  await expect(cards).toHaveCount(2);
  await expect(cards.getByRole("link").first()).toHaveAttribute(
    "href",
    /^\/bookings\/[0-9a-f-]{36}\/deposit-management-checklist$/,
  );
  await page.locator(`a[href="/bookings/${deposit.endedBookingId}/deposit-management-checklist"]`).click();
  await expect(page).toHaveURL(`/bookings/${deposit.endedBookingId}/deposit-management-checklist`);
  await expect(page.getByTestId("deposit-status")).toBeVisible();

  await visit(page, FEEDBACK);
  await expect(page.getByRole("heading", { name: "Give feedback", level: 1 })).toBeVisible();
  await expect(page.locator(`a[href="/bookings/${deposit.runningBookingId}/give-feedback"]`)).toBeVisible();
  await expect(page.locator(`a[href="/bookings/${deposit.endedBookingId}/give-feedback"]`)).toBeVisible();
});

test("with one booking, the bare pages open it; its feedback form says its limits, with no error in the page", async ({
  page,
  browser,
  baseURL,
}) => {
  const { claim, renterPage } = await claimHost(page, browser, baseURL);
  await renterPage.context().close();
  const errors = pageErrors(page);
  await visit(page, FEEDBACK);
  await expect(page).toHaveURL(`/bookings/${claim.bookingId}/give-feedback`);
  await expect(page.getByRole("heading", { name: "Give feedback", level: 1 })).toBeVisible();
  await expect(page.getByText("Up to 2000 characters.")).toBeVisible();
  await expect(page.getByText("Up to 5 photos, JPEG or PNG, 15 MB in all.")).toBeVisible();
  await expect(page.getByLabel("Your feedback")).toHaveAttribute("maxlength", "2000");
  await visit(page, CHECKLIST);
  await expect(page).toHaveURL(`/bookings/${claim.bookingId}/deposit-management-checklist`);
  expect(errors).toEqual([]);
});

test("without a booking that fits, the bare pages say so and lead to the bookings", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  for (const path of [CHECKLIST, FEEDBACK]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("no-bookings-to-choose")).toContainText(
      "You have no approved, running or ended bookings yet",
    );
    await expectAccessible(page);
  }
  await page.getByRole("link", { name: "See your bookings" }).click();
  await expect(page).toHaveURL("/bookings");
});
