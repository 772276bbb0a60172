import { expect, expectAccessible, signInToConsole, test, trustOperator } from "./fixtures";

/**
 * The console's trust and support queues (docs/operations.md), with JavaScript on and off: an operator approves an
 * identity check waiting for review, and answers a contact-us message — the reply reaches the sender's mailbox. The
 * state (a check in review, a message) is the seed's, on the operator accounts.
 */

test("an operator approves an identity check waiting for review", async ({ page, browser, baseURL }) => {
  const subjectPage = await browser.newPage();
  const subject = await trustOperator(subjectPage, baseURL);
  await subjectPage.close();
  await trustOperator(page, baseURL);
  await signInToConsole(page);
  await page.goto(`/operations/identity?${new URLSearchParams({ q: subject.email })}`);
  await page.getByRole("listitem").filter({ hasText: subject.email }).getByRole("link").click();
  await expect(page.getByText(`persona inq_e2e${subject.id.slice(0, 8)}`)).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Note (why you approve)").fill("The selfie matches the ID.");
  await page.getByRole("button", { name: "Approve the identity check" }).click();
  await expect(page.getByText("No identity check of this user waits for review.")).toBeVisible();
  await expect(page.getByText(`${subject.email} · Verified`)).toBeVisible();
});

test("an operator answers a contact-us message; the reply reaches the sender", async ({ page, baseURL }) => {
  const operator = await trustOperator(page, baseURL);
  await signInToConsole(page);
  await page.getByRole("navigation", { name: "Queues" }).getByRole("link", { name: "Support inbox" }).click();
  await page
    .getByRole("listitem")
    .filter({ hasText: `(${operator.email})` })
    .getByRole("link")
    .click();
  await expect(page.getByText(`Can I keep my boxes one more month? (${operator.email})`)).toBeVisible();
  await expectAccessible(page);
  const reply = "Yes: open your booking and choose Extend.";
  await page.getByLabel(/^Reply/).fill(reply);
  await page.getByRole("button", { name: "Send the reply" }).click();
  await expect(page.getByRole("heading", { name: /^Our reply/ })).toBeVisible();

  await expect(async () => {
    await page.goto(`/dev/mail?${new URLSearchParams({ to: operator.email })}`);
    await expect(
      page.getByTestId("sunk-mail").filter({ hasText: operator.email }).filter({ hasText: reply }),
    ).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
});
