import type { PlaywrightWorkerArgs } from "@playwright/test";
import { expect, newAccount, test, WIDE } from "./fixtures";

/**
 * Where the browser goes after logging in (and after the other steps whose way back comes from the URL or a form)
 * stays on this site, whatever the link that started it: a tab inside "/\t/evil.example" would make the browser read
 * "//evil.example", another site. Run with JavaScript on and off.
 */

test.use({ viewport: WIDE });

/** An account past its first-login steps, so that logging in goes to the way back. */
async function returningAccount(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string | undefined) {
  const { account, context } = await newAccount(playwright, baseURL);
  const profile = await (await context.get("/api/user/viewUserProfile")).json();
  const done = await context.post("/api/user/updateFirstLogin", { data: { userId: profile.result.userId } });
  expect(done.status()).toBe(200);
  await context.dispose();
  return account;
}

test("logging in with a way back that smuggles a tab ends on this site", async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = await returningAccount(playwright, baseURL);
  await page.goto("/auth/login?redirectTo=%2F%09%2Fevil.example%2Fphish");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(new URL("/", baseURL).href);
  await expect(page.getByTestId("header-user-name")).toHaveText(account.nickName);
});

test("a way back that cannot be a Location falls back to the home page, and the session is kept", async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = await returningAccount(playwright, baseURL);
  await page.goto("/auth/login?redirectTo=/%E3%80%82/x");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(new URL("/", baseURL).href);
  await expect(page.getByTestId("header-user-name")).toHaveText(account.nickName);
});

test("the login, favourites and social sign-in answers never send the browser to another site", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "HTTP-level checks run once");
  const sameOrigin = { "Sec-Fetch-Site": "same-origin" };
  for (const redirectTo of ["/\t/evil.example/phish", "/\\evil.example", "//evil.example", "/\u3002/x"]) {
    const favourite = await page.request.post("/favourites", {
      form: { spaceId: "x", returnTo: redirectTo },
      headers: sameOrigin,
      maxRedirects: 0,
    });
    expect(favourite.status()).toBe(302);
    const toLogin = new URL(favourite.headers().location as string, "http://ours.test");
    expect(toLogin.origin).toBe("http://ours.test");
    expect(toLogin.pathname).toBe("/auth/login");
    expect(toLogin.searchParams.get("redirectTo")).toBe("/user-profile/saved-spaces");

    for (const provider of ["google", "facebook"]) {
      const start = await page.request.post(`/auth/${provider}`, {
        form: { redirectTo },
        headers: sameOrigin,
        maxRedirects: 0,
      });
      expect(start.status()).toBe(302);
      // The way back is not kept at all: after the provider the user lands on the home page.
      expect(start.headersArray().some((header) => header.value.startsWith("ss_oauth_return="))).toBe(false);
    }
  }
});

test("the review-us answer goes back only to a page of this site, and never fails on a way back it cannot use", async ({
  playwright,
  baseURL,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "HTTP-level checks run once");
  const { context } = await newAccount(playwright, baseURL);
  const answer = (returnTo: string) =>
    context.post("/user-profile/review-us", {
      form: { returnTo, intent: "hide" },
      headers: { "Sec-Fetch-Site": "same-origin" },
      maxRedirects: 0,
    });
  for (const returnTo of ["/\\evil.example", "/\t/evil.example/phish", "//evil.example", "/\u3002/x"]) {
    const back = await answer(returnTo);
    expect(back.status(), returnTo).toBe(302);
    expect(back.headers().location, returnTo).toBe("/bookings");
  }
  const own = await answer("/bookings/some-booking?tab=past");
  expect(own.status()).toBe(302);
  expect(own.headers().location).toBe("/bookings/some-booking?tab=past");
  await context.dispose();
});
