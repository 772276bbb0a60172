import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { type BusinessHealth, UNKNOWN_CITY } from "~/api/operations/health.server";
import { checkLedger, type LedgerProblem } from "~/core/ledger.server";
import { markBatchPaid, runPayoutBatch } from "~/core/payout-runs.server";
import { getDatabase } from "~/db/db.server";
import { bookings, cities, ledgerEntries, payoutMethods } from "~/db/schema";
import { addDays, todayInManila } from "~/domain/dates";
import { aHostAndARenter, book, pay } from "./booking-fixtures";
import { call, expectStatus, loggedInUser } from "./helpers";
import { anOperator, expectNoSuchCall } from "./operator-fixtures";
import { aCompletedBooking } from "./review-fixtures";

/**
 * The console's health of the business (docs/operations.md): the weeks' bookings and money per city, read from the
 * ledger, and the ledger check's result. Only finance and admin learn the calls exist.
 */

afterEach(async () => {
  const { db } = await getDatabase();
  expect(await checkLedger(db)).toEqual([]);
});

const CALLS = ["/operations/businessHealth", "/operations/ledgerCheck"];

describe("the health of the business", () => {
  it("refuses everyone but finance and admin as a path that does not exist", async () => {
    const user = await loggedInUser();
    const support = await anOperator("support");
    const trust = await anOperator("trust");
    for (const path of CALLS)
      for (const cookie of [undefined, user.cookie, support.cookie, trust.cookie])
        expectNoSuchCall(await call("GET", path, { cookie }), "GET", path);
    for (const role of ["finance", "admin"] as const) {
      const operator = await anOperator(role);
      for (const path of CALLS) expectStatus(await call("GET", path, { cookie: operator.cookie }), 200);
    }
  });

  it("counts a city's bookings per week and its money from the ledger, and says the ledger balances", async () => {
    const { db } = await getDatabase();
    const [cebu] = await db.select().from(cities).where(eq(cities.slug, "cebu-city"));
    const parties = await aHostAndARenter({ cityId: cebu?.id ?? null });
    // A month's stay from 40 days ago, ended; its rent released and paid out to its host.
    const completed = await aCompletedBooking(40, parties);
    await db.insert(payoutMethods).values({
      userId: parties.host.user.id,
      method: "gcash",
      accountName: "Bea Villanueva",
      accountNumber: "09171234567",
    });
    const run = await runPayoutBatch(db);
    await markBatchPaid(db, run.batchId as string, "BDO-TRF-HEALTH");
    // A request paid and declined: everything paid is refunded.
    const booked = await book(parties.renter.cookie, { spaceId: parties.space.id });
    expectStatus(booked, 200);
    const declinedId = booked.body.result.bookingId;
    await pay(declinedId, booked.body.result.price.due);
    expectStatus(
      await call("POST", "/reserve/declineBooking", {
        cookie: parties.host.cookie,
        body: { bookingId: declinedId, reason: "The room is being repainted." },
      }),
      200,
    );

    const finance = await anOperator("finance");
    const answer = await call<BusinessHealth>("GET", "/operations/businessHealth?city=cebu-city&weeks=12", {
      cookie: finance.cookie,
    });
    expectStatus(answer, 200);
    const health = answer.body.result;
    expect(health.cities).toContainEqual({ slug: "cebu-city", name: "Cebu City" });
    expect(health.byWeek).toHaveLength(12);
    expect(health.byCity.map((city) => city.city)).toEqual(["Cebu City"]);

    // The figures, summed from the ledger's rows of the city's two bookings by account, as the ledger check reads them.
    const ids = [completed.bookingId, declinedId];
    const rows = await db.select().from(ledgerEntries).where(inArray(ledgerEntries.bookingId, ids));
    const sum = (keep: (row: (typeof rows)[number]) => boolean, sign = 1) =>
      rows.filter(keep).reduce((total, row) => total + sign * row.amount, 0);
    const paidIn = sum((row) => row.account === "provider" && row.amount > 0);
    const refunded = sum((row) => row.account === "refunds_owed" && row.amount < 0, -1);
    const earnedByHosts = sum((row) => row.account === "host_payable" && row.amount < 0, -1);
    const earnedByPlatform = sum((row) => ["platform_fees", "platform_vouchers"].includes(row.account), -1);
    const held = sum((row) => ["booking_funds", "deposits_held"].includes(row.account), -1);
    const [stay, declined] = await Promise.all(
      ids.map(async (id) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]),
    );
    expect(paidIn).toBe((stay?.paid ?? 0) + (declined?.paid ?? 0));
    expect(refunded).toBe(declined?.paid);
    expect(earnedByHosts).toBe(300_000);
    expect(earnedByPlatform).toBeGreaterThan(0);
    expect(health.totals).toEqual({
      requested: 2,
      approved: 1,
      completed: 1,
      paidIn,
      refunded,
      earnedByHosts,
      earnedByPlatform,
    });
    // Every peso paid in is held, refunded, earned by the host or by the platform.
    expect(paidIn - refunded).toBe(held + earnedByHosts + earnedByPlatform);

    // The money moved this week (the ledger's rows are written as it happens); the stay was asked for 43 days ago.
    const thisWeek = health.byWeek.at(-1);
    expect(thisWeek?.figures).toMatchObject({ paidIn, refunded, earnedByHosts, earnedByPlatform });
    const asked = addDays(todayInManila(), -43);
    const askedWeek = health.byWeek.find((week) => week.start <= asked && asked <= week.end);
    expect(askedWeek?.figures).toMatchObject({ requested: 1, approved: 1 });
    const endedOn = completed.completedAt.toISOString().slice(0, 10);
    expect(health.byWeek.reduce((total, week) => total + week.figures.completed, 0)).toBe(1);
    expect(endedOn <= (thisWeek?.end as string)).toBe(true);

    const check = await call<{ problems: LedgerProblem[]; tookMs: number }>(
      "GET",
      "/operations/ledgerCheck",
      {
        cookie: finance.cookie,
      },
    );
    expectStatus(check, 200);
    expect(check.body.result.problems).toEqual([]);
    expect(check.body.result.tookMs).toBeGreaterThanOrEqual(0);
  });

  it("refuses a city it does not know and weeks it does not offer, with a clear message", async () => {
    const finance = await anOperator("finance");
    expectStatus(
      await call("GET", "/operations/businessHealth?city=atlantis", { cookie: finance.cookie }),
      400,
      UNKNOWN_CITY,
    );
    const weeks = await call("GET", "/operations/businessHealth?weeks=5", { cookie: finance.cookie });
    expect(weeks.status).toBe(400);
    expect(JSON.stringify(weeks.body)).toContain("weeks must be one of 4, 12, 26, 52.");
  });
});
