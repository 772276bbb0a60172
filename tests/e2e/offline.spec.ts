import type { APIRequestContext, Page } from "@playwright/test";
import { addDays, todayInManila } from "../../app/domain/dates";
import { requestedBooking } from "./booking-requests";
import { expect, loggedInAccount, newHost, pageErrors, test } from "./fixtures";

/**
 * Installable and useful offline (docs/product.md, Installable and offline; ADRs 0082 and 0083). With JavaScript on,
 * the service worker keeps a renter's gate pass, bookings and booking pages, which open without signal with the line
 * saying when they were saved; any other page shows the offline page with links to them; after logging out nothing
 * of theirs is served. With JavaScript off (no service worker), every page works as before and names the manifest.
 */

test.use({ serviceWorkers: "allow" });

/** A Manila `YYYY-MM-DDTHH:mm` `days` ahead at `hour`:00. */
function slotIn(days: number, hour: number): string {
  const day = new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, "0")}:00`;
}

/** The renter's confirmed viewing of the host's listing, through the API: its gate pass's address. */
async function confirmedViewing(renter: APIRequestContext, host: APIRequestContext, spaceId: string) {
  const asked = await renter.post("/api/bookView/requestViewing", {
    data: { spaceId, slots: [slotIn(3, 10)] },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const { viewingId, slots } = (
    (await asked.json()) as {
      result: { viewingId: string; slots: { start: string }[] };
    }
  ).result;
  const confirmed = await host.post("/api/bookView/BookViewing", {
    data: { viewingId, slot: slots[0]?.start },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return `/messages/viewings/${viewingId}/pass`;
}

/** The addresses of the copies the service worker keeps for the person logged in. */
function keptPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith("pages-")) continue;
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        paths.push(url.pathname + url.search);
      }
    }
    return paths;
  });
}

/** Opens the home page and waits for the worker, which registers once the page has loaded, to take the page over. */
async function untilControlled(page: Page) {
  await page.goto("/");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

test.describe("with the service worker", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "a service worker needs JavaScript");

  test("offline, the gate pass and the booking page open from the device; other pages show the offline page; logging out empties it", async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const errors = pageErrors(page);
    const host = await newHost(playwright, baseURL);
    await loggedInAccount(page, playwright, baseURL);
    const { bookingId } = await requestedBooking(page.request, host.listing.id, addDays(todayInManila(), 10));
    const approved = await host.context.post("/api/reserve/approveBooking", {
      data: { bookingId, ownerId: host.user.id, autoAcceptExtension: false },
    });
    expect(approved.status(), await approved.text()).toBe(200);
    const passPath = await confirmedViewing(page.request, host.context, host.listing.id);
    const bookingPath = `/bookings/${bookingId}`;

    await untilControlled(page);

    // Opened with signal: the gate pass as a whole page, the booking by a link in the bookings list (Remix loads its data).
    await page.goto(passPath);
    await expect(page.getByTestId("pass-number")).toHaveText(/^VP-/);
    const passNumber = await page.getByTestId("pass-number").textContent();
    await page.goto("/bookings");
    await page.locator(`a[href="${bookingPath}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${bookingPath}$`));
    await expect(page.getByText("Fil-Am Friendship Highway").first()).toBeVisible();
    await expect.poll(() => keptPaths(page)).toEqual(expect.arrayContaining([passPath, bookingPath]));

    await context.setOffline(true);
    // A link followed in the page without signal loads the page in full, from the device.
    await page.getByRole("banner").getByRole("link", { name: "Bookings" }).first().click();
    await expect(page.getByTestId("offline-saved")).toContainText(/saved at/);

    await page.goto(passPath);
    await expect(page.getByTestId("pass-number")).toHaveText(passNumber ?? "");
    await expect(page.getByRole("img", { name: /^QR code of gate pass VP-/ }).locator("svg")).toBeVisible();
    await expect(page.getByTestId("pass-address")).toContainText("Fil-Am Friendship Highway");
    await expect(page.getByTestId("offline-saved")).toHaveText(
      /^You are offline\. This page was saved at .*\d{1,2}:\d{2}/,
    );

    await page.goto(bookingPath);
    await expect(page.getByText("Fil-Am Friendship Highway").first()).toBeVisible();
    await expect(page.getByTestId("offline-saved")).toContainText("saved at");

    await page.goto("/search-space");
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    const kept = page.getByTestId("offline-kept");
    await expect(kept.locator(`a[href="${passPath}"]`)).toHaveText("Gate pass");
    await expect(kept.locator(`a[href="${bookingPath}"]`)).toBeVisible();
    await kept.locator(`a[href="${passPath}"]`).click();
    await expect(page.getByTestId("pass-number")).toHaveText(passNumber ?? "");

    // Logging out empties the device of this person's pages.
    await context.setOffline(false);
    await page.goto("/user-profile/user-profile-menu");
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect.poll(() => keptPaths(page)).toEqual([]);
    await context.setOffline(true);
    await page.goto(passPath);
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await expect(page.getByTestId("pass-number")).toHaveCount(0);
    await expect(page.getByTestId("offline-kept")).toHaveText("Nothing is saved on this device yet.");
    await page.goto(bookingPath);
    await expect(page.getByText("Fil-Am Friendship Highway")).toHaveCount(0);
    await context.setOffline(false);
    expect(errors.filter((error) => !/net::ERR_|Failed to fetch/.test(error))).toEqual([]);
  });

  test("another person logging in on the device gets none of the first one's pages", async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    await loggedInAccount(page, playwright, baseURL);
    await untilControlled(page);
    await page.goto("/bookings");
    await expect.poll(() => keptPaths(page)).toEqual(["/bookings"]);

    // Someone else's session on the same browser (no logout in between): the first page they open empties the copies.
    await context.clearCookies();
    await loggedInAccount(page, playwright, baseURL);
    await page.goto("/");
    await expect.poll(() => keptPaths(page)).toEqual([]);
    await context.setOffline(true);
    await page.goto("/bookings");
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await expect(page.getByTestId("offline-kept")).toHaveText("Nothing is saved on this device yet.");
    await context.setOffline(false);
  });
});

test("every page names the web app manifest, whose icons are there", async ({
  page,
  playwright,
  baseURL,
}) => {
  const errors = pageErrors(page);
  await page.goto("/");
  if (test.info().project.use.javaScriptEnabled !== false)
    // A visitor's page (shared by caches, its scripts allowed by their hashes) registers the worker too.
    await page.evaluate(() => navigator.serviceWorker.ready);
  const manifestPath = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestPath).toBe("/manifest.webmanifest");
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    "href",
    "/icons/apple-touch-icon.png",
  );
  const answer = await page.request.get(manifestPath ?? "");
  expect(answer.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await answer.json()) as {
    name: string;
    short_name: string;
    display: string;
    start_url: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: "Space Solution",
    display: "standalone",
    start_url: "/",
    theme_color: "#0d5fae",
  });
  for (const size of ["192x192", "512x512"])
    expect(manifest.icons.some((icon) => icon.sizes === size && icon.purpose === "any")).toBe(true);
  expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"]).toContain(icon.type);
  }

  // The offline page itself, opened with signal, says what it is for; with JavaScript off it is a page like any.
  await page.goto("/offline");
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  // A logged-in page too: with JavaScript off nothing is kept, and the page is served as before.
  await loggedInAccount(page, playwright, baseURL);
  expect((await page.goto("/bookings"))?.status()).toBe(200);
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  expect(errors).toEqual([]);
});
