import {
  expect,
  expectAccessible,
  expectFitsPhone,
  financeOperator,
  NARROW,
  saveScreenshots,
  signInToConsole,
  test,
} from "./fixtures";

/**
 * The console's health of the business (docs/operations.md), with JavaScript on and off: a finance operator opens it
 * from the console's menu, reads the ledger check's "balanced" and the weeks' figures, and narrows them to one city
 * and four weeks with the filters (a GET form). The money is the seed's bookings, paid and paid out before the server
 * started (seed-test-users.ts).
 */

test("a finance operator reads the business's figures and that the ledger is balanced", async ({
  page,
  baseURL,
}) => {
  await financeOperator(page, baseURL);
  await signInToConsole(page);
  await page
    .getByRole("navigation", { name: "Queues" })
    .getByRole("link", { name: "Health of the business" })
    .click();
  await expect(page.getByRole("heading", { name: "Health of the business", level: 1 })).toBeVisible();
  await expect(page.getByTestId("ledger-check")).toContainText("The ledger is balanced");
  const totals = page.getByRole("definition");
  await expect(totals.nth(3)).toHaveText(/^₱[1-9]/); // paid in
  await expect(page.getByRole("table", { name: /^Per week/ }).getByRole("row")).toHaveCount(12 + 2);
  await expectAccessible(page);

  const city = page.getByRole("combobox", { name: "City" });
  const first = (await city.getByRole("option").nth(1).textContent())?.trim() ?? "";
  await city.selectOption({ label: first });
  await page.getByRole("combobox", { name: "Weeks" }).selectOption({ label: "Last 4 weeks" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("heading", { name: `Last 4 weeks, ${first}`, level: 2 })).toBeVisible();
  await expect(page).toHaveURL(/weeks=4/);
  await expect(page.getByRole("table", { name: /^Per week/ }).getByRole("row")).toHaveCount(4 + 2);
  await expect(page.getByRole("table", { name: /^Per city/ })).toContainText(first);

  // The weeks' charts on a phone: their labels stay the page's text size and nothing runs off the edge.
  await page.setViewportSize(NARROW);
  await expectFitsPhone(page);
  await saveScreenshots(page, "finance/health");
});
