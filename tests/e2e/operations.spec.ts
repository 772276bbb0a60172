import { Secret, TOTP } from "otpauth";
import { expect, expectAccessible, newHost, test, trustOperator } from "./fixtures";

/**
 * The operator console (docs/operations.md), with JavaScript on and off: a visitor finds no console; an operator
 * enrols an authenticator (the code is made here from the page's key with the same library the server checks it
 * with), signs in and hides a listing with a reason; a visitor then gets the listing's 410 page with that reason.
 */

test("an operator enrols, signs in with a code and hides a listing; its page then answers 410 with the reason", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const visitor = await browser.newPage();
  const nothing = await visitor.goto("/operations");
  expect(nothing?.status()).toBe(404);

  const host = await newHost(playwright, baseURL);
  await host.context.dispose();
  await trustOperator(page, baseURL);
  await page.goto("/operations");
  await expect(page.getByRole("heading", { name: "Operations sign-in" })).toBeVisible();
  await expectAccessible(page);
  const key = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  const code = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 }).generate();
  await page.getByRole("textbox", { name: "Code" }).fill(code);
  await page.getByRole("button", { name: "Sign in to the console" }).click();
  await expect(page.getByRole("navigation", { name: "Queues" })).toBeVisible();

  await page.goto(`/operations/listings?${new URLSearchParams({ show: "all", q: host.listing.title })}`);
  const reason = "The photos show another building.";
  const row = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: host.listing.title, exact: true }) });
  await row.getByLabel("Reason the host and renters see").fill(reason);
  await row.getByRole("button", { name: "Hide listing" }).click();
  await expect(page.getByText(`Hidden: ${reason}`)).toBeVisible();
  await expectAccessible(page);

  const gone = await visitor.goto(`/storage/listings/${host.listing.id}`);
  expect(gone?.status()).toBe(410);
  await expect(visitor.getByText(reason)).toBeVisible();
  await visitor.close();
});
