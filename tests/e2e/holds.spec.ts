import { TOO_MANY_UNPAID_CHECKOUTS } from "../../app/domain/booking";
import { addDays, todayInManila } from "../../app/domain/dates";
import { expect, expectAccessible, loggedInAccount, newHost, test } from "./fixtures";

/**
 * Holds are limited (docs/product.md, Holds): a renter holds at most 2 unpaid checkouts at once, so the payment step
 * refuses a third with JavaScript on and off. The two unpaid checkouts are booked through the API, of a fresh host's
 * listing (one per project: the projects run against one server at once).
 */

test("a renter holding two unpaid checkouts is asked to finish paying before a third", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  const { listing, context } = await newHost(playwright, baseURL);
  await context.dispose();
  const today = todayInManila();
  for (const days of [10, 50]) {
    const booked = await page.request.post("/api/reserve/BookSpace", {
      data: {
        spaceId: listing.id,
        startDate: addDays(today, days),
        duration: "1_month",
        paymentMethod: "gcash",
      },
    });
    expect(booked.status(), await booked.text()).toBe(200);
  }
  const saved = await page.request.post("/api/reserve/saveReservationDraft", {
    data: { spaceId: listing.id, startDate: addDays(today, 100), duration: "1_month" },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto(`/reserve-space/payment-method?spaceId=${listing.id}`);
  await page.getByLabel("GCash").check();
  await page.getByRole("button", { name: "Book and pay" }).click();
  await expect(page.getByRole("alert").filter({ hasText: TOO_MANY_UNPAID_CHECKOUTS })).toBeVisible();
  await expect(page.getByTestId("toast").filter({ hasText: TOO_MANY_UNPAID_CHECKOUTS })).toBeVisible();
  await expect(page).toHaveURL(/\/reserve-space\/payment-method/);
  await expectAccessible(page);
});
