import { formatPeso } from "../../app/domain/money";
import { expect, loggedInAccount, payoutHost, test, visit } from "./fixtures";

/**
 * Host payouts, with JavaScript on and off (docs/product.md, Payouts, ADR 0029): the payout method form refuses
 * a number of the wrong length with the product's rule (next to the field and as a toast) and shows a saved number
 * masked; a host sees their earnings and a paid payout with its reference and date. The earnings and the paid payout
 * are made before the server starts (the booking service at past instants, the weekly run, the operators' mark-paid).
 */

test("a host sets a GCash payout method: a wrong length is refused, a good number is shown masked", async ({
  page,
  baseURL,
  playwright,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  await visit(page, "/payment/payout-settings");
  await expect(page.getByRole("heading", { name: "Payout settings", level: 1 })).toBeVisible();
  await expect(page.getByTestId("payout-method-none")).toBeVisible();

  await page.getByRole("radio", { name: /GCash/ }).check();
  await page.getByLabel("Account name").fill("Bea Villanueva");
  const number = page.getByLabel("Account or mobile number");
  await number.fill("0917123456");
  await page.getByRole("button", { name: "Save payout method" }).click();
  const message = "GCash number must be exactly 11 characters.";
  await expect(page.getByTestId("toast")).toContainText(message);
  await expect(number).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("listitem").filter({ hasText: message })).toBeVisible();
  await expect(page.getByTestId("payout-method-none")).toBeVisible();

  await number.fill("09171234567");
  await page.getByRole("button", { name: "Save payout method" }).click();
  await expect(page.getByTestId("toast")).toContainText("Your payout method has been saved.");
  await expect(page.getByTestId("payout-number")).toHaveText("•••• 4567");
  await expect(page.getByTestId("payout-method")).toContainText("GCash");
  await expect(page.getByLabel("Account or mobile number")).toHaveValue("");
  await expect(page.locator("body")).not.toContainText("09171234567");
  // Account settings show the payout details too, masked.
  await visit(page, "/user-profile/account-settings");
  await expect(page.getByTestId("account-payout")).toHaveText("GCash •••• 4567, Bea Villanueva");
});

test("a host sees what they earned and a paid payout with its reference and date", async ({
  page,
  baseURL,
}) => {
  const payout = await payoutHost(page, baseURL);
  const amount = formatPeso(payout.amount);
  await visit(page, "/payment/bills?tab=earnings");
  await expect(page.getByRole("link", { name: "Earnings" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("earned")).toHaveText(amount);
  await expect(page.getByTestId("paid-out")).toHaveText(amount);
  await expect(page.getByTestId("payable")).toHaveText(formatPeso(0));
  const card = page.getByTestId("payout-card");
  await expect(card).toContainText("Paid to GCash •••• 4567");
  await expect(card).toContainText(/Paid on \w+/);
  await expect(card.getByTestId("payout-reference")).toHaveText(payout.reference);
  await expect(card).toContainText(amount);
  await expect(page.getByTestId("earning-line").filter({ hasText: payout.spaceTitle })).toContainText(
    "Paid out",
  );
  // The account menu's Hosting group leads to the payout settings.
  await page.goto("/user-profile/user-profile-menu");
  await page.getByRole("link", { name: "Payouts" }).click();
  await expect(page).toHaveURL("/payment/payout-settings");
  await expect(page.getByTestId("payout-number")).toHaveText("•••• 4567");
});
