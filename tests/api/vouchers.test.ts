import { and, eq, inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { BookingDetails } from "~/api/reserve/booking-views.server";
import type { ReservationDraft } from "~/api/reserve/reservation-drafts.server";
import type { MyCode } from "~/api/user/profile.server";
import type { BookingVoucherCheck, CodeCheck } from "~/api/user/vouchers.server";
import { applyBookingEvent } from "~/core/booking-service.server";
import { createCouponCommand } from "~/core/coupon-command.server";
import { checkLedger } from "~/core/ledger.server";
import { followBooking, referralVouchersQueue } from "~/core/voucher-service.server";
import { getDatabase } from "~/db/db.server";
import { bookings, coupons, payments, voucherRedemptions, vouchers } from "~/db/schema";
import { checkoutDeadline, endInstant } from "~/domain/booking";
import { addDays, todayInManila } from "~/domain/dates";
import { DomainError } from "~/domain/errors";
import {
  expiredMessage,
  REFERRAL_ACTIVE_DAYS,
  referralVoucherExpiry,
  referralVouchersDueAt,
  VOUCHER_MESSAGES,
} from "~/domain/vouchers";
import { runJob } from "~/infra/jobs.server";
import { seedRunningBooking } from "~/seed/running-booking.server";
import {
  aHostAndARenter,
  book,
  createListing,
  paidEvent,
  sandboxSigned,
  start,
  webhook,
} from "./booking-fixtures";
import { call, expectRefused, expectStatus, loggedInUser, waitForMail } from "./helpers";

/**
 * Vouchers and coupons through the API (ADR 0030): an operator's coupon created by the ops command, checked, saved,
 * applied at booking (held), used when the provider's webhook confirms the payment, given back when the booking
 * expires or is declined; referral vouchers given once to both sides when the referred renter's first booking has
 * been active 30 days or completes, never at approval; every refusal a clear message that changes
 * nothing. The listing of the fixtures costs ₱3,000.00 a month with a deposit: 3 months are due ₱6,150.00 at request.
 */

const WAIT = { timeout: 15_000, interval: 100 };
const today = todayInManila();
const DUE = 615_000;

afterEach(async () => {
  const { db } = await getDatabase();
  expect(await checkLedger(db)).toEqual([]);
});

let serial = 0;
/** A coupon made by the operator command; answers its code. */
async function aCoupon(flags: string[]): Promise<string> {
  const { db } = await getDatabase();
  serial += 1;
  const code = `TEST${serial}${Math.random().toString(36).slice(2, 7)}`.toUpperCase();
  await createCouponCommand(db, ["--code", code, "--until", addDays(today, 30), ...flags]);
  return code;
}

/** The referral vouchers' job enqueued for a booking, if any. */
async function referralJobOf(bookingId: string) {
  const { db } = await getDatabase();
  const found = (await db.execute(
    sql`select start_after from pgboss.job where name = ${referralVouchersQueue.name} and data->>'bookingId' = ${bookingId}`,
  )) as unknown as { rows: { start_after: string | Date }[] };
  const [row] = found.rows;
  return row ? { startAfter: new Date(row.start_after) } : undefined;
}

async function redemptionsOf(bookingId: string) {
  const { db } = await getDatabase();
  return db.select().from(voucherRedemptions).where(eq(voucherRedemptions.bookingId, bookingId));
}

/** Pays the booking's due through the sandbox checkout and its signed webhook, and waits for the job. */
async function payThroughWebhook(cookie: string, bookingId: string) {
  const opened = await call<{ paymentId: string }>("POST", "/reserve/payBooking", {
    cookie,
    body: { bookingId },
  });
  expectStatus(opened, 200);
  const { db } = await getDatabase();
  const [payment] = await db.select().from(payments).where(eq(payments.id, opened.body.result.paymentId));
  if (!payment) throw new Error("no payment row");
  const body = paidEvent(`evt_${bookingId.slice(0, 8)}`, payment, payment.amount);
  expect((await webhook(body, sandboxSigned(body))).status).toBe(200);
  await expect
    .poll(async () => (await db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]?.state, WAIT)
    .toBe("requested");
  return payment.amount;
}

describe("npm run ops -- coupon:create", () => {
  it("creates fixed and percent coupons from its flags, in upper case", async () => {
    const { db } = await getDatabase();
    const line = await createCouponCommand(db, [
      "--code",
      "welcome-ops1",
      "--amount",
      "150.50",
      "--from",
      today,
      "--until",
      addDays(today, 10),
      "--limit",
      "3",
    ]);
    expect(line).toBe(
      `coupon WELCOME-OPS1: ₱150.50 off, ${today} to ${addDays(today, 10)}, at most 3 uses, once per account`,
    );
    await createCouponCommand(db, [
      "--code",
      "TENPCT-OPS1",
      "--percent",
      "10",
      "--until",
      addDays(today, 10),
    ]);
    const rows = await db.select().from(coupons).where(eq(coupons.code, "TENPCT-OPS1"));
    expect(rows).toMatchObject([{ kind: "percent", value: 10, validFrom: today, totalLimit: null }]);
  });

  it("refuses a taken code, a voucher's prefix, both or neither amount, and a percent over 100", async () => {
    const { db } = await getDatabase();
    const until = ["--until", addDays(today, 10)];
    await createCouponCommand(db, ["--code", "TAKEN-OPS", "--amount", "1", ...until]);
    const refused = async (args: string[]) =>
      createCouponCommand(db, args).then(
        () => "created",
        (error) => (error instanceof DomainError ? error.message : String(error)),
      );
    expect(await refused(["--code", "taken-ops", "--amount", "5", ...until])).toBe(
      "A coupon with the code TAKEN-OPS already exists.",
    );
    expect(await refused(["--code", "RV-MINE", "--amount", "5", ...until])).toMatch(/referral voucher/);
    expect(await refused(["--code", "BOTH", "--amount", "5", "--percent", "5", ...until])).toMatch(/one of/);
    expect(await refused(["--code", "NONE", ...until])).toMatch(/one of/);
    expect(await refused(["--code", "TOOMUCH", "--percent", "101", ...until])).toMatch(/at most 100/);
    expect(await refused(["--code", "NOEND", "--amount", "5"])).toMatch(/--until/);
    expect(await refused(["--code", "X", "--amount", "5", "--colour", "red", ...until])).toMatch(/usage/);
    expect(await db.select().from(coupons).where(eq(coupons.code, "BOTH"))).toEqual([]);
  });
});

describe("POST /user/validateCode and /user/useCoupon", () => {
  it("says what a usable coupon is worth, and saves it to the account where getMyCode lists it", async () => {
    const renter = await loggedInUser();
    const code = await aCoupon(["--amount", "200"]);
    const checked = await call<CodeCheck>("POST", "/user/validateCode", {
      cookie: renter.cookie,
      body: { code: ` ${code.toLowerCase()} ` },
    });
    expectStatus(checked, 200);
    expect(checked.body.result).toMatchObject({
      usable: true,
      worth: { code, kind: "coupon", amount: 20_000, percent: null, validUntil: addDays(today, 30) },
    });
    const saved = await call("POST", "/user/useCoupon", { cookie: renter.cookie, body: { code } });
    expectStatus(saved, 200);
    const mine = await call<MyCode>("POST", "/user/getMyCode", { cookie: renter.cookie });
    expect(mine.body.result.coupons).toEqual([
      { code, description: "₱200.00 off", validUntil: addDays(today, 30), status: "available" },
    ]);
    expect(mine.body.result.vouchers).toEqual([]);
  });

  it("answers why an unknown or expired code cannot be used, and saves nothing", async () => {
    const renter = await loggedInUser();
    const unknown = await call<CodeCheck>("POST", "/user/validateCode", {
      cookie: renter.cookie,
      body: { code: "NO-SUCH-CODE" },
    });
    expect(unknown.body.result).toEqual({ usable: false, message: VOUCHER_MESSAGES.unknown, worth: null });
    const code = await aCoupon([
      "--amount",
      "50",
      "--from",
      addDays(today, -20),
      "--until",
      addDays(today, -1),
    ]);
    const expired = await call<CodeCheck>("POST", "/user/validateCode", {
      cookie: renter.cookie,
      body: { code },
    });
    expect(expired.body.result).toMatchObject({ usable: false, message: expiredMessage(addDays(today, -1)) });
    expectRefused(
      await call("POST", "/user/useCoupon", { cookie: renter.cookie, body: { code } }),
      "code",
      expiredMessage(addDays(today, -1)),
      409,
    );
    expectRefused(
      await call("POST", "/user/useCoupon", { cookie: renter.cookie, body: { code: "NO-SUCH-CODE" } }),
      "code",
      VOUCHER_MESSAGES.unknown,
    );
    expectRefused(
      await call("POST", "/user/useCoupon", { cookie: renter.cookie, body: { code: " " } }),
      "code",
      VOUCHER_MESSAGES.code,
    );
    const mine = await call<MyCode>("POST", "/user/getMyCode", { cookie: renter.cookie });
    expect(mine.body.result.coupons).toEqual([]);
  });
});

describe("POST /reserve/verifyBookingVoucher", () => {
  it("answers the amount off a quote, fixed or percent of the first month, without holding anything", async () => {
    const { renter, space } = await aHostAndARenter();
    const fixed = await aCoupon(["--amount", "500"]);
    const percent = await aCoupon(["--percent", "10"]);
    const quote = { spaceId: space.id, startDate: start, duration: "3_months" };
    const byFixed = await call<BookingVoucherCheck>("POST", "/reserve/verifyBookingVoucher", {
      cookie: renter.cookie,
      body: { ...quote, code: fixed },
    });
    expectStatus(byFixed, 200);
    expect(byFixed.body.result).toMatchObject({
      code: fixed,
      kind: "coupon",
      amountOff: 50_000,
      dueBefore: DUE,
      price: { firstMonthPrice: 300_000, due: DUE - 50_000 },
    });
    const byPercent = await call<BookingVoucherCheck>("POST", "/reserve/verifyBookingVoucher", {
      cookie: renter.cookie,
      body: { ...quote, code: percent },
    });
    expect(byPercent.body.result).toMatchObject({ amountOff: 30_000, price: { due: DUE - 30_000 } });
    const { db } = await getDatabase();
    const held = await db
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.userId, renter.user.id));
    expect(held).toEqual([]);
  });

  it("never lowers the due below 0", async () => {
    const { renter, space } = await aHostAndARenter();
    const big = await aCoupon(["--amount", "10000"]);
    const answer = await call<BookingVoucherCheck>("POST", "/reserve/verifyBookingVoucher", {
      cookie: renter.cookie,
      body: { spaceId: space.id, startDate: start, duration: "3_months", code: big },
    });
    expect(answer.body.result).toMatchObject({ amountOff: DUE, price: { due: 0 } });
  });
});

describe("POST /reserve/BookSpace with a code", () => {
  it("lowers the due and holds the coupon; the webhook's payment uses it; a second use by the renter is refused", async () => {
    const { renter, space } = await aHostAndARenter();
    const code = await aCoupon(["--amount", "500"]);
    const booked = await book(renter.cookie, { spaceId: space.id, code });
    expectStatus(booked, 200);
    expect(booked.body.result).toMatchObject({
      state: "awaiting_payment",
      voucher: 50_000,
      due: DUE - 50_000,
    });
    const { bookingId } = booked.body.result;
    expect(await redemptionsOf(bookingId)).toMatchObject([{ state: "held", amount: 50_000 }]);

    // While the first booking holds it, and after it is used, the same renter cannot use it again.
    const other = await createListing((await loggedInUser()).user.id);
    const again = await book(renter.cookie, { spaceId: other.id, code });
    expectRefused(again, "code", VOUCHER_MESSAGES.couponUsedByYou, 409);

    expect(await payThroughWebhook(renter.cookie, bookingId)).toBe(DUE - 50_000);
    expect(await redemptionsOf(bookingId)).toMatchObject([{ state: "used" }]);
    expectRefused(
      await book(renter.cookie, { spaceId: other.id, code }),
      "code",
      VOUCHER_MESSAGES.couponUsedByYou,
      409,
    );
    const { db } = await getDatabase();
    expect(await db.select().from(bookings).where(eq(bookings.spaceId, other.id))).toEqual([]);
  });

  it("refuses an unknown or expired code and books nothing", async () => {
    const { renter, space } = await aHostAndARenter();
    expectRefused(
      await book(renter.cookie, { spaceId: space.id, code: "NOPE" }),
      "code",
      VOUCHER_MESSAGES.unknown,
    );
    const code = await aCoupon([
      "--amount",
      "50",
      "--from",
      addDays(today, -20),
      "--until",
      addDays(today, -1),
    ]);
    expectRefused(
      await book(renter.cookie, { spaceId: space.id, code }),
      "code",
      expiredMessage(addDays(today, -1)),
      409,
    );
    const { db } = await getDatabase();
    expect(await db.select().from(bookings).where(eq(bookings.spaceId, space.id))).toEqual([]);
  });

  it("stops at the coupon's total limit, and gives one use to one of two bookings racing for it", async () => {
    const code = await aCoupon(["--amount", "100", "--limit", "1"]);
    const first = await aHostAndARenter();
    const second = await aHostAndARenter();
    const [a, b] = await Promise.all([
      book(first.renter.cookie, { spaceId: first.space.id, code }),
      book(second.renter.cookie, { spaceId: second.space.id, code }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body.responseMessage).toBe(VOUCHER_MESSAGES.couponLimit);
    const { db } = await getDatabase();
    const [coupon] = await db.select().from(coupons).where(eq(coupons.code, code));
    const uses = await db
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.couponId, coupon?.id ?? ""));
    expect(uses).toHaveLength(1);
  });

  it("gives the coupon back when the unpaid checkout expires, so it can be used again", async () => {
    const { renter, space } = await aHostAndARenter();
    const code = await aCoupon(["--amount", "100", "--limit", "1"]);
    const booked = await book(renter.cookie, { spaceId: space.id, code });
    expectStatus(booked, 200);
    const { bookingId } = booked.body.result;
    const { db } = await getDatabase();
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    if (!row) throw new Error("no booking");
    // The clock moved past the 60 minutes: the deadline job's event.
    const late = new Date(checkoutDeadline(row).getTime() + 1000);
    await applyBookingEvent(db, bookingId, { type: "checkout_expired", actor: "system" }, { at: late });
    expect(await redemptionsOf(bookingId)).toMatchObject([{ state: "released" }]);
    const rebooked = await book(renter.cookie, { spaceId: space.id, code });
    expectStatus(rebooked, 200);
    expect(rebooked.body.result.voucher).toBe(10_000);
  });

  it("gives the coupon back when the host declines the paid request, and refunds what was paid", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const code = await aCoupon(["--percent", "10"]);
    const booked = await book(renter.cookie, { spaceId: space.id, code });
    const { bookingId } = booked.body.result;
    await payThroughWebhook(renter.cookie, bookingId);
    const declined = await call<BookingDetails>("POST", "/reserve/declineBooking", {
      cookie: host.cookie,
      body: { bookingId, reason: "The room is being repainted." },
    });
    expectStatus(declined, 200);
    expect(declined.body.result).toMatchObject({
      state: "declined",
      paid: DUE - 30_000,
      refunded: DUE - 30_000,
    });
    expect(await redemptionsOf(bookingId)).toMatchObject([{ state: "released" }]);
    const check = await call<CodeCheck>("POST", "/user/validateCode", {
      cookie: renter.cookie,
      body: { code },
    });
    expect(check.body.result.usable).toBe(true);
  });

  it("gives the coupon back when the renter cancels the approved booking, its money refunded", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const code = await aCoupon(["--amount", "500"]);
    const booked = await book(renter.cookie, { spaceId: space.id, code });
    const { bookingId } = booked.body.result;
    await payThroughWebhook(renter.cookie, bookingId);
    expectStatus(
      await call("POST", "/reserve/approveBooking", {
        cookie: host.cookie,
        body: { bookingId, ownerId: host.user.id, autoAcceptExtension: false, type: "storage" },
      }),
      200,
    );
    expect(await redemptionsOf(bookingId)).toMatchObject([{ state: "used" }]);
    const cancelled = await call<BookingDetails>("POST", "/reserve/cancelBooking", {
      cookie: renter.cookie,
      body: { bookingId, reason: "Found a closer place." },
    });
    expectStatus(cancelled, 200);
    expect(cancelled.body.result.state).toBe("cancelled");
    expect(cancelled.body.result.refunded).toBeGreaterThan(0);
    expect(await redemptionsOf(bookingId)).toMatchObject([{ state: "released" }]);
  });

  it("sends the request to the host at once, the code used, when it covers the whole due", async () => {
    const { renter, space } = await aHostAndARenter();
    const code = await aCoupon(["--amount", "10000"]);
    const booked = await book(renter.cookie, { spaceId: space.id, code });
    expectStatus(booked, 200);
    expect(booked.body.result).toMatchObject({ state: "requested", due: 0, voucher: DUE, paid: 0 });
    expect(await redemptionsOf(booked.body.result.bookingId)).toMatchObject([{ state: "used", amount: DUE }]);
  });
});

describe("referral vouchers", () => {
  it("are never given at approval: an approved booking cancelled and refunded gives nothing", async () => {
    const friend = await loggedInUser({ nickName: "Friend" });
    const renter = await loggedInUser({ referredBy: friend.user.id });
    const host = await loggedInUser();
    const space = await createListing(host.user.id);
    const booked = await book(renter.cookie, { spaceId: space.id });
    const { bookingId } = booked.body.result;
    await payThroughWebhook(renter.cookie, bookingId);
    expectStatus(
      await call("POST", "/reserve/approveBooking", {
        cookie: host.cookie,
        body: { bookingId, ownerId: host.user.id, autoAcceptExtension: false, type: "storage" },
      }),
      200,
    );
    const { db } = await getDatabase();
    const given = () =>
      db
        .select()
        .from(vouchers)
        .where(inArray(vouchers.holderId, [renter.user.id, friend.user.id]));
    expect(await given()).toEqual([]);
    expectStatus(
      await call("POST", "/reserve/cancelBooking", { cookie: renter.cookie, body: { bookingId } }),
      200,
    );
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ state: "cancelled", refunded: DUE - 15_000 });
    expect(await given()).toEqual([]);
  });

  it(`are given to both sides once the referred renter's first booking has been active ${REFERRAL_ACTIVE_DAYS} days, by a durable job`, async () => {
    const friend = await loggedInUser({ nickName: "Friend" });
    const renter = await loggedInUser({ referredBy: friend.user.id });
    const host = await loggedInUser();
    const { db } = await getDatabase();
    // Booked, paid, approved and started 10 days ago through the booking service: the job waits for day 30.
    const recent = await seedRunningBooking(db, {
      spaceId: (await createListing(host.user.id)).id,
      renterId: renter.user.id,
      startDate: addDays(today, -10),
      duration: "3_months",
    });
    const job = await referralJobOf(recent);
    expect(job?.startAfter.toISOString()).toBe(referralVouchersDueAt(addDays(today, -10)).toISOString());
    await runJob(referralVouchersQueue, { bookingId: recent });
    expect(await db.select().from(vouchers).where(eq(vouchers.holderId, renter.user.id))).toEqual([]);

    // Another of the renter's bookings started 31 days ago: its job is due, and runs.
    const bookingId = await seedRunningBooking(db, {
      spaceId: (await createListing(host.user.id)).id,
      renterId: renter.user.id,
      startDate: addDays(today, -31),
      duration: "3_months",
    });
    await expect
      .poll(
        async () => (await db.select().from(vouchers).where(eq(vouchers.bookingId, bookingId))).length,
        WAIT,
      )
      .toBe(2);
    const given = await db.select().from(vouchers).where(eq(vouchers.bookingId, bookingId));
    expect(given.map((voucher) => voucher.holderId).sort()).toEqual([friend.user.id, renter.user.id].sort());
    for (const voucher of given) {
      expect(voucher.amount).toBe(25_000);
      expect(voucher.code).toMatch(/^RV-[A-Z2-9]{8}$/);
    }

    // The job run again, twice at once, the first booking's day 30, its completion: one voucher per side, by a
    // unique key.
    const [row] = await db.select().from(bookings).where(eq(bookings.id, recent));
    if (!row) throw new Error("no booking");
    await Promise.all([
      runJob(referralVouchersQueue, { bookingId }),
      runJob(referralVouchersQueue, { bookingId }),
      followBooking(db, { ...row, state: "completed" }, "active", "completed", new Date()),
    ]);
    expect(await db.select().from(vouchers).where(eq(vouchers.holderId, renter.user.id))).toHaveLength(1);
    expect(await db.select().from(vouchers).where(eq(vouchers.holderId, friend.user.id))).toHaveLength(1);

    // Each side is told, once the vouchers are committed.
    const friendVoucher = given.find((voucher) => voucher.holderId === friend.user.id);
    const renterVoucher = given.find((voucher) => voucher.holderId === renter.user.id);
    const toFriend = await waitForMail(friend.user.email, "You have a referral voucher");
    expect(toFriend.text).toContain(`signed up with your referral code`);
    expect(toFriend.text).toContain(friendVoucher?.code);
    const toRenter = await waitForMail(renter.user.email, "You have a referral voucher");
    expect(toRenter.text).toContain(renterVoucher?.code);
    expect(toRenter.text).toContain("₱250.00 off your next booking");

    const mine = await call<MyCode>("POST", "/user/getMyCode", { cookie: friend.cookie });
    expect(mine.body.result.vouchers).toEqual([
      { code: friendVoucher?.code, amount: 25_000, expiresOn: friendVoucher?.expiresOn, status: "available" },
    ]);
  });

  it("are given when a shorter first booking completes, before its 30 days", async () => {
    const friend = await loggedInUser();
    const renter = await loggedInUser({ referredBy: friend.user.id });
    const host = await loggedInUser();
    const { db } = await getDatabase();
    const startDate = addDays(today, -9);
    const bookingId = await seedRunningBooking(db, {
      spaceId: (await createListing(host.user.id, { rentalDurations: ["week", "1_month"] })).id,
      renterId: renter.user.id,
      startDate,
      duration: "week",
    });
    expect(await db.select().from(vouchers).where(eq(vouchers.bookingId, bookingId))).toEqual([]);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    await applyBookingEvent(
      db,
      bookingId,
      { type: "end", actor: "system" },
      { at: endInstant({ endDate: row?.endDate ?? startDate }) },
    );
    const given = await db.select().from(vouchers).where(eq(vouchers.bookingId, bookingId));
    expect(given.map((voucher) => voucher.holderId).sort()).toEqual([friend.user.id, renter.user.id].sort());
    expect(given[0]?.expiresOn).toBe(
      referralVoucherExpiry(endInstant({ endDate: row?.endDate ?? startDate })),
    );
  });

  it("is for its holder's own booking: someone else's is refused, and its holder's lowers their due", async () => {
    const friend = await loggedInUser();
    const { db } = await getDatabase();
    const [voucher] = await db
      .insert(vouchers)
      .values({
        code: `RV-OWN${Math.random().toString(36).slice(2, 7).toUpperCase()}`,
        holderId: friend.user.id,
        amount: 25_000,
        expiresOn: addDays(today, 300),
        referralKey: `test:${friend.user.id}`,
      })
      .returning();
    if (!voucher) throw new Error("no voucher");
    const { renter, space } = await aHostAndARenter();
    const quote = { spaceId: space.id, startDate: start, duration: "3_months", code: voucher.code };
    expectRefused(
      await call("POST", "/reserve/verifyBookingVoucher", { cookie: renter.cookie, body: quote }),
      "code",
      VOUCHER_MESSAGES.notYours,
      403,
    );
    expectRefused(
      await book(renter.cookie, { spaceId: space.id, code: voucher.code }),
      "code",
      VOUCHER_MESSAGES.notYours,
      403,
    );
    const { code: _code, ...rest } = quote;
    expect(await db.select().from(bookings).where(eq(bookings.spaceId, space.id))).toEqual([]);

    const booked = await book(friend.cookie, { ...rest, code: voucher.code.toLowerCase() });
    expectStatus(booked, 200);
    expect(booked.body.result).toMatchObject({ voucher: 25_000, due: DUE - 25_000 });
    const held = await call<MyCode>("POST", "/user/getMyCode", { cookie: friend.cookie });
    expect(held.body.result.vouchers).toMatchObject([{ code: voucher.code, status: "held" }]);
    const second = await createListing((await loggedInUser()).user.id);
    expectRefused(
      await book(friend.cookie, { spaceId: second.id, code: voucher.code }),
      "code",
      VOUCHER_MESSAGES.voucherHeld,
      409,
    );
    const used = await db
      .select()
      .from(voucherRedemptions)
      .where(and(eq(voucherRedemptions.voucherId, voucher.id)));
    expect(used).toHaveLength(1);
  });
});

describe("a code in the reservation draft (the payment step's field)", () => {
  it("is kept only when usable, shown as a line of the quote with the lowered due, and removed with an empty code", async () => {
    const { renter, space } = await aHostAndARenter();
    const code = await aCoupon(["--amount", "500"]);
    const save = (body: Record<string, unknown>) =>
      call<ReservationDraft>("POST", "/reserve/saveReservationDraft", {
        cookie: renter.cookie,
        body: { spaceId: space.id, ...body },
      });
    expectStatus(await save({ startDate: start, duration: "3_months" }), 200);
    expectRefused(await save({ code: "NOPE" }), "code", VOUCHER_MESSAGES.unknown);
    const applied = await save({ code: code.toLowerCase() });
    expectStatus(applied, 200);
    expect(applied.body.result.values.code).toBe(code);
    expect(applied.body.result.quote).toMatchObject({
      code: { code, amountOff: 50_000 },
      price: { due: DUE - 50_000 },
    });
    const removed = await save({ code: "" });
    expect(removed.body.result.values.code).toBeUndefined();
    expect(removed.body.result.quote?.price.due).toBe(DUE);
    const { db } = await getDatabase();
    expect(
      await db.select().from(voucherRedemptions).where(eq(voucherRedemptions.userId, renter.user.id)),
    ).toEqual([]);
  });
});
