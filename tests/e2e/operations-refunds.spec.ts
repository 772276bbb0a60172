import { expect, expectAccessible, financeOperator, signInToConsole, test } from "./fixtures";

/**
 * Goodwill refunds in the console (docs/operations.md, Refunds), with JavaScript on and off: a finance operator finds
 * a booking by its number, sees what was paid and what is left to refund, and gives the renter part of it back with a
 * note; the booking then shows it refunded, and the refund is on its way. The booking is the one whose rent the
 * operator's seeded payout batch pays (seed-test-users.ts).
 */

test("a finance operator gives a renter a goodwill refund of part of a booking", async ({
  page,
  baseURL,
}) => {
  const { bookingNumber } = await financeOperator(page, baseURL);
  await signInToConsole(page);
  await page.getByRole("navigation", { name: "Queues" }).getByRole("link", { name: "Refunds" }).click();
  await expect(page.getByRole("heading", { name: "Refunds", level: 1 })).toBeVisible();

  await page.getByRole("textbox", { name: "Booking number" }).fill(bookingNumber.toLowerCase());
  await page.getByRole("button", { name: "Find" }).click();
  const booking = page.getByRole("region", { name: new RegExp(`^${bookingNumber} `) });
  await expect(booking).toContainText("Refunded₱0.00");
  await expectAccessible(page);

  await booking.getByRole("textbox", { name: /^Amount/ }).fill("250");
  await booking.getByRole("textbox", { name: "Note" }).fill("The gate was locked on the first day.");
  await booking.getByRole("button", { name: "Refund the renter" }).click();
  await expect(page.getByText("The refund is on its way to the renter.")).toBeVisible();
  await expect(booking).toContainText("Refunded₱250.00");
  // The refund's row is written by the refund job once the provider is asked: the page shows it when it is there.
  await expect(async () => {
    await page.reload();
    await expect(booking.getByRole("list").last()).toContainText("₱250.00 · goodwill", { timeout: 1000 });
  }).toPass();
});
