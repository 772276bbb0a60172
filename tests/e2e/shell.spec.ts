import type { Locator } from "@playwright/test";
import { demoUsers, expect, loggedInAccount, NARROW, test, visit, WIDE } from "./fixtures";

async function linkNames(nav: Locator) {
  const links = nav.getByRole("link");
  const names: string[] = [];
  for (let i = 0; i < (await links.count()); i++) {
    names.push(
      ((await links.nth(i).getAttribute("aria-label")) ?? (await links.nth(i).textContent()) ?? "")
        .replace(/\s+/g, " ")
        .trim(),
    );
  }
  return names;
}

test.describe("wide screens: the header", () => {
  test.use({ viewport: WIDE });

  test("a visitor sees Home, Blog, List a space, How it works, Login", async ({ page }) => {
    await visit(page, "/");
    const menu = page.getByRole("navigation", { name: "Main menu" });
    expect(await linkNames(menu)).toEqual([
      "Home",
      "Blog (opens in a new tab)",
      "List a space",
      "How it works",
      "Login",
    ]);
    await expect(menu.getByRole("link", { name: "Blog" })).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("navigation", { name: "Bottom menu" })).toBeHidden();
  });

  test("a logged-in user sees Home, Blog, Bookings, Bills, Listing a space, the bell, messages and their profile", async ({
    page,
    playwright,
    baseURL,
  }) => {
    // A fresh account: nothing has happened to it, so nothing is unread.
    const account = await loggedInAccount(page, playwright, baseURL);
    await visit(page, "/no-such-page-but-with-the-default-header");
    const menu = page.getByRole("navigation", { name: "Main menu" });
    expect(await linkNames(menu)).toEqual([
      "Home",
      "Blog (opens in a new tab)",
      "Bookings",
      "Bills",
      "Listing a space",
      "Notifications",
      "Messages",
      account.nickName,
    ]);
    const profile = menu.getByRole("link", { name: account.nickName });
    await expect(profile).toHaveAttribute("href", "/user-profile/user-profile-menu");
    await expect(profile.locator("img")).toHaveAttribute("src", "/images/default-profile.svg");
    // Nothing unread: no red dot is drawn (conversations.spec.ts shows the dots appear and clear).
    await expect(page.getByText("You have unread")).toHaveCount(0);
  });

  test("the name shown is the nickname, else the first name", async ({ page, login }) => {
    await login(demoUsers.renter);
    await visit(page, "/");
    await expect(page.getByTestId("header-user-name")).toHaveText("Juan");
  });
});

test.describe("small screens: the bottom menu", () => {
  test.use({ viewport: NARROW });

  test("a visitor sees Find, List, How it works, Login/Signup", async ({ page }) => {
    await visit(page, "/");
    const menu = page.getByRole("navigation", { name: "Bottom menu" });
    expect(await linkNames(menu)).toEqual(["Find", "List", "How it works", "Login/Signup"]);
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
  });

  test("a logged-in user sees Find, Booking, Bills, Inbox, Menu", async ({ page, playwright, baseURL }) => {
    await loggedInAccount(page, playwright, baseURL);
    await visit(page, "/");
    const menu = page.getByRole("navigation", { name: "Bottom menu" });
    expect(await linkNames(menu)).toEqual(["Find", "Booking", "Bills", "Inbox", "Menu"]);
    await expect(menu.getByRole("link", { name: "Menu" })).toHaveAttribute(
      "href",
      "/user-profile/user-profile-menu",
    );
  });
});

test("the first Tab reaches a visible skip link to the main content", async ({ page }) => {
  await visit(page, "/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await expect(skip).toHaveAttribute("href", "#main");
});
