import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { expect, expectAccessible, loggedInAccount, newAccount, test, visit, WIDE } from "./fixtures";

/**
 * Confirming who a user is (ADR 0011, 0016): the phone code read from the SMS sink, the address, the
 * identity check through the sandbox provider, the company profile, and the end of the first-login walk-through.
 * Each test runs with JavaScript on and off.
 */
test.use({ viewport: WIDE });

// Long flows, each page checked with axe (slow with JavaScript off): three times the usual time.
test.beforeEach(() => test.slow());

/** A mobile number no other test uses, so its text messages can be told apart in the sink. */
function uniquePhone(): string {
  return `09${String(Math.floor(Math.random() * 1_000_000_000)).padStart(9, "0")}`;
}

/**
 * The code last texted to `phone`, read from the development SMS sink (/dev/sms) in another tab; the text
 * message is written by a background job, so the page is reloaded until it shows.
 */
async function textedCode(context: BrowserContext, phone: string, options: { checkPage?: boolean } = {}) {
  const sink = await context.newPage();
  let code = "";
  try {
    await expect(async () => {
      await sink.goto(`/dev/sms?${new URLSearchParams({ to: phone })}`);
      const messages = sink.getByTestId("sunk-sms").filter({ has: sink.getByText(phone, { exact: true }) });
      expect(await messages.count()).toBeGreaterThan(0);
      const text = ((await messages.first().getByTestId("sunk-sms-text").textContent()) ?? "").trim();
      code = /^(\d{6}) is your Space Solution code\./.exec(text)?.[1] ?? "";
      expect(code).toMatch(/^\d{6}$/);
    }).toPass({ timeout: 20_000 });
    if (options.checkPage) await expectAccessible(sink);
  } finally {
    await sink.close();
  }
  return code;
}

async function profileOf(request: APIRequestContext) {
  const response = await request.get("/api/user/viewUserProfile");
  expect(response.status()).toBe(200);
  return (await response.json()).result as {
    phoneNumber: string | null;
    phoneVerified: boolean;
    firstLogin: boolean;
    identityStatus: string;
    address: Record<string, string> | null;
  };
}

const toast = (page: Page) => page.getByTestId("toast");

test("phone: the code texted to the number, read from the SMS sink, confirms it", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  const phone = uniquePhone();

  await visit(page, "/user-profile/confirm-phone-number");
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your phone number" })).toBeVisible();
  // The sign-up number is offered; a number too short is refused by the server.
  await expect(page.getByLabel("Mobile number")).toHaveValue("09171234567");
  await page.getByLabel("Mobile number").fill("0917 12");
  await page.getByRole("button", { name: "Send the code" }).click();
  await expect(toast(page)).toContainText("Phone number must be greater than or equal to 10 characters.");
  await expect(page.getByLabel("Mobile number")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Mobile number").fill(phone);
  await page.getByRole("button", { name: "Send the code" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText(
    `We sent a 6-digit code to ${phone}.`,
  );
  await expect(toast(page)).toContainText(`We have sent a 6-digit code to ${phone}.`);
  await expectAccessible(page);

  // A new code at most once a minute.
  await page.getByRole("button", { name: "Send a new code" }).click();
  await expect(toast(page)).toContainText(/Please wait \d+ seconds? before asking for a new code\./);
  await expect(page.getByLabel("6-digit code")).toBeVisible();

  const code = await textedCode(page.context(), phone, { checkPage: true });

  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("main").getByText("Please enter the 6-digit code we sent you.")).toBeVisible();

  const wrong = code === "000000" ? "111111" : "000000";
  await page.getByLabel("6-digit code").fill(wrong);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(
    page.getByRole("main").getByText("The code is incorrect. You have 4 tries left."),
  ).toBeVisible();
  await expect(page.getByLabel("6-digit code")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/user-profile\/user-profile-menu$/);
  await expect(toast(page)).toContainText("Your phone number has been verified.");
  expect(await profileOf(page.request)).toMatchObject({ phoneNumber: phone, phoneVerified: true });

  await visit(page, "/user-profile/confirm-phone-number");
  await expect(page.getByRole("main")).toContainText(`Your number ${phone} is confirmed.`);
});

const ADDRESS = {
  "Address line 1": "Unit 12B, Tower 2",
  "Address line 2": "Salcedo Village",
  Barangay: "Bel-Air",
  Province: "Metro Manila",
  "House number": "123",
  Street: "Valero Street",
};

async function fillAddress(page: Page, within = page.getByRole("main")) {
  await within.getByLabel("City", { exact: true }).selectOption({ label: "Makati, Metro Manila" });
  for (const [label, value] of Object.entries(ADDRESS))
    await within.getByLabel(label, { exact: true }).fill(value);
}

test("address: each rule has its message, the city comes from the list, and the saved address shows again", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  await visit(page, "/user-profile/create-profile-address");
  await expect(page.getByRole("heading", { level: 1, name: "Your address" })).toBeVisible();
  await page.getByRole("button", { name: "Save address" }).click();
  for (const message of [
    "Address line 1 is required",
    "Address line 2 is required",
    "City is required",
    "Barangay is required",
    "Province is required",
    "House number is required",
    "Street is required",
  ]) {
    await expect(page.getByRole("main").getByText(message, { exact: true })).toBeVisible();
  }
  await expect(toast(page)).toContainText("Address line 1 is required");
  await expect(page.getByLabel("City", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  // The city's barangays are offered as suggestions (with JavaScript, as soon as the city is chosen).
  await fillAddress(page);
  if (test.info().project.use.javaScriptEnabled !== false) {
    await expect(page.getByText("Makati is in Metro Manila.")).toBeVisible();
    await expect(page.locator("datalist option")).toHaveCount(6);
  }
  await expect(page.locator("datalist option[value='Bel-Air']")).toHaveCount(1);
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page).toHaveURL(/\/user-profile\/user-profile-menu$/);
  await expect(toast(page)).toContainText("Your address has been saved.");
  expect((await profileOf(page.request)).address).toEqual({
    addressLine1: "Unit 12B, Tower 2",
    addressLine2: "Salcedo Village",
    city: "Makati",
    barangay: "Bel-Air",
    province: "Metro Manila",
    houseNumber: "123",
    street: "Valero Street",
  });

  await visit(page, "/user-profile/create-profile-address");
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("makati");
  await expect(page.locator("datalist option")).toHaveCount(6);
  for (const [label, value] of Object.entries(ADDRESS)) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  }
  await expect(page.getByText("Makati is in Metro Manila.")).toBeVisible();
});

test("identity: the sandbox provider's fail and pass come back and show as the status", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  await visit(page, "/user-profile/profile-persona-verification");
  await expect(page.getByTestId("identity-status")).toHaveText("Not started");

  await page.getByRole("button", { name: "Start verification" }).click();
  await expect(page).toHaveURL(/\/verification-sandbox\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Identity check (sandbox)" })).toBeVisible();
  await expect(page.getByText("built-in test provider")).toBeVisible();
  await expectAccessible(page);
  const failedCheck = page.url();
  await page.getByRole("button", { name: "Fail the check" }).click();
  await expect(page).toHaveURL(/\/user-profile\/profile-persona-verification$/);
  await expect(toast(page)).toContainText("The identity check did not pass. You can try again.");
  await expect(page.getByTestId("identity-status")).toHaveText("Failed");
  await expectAccessible(page);

  // A decided check cannot be decided again.
  await visit(page, failedCheck);
  await expect(page.getByText("This check is already complete (failed)")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pass the check" })).toHaveCount(0);

  await visit(page, "/user-profile/profile-persona-verification");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Identity check (sandbox)" })).toBeVisible();
  await page.getByRole("button", { name: "Pass the check" }).click();
  await expect(page).toHaveURL(/\/user-profile\/profile-persona-verification$/);
  await expect(toast(page)).toContainText("Your identity has been verified.");
  await expect(page.getByTestId("identity-status")).toHaveText("Passed");
  await expect(page.getByRole("button", { name: /Start verification|Try again/ })).toHaveCount(0);
  expect((await profileOf(page.request)).identityStatus).toBe("passed");
});

test("identity: another account's sandbox page is not found", async ({ page, playwright, baseURL }) => {
  const { context: owner } = await newAccount(playwright, baseURL);
  const started = await owner.post("/api/user/persona", { data: { action: "start" }, maxRedirects: 0 });
  expect(started.status()).toBe(302);
  const { redirectUrl } = (await started.json()).result as { redirectUrl: string };
  await owner.dispose();

  await loggedInAccount(page, playwright, baseURL);
  const response = await visit(page, new URL(redirectUrl).pathname);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("button", { name: "Pass the check" })).toHaveCount(0);
});

test("identity: a return address made by hand does not verify anyone", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  await visit(page, "/user-profile/profile-persona-verification");
  await page.getByRole("button", { name: "Start verification" }).click();
  await expect(page).toHaveURL(/\/verification-sandbox\/[\w-]+$/);
  const reference = new URL(page.url()).pathname.split("/").at(-1) as string;

  // The way back the sandbox would use, without its signature, and with a made-up one.
  for (const forged of [
    `?reference=${reference}&result=passed`,
    `?reference=${reference}&result=passed&signature=${"A".repeat(43)}`,
  ]) {
    await page.goto(`/user-profile/profile-persona-verification${forged}`);
    await expect(page).toHaveURL(/\/user-profile\/profile-persona-verification$/);
    await expect(toast(page)).toContainText("could not be confirmed with the provider");
    await expect(page.getByTestId("identity-status")).toHaveText("Pending");
  }
  expect((await profileOf(page.request)).identityStatus).toBe("pending");
});

test("company profile: the TIN is required and checked, and the saved profile shows again", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  await visit(page, "/user-profile/profile-persona-verification");
  const company = page.getByRole("region", { name: "Renting as a company?" });
  await company.getByLabel("Company name").fill("Villanueva Trading Corp.");
  await company.getByRole("button", { name: "Save company profile" }).click();
  await expect(toast(page)).toContainText("TIN number is required");
  await expect(company.getByText("TIN number is required", { exact: true })).toBeVisible();
  await expect(company.getByText("Street is required", { exact: true })).toBeVisible();
  await expect(company.getByLabel("Company name")).toHaveValue("Villanueva Trading Corp.");

  await company.getByLabel("TIN number").fill("1234-5678");
  await fillAddress(page, company);
  await company.getByRole("button", { name: "Save company profile" }).click();
  await expect(company.getByText("TIN number must have 9 to 12 digits.")).toBeVisible();
  await expectAccessible(page);

  await company.getByLabel("TIN number").fill("123-456-789-000");
  await company.getByRole("button", { name: "Save company profile" }).click();
  await expect(toast(page)).toContainText("Your company profile has been saved.");
  await visit(page, "/user-profile/profile-persona-verification");
  const saved = page.getByRole("region", { name: "Renting as a company?" });
  await expect(saved.getByLabel("Company name")).toHaveValue("Villanueva Trading Corp.");
  await expect(saved.getByLabel("TIN number")).toHaveValue("123-456-789-000");
  await expect(saved.getByLabel("City", { exact: true })).toHaveValue("makati");
  await expect(saved.getByLabel("Street", { exact: true })).toHaveValue("Valero Street");
});

test("first login: photo, phone and address walk the new user through, and the end is recorded", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { account, context } = await newAccount(playwright, baseURL);
  await context.dispose();
  const phone = uniquePhone();

  await visit(page, "/auth/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/user-profile\/create-profile-photo\?flow=first-login$/);
  await page.getByRole("link", { name: "Skip for now" }).click();

  await expect(page).toHaveURL(/\/user-profile\/confirm-phone-number\?flow=first-login$/);
  await expect(page.getByRole("navigation", { name: "Getting started" })).toContainText("Step 2 of 3");
  await expectAccessible(page);
  await page.getByLabel("Mobile number").fill(phone);
  await page.getByRole("button", { name: "Send the code" }).click();
  await expect(page.getByLabel("6-digit code")).toBeVisible();
  await page.getByLabel("6-digit code").fill(await textedCode(page.context(), phone));
  await page.getByRole("button", { name: "Confirm" }).click();

  await expect(page).toHaveURL(/\/user-profile\/create-profile-address\?flow=first-login$/);
  await expect(toast(page)).toContainText("Your phone number has been verified.");
  await expect(page.getByRole("navigation", { name: "Getting started" })).toContainText("Step 3 of 3");
  await expectAccessible(page);
  await fillAddress(page);
  await page.getByRole("button", { name: "Save address" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toContainText("You're all set.");
  await expectAccessible(page);
  const profile = await profileOf(page.request);
  expect(profile).toMatchObject({ firstLogin: false, phoneNumber: phone, phoneVerified: true });
  expect(profile.address?.city).toBe("Makati");

  // The walk-through is over: the next login goes where the user was going.
  await page.context().clearCookies();
  await visit(page, "/auth/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("first login: the address step can be skipped, which ends the walk-through too", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  await visit(page, "/user-profile/confirm-phone-number?flow=first-login");
  await page.getByRole("link", { name: "Skip for now" }).click();
  await expect(page).toHaveURL(/\/user-profile\/create-profile-address\?flow=first-login$/);
  await page.getByRole("button", { name: "Skip for now" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toContainText("You're all set.");
  const profile = await profileOf(page.request);
  expect(profile).toMatchObject({ firstLogin: false, address: null, phoneVerified: false });
});
