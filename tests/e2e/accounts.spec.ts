import {
  demoListingId,
  demoUsers,
  expect,
  expectAccessible,
  newAccount,
  test,
  visit,
  WIDE,
} from "./fixtures";

test.use({ viewport: WIDE });

test("sign-up shows every validation message next to its field and the first one as a toast", async ({
  page,
}) => {
  await visit(page, "/auth/signup");
  await page.getByRole("link", { name: "Sign up with e-mail" }).click();
  await expect(page.getByRole("heading", { name: "Sign up with e-mail" })).toBeVisible();
  await page.getByRole("button", { name: "Create account" }).click();

  for (const message of [
    "First name is required",
    "Last name is required",
    "Nick name is required",
    "Email is required",
    "Password is required",
    "Confirm password is required",
    "Please indicate why you're interested in signing up",
    "Birth date is required",
    "Please accept the terms and conditions",
  ]) {
    await expect(page.getByRole("main").getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByTestId("toast")).toContainText("First name is required");
  await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  await page.getByLabel("First name").fill("Bea");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Mobile number").fill("0917");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Invalid Email.", { exact: true })).toBeVisible();
  await expect(page.getByText("Phone number must be greater than or equal to 10 characters.")).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters.")).toBeVisible();
  // What was typed stays.
  await expect(page.getByLabel("First name")).toHaveValue("Bea");
  await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
});

test("sign-up creates the account, logs it in and starts the first-login steps", async ({ page }) => {
  const id = Math.random().toString(36).slice(2, 8);
  await visit(page, "/auth/signup-form");
  await page.getByLabel("First name").fill("Paolo");
  await page.getByLabel("Last name").fill("Garcia");
  await page.getByLabel("Nickname").fill(`Pao${id}`);
  await page.getByLabel("Email").fill(`paolo-${id}@example.ph`);
  await page.getByLabel("Mobile number").fill("09181234567");
  await page.getByLabel("Password", { exact: true }).fill("a-good-password");
  await page.getByLabel("Confirm password").fill("a-good-password");
  await page.getByLabel("Why are you signing up?").selectOption("host");
  await page.getByLabel("Birth date").fill("1990-01-31");
  await page.getByLabel("I accept the terms").check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/user-profile\/create-profile-photo\?flow=first-login$/);
  await expect(page.getByTestId("header-user-name")).toHaveText(`Pao${id}`);
  await expectAccessible(page);
});

test("a visitor who presses Reserve signs up, walks the first-login steps and lands on the reserve page", async ({
  page,
}) => {
  const title = "Secure storage room in Makati";
  const spaceId = await demoListingId(page.request, "storageType=storage&city=makati", title);
  const reservePage = `/reserve-space/storage?spaceId=${spaceId}`;
  const keepsTheWay = `redirectTo=${encodeURIComponent(reservePage)}`;
  await page.goto(`/storage/listings/${spaceId}`);
  await page.getByRole("link", { name: "Reserve", exact: true }).click();

  // The login page says why it interrupts, and every way of signing up keeps the reserve page.
  await expect(page).toHaveURL(`/auth/login?${keepsTheWay}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Log in to reserve ${title}`);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Create your account to reserve ${title}`);
  await expect(page.getByRole("link", { name: "Continue with Google" })).toHaveAttribute(
    "href",
    `/auth/google?${keepsTheWay}`,
  );
  await page.getByRole("link", { name: "Sign up with e-mail" }).click();

  const id = Math.random().toString(36).slice(2, 8);
  await page.getByLabel("First name").fill("Lea");
  await page.getByLabel("Last name").fill("Ramos");
  await page.getByLabel("Nickname").fill(`Lea${id}`);
  await page.getByLabel("Email").fill(`lea-${id}@example.ph`);
  await page.getByLabel("Mobile number").fill("09181234567");
  await page.getByLabel("Password", { exact: true }).fill("a-good-password");
  await page.getByLabel("Confirm password").fill("a-good-password");
  await page.getByLabel("Why are you signing up?").selectOption("renter");
  await page.getByLabel("Birth date").fill("1994-06-12");
  await page.getByLabel("I accept the terms").check();
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(`/user-profile/create-profile-photo?flow=first-login&${keepsTheWay}`);
  await page.getByRole("link", { name: "Skip for now" }).click();
  await expect(page).toHaveURL(`/user-profile/confirm-phone-number?flow=first-login&${keepsTheWay}`);
  await page.getByRole("link", { name: "Skip for now" }).click();
  await expect(page).toHaveURL(`/user-profile/create-profile-address?flow=first-login&${keepsTheWay}`);
  await page.getByRole("button", { name: "Skip for now" }).click();

  await expect(page).toHaveURL(reservePage);
  await expect(page.getByTestId("toast")).toContainText("You're all set.");
  await expect(page.getByText(title).first()).toBeVisible();
  await expect(page.getByLabel("Move-in date")).toBeVisible();
  await expectAccessible(page);
});

test("a duplicate e-mail is refused on the e-mail field", async ({ page }) => {
  await visit(page, "/auth/signup-form");
  await page.getByLabel("First name").fill("Maria");
  await page.getByLabel("Last name").fill("Santos");
  await page.getByLabel("Nickname").fill("Ria2");
  await page.getByLabel("Email").fill(demoUsers.host.email);
  await page.getByLabel("Mobile number").fill("09181234567");
  await page.getByLabel("Password", { exact: true }).fill("a-good-password");
  await page.getByLabel("Confirm password").fill("a-good-password");
  await page.getByLabel("Why are you signing up?").selectOption("both");
  await page.getByLabel("Birth date").fill("1990-01-31");
  await page.getByLabel("I accept the terms").check();
  await page.getByRole("button", { name: "Create account" }).click();
  // The field's own error (with JavaScript the live check says it too).
  await expect(page.locator("#signup-email-error")).toHaveText("This email is already registered.");
  await expect(page.getByTestId("toast")).toContainText("This email is already registered.");
});

test("log in fails with one generic message, then succeeds and returns to the page that sent the user", async ({
  page,
}) => {
  await visit(page, "/user-profile/user-profile-menu");
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fuser-profile%2Fuser-profile-menu$/);
  await page.getByLabel("Email").fill(demoUsers.renter.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByTestId("toast")).toContainText("The email or password you entered is incorrect.");
  await expect(page.getByLabel("Email")).toHaveValue(demoUsers.renter.email);
  await expectAccessible(page);

  await page.getByLabel("Password").fill("spacesolution-demo");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/user-profile\/user-profile-menu$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Juan");
  await expectAccessible(page);
});

test("log out lands on the login page and ends the session", async ({ page, playwright, baseURL }) => {
  const { context } = await newAccount(playwright, baseURL);
  await page.context().addCookies((await context.storageState()).cookies);
  await visit(page, "/user-profile/user-profile-menu");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await visit(page, "/");
  await expect(
    page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Login" }),
  ).toBeVisible();
  await context.dispose();
});

test("forgot password: the e-mailed link sets a new password that logs in", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { account, context } = await newAccount(playwright, baseURL);
  await context.dispose();

  // On the way to their bookings: the new password must bring them there, through the e-mail too.
  await visit(page, "/auth/login?redirectTo=%2Fbookings");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(
    page.getByRole("main").getByRole("status").filter({ hasText: "we have sent it a link" }),
  ).toBeVisible();
  await expectAccessible(page);

  await expect(async () => {
    await visit(page, `/dev/mail?${new URLSearchParams({ to: account.email })}`);
    // A short look each time, so the page is loaded again until the mail job has written the message.
    await expect(
      page.getByTestId("sunk-mail").filter({ hasText: account.email }).filter({ hasText: "Reset your" }),
    ).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page
    .getByTestId("sunk-mail")
    .filter({ hasText: account.email })
    .filter({ hasText: "Reset your" })
    .getByRole("link", { name: /\/auth\/reset-password\// })
    .click();

  await expect(page).toHaveURL(/\/auth\/reset-password\/[\w-]+\?redirectTo=%2Fbookings$/);
  await expectAccessible(page);
  await page.getByLabel("New password", { exact: true }).fill("brand-new-password");
  await page.getByLabel("Confirm password").fill("brand-new-password");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fbookings$/);
  await expect(page.getByTestId("toast")).toContainText("Your password has been reset.");

  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("brand-new-password");
  await page.getByRole("button", { name: "Log in" }).click();
  // A new account's first login starts the walk-through.
  await expect(page).toHaveURL(
    /\/user-profile\/create-profile-photo\?flow=first-login&redirectTo=%2Fbookings$/,
  );
  await expect(page.getByTestId("header-user-name")).toHaveText(account.nickName);
});

test("changing the password ends the other sessions", async ({ page, playwright, baseURL }) => {
  const { account, context: otherDevice } = await newAccount(playwright, baseURL);
  expect((await otherDevice.get("/api/user/viewUserProfile")).status()).toBe(200);

  await visit(page, "/auth/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/user-profile\/create-profile-photo\?flow=first-login$/);

  await visit(page, "/auth/change-current-password");
  await page.getByLabel("Current password").fill("wrong-current-password");
  await page.getByLabel("New password", { exact: true }).fill("another-password-1");
  await page.getByLabel("Confirm new password").fill("another-password-1");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("main").getByText("Your current password is incorrect.")).toBeVisible();

  await page.getByLabel("Current password").fill(account.password);
  await page.getByLabel("New password", { exact: true }).fill("another-password-1");
  await page.getByLabel("Confirm new password").fill("another-password-1");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/user-profile\/user-profile-menu$/);
  await expect(page.getByTestId("toast")).toContainText("Your password has been changed.");
  await expectAccessible(page);

  expect((await otherDevice.get("/api/user/viewUserProfile")).status()).toBe(401);
  await otherDevice.dispose();
});

test("with JavaScript, a taken e-mail and the referral code are checked when leaving the field", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(
    !javaScriptEnabled,
    "a JavaScript enhancement; without it the server checks on submit (tested above)",
  );
  await visit(page, "/auth/signup-form");
  await page.getByLabel("Email").fill(demoUsers.host.email);
  await page.getByLabel("Mobile number").focus();
  await expect(page.getByText("This email is already registered.")).toBeVisible();

  await page.getByLabel("Referral code (optional)").fill("NOPE-0000");
  await page.getByLabel("Birth date").focus();
  await expect(page.getByText("This referral code is not valid.")).toBeVisible();
  await page.getByLabel("Referral code (optional)").fill(demoUsers.host.referralCode);
  await page.getByLabel("Birth date").focus();
  await expect(page.getByText("Referral code found")).toBeVisible();
});
