import { formatPeso } from "../../app/domain/money";
import {
  expect,
  expectAccessible,
  loggedInAccount,
  NARROW,
  pageErrors,
  payoutHost,
  test,
  visit,
} from "./fixtures";

/**
 * A host's dashboard, with JavaScript on and off: the money, rentals and tenants of the chosen duration as figures and
 * server-drawn charts (with a table of the same numbers for screen readers). The host's booking from 40 days ago, its
 * released rent and paid payout are made before the server starts.
 */
test("a host reads their dashboard: earnings, requests and tenants as figures and charts, over 30 and 90 days", async ({
  page,
  baseURL,
}) => {
  const payout = await payoutHost(page, baseURL);
  await visit(page, "/user-profile/user-profile-menu");
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  await expectAccessible(page);

  const money = page.getByRole("region", { name: "Payments" });
  await expect(money.locator("dt", { hasText: "Earned" }).locator("+ dd")).toHaveText(
    formatPeso(payout.amount),
  );
  await expect(money.locator("dt", { hasText: "Paid out" }).locator("+ dd")).toHaveText(
    formatPeso(payout.amount),
  );
  await expect(money.locator("dt", { hasText: "Payable now" }).locator("+ dd")).toHaveText(formatPeso(0));
  await expect(money.getByTestId("bar-chart").locator('rect[data-series="earned"]')).toHaveCount(1);
  await expect(money.getByRole("table")).toContainText(formatPeso(payout.amount));
  await expect(page.getByTestId("bar-chart")).toHaveCount(3);
  const tenants = page.getByRole("region", { name: "Tenants" });
  await expect(tenants.locator("dt", { hasText: "Current" }).locator("+ dd")).toHaveText("1");

  // The request came 40 days ago: not in the last 30 days, in the last 90.
  const rentals = page.getByRole("region", { name: "Rentals" });
  await expect(rentals.locator("dt", { hasText: "Requests" }).locator("+ dd")).toHaveText("0");
  await page.getByRole("link", { name: "Last 90 days" }).click();
  await expect(page.getByRole("link", { name: "Last 90 days" })).toHaveAttribute("aria-current", "page");
  await expect(rentals.locator("dt", { hasText: "Requests" }).locator("+ dd")).toHaveText("1");
  await expect(rentals.getByTestId("bar-chart").locator('rect[data-series="accepted"]')).toHaveCount(1);
});

test("a new account's dashboard, with nothing to count yet, opens on a phone with whole numbers on its axes", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  const errors = pageErrors(page);
  await page.setViewportSize(NARROW);
  const response = await visit(page, "/user-profile/dashboard");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  const ticks = (region: string) =>
    page
      .getByRole("region", { name: region })
      .getByTestId("bar-chart")
      .locator("[data-tick]")
      .allTextContents();
  expect(await ticks("Payments")).toEqual(["₱0", "₱1"]);
  expect(await ticks("Rentals")).toEqual(["0", "1"]);
  expect(await ticks("Tenants")).toEqual(["0", "1"]);
  // The axes' labels are the page's own small text, not drawing text scaled down to the phone's width.
  const labelSizes = await page
    .getByTestId("bar-chart")
    .locator("[data-tick], [data-period]")
    .evaluateAll((labels) =>
      labels
        .filter((label) => label.checkVisibility())
        .map((label) => Number.parseFloat(getComputedStyle(label).fontSize)),
    );
  expect(labelSizes.length).toBeGreaterThan(0);
  expect(Math.min(...labelSizes)).toBeGreaterThanOrEqual(11);
  // The tables for screen readers are there, and the page is no wider than the phone.
  await expect(page.getByRole("region", { name: "Rentals" }).getByRole("table")).toContainText("Accepted");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
  expect(errors).toEqual([]);
});
