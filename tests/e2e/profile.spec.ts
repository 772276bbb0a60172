import type { APIRequestContext, Page } from "@playwright/test";
import { demoUsers, expect, expectAccessible, newAccount, test, visit, WIDE } from "./fixtures";

/**
 * The profile screens (docs/product.md, Screens and routes: user-profile): edit-account-info, account-settings,
 * invite-a-friend with its referral code, the entry-URL cookie and the key-press filters. Each test runs with
 * JavaScript on and off.
 */

test.use({ viewport: WIDE });
// Several pages each, every one checked with axe: more than the default 30 s when the machine is busy.
test.describe.configure({ timeout: 90_000 });

const javaScriptOn = () => test.info().project.use.javaScriptEnabled !== false;

/** A fresh account (so parallel runs never share one), logged in in this page's browser. */
async function loggedInAccount(page: Page, playwright: Parameters<typeof newAccount>[0], baseURL?: string) {
  const { account, context } = await newAccount(playwright, baseURL);
  await page.context().addCookies((await context.storageState()).cookies);
  return { account, api: context };
}

async function disposeAll(...contexts: APIRequestContext[]) {
  for (const context of contexts) await context.dispose();
}

test("editing the account info shows the new nickname in the header and keeps every field", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { account, api } = await loggedInAccount(page, playwright, baseURL);
  await visit(page, "/user-profile/edit-account-info");
  await expect(page.getByRole("heading", { level: 1, name: "Edit account info" })).toBeVisible();
  await expect(page.getByTestId("header-user-name")).toHaveText(account.nickName);
  await expect(page.getByLabel("Nickname")).toHaveValue(account.nickName);
  await expect(page.getByLabel("Birth date")).toHaveValue(account.dob);

  const nickName = `Bee ${Math.random().toString(36).slice(2, 7)}`;
  await page.getByLabel("Nickname").fill(nickName);
  await page.getByLabel("Middle name (optional)").fill("Luna");
  await page.getByLabel("Gender (optional)").selectOption("female");
  await page.getByLabel("About me (optional)").fill("I keep two bikes and some boxes.");
  await page.getByRole("button", { name: "Save changes" }).click();

  await expect(page).toHaveURL(/\/user-profile\/user-profile-menu$/);
  await expect(page.getByTestId("toast")).toContainText("Your profile has been updated.");
  await expect(page.getByTestId("header-user-name")).toHaveText(nickName);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nickName);
  await expectAccessible(page);

  await visit(page, "/user-profile/edit-account-info");
  await expect(page.getByLabel("Nickname")).toHaveValue(nickName);
  await expect(page.getByLabel("Middle name (optional)")).toHaveValue("Luna");
  await expect(page.getByLabel("Gender (optional)")).toHaveValue("female");
  await expect(page.getByLabel("About me (optional)")).toHaveValue("I keep two bikes and some boxes.");
  await disposeAll(api);
});

test("edit-account-info shows each rule's message next to its field and changes nothing", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { account, api } = await loggedInAccount(page, playwright, baseURL);
  await visit(page, "/user-profile/edit-account-info");
  await page.getByLabel("First name").fill("");
  await page.getByLabel("Nickname").fill("");
  await page.getByLabel("Birth date").fill("");
  await page.getByLabel("Mobile number").fill("0917");
  await page.getByRole("button", { name: "Save changes" }).click();

  for (const message of [
    "First name is required",
    "Nick name is required",
    "Birth date is required",
    "Phone number must be greater than or equal to 10 characters.",
  ]) {
    await expect(page.getByRole("main").getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByTestId("toast")).toContainText("First name is required");
  await expect(page.getByLabel("Nickname")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  await visit(page, "/user-profile/user-profile-menu");
  await expect(page.getByTestId("header-user-name")).toHaveText(account.nickName);
  await disposeAll(api);
});

test("the key-press filter keeps a nickname to letters, digits, spaces, hyphens and underscores; the server too", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { api } = await loggedInAccount(page, playwright, baseURL);
  await visit(page, "/user-profile/edit-account-info");
  const nickName = page.getByLabel("Nickname");
  await expect(nickName).toHaveAttribute("data-keyfilter", "label");
  await nickName.fill("");
  if (javaScriptOn()) {
    // Typed key by key, the refused characters never land; pasted-like input keeps only the allowed ones.
    await nickName.pressSequentially("Mia!@ #1_ñ");
    await expect(nickName).toHaveValue("Mia 1_ñ");
    await nickName.fill("Ana<b>Reyes!");
    await expect(nickName).toHaveValue("AnabReyes");
  } else {
    // Without JavaScript nothing filters the keys: the server refuses the value with the rule's message.
    await nickName.fill("Mia!");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(
      page
        .getByRole("main")
        .getByText("Nick name may only contain letters, digits, spaces, hyphens and underscores.", {
          exact: true,
        }),
    ).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("Nick name may only contain");
  }
  await disposeAll(api);
});

test("account settings persist after a reload", async ({ page, playwright, baseURL }) => {
  const { account, api } = await loggedInAccount(page, playwright, baseURL);
  await visit(page, "/user-profile/account-settings");
  await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(account.email);
  await expect(page.getByLabel("E-mail notifications")).toBeChecked();
  await expect(page.getByLabel("SMS notifications")).toBeChecked();
  await expect(page.getByLabel("Facebook notifications")).not.toBeChecked();
  await expect(page.getByRole("radio", { name: /Meters/ })).toBeChecked();

  await page.getByLabel("E-mail notifications").uncheck();
  await page.getByLabel("Facebook notifications").check();
  await page.getByRole("radio", { name: /Feet/ }).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("toast")).toContainText("Your settings have been saved.");
  await expect(page).toHaveURL(/\/user-profile\/account-settings$/);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
  await expect(page.getByLabel("E-mail notifications")).not.toBeChecked();
  await expect(page.getByLabel("SMS notifications")).toBeChecked();
  await expect(page.getByLabel("Facebook notifications")).toBeChecked();
  await expect(page.getByRole("radio", { name: /Feet/ })).toBeChecked();
  await expectAccessible(page);

  const settings = await (await api.get("/api/user/viewAccountSettings")).json();
  expect(settings.result).toEqual({
    email: account.email,
    emailNotifications: false,
    smsNotifications: true,
    allowFacebookNotifications: true,
    measurementUnit: "feet",
    gCash: null,
    bankDetails: null,
    paymayaDetails: null,
  });
  await disposeAll(api);
});

test("invite a friend: the code and link are shown, the invitation reaches the mail sink, and its link fills in the code", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { account, api } = await loggedInAccount(page, playwright, baseURL);
  const code = (await (await api.post("/api/user/getMyCode")).json()).result as {
    referralCode: string;
    shareUrl: string;
  };
  await visit(page, "/user-profile/invite-a-friend");
  await expect(page.getByRole("heading", { level: 1, name: "Invite a friend" })).toBeVisible();
  await expect(page.getByTestId("referral-code")).toHaveText(code.referralCode);
  await expect(page.getByLabel("Your sign-up link")).toHaveValue(code.shareUrl);
  expect(code.shareUrl).toBe(`${baseURL}/auth/signup-form?referralCode=${code.referralCode}`);

  if (javaScriptOn()) {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Link copied." })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code.shareUrl);
  } else {
    await expect(page.getByRole("button", { name: "Copy link" })).toHaveCount(0);
  }

  // A bad address is refused by name, and nothing is sent.
  const id = Math.random().toString(36).slice(2, 8);
  const friends = [`friend-a-${id}@example.ph`, `friend-b-${id}@example.ph`];
  await page.getByLabel("Your friends' e-mail addresses").fill(`${friends[0]}, not-an-address`);
  await page.getByRole("button", { name: "Send invitations" }).click();
  await expect(
    page.getByRole("main").getByText('"not-an-address" is not a valid e-mail address.'),
  ).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Your friends' e-mail addresses").fill(`${friends[0]},\n${friends[1]}`);
  await page.getByLabel("A message from you (optional)").fill("Salamat! Join me.");
  await page.getByRole("button", { name: "Send invitations" }).click();
  await expect(page.getByTestId("toast")).toContainText(
    "Your 2 invitations have been sent. You can send 18 more today.",
  );

  // The mail job delivers in the background: reload the sink until both are there.
  const invitation = page
    .getByTestId("sunk-mail")
    .filter({ hasText: friends[1] as string })
    .filter({ hasText: `${account.nickName} invited you to Space Solution` });
  // Each friend's own mail (`?to=`): on a busy server other tests' mail can push it past the latest 50.
  const inbox = (friend: string) => `/dev/mail?${new URLSearchParams({ to: friend })}`;
  const first = page
    .getByTestId("sunk-mail")
    .filter({ hasText: friends[0] as string })
    .filter({ hasText: `${account.nickName} invited you to Space Solution` });
  await expect(async () => {
    await page.goto(inbox(friends[0] as string));
    await expect(first).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await expect(async () => {
    await page.goto(inbox(friends[1] as string));
    await expect(invitation).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await expectAccessible(page);
  await expect(invitation).toContainText("Salamat! Join me.");
  const link =
    (await invitation.getByRole("link", { name: /\/auth\/signup-form/ }).getAttribute("href")) ?? "";
  expect(link).toBe(code.shareUrl);

  // The friend (not logged in) follows the link: the sign-up form has the code filled in.
  await page.context().clearCookies();
  await visit(page, link);
  await expect(page.getByRole("heading", { name: "Sign up with e-mail" })).toBeVisible();
  await expect(page.getByLabel("Referral code (optional)")).toHaveValue(code.referralCode);
  await disposeAll(api);
});

test("a friend's referral code can be applied once, not one's own", async ({ page, playwright, baseURL }) => {
  const { api } = await loggedInAccount(page, playwright, baseURL);
  const own = (await (await api.post("/api/user/getMyCode")).json()).result.referralCode as string;
  await visit(page, "/user-profile/invite-a-friend");
  const field = page.getByLabel("Friend's referral code");
  await field.fill(own);
  await page.getByRole("button", { name: "Apply code" }).click();
  await expect(page.getByRole("main").getByText("You cannot use your own referral code.")).toBeVisible();
  await expect(page.getByTestId("toast")).toContainText("You cannot use your own referral code.");

  await page.getByLabel("Friend's referral code").fill(demoUsers.host.referralCode.toLowerCase());
  await page.getByRole("button", { name: "Apply code" }).click();
  await expect(page.getByTestId("toast")).toContainText(
    "The referral code has been applied. You and Ria get a voucher after your first booking.",
  );
  await expect(page.getByRole("heading", { name: "Got a code from a friend?" })).toHaveCount(0);
  await expectAccessible(page);
  await disposeAll(api);
});

test("a visitor's entry URL is kept in a sealed, HttpOnly cookie until sign-up", async ({
  page,
  baseURL,
}) => {
  const entryCookie = async () =>
    (await page.context().cookies()).find((cookie) => cookie.name === "ss_entry");

  // The auth pages are never an entry.
  await visit(page, "/auth/login");
  expect(await entryCookie()).toBeUndefined();

  await visit(page, "/?utm_source=newsletter&utm_campaign=parking-sale");
  const cookie = await entryCookie();
  expect(cookie, "the landing page sets the entry cookie").toBeDefined();
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");
  expect(cookie?.value).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
  // Unreadable as plain text, and not merely encoded.
  const decoded = Buffer.from(cookie?.value.slice(3) ?? "", "base64url").toString("latin1");
  for (const text of [cookie?.value ?? "", decodeURIComponent(cookie?.value ?? ""), decoded]) {
    expect(text).not.toContain("newsletter");
    expect(text).not.toContain("utm_");
    expect(text).not.toContain(new URL(baseURL ?? "http://localhost").host);
  }
  // Not readable by scripts either.
  if (javaScriptOn()) expect(await page.evaluate(() => document.cookie)).not.toContain("ss_entry");

  // Later pages keep the first landing, within 24 hours.
  await visit(page, "/no-such-page");
  expect((await entryCookie())?.value).toBe(cookie?.value);

  // Sign-up stores it (tests/api/profile.test.ts checks the stored value) and removes the cookie.
  const id = Math.random().toString(36).slice(2, 8);
  await visit(page, "/auth/signup-form");
  await page.getByLabel("First name").fill("Rico");
  await page.getByLabel("Last name").fill("Blanco");
  await page.getByLabel("Nickname").fill(`Rico${id}`);
  await page.getByLabel("Email").fill(`rico-${id}@example.ph`);
  await page.getByLabel("Mobile number").fill("09181234567");
  await page.getByLabel("Password", { exact: true }).fill("a-good-password");
  await page.getByLabel("Confirm password").fill("a-good-password");
  await page.getByLabel("Why are you signing up?").selectOption("renter");
  await page.getByLabel("Birth date").fill("1990-01-31");
  await page.getByLabel("I accept the terms").check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/user-profile\/create-profile-photo\?flow=first-login$/);
  expect(await entryCookie()).toBeUndefined();

  // Logged in, no entry URL is kept any more.
  await visit(page, "/?utm_source=again");
  expect(await entryCookie()).toBeUndefined();
});
