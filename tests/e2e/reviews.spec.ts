import { REVIEW_MESSAGES } from "../../app/domain/reviews";
import { expect, expectAccessible, reviewPair, test, visit } from "./fixtures";

/**
 * Two-way reviews, with JavaScript on and off (docs/product.md, Reviews, ADR 0034): a host and a renter whose
 * booking completed before the server started (seed-test-users.ts) each review the other from the browser. The first
 * review stays hidden from the other side until the second is written; then both show, on the profiles and as the
 * listing's average, on its page and its search card.
 */

const HOST_WORDS = "A careful renter: the room was left clean and every payment came on time.";
const RENTER_WORDS = "Dry, secure room and a host who answered every message within the hour.";

test("both sides of a completed booking review each other; the first review shows once the second is written", async ({
  page,
  baseURL,
}) => {
  const pair = await reviewPair(page, baseURL);

  // The host finds the review to write on the profile and writes it (first too short: the rule's message).
  await visit(page, "/user-profile/reviews?tab=to-write");
  const item = page.getByRole("listitem").filter({ hasText: pair.renterName });
  await expect(item).toContainText("write it before");
  await item.getByRole("link", { name: "Write a review" }).click();
  await expect(page).toHaveURL(`/bookings/space-review?bookingId=${pair.bookingId}`);
  await expect(page.getByRole("heading", { name: `Review ${pair.renterName}`, level: 1 })).toBeVisible();
  // Until when it stays hidden says the date, not "then".
  await expect(
    page.getByText(
      new RegExp(`hidden until ${pair.renterName} has reviewed you too or until .+, whichever comes first;`),
    ),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("radio", { name: /4 stars/ }).check();
  await page.getByLabel("Your review").fill("Too short.");
  await page.getByRole("button", { name: "Send review" }).click();
  await expect(page.getByText(REVIEW_MESSAGES.textTooShort).first()).toBeVisible();
  await page.getByRole("radio", { name: /4 stars/ }).check();
  await page.getByLabel("Your review").fill(HOST_WORDS);
  await page.getByRole("button", { name: "Send review" }).click();
  await expect(page).toHaveURL("/user-profile/reviews?tab=by-me");
  await expect(page.getByTestId("toast")).toContainText(REVIEW_MESSAGES.written);
  await expect(page.getByText(HOST_WORDS)).toBeVisible();
  await expect(page.getByText(/Hidden until they review you/)).toBeVisible();
  await expectAccessible(page);

  // The renter does not see it yet; the listing has no reviews yet.
  await pair.asRenter();
  await visit(page, "/user-profile/reviews");
  await expect(page.getByTestId("my-rating")).toContainText("No reviews yet");
  await expect(page.getByText(HOST_WORDS)).toHaveCount(0);
  await page.goto(`/storage/listings/${pair.spaceId}`);
  await expect(page.getByTestId("listing-rating")).toHaveText("No reviews yet");

  // The renter writes theirs from the booking's page.
  await visit(page, `/bookings/${pair.bookingId}`);
  await page.getByRole("link", { name: "Write a review" }).click();
  await expect(page.getByRole("heading", { name: `Review ${pair.spaceTitle}`, level: 1 })).toBeVisible();
  await page.getByRole("radio", { name: /5 stars/ }).check();
  await page.getByLabel("Your review").fill(RENTER_WORDS);
  await page.getByRole("button", { name: "Send review" }).click();
  await expect(page.getByTestId("toast")).toContainText(REVIEW_MESSAGES.shown);

  // Both show now: the renter sees the host's review about them, the listing its average and the renter's words.
  await visit(page, "/user-profile/reviews?tab=about");
  await expect(page.getByTestId("my-rating")).toContainText("★ 4.0 · 1 review");
  await expect(page.getByText(HOST_WORDS)).toBeVisible();
  await visit(page, `/storage/listings/${pair.spaceId}`);
  await expect(page.getByTestId("listing-rating")).toHaveText("★ 5.0 · 1 review");
  await expect(page.getByTestId("host-card-space-rating")).toContainText("★ 5.0 · 1 review");
  await expect(page.getByText(RENTER_WORDS)).toBeVisible();
  // Its card in the search results says the same. The e2e hosts' rooms are alike and unreviewed, so a rated one is
  // recommended above them, on the first page of its city.
  await page.goto("/search-space?storageType=storage&city=angeles");
  const card = page
    .getByRole("list", { name: "Search results" })
    .locator(":scope > li")
    .filter({ has: page.getByRole("link", { name: pair.spaceTitle, exact: true }) });
  await expect(card.getByTestId("space-card-rating")).toHaveText("★ 5.0 · 1 review");

  // The host sees the renter's review and answers it, once.
  await pair.asHost();
  await visit(page, "/user-profile/reviews?tab=about");
  await expect(page.getByTestId("my-rating")).toContainText("★ 5.0 · 1 review");
  await page.getByLabel(/Answer /).fill("Thank you, it was a pleasure!");
  await page.getByRole("button", { name: "Post answer" }).click();
  await expect(page.getByTestId("toast")).toContainText(REVIEW_MESSAGES.answered);
  await expect(page.getByText("Thank you, it was a pleasure!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Post answer" })).toHaveCount(0);
});

test("a completed booking asks once to review Space Solution", async ({ page, baseURL }) => {
  const pair = await reviewPair(page, baseURL);
  await visit(page, `/bookings/${pair.bookingId}`);
  const prompt = page.getByRole("region", { name: "Enjoying Space Solution?" });
  await expect(prompt).toBeVisible();
  await prompt.getByRole("button", { name: "No, thanks" }).click();
  await expect(page).toHaveURL(`/bookings/${pair.bookingId}`);
  await expect(page.getByTestId("toast")).toContainText("We will not ask you again.");
  await expect(page.getByRole("region", { name: "Enjoying Space Solution?" })).toHaveCount(0);
  await expectAccessible(page);
});
