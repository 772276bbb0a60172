import type { BrowserContext, Page } from "@playwright/test";
import { encodeIdentity, IDENTITY_COOKIE, type MockIdentity } from "../doubles/identity-provider";
import { demoListingId, expect, expectAccessible, newAccount, test, visit, WIDE } from "./fixtures";

/**
 * Sign-in with Google and Facebook (ADR 0009) through the local identity provider that playwright.config.ts
 * starts: the real redirect to its /authorize (which approves at once), the callback with the state check, the
 * code exchange, and the API's token checks. The browser tells the provider who signs in with a cookie on its
 * /authorize path (cookies are shared across localhost's ports; the app never sees that path).
 */

test.use({ viewport: WIDE });

const FIRST_LOGIN = /\/user-profile\/create-profile-photo\?flow=first-login$/;

function newIdentity(overrides: Partial<MockIdentity> = {}): MockIdentity {
  const id = Math.random().toString(36).slice(2, 10);
  return {
    sub: `e2e-${id}`,
    email: `social-${id}@example.ph`,
    emailVerified: true,
    givenName: `Gia${id}`,
    familyName: "Santiago",
    ...overrides,
  };
}

/** Who signs in at the provider in this browser context. */
async function signInAtProviderAs(context: BrowserContext, identity: MockIdentity) {
  await context.addCookies([
    { name: IDENTITY_COOKIE, value: encodeIdentity(identity), domain: "localhost", path: "/authorize" },
  ]);
}

async function expectLoggedInAs(page: Page, name: string) {
  await expect(page.getByTestId("header-user-name")).toHaveText(name);
}

test("Continue with Google makes a new account and starts the first-login steps", async ({ page }) => {
  const identity = newIdentity();
  await signInAtProviderAs(page.context(), identity);
  await visit(page, "/auth/login");
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(FIRST_LOGIN);
  await expectLoggedInAs(page, identity.givenName as string);

  // The next time, the same Google user comes back to the same account, no longer a first login.
  await visit(page, "/user-profile/user-profile-menu");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(FIRST_LOGIN);
  await expectLoggedInAs(page, identity.givenName as string);
});

test("Continue with Google links a verified e-mail to the existing account and returns to the page that sent the user", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { account, context } = await newAccount(playwright, baseURL);
  const profile = await (await context.get("/api/user/viewUserProfile")).json();
  // This account has been through its first-login steps already.
  const done = await context.post("/api/user/updateFirstLogin", { data: { userId: profile.result.userId } });
  expect(done.status()).toBe(200);
  await context.dispose();

  await signInAtProviderAs(page.context(), newIdentity({ email: account.email, givenName: "Someone" }));
  await visit(page, "/user-profile/user-profile-menu");
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fuser-profile%2Fuser-profile-menu$/);
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/user-profile\/user-profile-menu$/);
  await expectLoggedInAs(page, account.nickName);
  await expectAccessible(page);
});

test("a new account made with Google on the way to reserving walks the first-login steps and comes back to reserve", async ({
  page,
}) => {
  const title = "Office building parking on Ayala Avenue";
  const spaceId = await demoListingId(page.request, "storageType=parking&city=makati", title);
  const reservePage = `/reserve-space/parking?spaceId=${spaceId}`;
  await signInAtProviderAs(page.context(), newIdentity());
  await page.goto(reservePage);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Log in to reserve ${title}`);
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(
    `/user-profile/create-profile-photo?flow=first-login&redirectTo=${encodeURIComponent(reservePage)}`,
  );
  // Each step is waited for, so a click never lands on the step before while the next one loads.
  await page.getByRole("link", { name: "Skip for now" }).click();
  await expect(page.getByText("Step 2 of 3")).toBeVisible();
  await page.getByRole("link", { name: "Skip for now" }).click();
  await expect(page.getByText("Step 3 of 3")).toBeVisible();
  await page.getByRole("button", { name: "Skip for now" }).click();
  await expect(page).toHaveURL(reservePage);
  await expect(page.getByLabel("Start date")).toBeVisible();
});

test("Continue with Facebook on the sign-up page makes a new account", async ({ page }) => {
  const identity = newIdentity({ givenName: "Rafa", familyName: "Dizon" });
  await signInAtProviderAs(page.context(), identity);
  await visit(page, "/auth/signup");
  await expect(page.getByRole("link", { name: "Continue with Google" })).toBeVisible();
  await page.getByRole("link", { name: "Continue with Facebook" }).click();
  await expect(page).toHaveURL(FIRST_LOGIN);
  await expectLoggedInAs(page, "Rafa");
});

test("cancelling at Google comes back to the login page with an error", async ({ page }) => {
  await signInAtProviderAs(page.context(), { sub: "", deny: true });
  await visit(page, "/auth/login");
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByTestId("toast")).toContainText("You cancelled signing in with Google.");
  await expectAccessible(page);
  // Not logged in.
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
});

test("a callback that this browser did not start is refused", async ({ page }) => {
  await visit(page, "/auth/login");
  await page.goto("/auth/google/callback?code=stolen-code&state=someone-elses-state");
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByTestId("toast")).toContainText(
    "Your Google sign-in expired or was not started here. Please try again.",
  );
  await expectAccessible(page);
});

test("an unverified Google e-mail is refused with a clear message", async ({ page }) => {
  await signInAtProviderAs(page.context(), newIdentity({ emailVerified: false }));
  await visit(page, "/auth/login");
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByTestId("toast")).toContainText(
    "Your Google e-mail address is not verified. Please verify it with Google, or sign up with e-mail.",
  );
});

test("starting a sign-in sends the browser to the provider with PKCE, and keeps the way back sealed", async ({
  page,
}) => {
  const answer = await page.request.post("/auth/google", {
    form: { redirectTo: "/user-profile/account-settings" },
    headers: { "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  const location = new URL(answer.headers().location as string);
  expect(location.pathname).toBe("/authorize");
  expect(location.searchParams.get("client_id")).toBe("e2e-google-client.apps.example");
  expect(location.searchParams.get("code_challenge_method")).toBe("S256");
  expect(location.searchParams.get("scope")).toBe("openid email profile");
  expect(location.searchParams.get("redirect_uri")).toMatch(
    /^http:\/\/localhost:\d+\/auth\/google\/callback$/,
  );
  const cookies = answer.headersArray().filter((header) => header.name.toLowerCase() === "set-cookie");
  const returnCookie = cookies.find((header) => header.value.startsWith("ss_oauth_return="));
  expect(returnCookie?.value).toMatch(/HttpOnly/i);
  // Encrypted: the path to return to is not readable in the cookie.
  expect(returnCookie?.value).not.toContain("account-settings");
  expect(cookies.some((header) => header.value.startsWith("ss_oauth_google:"))).toBe(true);

  // An address on another site is not kept as the way back.
  const offsite = await page.request.get("/auth/google?redirectTo=https://evil.example/", {
    maxRedirects: 0,
  });
  expect(offsite.status()).toBe(302);
  expect(offsite.headersArray().some((header) => header.value.startsWith("ss_oauth_return="))).toBe(false);
});
