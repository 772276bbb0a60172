import sharp from "sharp";
import { claimHost, expect, expectAccessible, loggedInAccount, pageErrors, test, visit } from "./fixtures";

/**
 * The resolution center, with JavaScript on and off (docs/product.md, Resolution center, ADR 0033): a host opens a
 * damage claim with a photo on a booking that ended yesterday, from the link the move-out checklist gives, and the
 * renter answers in the thread; both see an earlier claim an operator decided with
 * `npm run ops -- resolution:decide` (run on the booking before the server starts: the e2e server's embedded
 * database is open in the server alone; tests/api/resolutions.test.ts runs the command from the shell).
 */

const CENTER = "/user-profile/resolution-center";

test("someone without cases is told what the resolution center is for", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  await visit(page, "/user-profile/user-profile-menu");
  await page.getByRole("link", { name: "Resolution center" }).click();
  await expect(page.getByRole("heading", { name: "Resolution center", level: 1 })).toBeVisible();
  await expect(page.getByTestId("no-cases")).toContainText("open a claim on the deposit within 72 hours");
  await expectAccessible(page);
});

test("a host claims on the deposit with a photo, the renter answers, and both see an operator's decision", async ({
  page,
  browser,
  baseURL,
}) => {
  // Two people's pages, and two cases opened: more than one page's budget on a busy machine.
  test.slow();
  const { claim, renterPage } = await claimHost(page, browser, baseURL);
  const errors = pageErrors(page);

  // The decided claim, as both sides see it.
  for (const seen of [page, renterPage]) {
    await visit(seen, CENTER);
    await expect(seen.getByTestId("case-decided")).toContainText("₱1,500.00 asked, ₱1,000.00 awarded");
    await visit(seen, `${CENTER}/${claim.decidedCaseId}`);
    await expect(seen.getByTestId("award")).toHaveText("₱1,000.00 awarded to the host (of ₱1,500.00 asked).");
    await expect(seen.getByText("The padlock was replaced at the host's cost.")).toBeVisible();
    await expect(seen.getByRole("button", { name: "Send reply" })).toHaveCount(0);
  }

  // The checklist's link prefills the booking and the reason.
  await visit(page, `${CENTER}/new?bookingId=${claim.bookingId}&reason=damage`);
  await expect(page.getByRole("heading", { name: "Open a case", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Booking")).toHaveValue(claim.bookingId);
  await expect(page.getByLabel("Reason")).toHaveValue("damage");
  await page.getByLabel("Amount you ask for (₱, optional)").fill("1500.00");
  await page.getByLabel("What happened").fill("The shelf by the door is broken and the wall is scratched.");
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#a53" } })
    .png()
    .toBuffer();
  await page
    .getByLabel("Photos (optional)")
    .setInputFiles({ name: "shelf.png", mimeType: "image/png", buffer: photo });
  await page.getByRole("button", { name: "Open the case" }).click();

  await expect(page.getByTestId("toast")).toContainText("Your case is open. The other side has been told.");
  await expect(
    page.getByRole("heading", { name: "Damage or missing items (deposit claim)", level: 1 }),
  ).toBeVisible();
  await expect(page.getByText("Open", { exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: "Evidence 1, added by the host" })).toBeVisible();
  await expectAccessible(page);
  const casePath = new URL(page.url()).pathname;

  await visit(renterPage, CENTER);
  await expect(renterPage.getByTestId("case-open")).toContainText("Opened by the host");
  await visit(renterPage, casePath);
  await renterPage.getByLabel("Your reply").fill("The shelf was already loose when I moved in.");
  await renterPage.getByRole("button", { name: "Send reply" }).click();
  await expect(renterPage.getByTestId("toast")).toContainText("Your reply was added.");
  await expect(renterPage.getByText("Answered", { exact: true })).toBeVisible();
  await expect(renterPage.getByText("The shelf was already loose when I moved in.")).toBeVisible();
  await expectAccessible(renterPage);

  await visit(page, casePath);
  await expect(page.getByText("Answered", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Withdraw the case" })).toBeVisible();
  // The host's pages ran their scripts without an error (the new case's form among them).
  expect(errors).toEqual([]);

  // A case that asks for no money says so, where "₱0.00" would read as asking for nothing.
  await visit(renterPage, `${CENTER}/new?bookingId=${claim.bookingId}`);
  await renterPage.getByLabel("Reason").selectOption("not_as_described");
  await renterPage.getByLabel("What happened").fill("The space is smaller than its listing says.");
  await renterPage.getByRole("button", { name: "Open the case" }).click();
  await expect(renterPage.getByTestId("toast")).toContainText("Your case is open.");
  await expect(renterPage.locator("dt", { hasText: "Asked" }).locator("+ dd")).toHaveText("No amount");
  await visit(renterPage, CENTER);
  await expect(renterPage.getByTestId("case-open").filter({ hasText: "You opened it" })).toContainText(
    "no amount asked.",
  );
  await renterPage.context().close();
});
