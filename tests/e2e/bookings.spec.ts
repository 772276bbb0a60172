import type { Browser } from "@playwright/test";
import { addDays, todayInManila } from "../../app/domain/dates";
import { formatPeso } from "../../app/domain/money";
import { DEMO_PASSWORD } from "../../app/seed/demo-users";
import { demoListingId, requestedBooking } from "./booking-requests";
import { demoUsers, expect, expectAccessible, loggedInAccount, test } from "./fixtures";

/**
 * The bookings screens (docs/product.md, Screens and routes: bookings, ADR 0025), with JavaScript on and off: the
 * bookings list's tabs, a booking's contract details page with the host's approval, the exact address from approval on,
 * cancelling with the refund shown first, and the 404 page for anyone else. Bookings are made through the API, not the
 * reserve-space screens (reserve-and-pay.spec.ts clicks through those): BookSpace, then the sandbox checkout's own form
 * posted as the renter's browser would, and the provider's webhook job moves the booking to "requested". Each project
 * books its own demo listing or its own dates, since both run against one server at once.
 */

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** A page logged in as a demo account (through the API) in a browser context of its own. */
async function demoPage(browser: Browser, email: string, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: jsOn() });
  const response = await context.request.post("/api/user/login", {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { page: await context.newPage(), close: () => context.close() };
}

test("the host answers a request from the requests tab; the renter then sees the address; nobody else sees the booking", async ({
  page,
  playwright,
  baseURL,
  browser,
}) => {
  test.setTimeout(150_000);
  await loggedInAccount(page, playwright, baseURL);
  // A fresh renter has nothing yet: the list says what to do next.
  await page.goto("/bookings");
  await expect(page.getByTestId("bookings-empty")).toContainText("You have no upcoming bookings");
  await expect(page.getByRole("link", { name: "Find a space" })).toHaveAttribute("href", "/search-space");

  // Maria's garage, a month each project, weeks apart.
  const start = addDays(todayInManila(), jsOn() ? 20 : 60);
  const { bookingId } = await requestedBooking(
    page.request,
    await demoListingId(page.request, "quezon-city", "Garage storage in Loyola Heights"),
    start,
  );
  const path = `/bookings/${bookingId}`;

  await page.goto("/bookings");
  const card = page.locator(`a[href="${path}"]`);
  await expect(card).toContainText("Garage storage in Loyola Heights");
  await expect(card).toContainText("Waiting for the host's answer");
  await expect(card).toContainText("Ria");
  await expect(card.getByTestId("act-by")).toContainText(/The host answers by .* \(1 day 23 h left\)/);
  await expectAccessible(page);

  const host = await demoPage(browser, demoUsers.host.email, baseURL);
  try {
    await host.page.goto("/bookings?tab=requests");
    await expect(host.page.getByRole("link", { name: /Requests to answer/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(host.page.locator(`a[href="${path}"]`).getByTestId("act-by")).toContainText("Answer by");
    await expectAccessible(host.page);
    await host.page.locator(`a[href="${path}"]`).click();
    await expect(host.page.getByTestId("booking-state")).toContainText("Request to answer");
    await expect(host.page.getByText("27 Don Pedro Street")).toHaveCount(0);
    await expectAccessible(host.page);
    await host.page.getByLabel("Accept the renter's extension requests automatically").check();
    await host.page.getByRole("button", { name: "Approve" }).click();
    await expect(host.page.getByTestId("booking-state")).toHaveText("Approved");
    await expect(host.page.getByTestId("toast")).toContainText("You approved this booking.");
    // The history says who moved it, from where to where, and why.
    await host.page.locator("summary", { hasText: "History" }).click();
    await expect(
      host.page.getByTestId("history-step").filter({ hasText: "Waiting for the host's answer → Approved" }),
    ).toContainText("Ria (host)");
  } finally {
    await host.close();
  }

  await page.goto(path);
  await expect(page.getByTestId("booking-state")).toHaveText("Approved");
  await expect(page.getByTestId("exact-address")).toContainText("44 Esteban Abada Street");
  await expect(page.getByRole("link", { name: "open the pin on a map" })).toHaveAttribute(
    "href",
    /^https:\/\/www\.openstreetmap\.org\/\?mlat=/,
  );
  await page.locator("summary", { hasText: "Contract" }).click();
  await expect(page.getByRole("link", { name: "rental terms and conditions" })).toHaveAttribute(
    "href",
    "/bookings/terms-and-conditions",
  );
  await expectAccessible(page);

  // Someone who is neither the renter nor the host gets the 404 page, the cancel page included.
  const stranger = await browser.newContext({ baseURL, javaScriptEnabled: jsOn() });
  try {
    const strangerPage = await stranger.newPage();
    await loggedInAccount(strangerPage, playwright, baseURL);
    expect((await strangerPage.goto(path))?.status()).toBe(404);
    await expect(strangerPage.getByText("44 Esteban Abada Street")).toHaveCount(0);
    expect(
      (await strangerPage.goto(`/reserve-space/cancel-reservation?bookingId=${bookingId}`))?.status(),
    ).toBe(404);
  } finally {
    await stranger.close();
  }
});

test("the renter cancels an approved booking 10 days ahead and gets everything but the fee back", async ({
  page,
  playwright,
  baseURL,
  browser,
}) => {
  test.setTimeout(150_000);
  await loggedInAccount(page, playwright, baseURL);
  // 10 days ahead for both projects: each takes a room of Maria's of its own.
  const space = jsOn()
    ? { city: "quezon-city", title: "Spare room near Timog Avenue" }
    : { city: "davao-city", title: "Small room storage in Matina" };
  const { bookingId, price } = await requestedBooking(
    page.request,
    await demoListingId(page.request, space.city, space.title),
    addDays(todayInManila(), 10),
  );

  const host = await demoPage(browser, demoUsers.host.email, baseURL);
  try {
    const me = await host.page.request.get("/api/user/viewUserProfile");
    const ownerId = ((await me.json()) as { result: { userId: string } }).result.userId;
    const approved = await host.page.request.post("/api/reserve/approveBooking", {
      data: { bookingId, ownerId, autoAcceptExtension: false },
    });
    expect(approved.status(), await approved.text()).toBe(200);
  } finally {
    await host.close();
  }

  const refund = formatPeso(price.due - price.spaceSolutionFee);
  await page.goto(`/bookings/${bookingId}`);
  await expect(page.getByTestId("refund-if-cancelled")).toHaveText(
    `If you cancel now, you get back ${refund}.`,
  );
  await page.getByRole("link", { name: "Cancel this booking" }).click();
  await expect(page).toHaveURL(/\/reserve-space\/cancel-reservation\?bookingId=/);
  await expect(page.getByTestId("refund-now")).toContainText(
    `you get back ${refund} of the ${formatPeso(price.due)} you paid`,
  );
  await expect(page.getByRole("cell", { name: "Everything but the Space Solution fee" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Why are you cancelling? (optional)").fill("My plans changed.");
  await page.getByRole("button", { name: "Cancel the booking" }).click();

  // The booking's page, naming the moment it opens on (ADR 0079).
  await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}\\?done=cancelled$`));
  await expect(page.getByTestId("toast")).toContainText("The booking is cancelled.");
  await expect(page.getByTestId("just-happened")).toHaveText(/You cancelled this booking\./);
  await expect(page.getByTestId("booking-state")).toHaveText("Cancelled");
  await page.locator("summary", { hasText: "History" }).click();
  await expect(page.getByTestId("history-step").last()).toContainText(
    "Cancelled by the renter: My plans changed.",
  );
  await expect(page.locator("dt", { hasText: "Refunded" }).locator("xpath=following-sibling::dd")).toHaveText(
    refund,
  );
  await page.goto("/bookings?tab=past");
  await expect(page.locator(`a[href="/bookings/${bookingId}"]`)).toContainText("Cancelled");
});

test("the rental terms say the product's rules", async ({ page }) => {
  await page.goto("/bookings/terms-and-conditions");
  await expect(page.getByRole("heading", { name: "Rental terms and conditions" })).toBeVisible();
  await expect(page.getByText("held for you for 60 minutes")).toBeVisible();
  await expect(page.getByText("The host answers within 48 hours, or before your start date")).toBeVisible();
  await expect(page.getByText("Deposits are held by Space Solution")).toBeVisible();
  await expectAccessible(page);
});
