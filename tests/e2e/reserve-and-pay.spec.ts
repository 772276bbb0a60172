import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { addDays, formatCalendarDate, todayInManila } from "../../app/domain/dates";
import { PRICE_PROMPTS } from "../../app/domain/reservation";
import { DEMO_PASSWORD } from "../../app/seed/demo-users";
import { demoListingId, demoUsers, expect, expectAccessible, loggedInAccount, test } from "./fixtures";

/**
 * Booking and paying through the screens, with JavaScript on and off (ADR 0022, ADR 0023): the reserve-space steps
 * keep their draft on the server, the sandbox checkout pays (or fails) through the signed webhook, the host approves
 * from the bookings list and the renter sees the address. The bookings screens' own checks, with bookings made
 * through the API, are in bookings.spec.ts. Listings are the demo ones; each project books its own listing or its
 * own dates, since both run against one server at once (bookings.spec.ts books other listings).
 */

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** Pays on the sandbox's checkout page and waits for the webhook to take the request to the host. */
async function payInSandbox(page: Page, due: string) {
  await expect(page).toHaveURL(/\/checkout-sandbox\/cs_sandbox_/);
  await expect(page.getByTestId("checkout-amount")).toHaveText(due);
  await expectAccessible(page);
  await page.getByRole("button", { name: `Pay ${due}` }).click();
  await expect(page).toHaveURL(/\/reserve-space\/request-sent-success\?bookingId=/);
  // The provider's webhook is a job: the page looks again by itself until it has come.
  await expect(page.getByRole("heading", { name: "Request sent" })).toBeVisible({ timeout: 30_000 });
}

/** A page logged in as a demo account in a browser context of its own. */
async function demoPage(browser: Browser, email: string, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
  });
  const response = await context.request.post("/api/user/login", {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  return { page: await context.newPage(), close: () => context.close() };
}

test("a renter books storage for 3 months and pays; the host approves; the renter sees the address", async ({
  page,
  playwright,
  baseURL,
  browser,
}) => {
  test.setTimeout(180_000);
  await loggedInAccount(page, playwright, baseURL);
  // Each project books a storage listing of its own (whole spaces: one booking a date).
  const [title, city, due] = jsOn()
    ? ["Secure storage room in Makati", "makati", "₱6,150.00"]
    : ["20-foot container storage in Western Bicutan", "taguig", "₱6,300.00"];
  const spaceId = await demoListingId(page.request, `storageType=storage&city=${city}`, title);
  const start = addDays(todayInManila(), 14);

  await page.goto(`/reserve-space/storage?spaceId=${spaceId}`);
  await expectAccessible(page);
  await page.getByLabel("Move-in date").fill(start);
  await page.getByLabel("How long").selectOption("3_months");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/reserve-space\/storage-item-list/);
  await expect(page.getByTestId("quote-due")).toHaveText(due);
  await page.getByLabel("Item", { exact: true }).fill("Balikbayan box");
  await page.getByLabel("How many", { exact: true }).fill("3");
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#a0522d" } })
    .png()
    .toBuffer();
  await page
    .getByLabel("Photo (optional)")
    .setInputFiles({ name: "boxes.png", mimeType: "image/png", buffer: photo });
  await page.getByRole("button", { name: "Add to my list" }).click();
  await expect(page.locator('img[src^="/uploads/itemPhoto/"]')).toHaveCount(1);
  await expect(page.getByText("Balikbayan box", { exact: true })).toBeVisible();
  // Added means gone from the boxes, and a reload asks for the page again rather than posting the item twice.
  await expect(page.getByLabel("Item", { exact: true })).toHaveValue("");
  await page.reload();
  await expect(page.getByText("Balikbayan box", { exact: true })).toHaveCount(1);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/reserve-space\/message-for-keeper/);
  await page.getByLabel("Your message (optional)").fill("I will bring the boxes on a Saturday morning.");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/reserve-space\/payment-method/);
  await expect(page.getByText("Balikbayan box × 3")).toBeVisible();
  await page.getByLabel("GCash").check();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Book and pay" }).click();
  await payInSandbox(page, due);
  // The request-sent moment: what was paid with its receipt, and the conversation with the host.
  await expect(
    page.getByTestId("request-summary").getByRole("link", { name: /^receipt SS-R-\d+$/ }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Message Ria" })).toHaveAttribute(
    "href",
    /^\/messages\/[0-9a-f-]{36}$/,
  );
  await page.getByRole("link", { name: "See your booking" }).click();
  await expect(page.getByTestId("booking-state")).toContainText("Waiting for the host's answer");
  await expect(page.getByText("The exact address is shown here once the host approves")).toBeVisible();
  // The host as they call themselves (nickname, else first name).
  await expect(page.getByTestId("party-host")).toHaveText("Ria");
  const bookingUrl = page.url();
  // The listing's page shows the booking instead of a second Reserve.
  await page.getByRole("link", { name: title, exact: true }).click();
  await expect(
    page.getByText("You have a booking of this space: Waiting for the host's answer."),
  ).toBeVisible();
  // The box beside the details (the phone's Reserve bar has the same link, hidden on a wide screen).
  await expect(
    page
      .getByRole("complementary", { name: "Book, ask and share" })
      .getByRole("link", { name: "See your booking" }),
  ).toHaveAttribute("href", new URL(bookingUrl).pathname);

  const host = await demoPage(browser, demoUsers.host.email, baseURL);
  try {
    await host.page.goto("/bookings?tab=requests");
    await expectAccessible(host.page);
    await host.page.locator(`a[href="${new URL(bookingUrl).pathname}"]`).click();
    await expect(host.page.getByText("Balikbayan box × 3")).toBeVisible();
    await host.page.getByLabel("Accept the renter's extension requests automatically").check();
    await host.page.getByRole("button", { name: "Approve" }).click();
    await expect(host.page.getByTestId("booking-state")).toHaveText("Approved");
    // The approved moment at the top: said by the booking's history, so a reload says the same.
    await expect(host.page).toHaveURL(/\?done=approved$/);
    const moment = host.page.getByTestId("just-happened");
    await expect(moment).toContainText(/You approved .+'s booking\./);
    await expect(host.page.getByTestId("booking-next")).toContainText(/moves in on/);
    await expect(moment.getByRole("link", { name: /^Message / })).toHaveAttribute(
      "href",
      /^\/messages\/[0-9a-f-]{36}$/,
    );
    await expect(moment.getByRole("link", { name: /^Receipt SS-R-\d+$/ })).toBeVisible();
    await expectAccessible(host.page);
    await host.page.reload();
    await expect(host.page.getByTestId("just-happened")).toBeVisible();
  } finally {
    await host.close();
  }

  // The same link opened by the renter claims nothing: they did not approve.
  await page.goto(`${bookingUrl}?done=approved`);
  await expect(page.getByTestId("booking-state")).toHaveText("Approved");
  await expect(page.getByTestId("just-happened")).toHaveCount(0);
  await expect(page.getByTestId("exact-address")).toContainText(
    jsOn() ? "27 Don Pedro Street" : "15 Sampaguita Street",
  );
  await expectAccessible(page);
});

test("parking on chosen weekdays is priced by the days counted; a failed payment can be tried again", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await loggedInAccount(page, playwright, baseURL);
  const spaceId = await demoListingId(
    page.request,
    "storageType=parking&city=makati",
    "Office building parking on Ayala Avenue",
  );
  // A Monday, so Monday to Friday is 22 days of the 30 whatever the month (the pricing examples, docs/product.md).
  let start = addDays(todayInManila(), jsOn() ? 7 : 60);
  while (new Date(`${start}T00:00:00Z`).getUTCDay() !== 1) start = addDays(start, 1);

  await page.goto(`/reserve-space/parking?spaceId=${spaceId}`);
  // The earliest start in words, as dates in sentences are written.
  await expect(page.getByText(`${formatCalendarDate(todayInManila())} (today) or later.`)).toBeVisible();
  await page.getByLabel("Start date").fill(start);
  await page.getByLabel("How long").selectOption("1_month");
  await page.getByLabel(/Chosen days of the week/).check();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/reserve-space\/parking-selected-days/);
  await expectAccessible(page);
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]) {
    await expect(page.getByLabel(day)).toBeChecked();
  }
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/reserve-space\/message-for-keeper/);
  // 22 weekdays × ₱200.00, a deposit of the same, and the 5 % fee.
  await expect(page.getByTestId("booking-quote")).toContainText("₱4,400.00");
  await expect(page.getByTestId("quote-due")).toHaveText("₱9,020.00");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Card", { exact: true }).check();
  await page.getByRole("button", { name: "Book and pay" }).click();

  await expect(page).toHaveURL(/\/checkout-sandbox\//);
  await page.getByRole("button", { name: "Make the payment fail" }).click();
  await expect(page.getByText("The payment did not go through. You can try again")).toBeVisible();
  await expect(page.getByTestId("booking-state")).toContainText("Waiting for your payment");
  // The chosen days are in the booking's folded "Dates and units" section, below its summary.
  await page.locator("summary", { hasText: "Dates and units" }).click();
  await expect(page.getByText("Mon, Tue, Wed, Thu, Fri", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Pay ₱9,020.00" }).click();
  await expect(page).toHaveURL(/\/checkout-sandbox\//);
  await expect(page.getByTestId("checkout-amount")).toHaveText("₱9,020.00");
});

test("the reserve pages show the price as soon as the dates are chosen; parking on chosen days waits for the days", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loggedInAccount(page, playwright, baseURL);
  /** With JavaScript the price follows the fields once the page is hydrated; without, "See the price" asks. */
  const open = async (path: string) => {
    await page.goto(path);
    if (jsOn()) await expect(page.getByRole("button", { name: "See the price" })).toHaveCount(0);
  };
  const seeThePrice = async () => {
    if (!jsOn()) await page.getByRole("button", { name: "See the price" }).click();
  };

  const storageId = await demoListingId(
    page.request,
    "storageType=storage&city=makati",
    "Secure storage room in Makati",
  );
  const moveIn = addDays(todayInManila(), 20);
  await open(`/reserve-space/storage?spaceId=${storageId}`);
  await expect(page.getByTestId("quote-message")).toHaveText(PRICE_PROMPTS.dates);
  await page.getByLabel("Move-in date").fill(moveIn);
  await page.getByLabel("How long").selectOption("3_months");
  await seeThePrice();
  // The first month, the deposit and the fee, before Continue; still on this step, with the fields as chosen.
  await expect(page.getByTestId("quote-due")).toHaveText("₱6,150.00");
  await expect(page).toHaveURL(/\/reserve-space\/storage\?/);
  await expect(page.getByLabel("Move-in date")).toHaveValue(moveIn);
  await expect(page.getByLabel("How long")).toHaveValue("3_months");
  await expectAccessible(page);

  const parkingId = await demoListingId(
    page.request,
    "storageType=parking&city=makati",
    "Office building parking on Ayala Avenue",
  );
  // A Monday, so Monday to Friday is 22 days of the 30 and Monday to Thursday 18.
  let start = addDays(todayInManila(), 21);
  while (new Date(`${start}T00:00:00Z`).getUTCDay() !== 1) start = addDays(start, 1);
  await open(`/reserve-space/parking?spaceId=${parkingId}`);
  await page.getByLabel("Start date").fill(start);
  await page.getByLabel("How long").selectOption("1_month");
  await seeThePrice();
  await expect(page.getByTestId("quote-due")).toBeVisible();
  // Chosen days: no every-day price while the days are not chosen yet.
  await page.getByLabel(/Chosen days of the week/).check();
  await seeThePrice();
  await expect(page.getByTestId("quote-message")).toHaveText(PRICE_PROMPTS.weekdays);
  await expect(page.getByTestId("quote-due")).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Continue" }).click();

  // The days ticked are priced: Monday to Friday at first, then as the renter changes them.
  await expect(page).toHaveURL(/\/reserve-space\/parking-selected-days/);
  if (jsOn()) await expect(page.getByRole("button", { name: "See the price" })).toHaveCount(0);
  await expect(page.getByTestId("booking-quote")).toContainText("₱4,400.00");
  await expect(page.getByTestId("quote-due")).toHaveText("₱9,020.00");
  await page.getByLabel("Friday").uncheck();
  await seeThePrice();
  await expect(page.getByTestId("quote-due")).toHaveText("₱7,380.00");
  await expect(page.getByLabel("Friday")).not.toBeChecked();
  await expect(page.getByLabel("Thursday")).toBeChecked();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/reserve-space\/message-for-keeper/);
  await expect(page.getByTestId("quote-due")).toHaveText("₱7,380.00");
});
