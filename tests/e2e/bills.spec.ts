import { addDays, formatCalendarDate, todayInManila } from "../../app/domain/dates";
import { formatPeso } from "../../app/domain/money";
import { billRenter, expect, expectAccessible, loggedInAccount, test, visit } from "./fixtures";

/**
 * Paying a monthly bill from the Bills screen, with JavaScript on and off (docs/product.md, Monthly bills, ADR 0028):
 * the renter's booking and its second month's bill are made before the server starts (the booking service at past
 * instants, then the billing run); the browser drives only the Bills flow — the list, the summary, the sandbox
 * checkout, the page that waits for the provider's webhook, the receipt and the paid tab.
 */

test("a renter pays the second month of a booking from Bills and gets a receipt", async ({
  page,
  baseURL,
}) => {
  const bill = await billRenter(page, baseURL);
  const total = formatPeso(bill.total);

  await visit(page, "/payment/bills");
  await expect(page.getByRole("heading", { name: "Bills", level: 1 })).toBeVisible();
  const card = page.getByTestId("bill-card").filter({ hasText: bill.spaceTitle });
  await expect(card).toContainText(/Due on /);
  await expect(card).toContainText(total);
  await card.getByRole("link", { name: `Pay ${total}` }).click();

  await expect(page).toHaveURL(new RegExp(`/payment/summary\\?billId=${bill.billId}$`));
  await expect(page.getByRole("heading", { name: "Pay your bill" })).toBeVisible();
  await expect(page.getByTestId("bill-total")).toHaveText(total);
  await expect(page.getByRole("row", { name: /Space Solution fee/ })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("radio", { name: "Card" }).check();
  await page.getByRole("button", { name: `Pay ${total}` }).click();

  await expect(page).toHaveURL(/\/checkout-sandbox\/cs_sandbox_/);
  await expect(page.getByTestId("checkout-amount")).toHaveText(total);
  await page.getByRole("button", { name: `Pay ${total}` }).click();
  // Back on the summary: the provider's webhook is a job, and the page looks again by itself until it has come.
  await expect(page).toHaveURL(/\/payment\/summary\?billId=.*payment=sent/);
  await expect(page.getByRole("heading", { name: "Bill paid" })).toBeVisible({ timeout: 20_000 });
  // The bill-paid moment: what happens next with the booking, in its page's words, and where to go from here.
  await expect(page.getByTestId("bill-paid-next")).toContainText(/Paid (through|in full)/);
  const links = page.getByTestId("moment-links");
  await expect(links.getByRole("link", { name: "See your booking" })).toHaveAttribute(
    "href",
    `/bookings/${bill.bookingId}`,
  );
  await expect(links.getByRole("link", { name: /^Message / })).toBeVisible();
  await page.getByRole("link", { name: /See the receipt SS-R-\d+/ }).click();

  await expect(page).toHaveURL(`/payment/receipt/${bill.billId}`);
  await expect(page.getByRole("heading", { name: "Acknowledgement receipt" })).toBeVisible();
  await expect(page.getByTestId("receipt-number")).toHaveText(/^SS-R-\d+$/);
  await expect(page.getByText("Paid with")).toBeVisible();
  await expect(page.getByTestId("receipt-total")).toHaveText(total);
  await expectAccessible(page);

  await visit(page, "/payment/bills?tab=paid");
  await expect(page.getByTestId("receipt-card").filter({ hasText: bill.spaceTitle })).toContainText(
    /receipt SS-R-\d+/,
  );
  // The booking's history says what the payment did; the state it left alone is said once.
  await visit(page, `/bookings/${bill.bookingId}`);
  await expect(page.getByTestId("booking-history")).toContainText(/Active\s*Paid /);
  await expect(page.getByTestId("booking-history")).not.toContainText("Active → Active");
  await page.goto("/payment/bills");
  await expect(page.getByTestId("bill-card").filter({ hasText: bill.spaceTitle })).toHaveCount(0);
});

test("a bill is its renter's alone: anyone else is sent back to their own bills", async ({
  page,
  baseURL,
  playwright,
}) => {
  const bill = await billRenter(page, baseURL);
  await page.context().clearCookies();
  await loggedInAccount(page, playwright, baseURL);
  await page.goto(`/payment/summary?billId=${bill.billId}`);
  await expect(page).toHaveURL(/\/payment\/bills$/);
  await expect(page.getByText("This bill is not yours.")).toBeVisible();
  await expect(page.getByTestId("bills-empty")).toBeVisible();
});

test("giving notice asks first, on a page of its own, with the end date and what will still be billed", async ({
  page,
  baseURL,
}) => {
  const bill = await billRenter(page, baseURL);
  const total = formatPeso(bill.total);
  await visit(page, `/bookings/${bill.bookingId}`);
  await page.getByRole("link", { name: "Give notice" }).click();

  await expect(page).toHaveURL(`/bookings/${bill.bookingId}/give-notice`);
  await expect(page.getByRole("heading", { name: "Give notice", level: 1 })).toBeVisible();
  // 30 days from today, later than the month paid; the unpaid second month ends there and is still billed (more
  // than 10 days over the first month: a full month by the space-fee rule).
  const endDate = formatCalendarDate(addDays(todayInManila(), 30));
  await expect(page.getByTestId("notice-end")).toContainText(`your booking ends on ${endDate}`);
  await expect(page.getByTestId("notice-bills")).toContainText(`to ${endDate}`);
  await expect(page.getByTestId("notice-bills")).toContainText(total);
  await expect(page.getByTestId("notice-total")).toHaveText(total);
  await expect(page.getByText(`Nothing is billed after ${endDate}.`)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Give notice" }).click();
  await expect(page).toHaveURL(`/bookings/${bill.bookingId}`);
  await expect(page.getByTestId("toast")).toContainText("Your notice is saved.");
  // The summary at the top says it, beside the bill still to pay.
  await expect(page.getByTestId("booking-next")).toContainText(
    `You gave notice: the booking ends on ${endDate}.`,
  );
  await expect(page.getByRole("link", { name: "Give notice" })).toHaveCount(0);
});
