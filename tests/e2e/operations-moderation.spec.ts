import {
  claimHost,
  expect,
  expectAccessible,
  newAccount,
  newHost,
  signInToConsole,
  test,
  trustOperator,
} from "./fixtures";

/**
 * The console's trust work on what people report and claim (docs/operations.md), with JavaScript on and off: a trust
 * operator hides a reported listing from the report's page (its page then answers 410 with the reason, and the report
 * is closed as actioned), and decides a host's deposit claim in the resolution cases queue. The report and the claim
 * are made through the API by the seed's people (a fresh host's listing, a fresh reporter; a host whose booking ended
 * yesterday with its deposit held); only the operator's work runs in the browser.
 */

test("a trust operator hides a reported listing from the report's page", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const host = await newHost(playwright, baseURL);
  await host.context.dispose();
  const { context: reporter } = await newAccount(playwright, baseURL);
  const sent = await reporter.post("/api/user/report", {
    data: {
      kind: "listing",
      targetId: host.listing.id,
      reason: "scam",
      note: "They asked for a bank transfer first.",
    },
  });
  expect(sent.status()).toBe(200);
  await reporter.dispose();

  await trustOperator(page, baseURL);
  await signInToConsole(page);
  await page.getByRole("navigation", { name: "Queues" }).getByRole("link", { name: "Reports" }).click();
  await page
    .getByRole("listitem")
    .filter({ hasText: host.listing.title })
    .getByRole("link", { name: "A scam or fraud: listing" })
    .click();
  await expect(page.getByText("They asked for a bank transfer first.")).toBeVisible();
  await expectAccessible(page);
  const reason = "Asked renters to pay outside Space Solution.";
  await page.getByLabel("Reason the host and renters see").fill(reason);
  await page.getByLabel("Note", { exact: true }).fill("Two renters wrote to support about it too.");
  await page.getByRole("button", { name: "Hide the listing" }).click();
  await expect(page.locator("dt", { hasText: "Status" }).locator("+ dd")).toHaveText(/^actioned /);

  const visitor = await browser.newPage();
  const gone = await visitor.goto(`/storage/listings/${host.listing.id}`);
  expect(gone?.status()).toBe(410);
  await expect(visitor.getByText(reason)).toBeVisible();
  await visitor.close();
});

test("a trust operator decides a host's deposit claim", async ({ page, browser, baseURL }) => {
  const { claim, renterPage } = await claimHost(page, browser, baseURL);
  await renterPage.context().close();
  const opened = await page.request.post("/api/resol/addResolution", {
    data: {
      bookingId: claim.bookingId,
      reason: "damage",
      amountAsked: 200_000,
      description: "The roller door's lock was forced.",
      photoUploadIds: [],
    },
  });
  expect(opened.status()).toBe(200);
  await page.context().clearCookies();

  await trustOperator(page, baseURL);
  await signInToConsole(page);
  await page
    .getByRole("navigation", { name: "Queues" })
    .getByRole("link", { name: "Resolution cases" })
    .click();
  const item = page.getByRole("listitem").filter({ hasText: `booking ${claim.bookingId}` });
  await expect(item).toContainText("asked ₱2,000.00");
  await expectAccessible(page);
  await item.getByLabel("Award (₱)").fill("500");
  await item.getByLabel("Note (both sides read it)").fill("The lock was old; half the new lock's price.");
  await item.getByRole("button", { name: "Decide" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: `booking ${claim.bookingId}` })).toHaveCount(0);
});
