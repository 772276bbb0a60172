import { expect, newAccount, test, WIDE } from "./fixtures";

/**
 * A logged-in user's answers stay theirs: no cache keeps them, a session ended elsewhere stops seeing them at once,
 * and another site cannot post to a screen's data URL.
 */

test.use({ viewport: WIDE });

const SESSION_EXPIRED = "Your session has expired for safety reasons. Please login again.";

test("a session ended elsewhere does not see its cached name and phone on edit-account-info", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { account, context } = await newAccount(playwright, baseURL);
  await page.context().addCookies((await context.storageState()).cookies);
  await page.goto("/user-profile/edit-account-info");
  await expect(page.getByLabel("Mobile number")).toHaveValue(account.phoneNumber);

  // Another device changes the password: every other session of the account ends.
  const other = await playwright.request.newContext({ baseURL });
  expect(
    (
      await other.post("/api/user/login", { data: { email: account.email, password: account.password } })
    ).status(),
  ).toBe(200);
  const changed = await other.post("/api/user/changePassword", {
    data: {
      currentPassword: account.password,
      newPassword: "a-new-password-1",
      confirmPassword: "a-new-password-1",
    },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await other.dispose();
  await context.dispose();

  // Within the profile's 180 s in the cache, the page must not come from it.
  const response = await page.goto("/user-profile/edit-account-info");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(new URL("/", baseURL).href);
  await expect(page.getByTestId("toast")).toContainText(SESSION_EXPIRED);
  await expect(page.getByText(account.nickName)).toHaveCount(0);
  await expect(page.getByText(account.phoneNumber)).toHaveCount(0);
});

test.describe("HTTP answers", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP-level checks run once");

  test("a cross-site post to a screen's .data URL is refused with 403, like every other cross-site post", async ({
    request,
  }) => {
    const crossSite: Record<string, string>[] = [
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const path of ["/favourites.data", "/auth/login.data", "/favourites"]) {
      for (const headers of crossSite) {
        const response = await request.post(path, {
          headers,
          form: { spaceId: "x", returnTo: "/", email: "a@b.ph", password: "a-password" },
          maxRedirects: 0,
        });
        expect(response.status(), `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.headers()["set-cookie"]).toBeUndefined();
      }
    }
  });

  test("logged-in pages and their .data answers are private, no-store; a visitor's are not", async ({
    playwright,
    baseURL,
  }) => {
    const visitor = await playwright.request.newContext({ baseURL });
    const home = await visitor.get("/");
    expect(home.headers()["cache-control"] ?? "").not.toContain("no-store");

    // The login's own answer sets the session cookie: it is private too.
    const { account, context } = await newAccount(playwright, baseURL);
    const login = await visitor.post("/auth/login.data", {
      headers: { "Sec-Fetch-Site": "same-origin" },
      form: { email: account.email, password: account.password, redirectTo: "/" },
      maxRedirects: 0,
    });
    expect(login.headers()["set-cookie"] ?? "").toContain("ss_session=");
    expect(login.headers()["cache-control"]).toBe("private, no-store");
    await visitor.dispose();

    for (const path of [
      "/",
      "/user-profile/user-profile-menu",
      "/user-profile/edit-account-info",
      "/user-profile/edit-account-info.data",
      "/_root.data",
    ]) {
      const response = await context.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
    }
    await context.dispose();
  });
});
