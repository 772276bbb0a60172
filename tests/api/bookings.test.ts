import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { BookingQuote } from "~/api/reserve/booking-quotes.server";
import type { BookingDetails } from "~/api/reserve/booking-views.server";
import type { AllBookings, SpaceBookingCheck } from "~/api/reserve/bookings.server";
import {
  applyBookingEvent,
  BOOKING_NOT_FOUND,
  bookingColumns,
  bookingDeadlineQueue,
  bookingTransaction,
  recordTransition,
} from "~/core/booking-service.server";
import { checkLedger } from "~/core/ledger.server";
import { getDatabase } from "~/db/db.server";
import { bookingHistory, bookingHolds, bookings, cities, ledgerEntries, storageItems } from "~/db/schema";
import {
  createBooking,
  HOST_ANSWER_HOURS,
  MAX_UNPAID_CHECKOUTS,
  TOO_MANY_UNPAID_CHECKOUTS,
} from "~/domain/booking";
import { addDays, endDateForMonths, todayInManila } from "~/domain/dates";
import { displayName } from "~/domain/display-name";
import { DomainError } from "~/domain/errors";
import { RESERVATION_MESSAGES } from "~/domain/reservation";
import { startJobs } from "~/infra/jobs.server";
import { aHostAndARenter, book, createListing, ledgerBalance, pay, start } from "./booking-fixtures";
import { call, expectRefused, expectStatus, loggedInUser, waitForMail } from "./helpers";

/**
 * Booking a space and acting on the booking through the API (ADR 0020, ADR 0023), on a database of this file's own:
 * prices from the server, no date sold twice (the code's check and the database's exclusion constraint), each
 * transition written to the history and the ledger, and every refusal a clear message that changes nothing.
 */

// Every money test leaves a ledger that balances (npm run ledger:check).
afterEach(async () => {
  const { db } = await getDatabase();
  expect(await checkLedger(db)).toEqual([]);
});

describe("GET /reserve/bookingQuote", () => {
  it("prices the reservation on the server and says whether the dates are free", async () => {
    const { renter, space } = await aHostAndARenter();
    const answer = await call<BookingQuote>(
      "GET",
      `/reserve/bookingQuote?spaceId=${space.id}&startDate=${start}&duration=3_months`,
      { cookie: renter.cookie },
    );
    expectStatus(answer, 200);
    expect(answer.body.result).toMatchObject({
      startDate: start,
      quantity: 1,
      available: true,
      price: {
        type: "storage",
        months: 3,
        firstMonthPrice: 300_000,
        deposits: 300_000,
        firstMonthDiscount: 0,
        spaceSolutionFee: 15_000,
        due: 615_000,
      },
    });
  });

  it("explains a duration the listing does not offer", async () => {
    const { space } = await aHostAndARenter();
    const answer = await call(
      "GET",
      `/reserve/bookingQuote?spaceId=${space.id}&startDate=${start}&duration=1_year`,
    );
    expectRefused(answer, "duration", RESERVATION_MESSAGES.durationNotOffered);
  });

  it("reads the parking days as the reservation draft does: an empty piece is no day, never Sunday or every day", async () => {
    const { renter, space } = await aHostAndARenter({
      storageType: "parking",
      kind: "condo",
      monthlyPrice: 400_000,
      dailyPrice: 15_000,
      depositRequired: false,
    });
    const quote = (days: string) =>
      call<BookingQuote>(
        "GET",
        `/reserve/bookingQuote?spaceId=${space.id}&startDate=${start}&duration=1_month&weekdays=${days}`,
        { cookie: renter.cookie },
      );
    const gapped = await quote("1,,3");
    expectStatus(gapped, 200);
    expect(gapped.body.result.weekdays).toEqual([1, 3]);
    expectRefused(await quote(""), "weekdays", RESERVATION_MESSAGES.weekdays);
  });
});

describe("POST /reserve/BookSpace", () => {
  it("creates a booking waiting for payment, holds its dates, writes its history and its 60-minute deadline", async () => {
    const { renter, host, space } = await aHostAndARenter();
    const { db } = await getDatabase();
    const [item] = await db
      .insert(storageItems)
      .values({ userId: renter.user.id, name: "Balikbayan box", quantity: 3, notes: "Clothes" })
      .returning();
    const answer = await book(renter.cookie, {
      spaceId: space.id,
      itemIds: [item?.id],
      messageForKeeper: "I will bring them on a Saturday.",
    });
    expectStatus(answer, 200);
    const booking = answer.body.result;
    expect(booking).toMatchObject({
      state: "awaiting_payment",
      role: "renter",
      startDate: start,
      due: 615_000,
      paymentMethod: "gcash",
      items: [{ name: "Balikbayan box", quantity: 3, notes: "Clothes", photoUploadId: null }],
      messageForKeeper: "I will bring them on a Saturday.",
      canSeeExactAddress: false,
      exactLocation: null,
      counterpart: { userId: host.user.id },
      history: [{ from: null, to: "awaiting_payment", actor: "renter" }],
    });
    expect(booking.space._id).toBe(space.id);
    const holds = await db.select().from(bookingHolds).where(eq(bookingHolds.bookingId, booking.bookingId));
    expect(holds).toHaveLength(7);

    const boss = await startJobs();
    const jobs = await boss.findJobs(bookingDeadlineQueue.name, {
      data: { bookingId: booking.bookingId, kind: "checkout_expired" },
    });
    expect(jobs).toHaveLength(1);
    const waits = (jobs[0]?.startAfter.getTime() ?? 0) - new Date(booking.createdAt).getTime();
    expect(waits).toBe(60 * 60_000);
  });

  it("refuses taken dates with a clear message, and the database refuses an overlapping hold on its own", async () => {
    const { renter, space } = await aHostAndARenter();
    const other = await loggedInUser();
    expectStatus(await book(renter.cookie, { spaceId: space.id }), 200);
    const second = await book(other.cookie, {
      spaceId: space.id,
      startDate: addDays(start, 20),
      duration: "1_month",
    });
    expect(second.status).toBe(409);
    expect(second.body.responseMessage).toMatch(
      /^This space is already booked on .+\. Please choose other dates\.$/,
    );

    const { db } = await getDatabase();
    const [held] = await db.select().from(bookingHolds).where(eq(bookingHolds.spaceId, space.id)).limit(1);
    const overlap = await db
      .execute(
        sql`insert into booking_holds (booking_id, space_id, weekday, during) values (${held?.bookingId}, ${space.id}, ${held?.weekday}, ${`[${addDays(start, 5)},${addDays(start, 6)}]`}::daterange)`,
      )
      .catch((error: Error) => error);
    expect(String((overlap as Error).cause)).toMatch(
      /violates exclusion constraint "booking_holds_no_overlap"/,
    );
    const count = await db.select().from(bookings).where(eq(bookings.spaceId, space.id));
    expect(count).toHaveLength(1);
  });

  it("lets parking bookings share a slot when their weekdays never meet", async () => {
    const { renter, space } = await aHostAndARenter({
      storageType: "parking",
      kind: "condo",
      monthlyPrice: 400_000,
      dailyPrice: 15_000,
      depositRequired: false,
    });
    const other = await loggedInUser();
    const weekdays = await book(renter.cookie, {
      spaceId: space.id,
      duration: "1_month",
      weekdays: [1, 2, 3, 4, 5],
    });
    expectStatus(weekdays, 200);
    expect(weekdays.body.result.weekdays).toEqual([1, 2, 3, 4, 5]);
    expectStatus(await book(other.cookie, { spaceId: space.id, duration: "1_month", weekdays: "0,6" }), 200);
    const third = await loggedInUser();
    expect((await book(third.cookie, { spaceId: space.id, duration: "1_month", weekdays: [6] })).status).toBe(
      409,
    );
  });

  it("gives the last free units to one renter when many ask at once", async () => {
    const { space } = await aHostAndARenter({
      entireSpace: false,
      unitOfRental: "pallet",
      unitsAvailable: 3,
      monthlyPrice: 50_000,
    });
    const renters = await Promise.all(Array.from({ length: 6 }, () => loggedInUser()));
    const answers = await Promise.all(
      renters.map((renter) => book(renter.cookie, { spaceId: space.id, quantity: 2, duration: "1_month" })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.body.responseMessage).toMatch(/^Only 1 of 3 pallet are free on /);
  });

  it("refuses one's own space, a past date, too many units and a foreign item, changing nothing", async () => {
    const { host, renter, space } = await aHostAndARenter({
      entireSpace: false,
      unitOfRental: "sqm",
      unitsAvailable: 10,
      monthlyPrice: 30_000,
    });
    const stranger = await loggedInUser();
    const { db } = await getDatabase();
    const [foreign] = await db
      .insert(storageItems)
      .values({ userId: stranger.user.id, name: "Bike", quantity: 1 })
      .returning();
    expectRefused(
      await book(host.cookie, { spaceId: space.id, quantity: 1 }),
      "spaceId",
      RESERVATION_MESSAGES.ownSpace,
      403,
    );
    expectRefused(
      await book(renter.cookie, { spaceId: space.id, quantity: 1, startDate: addDays(todayInManila(), -1) }),
      "startDate",
      RESERVATION_MESSAGES.startDatePast,
    );
    const tooMany = await book(renter.cookie, { spaceId: space.id, quantity: 11 });
    expect(tooMany.status).toBe(409);
    expectRefused(
      await book(renter.cookie, { spaceId: space.id, quantity: 1, itemIds: [foreign?.id] }),
      "itemIds",
      "One of the items was not found.",
    );
    expectRefused(
      await book(renter.cookie, { spaceId: space.id, quantity: 1, paymentMethod: "cash" }),
      "paymentMethod",
      "Please choose how you will pay: card, GCash or Maya.",
    );
    expect(await db.select().from(bookings).where(eq(bookings.spaceId, space.id))).toHaveLength(0);
  });
});

describe("holds are limited", () => {
  it(`a renter holds at most ${MAX_UNPAID_CHECKOUTS} unpaid checkouts: another is refused until one is paid, cancelled or over`, async () => {
    const { host, renter, space } = await aHostAndARenter();
    const others = await Promise.all([createListing(host.user.id), createListing(host.user.id)]);
    const [second, third] = others as [(typeof others)[0], (typeof others)[0]];
    const first = await book(renter.cookie, { spaceId: space.id });
    expectStatus(first, 200);
    expectStatus(await book(renter.cookie, { spaceId: second.id }), 200);
    expectStatus(await book(renter.cookie, { spaceId: third.id }), 409, TOO_MANY_UNPAID_CHECKOUTS);
    const { db } = await getDatabase();
    expect(await db.select().from(bookings).where(eq(bookings.spaceId, third.id))).toEqual([]);
    // Another renter is not held back by this one's checkouts.
    const other = await loggedInUser();
    const elsewhere = await createListing(host.user.id);
    expectStatus(await book(other.cookie, { spaceId: elsewhere.id }), 200);

    // Paid (the request goes to the host): no longer an unpaid checkout.
    await pay(first.body.result.bookingId, first.body.result.due);
    const thirdBooked = await book(renter.cookie, { spaceId: third.id });
    expectStatus(thirdBooked, 200);
    const fourth = await createListing(host.user.id);
    expectStatus(await book(renter.cookie, { spaceId: fourth.id }), 409, TOO_MANY_UNPAID_CHECKOUTS);
    // Cancelled: one fewer.
    expectStatus(
      await call("POST", "/reserve/cancelBooking", {
        cookie: renter.cookie,
        body: { bookingId: thirdBooked.body.result.bookingId },
      }),
      200,
    );
    expectStatus(await book(renter.cookie, { spaceId: fourth.id }), 200);
    // A checkout whose 60 minutes are over holds nothing any more, even before its expiry job has run.
    await db
      .update(bookings)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(bookings.spaceId, fourth.id));
    expectStatus(await book(renter.cookie, { spaceId: (await createListing(host.user.id)).id }), 200);
  });

  it("many requests at once from one renter still start no more than the limit", async () => {
    const { host, renter } = await aHostAndARenter();
    const spaces = await Promise.all(Array.from({ length: 5 }, () => createListing(host.user.id)));
    const answers = await Promise.all(spaces.map((space) => book(renter.cookie, { spaceId: space.id })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(MAX_UNPAID_CHECKOUTS);
    for (const refused of answers.filter((answer) => answer.status !== 200))
      expectStatus(refused, 409, TOO_MANY_UNPAID_CHECKOUTS);
  });
});

describe("the host's answer and the renter's view", () => {
  it("paid, approved: the renter sees the exact address; the ledger balances; a stranger sees nothing", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const { bookingId, due } = (await book(renter.cookie, { spaceId: space.id })).body.result;
    await pay(bookingId, due);

    const request = await waitForMail(
      host.user.email,
      `${displayName(renter.user)} sent a booking request: please answer: Dry storage room in Makati`,
    );
    expect(request.text).toContain(`/bookings/${bookingId}`);
    expect(request.text).toMatch(/the host has until .+ to answer/);

    const hostView = await call<BookingDetails>("GET", `/reserve/retrieveBookingData/${bookingId}`, {
      cookie: host.cookie,
    });
    expect(hostView.body.result).toMatchObject({ state: "requested", role: "host", paid: 615_000 });
    expect(hostView.body.result.counterpart).toMatchObject({ name: "Ria" });

    const stranger = await loggedInUser();
    expectStatus(
      await call("GET", `/reserve/retrieveBookingData/${bookingId}`, { cookie: stranger.cookie }),
      404,
      BOOKING_NOT_FOUND,
    );
    const byRenter = await call("POST", "/reserve/approveBooking", {
      cookie: renter.cookie,
      body: { bookingId, ownerId: renter.user.id, autoAcceptExtension: false, type: "storage" },
    });
    expect(byRenter.status).toBe(403);
    const byStranger = await call("POST", "/reserve/approveBooking", {
      cookie: stranger.cookie,
      body: { bookingId, ownerId: stranger.user.id, autoAcceptExtension: false, type: "storage" },
    });
    expectStatus(byStranger, 404, BOOKING_NOT_FOUND);

    const approved = await call<BookingDetails>("POST", "/reserve/approveBooking", {
      cookie: host.cookie,
      body: { bookingId, ownerId: host.user.id, autoAcceptExtension: true, type: "storage" },
    });
    expectStatus(approved, 200, "You approved this booking.");
    expect(approved.body.result).toMatchObject({ state: "approved", autoAcceptExtension: true });

    const renterView = await call<BookingDetails>("GET", `/reserve/retrieveBookingData/${bookingId}`, {
      cookie: renter.cookie,
    });
    expect(renterView.body.result).toMatchObject({
      canSeeExactAddress: true,
      exactLocation: { addressLine1: "4521 Chino Roces Avenue", latitude: 14.554729 },
    });
    await waitForMail(
      renter.user.email,
      `${displayName(host.user)} approved your booking: Dry storage room in Makati`,
    );
    expect(renterView.body.result.history.map((entry) => entry.to)).toEqual([
      "awaiting_payment",
      "requested",
      "approved",
    ]);

    const twice = await call("POST", "/reserve/approveBooking", {
      cookie: host.cookie,
      body: { bookingId, ownerId: host.user.id, autoAcceptExtension: true },
    });
    expect(twice.status).toBe(409);
    expect(await ledgerBalance()).toBe(0);
  });

  it("declined with a reason: everything paid is owed back and the dates are free again", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const { bookingId, due } = (await book(renter.cookie, { spaceId: space.id })).body.result;
    await pay(bookingId, due);
    expectRefused(
      await call("POST", "/reserve/declineBooking", {
        cookie: host.cookie,
        body: { bookingId, reason: " " },
      }),
      "reason",
      "Please tell the renter why you decline.",
    );
    const declined = await call<BookingDetails>("POST", "/reserve/declineBooking", {
      cookie: host.cookie,
      body: { bookingId, reason: "The room is being repainted." },
    });
    expectStatus(declined, 200);
    expect(declined.body.result).toMatchObject({ state: "declined", paid: 615_000, refunded: 615_000 });
    const { db } = await getDatabase();
    expect(await db.select().from(bookingHolds).where(eq(bookingHolds.bookingId, bookingId))).toHaveLength(0);
    const owed = await db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId));
    expect(owed.filter((row) => row.account === "refunds_owed").map((row) => row.amount)).toEqual([-615_000]);
    expect(await ledgerBalance()).toBe(0);
    // The dates are free again.
    const other = await loggedInUser();
    expectStatus(await book(other.cookie, { spaceId: space.id }), 200);
  });

  it("the 48 h deadline expires an unanswered request (a moved clock), and the job is refused once answered", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const { bookingId, due } = (await book(renter.cookie, { spaceId: space.id })).body.result;
    const { row } = await pay(bookingId, due);
    const { db } = await getDatabase();
    const early = new Date((row.requestedAt as Date).getTime() + 60_000);
    await expect(
      applyBookingEvent(db, bookingId, { type: "answer_expired", actor: "system" }, { at: early }),
    ).rejects.toThrow("The host still has time to answer this request.");
    const late = new Date((row.requestedAt as Date).getTime() + HOST_ANSWER_HOURS * 3_600_000);
    const { row: expired } = await applyBookingEvent(
      db,
      bookingId,
      { type: "answer_expired", actor: "system" },
      { at: late },
    );
    expect(expired).toMatchObject({ state: "expired", refunded: 615_000 });
    const answer = await call("POST", "/reserve/approveBooking", {
      cookie: host.cookie,
      body: { bookingId, ownerId: host.user.id, autoAcceptExtension: false },
    });
    expect(answer.status).toBe(409);
    const history = await db.select().from(bookingHistory).where(eq(bookingHistory.bookingId, bookingId));
    expect(history.at(-1)).toMatchObject({ toState: "expired", actor: "system" });
  });

  it("a booking that is not there is a domain refusal, which a deadline job takes as nothing to do", async () => {
    const { db } = await getDatabase();
    const missing = crypto.randomUUID();
    const refusal = await applyBookingEvent(db, missing, { type: "answer_expired", actor: "system" }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ kind: "not_found", message: BOOKING_NOT_FOUND });
    const job = { bookingId: missing, kind: "answer_expired" } as const;
    await expect(bookingDeadlineQueue.handler(job, { id: "test" })).resolves.toBeUndefined();
  });

  it("the renter cancels before the host answers and gets everything back", async () => {
    const { renter, space } = await aHostAndARenter();
    const { bookingId, due } = (await book(renter.cookie, { spaceId: space.id })).body.result;
    await pay(bookingId, due);
    const before = await call<BookingDetails>("GET", `/reserve/retrieveBookingData/${bookingId}`, {
      cookie: renter.cookie,
    });
    expect(before.body.result.cancellationRefund).toBe(615_000);
    const cancelled = await call<BookingDetails>("POST", "/reserve/cancelBooking", {
      cookie: renter.cookie,
      body: { bookingId, reason: "Found a closer place." },
    });
    expectStatus(cancelled, 200, "The booking is cancelled.");
    expect(cancelled.body.result).toMatchObject({
      state: "cancelled",
      refunded: 615_000,
      cancellationRefund: null,
    });
  });
});

describe("lists, checks and extensions", () => {
  it("lists a user's bookings by role and state, and checkBooking shows the open one", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const { bookingId, due } = (await book(renter.cookie, { spaceId: space.id })).body.result;
    await pay(bookingId, due);
    const mine = await call<AllBookings>("GET", `/reserve/retrieveAllBookingData/${renter.user.id}`, {
      cookie: renter.cookie,
    });
    expect(mine.body.result.renter.upcoming.map((booking) => booking.bookingId)).toEqual([bookingId]);
    const hosting = await call<AllBookings>("GET", `/reserve/retrieveAllBookingData/${host.user.id}`, {
      cookie: host.cookie,
    });
    expect(hosting.body.result.host.requests.map((booking) => booking.bookingId)).toEqual([bookingId]);
    expect(hosting.body.result.host.requests[0]?.actBy).toEqual(expect.any(String));
    expectStatus(
      await call("GET", `/reserve/retrieveAllBookingData/${host.user.id}`, { cookie: renter.cookie }),
      404,
    );

    const check = await call<SpaceBookingCheck>("GET", `/reserve/checkBooking/${space.id}`, {
      cookie: renter.cookie,
    });
    expect(check.body.result).toMatchObject({ canBook: true, booking: { bookingId, state: "requested" } });
    const own = await call<SpaceBookingCheck>("GET", `/reserve/checkBooking/${space.id}`, {
      cookie: host.cookie,
    });
    expect(own.body.result).toEqual({ canBook: false, booking: null });
  });

  it("checkExtension prices added months; with auto-accept the extension is taken at once", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const { bookingId, due } = (await book(renter.cookie, { spaceId: space.id })).body.result;
    await pay(bookingId, due);
    await call("POST", "/reserve/approveBooking", {
      cookie: host.cookie,
      body: { bookingId, ownerId: host.user.id, autoAcceptExtension: "true" },
    });
    const check = await call("GET", `/reserve/checkExtension/${bookingId}/2`, { cookie: renter.cookie });
    expect(check.body.result).toMatchObject({
      possible: true,
      autoAccepted: true,
      quote: { months: 2, rent: 600_000, spaceSolutionFee: 30_000, total: 630_000 },
    });
    const extended = await call<BookingDetails>("POST", "/reserve/requestExtension", {
      cookie: renter.cookie,
      body: { bookingId, months: 2 },
    });
    expectStatus(extended, 200);
    expect(extended.body.result.endDate).toBe(endDateForMonths(start, 5));
    expect(extended.body.result.extension).toBeNull();
    expect(extended.body.result.history.at(-1)?.reason).toMatch(/^Extended by 2 months/);
  });
});

describe("availability counts bookings", () => {
  it("getAvailableSpace and search's start date leave out what bookings hold", async () => {
    const { renter, space } = await aHostAndARenter({
      entireSpace: false,
      unitOfRental: "pallet",
      unitsAvailable: 5,
      monthlyPrice: 50_000,
      spaceTitle: `Pallet racks ${start}`,
    });
    const { db } = await getDatabase();
    const [city] = await db.select().from(cities).where(eq(cities.slug, "makati"));
    const free = () =>
      call<{ totalUnits: number; availableUnits: number }>(
        "GET",
        `/space/getAvailableSpace?spaceId=${space.id}&startDate=${start}`,
      );
    expect((await free()).body.result).toMatchObject({ totalUnits: 5, availableUnits: 5 });
    expectStatus(await book(renter.cookie, { spaceId: space.id, quantity: 5, duration: "1_month" }), 200);
    expect((await free()).body.result).toMatchObject({ totalUnits: 5, availableUnits: 0 });

    const searchOn = async (date: string) =>
      (
        await call<{ results: { _id: string }[] }>(
          "POST",
          `/space/newSpaceSearch/1?storageType=storage&city=${city?.slug}&startDate=${date}`,
        )
      ).body.result.results.map((card) => card._id);
    expect(await searchOn(start)).not.toContain(space.id);
    expect(await searchOn(addDays(endDateForMonths(start, 1), 1))).toContain(space.id);
  });
});

describe("deadlines are jobs", () => {
  it("an unpaid checkout whose 60 minutes are over expires by its pg-boss job, and a late payment is refunded", async () => {
    const { renter, space } = await aHostAndARenter();
    const { db } = await getDatabase();
    // A checkout started 61 minutes ago (a moved clock): its deadline job is due at once.
    const startedAt = new Date(Date.now() - 61 * 60_000);
    const transition = createBooking(
      {
        type: "storage",
        startDate: start,
        endDate: endDateForMonths(start, 1),
        quantity: 1,
        weekdays: null,
        price: {
          type: "storage",
          months: 1,
          firstMonthPrice: 300_000,
          deposits: 0,
          firstMonthDiscount: 0,
          spaceSolutionFee: 15_000,
          due: 315_000,
        },
        monthlyUnitPrice: 300_000,
        feeRateBasisPoints: 500,
      },
      startedAt,
    );
    const bookingId = await bookingTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(bookings)
        .values({
          spaceId: space.id,
          renterId: renter.user.id,
          hostId: space.hostId,
          type: "storage",
          duration: "1_month",
          ...bookingColumns(transition.booking),
          createdAt: startedAt,
        })
        .returning();
      if (!row) throw new Error("no booking");
      await recordTransition(tx, row, transition, { actorUserId: renter.user.id });
      return row.id;
    });
    const state = async () => (await db.select().from(bookings).where(eq(bookings.id, bookingId)))[0];
    await expect.poll(async () => (await state())?.state, { timeout: 15_000, interval: 100 }).toBe("expired");
    const history = await db.select().from(bookingHistory).where(eq(bookingHistory.bookingId, bookingId));
    expect(history.at(-1)).toMatchObject({
      fromState: "awaiting_payment",
      toState: "expired",
      actor: "system",
    });

    // The provider confirms the payment after all: the machine refunds it whole.
    await pay(bookingId, 315_000);
    expect(await state()).toMatchObject({ state: "expired", paid: 315_000, refunded: 315_000 });
    expect(await ledgerBalance()).toBe(0);
  });
});
