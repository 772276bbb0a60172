import type { Page } from "@playwright/test";
import { addDays, todayInManila } from "../../app/domain/dates";
import { DEMO_USERS } from "../../app/seed/demo-users";
import { depositRenter, expect, loggedInAccount, NARROW, test } from "./fixtures";
import { sweepPages } from "./sweep-pages";

/**
 * Every page, every person: each person below follows every link of the menus, their bookings, bills, messages and
 * profile pages on a phone's screen, with JavaScript on and off, and every page they reach is checked
 * (tests/e2e/sweep-pages.ts). One browser page per person; axe once per kind of page and project.
 */

test.use({ viewport: NARROW });
// Up to 70 pages a person: 1 to 11 minutes each, measured on two cores shared with other runs (a load of 25 to 40);
// the first two people of each project also run axe on most kinds of page, which is most of the cost. With a margin.
test.describe.configure({ timeout: 20 * 60_000 });

/**
 * A renter with a running booking and one that ended yesterday (its deposit held), and their host; and a viewing of
 * the host's other room confirmed for the day after tomorrow (its reminder is not due during the sweep), so its gate
 * pass and calendar file are on the renter's and the host's pages too. Made through the API, as the two people
 * would. The renter is logged in; `asHost` switches.
 */
async function runningBookingPair(page: Page, baseURL: string | undefined) {
  const pair = await depositRenter(page, baseURL);
  const booking = await page.request.get(`/api/reserve/retrieveBookingData/${pair.endedBookingId}`);
  expect(booking.status(), await booking.text()).toBe(200);
  const spaceId = ((await booking.json()) as { result: { space: { _id: string } } }).result.space._id;
  const asked = await page.request.post("/api/bookView/requestViewing", {
    data: { spaceId, slots: [`${addDays(todayInManila(), 2)}T10:00`] },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const viewing = ((await asked.json()) as { result: { viewingId: string; slots: { start: string }[] } })
    .result;
  await pair.asHost();
  const confirmed = await page.request.post("/api/bookView/BookViewing", {
    data: { viewingId: viewing.viewingId, slot: viewing.slots[0]?.start },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await pair.asRenter();
  return pair;
}

test("a renter with a running booking and one that just ended", async ({ page, baseURL }) => {
  await runningBookingPair(page, baseURL);
  await sweepPages(page, "a renter with a running booking", { ownState: true });
});

test("a host with a running booking and one that just ended", async ({ page, baseURL }) => {
  const pair = await runningBookingPair(page, baseURL);
  await pair.asHost();
  await sweepPages(page, "a host with a running booking", { ownState: true });
});

for (const demo of DEMO_USERS) {
  test(`the demo account of ${demo.firstName} (${demo.interested})`, async ({ page, login }) => {
    await login(demo);
    await sweepPages(page, `demo ${demo.firstName}`, { ownState: false });
  });
}

test("a brand-new account", async ({ page, playwright, baseURL }) => {
  await loggedInAccount(page, playwright, baseURL);
  await sweepPages(page, "a brand-new account", { ownState: true });
});
