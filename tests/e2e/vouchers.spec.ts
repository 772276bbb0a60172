import type { APIRequestContext } from "@playwright/test";
import { addDays, todayInManila } from "../../app/domain/dates";
import { VOUCHER_MESSAGES } from "../../app/domain/vouchers";
import { expect, expectAccessible, loggedInAccount, test } from "./fixtures";
import { E2E_COUPON_CODE } from "./test-users";

/**
 * A voucher or coupon code at the payment step, with JavaScript on and off (ADR 0030): applying one shows it as a line
 * and the lowered due; a bad code shows its message next to the field and as a toast. The draft (dates, duration) is
 * saved through the API, and the coupon made before the server started (seed-test-users.ts); nothing is booked, so
 * both projects can use one demo listing.
 */

async function listingId(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/space/newSpaceSearch/1?storageType=storage&city=makati");
  const { result } = (await response.json()) as {
    result: { results: { _id: string; spaceTitle: string }[] };
  };
  const found = result.results.find((card) => card.spaceTitle === "Secure storage room in Makati");
  if (!found) throw new Error("no demo listing");
  return found._id;
}

/** The renter's reservation of the listing, up to the payment step (3 months: ₱6,150.00 due). */
async function atPaymentStep(page: import("@playwright/test").Page) {
  const spaceId = await listingId(page.request);
  const saved = await page.request.post("/api/reserve/saveReservationDraft", {
    data: { spaceId, startDate: addDays(todayInManila(), 20), duration: "3_months" },
  });
  expect(saved.status()).toBe(200);
  await page.goto(`/reserve-space/payment-method?spaceId=${spaceId}`);
  await expect(page.getByTestId("quote-due")).toHaveText("₱6,150.00");
}

test("a renter applies a coupon at the payment step and sees the lower due", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  await atPaymentStep(page);
  await page.getByLabel("Voucher or coupon code").fill(E2E_COUPON_CODE.toLowerCase());
  await page.getByRole("button", { name: "Apply code" }).click();
  await expect(page.getByTestId("quote-due")).toHaveText("₱5,650.00");
  const quote = page.getByTestId("booking-quote");
  await expect(quote.getByText(`Voucher ${E2E_COUPON_CODE}`)).toBeVisible();
  await expect(quote.getByText("−₱500.00")).toBeVisible();
  await expect(page.getByLabel("Voucher or coupon code")).toHaveValue(
    new RegExp(`^${E2E_COUPON_CODE}$`, "i"),
  );
  await expectAccessible(page);
});

test("a bad code shows its message next to the field and as a toast", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  await atPaymentStep(page);
  await page.getByLabel("Voucher or coupon code").fill("NO-SUCH-CODE");
  await page.getByRole("button", { name: "Apply code" }).click();
  const field = page.getByLabel("Voucher or coupon code");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("voucher-form").getByText(VOUCHER_MESSAGES.unknown)).toBeVisible();
  await expect(page.getByTestId("toast").filter({ hasText: VOUCHER_MESSAGES.unknown })).toBeVisible();
  await expect(page.getByTestId("quote-due")).toHaveText("₱6,150.00");
});

test("the invite-a-friend page lists the renter's saved coupons", async ({ page, playwright, baseURL }) => {
  await loggedInAccount(page, playwright, baseURL);
  await page.goto("/user-profile/invite-a-friend");
  await expect(page.getByText("None yet.")).toBeVisible();
  const saved = await page.request.post("/api/user/useCoupon", { data: { code: E2E_COUPON_CODE } });
  expect(saved.status()).toBe(200);
  await page.goto("/user-profile/invite-a-friend");
  const list = page.getByTestId("my-vouchers");
  await expect(list.getByText(E2E_COUPON_CODE)).toBeVisible();
  await expect(list.getByText(/₱500\.00 off · ready to use until/)).toBeVisible();
  await expectAccessible(page);
});
