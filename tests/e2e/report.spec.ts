import { REPORT_MESSAGES } from "../../app/domain/reports";
import { demoListingId, expect, expectAccessible, loggedInAccount, test } from "./fixtures";

/**
 * Reports (ADR 0070), with JavaScript on and off: a renter reports a listing from the foot of its page, chooses a
 * reason, and is back on the listing with the thank-you toast; the same link again says it is reported already. A
 * fresh account each run, as a thing is reported once.
 */

test("a renter reports a listing from its page and is thanked", async ({ page, playwright, baseURL }) => {
  await loggedInAccount(page, playwright, baseURL);
  const spaceId = await demoListingId(
    page.request,
    "storageType=storage&city=makati",
    "Secure storage room in Makati",
  );
  await page.goto(`/storage/listings/${spaceId}`);
  const listingUrl = page.url();
  await page.getByRole("link", { name: "Report this listing" }).click();
  await expect(page).toHaveURL(new RegExp(`/report/listing/${spaceId}\\?returnTo=`));
  await expect(page.getByRole("heading", { name: "Report this listing", level: 1 })).toBeVisible();
  await expectAccessible(page);

  // Sent without a reason: the reason's rule, next to it.
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText(REPORT_MESSAGES.reason).first()).toBeVisible();

  await page.getByLabel("A scam or fraud").check();
  await page
    .getByLabel("A note for our team (optional)")
    .fill("The host asked me to pay by bank transfer first.");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page).toHaveURL(listingUrl);
  await expect(page.getByTestId("toast")).toContainText(REPORT_MESSAGES.sent);

  // A second report is refused before anything is written: said at once, back on the listing.
  await page.getByRole("link", { name: "Report this listing" }).click();
  await expect(page).toHaveURL(listingUrl);
  await expect(page.getByTestId("toast").filter({ hasText: REPORT_MESSAGES.already })).toBeVisible();
});
