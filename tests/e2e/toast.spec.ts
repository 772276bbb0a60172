import { expect, expectAccessible, loggedInAccount, test } from "./fixtures";

const EXPIRED = "Your session has expired for safety reasons. Please login again.";

test("a session that ended shows the Error toast on the home page, which goes away by itself", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  // A fresh account with its session made before the server started: no argon2id run for a test about toasts.
  await loggedInAccount(page, playwright, baseURL);

  // The session ends elsewhere (logout on another device) while this browser still holds its cookie.
  const elsewhere = await playwright.request.newContext({
    baseURL,
    storageState: await page.context().storageState(),
  });
  expect((await elsewhere.post("/api/user/logout")).status()).toBe(200);
  expect((await elsewhere.get("/api/user/viewUserProfile")).status()).toBe(401);
  await elsewhere.dispose();
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain("ss_session");

  await page.goto("/no-such-page");
  await expect(page).toHaveURL(/\/$/);
  const toast = page.getByTestId("toast");
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Error");
  await expect(toast).toContainText(EXPIRED);
  await expect(
    page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Login" }),
  ).toBeVisible();
  const close = toast.getByRole("button", { name: "Close notification" });
  if (testInfo.project.name === "js-on") {
    // Closed at once: on a busy machine axe could otherwise outlast the toast's 5 s.
    await close.click();
    await expect(toast).toHaveCount(0);
    await expectAccessible(page);
  } else {
    await expectAccessible(page);
    // Without JavaScript there is no close button: CSS hides the toast after its 5 s.
    await expect(close).toHaveCount(0);
    await expect(toast).toBeHidden({ timeout: 9_000 });
  }

  // The toast was flashed once: the next page does not show it again.
  await page.goto("/");
  await expect(page.getByTestId("toast")).toHaveCount(0);
});
