import { readFileSync } from "node:fs";
import { expect, expectAccessible, financeOperator, signInToConsole, test } from "./fixtures";

/**
 * The console's payouts queue (docs/operations.md), with JavaScript on and off: a finance operator signs in with a
 * code, downloads an open batch's CSV for the bank and marks the batch paid with the transfer's reference and a note.
 * The batch was made before the server started (seed-test-users.ts: a past week's run paid one host).
 */

test("a finance operator downloads a payout batch's CSV and marks the batch paid with its reference", async ({
  page,
  baseURL,
}) => {
  const batch = await financeOperator(page, baseURL);
  await signInToConsole(page);
  await page.getByRole("navigation", { name: "Queues" }).getByRole("link", { name: "Payouts" }).click();
  await expect(page.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
  await expectAccessible(page);

  const week = page.getByRole("listitem", { name: `Week of ${batch.weekOf}` });
  await expect(week).toContainText("open");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    week.getByRole("link", { name: `Download the CSV (week of ${batch.weekOf})` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`payouts-${batch.weekOf}.csv`);
  const csv = readFileSync(await download.path(), "utf8");
  const [header, ...lines] = csv.trimEnd().split("\n");
  expect(header).toMatch(/^batch_id,week_of,payout_id,host_id,/);
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line).toContain(`,${batch.weekOf},`);

  const reference = `BDO-${batch.weekOf}`;
  await week.getByLabel("Transfer reference").fill(reference);
  await week.getByLabel("Note").fill("Sent from the BDO account");
  await week.getByRole("button", { name: "Mark paid" }).click();
  await expect(week).toContainText(`reference ${reference}`);
  await expect(week.getByRole("button", { name: "Mark paid" })).toHaveCount(0);
});
