import { and, eq, like, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import type { Envelope } from "~/api/envelope";
import { BOOKING_RATING_REQUIRED } from "~/api/feedback/feedback.server";
import { CHECKOUT_CONFIRMED, type DepositChecklist } from "~/api/reserve/deposit-checklist.server";
import { handleApiRequest } from "~/api/router.server";
import { applyBookingEvent, bookingTransaction } from "~/core/booking-service.server";
import { depositNewsQueue, reportNewsQueue } from "~/core/deposit-news.server";
import { settleDecidedResolution, settleDeposit } from "~/core/deposits.server";
import { ACCOUNTS, checkLedger, enterLedger } from "~/core/ledger.server";
import { releaseEarnings, runPayoutBatch } from "~/core/payout-runs.server";
import { getDatabase } from "~/db/db.server";
import {
  bookingDeposits,
  bookings,
  conditionReports,
  feedback,
  feedbackPhotos,
  hostEarnings,
  ledgerEntries,
  notifications,
  payments,
  payouts,
  refunds,
  resolutions,
} from "~/db/schema";
import { endInstant, startInstant } from "~/domain/booking";
import { addDays, todayInManila } from "~/domain/dates";
import { DEPOSIT_MESSAGES, depositDeadline, REPORT_MESSAGES } from "~/domain/deposits";
import { payableAt } from "~/domain/payouts";
import { startJobs } from "~/infra/jobs.server";
import { listSunkMail } from "~/infra/mail.server";
import { releaseDueDeposits } from "~/jobs/deposit-runs.server";
import {
  aHostAndARenter,
  book,
  ledgerProblemsAfter,
  paidEvent,
  sandboxSigned,
  start,
  webhook,
} from "./booking-fixtures";
import { call, expectRefused, expectStatus, loggedInUser, waitForMail } from "./helpers";

/**
 * Deposits (docs/product.md, Deposits and condition reports; ADR 0032): held in the ledger from the payment on, settled
 * exactly once — to the host, back to the renter through the provider, or back with a cancellation's refund — released
 * by the 72-hour job, held (with the booking's unpaid rent) while a case is open, and moved by an operator's decision.
 * The ledger check runs after every test.
 */

afterEach(async () => {
  const { db } = await getDatabase();
  expect(await checkLedger(db)).toEqual([]);
});

const WAIT = { timeout: 15_000, interval: 100 };
const MS = 1;
const DEPOSIT = 300_000;

/** A booking of 3 months (₱3,000.00 a month, deposit ₱3,000.00) paid through the sandbox's checkout and webhook. */
async function aPaidBooking(overrides: Parameters<typeof aHostAndARenter>[0] = {}) {
  const parties = await aHostAndARenter(overrides);
  const booked = await book(parties.renter.cookie, { spaceId: parties.space.id });
  expectStatus(booked, 200);
  const { bookingId, price } = booked.body.result;
  const checkout = await call<{ paymentId: string }>("POST", "/reserve/payBooking", {
    cookie: parties.renter.cookie,
    body: { bookingId },
  });
  expectStatus(checkout, 200);
  const { db } = await getDatabase();
  const [payment] = await db.select().from(payments).where(eq(payments.id, checkout.body.result.paymentId));
  if (!payment) throw new Error("no payment row");
  const body = paidEvent(`evt_${bookingId.slice(0, 8)}`, payment, price.due);
  await webhook(body, sandboxSigned(body));
  await expect.poll(async () => (await bookingRow(bookingId)).state, WAIT).toBe("requested");
  return { ...parties, bookingId, price };
}

/** A paid booking approved, started and ended on its dates (each event at its own instant). */
async function anEndedBooking() {
  const paid = await aPaidBooking();
  const { db } = await getDatabase();
  await applyBookingEvent(db, paid.bookingId, { type: "approve", actor: "host", autoAcceptExtension: false });
  await applyBookingEvent(
    db,
    paid.bookingId,
    { type: "start", actor: "system" },
    { at: startInstant({ startDate: start }) },
  );
  const row = await bookingRow(paid.bookingId);
  await applyBookingEvent(db, paid.bookingId, { type: "end", actor: "system" }, { at: endInstant(row) });
  return { ...paid, booking: await bookingRow(paid.bookingId) };
}

async function bookingRow(bookingId: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new Error("no booking");
  return row;
}

async function depositOf(bookingId: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(bookingDeposits).where(eq(bookingDeposits.bookingId, bookingId));
  return row ?? null;
}

async function balanceOf(bookingId: string, account: string): Promise<number> {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.bookingId, bookingId), eq(ledgerEntries.account, account)));
  return Number(row?.total ?? 0);
}

/** The refunds the provider confirmed for a decision key (`deposit:<booking>`, `resolution:<case>`). */
async function succeededRefunds(bookingId: string, decision: string) {
  const { db } = await getDatabase();
  const rows = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.bookingId, bookingId), like(refunds.idempotencyKey, `refund:${decision}:%`)));
  return rows.filter((row) => row.state === "succeeded").map((row) => row.amount);
}

/** What a user's bell holds: each notification's title, body and the page it opens, oldest first. */
async function noticesOf(userId: string) {
  const { db } = await getDatabase();
  return db
    .select({
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);
}

/**
 * The jobs a queue holds for this data, with their states: the notification jobs are sent in the settling or
 * signing transaction, so counting them proves how often people are told; once every one is completed, each bell
 * holds all it will ever get from them.
 */
async function newsJobs(queue: { name: string }, data: Record<string, string>) {
  const boss = await startJobs();
  return (await boss.findJobs(queue.name, { data })).map((job) => job.state);
}

const checklistPath = (bookingId: string) => `/bookings/${bookingId}/deposit-management-checklist`;

async function settle(bookingId: string, awardToHost: number, reason = "The host confirmed the checklist.") {
  const { db } = await getDatabase();
  return bookingTransaction(db, (tx) => settleDeposit(tx, { bookingId, awardToHost, reason }));
}

async function openCase(
  bookingId: string,
  openedBy: string,
  state: "open" | "answered" | "decided",
  award?: number,
) {
  const { db } = await getDatabase();
  const [row] = await db
    .insert(resolutions)
    .values({
      bookingId,
      openedBy,
      reason: "damage",
      amountAsked: award ?? 0,
      description: "The shelf was broken at move-out.",
      state,
      award: state === "decided" ? (award ?? 0) : null,
      decidedAt: state === "decided" ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error("no case");
  return row;
}

/**
 * Photos about a booking, as the screens' forms (or an app) send them: a multipart POST of `count` JPEGs taken (EXIF
 * DateTimeOriginal) on 2026-11-20 14:30:05, with the given fields.
 */
async function uploadPhotos(cookie: string, fields: Record<string, string>, count = 1) {
  const form = new FormData();
  for (let i = 0; i < count; i++) {
    const bytes = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#1f7a4d" } })
      .withExif({ IFD0: { Make: "Acme" }, IFD2: { DateTimeOriginal: "2026:11:20 14:30:05" } })
      .jpeg()
      .toBuffer();
    form.append("image", new File([new Uint8Array(bytes)], `shelf-${i}.jpg`, { type: "image/jpeg" }));
  }
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const response = await handleApiRequest(
    new Request("http://localhost/api/space/imageUploadBookingFeedback", {
      method: "POST",
      headers: { Cookie: cookie },
      body: form,
    }),
  );
  return {
    status: response.status,
    body: (await response.json()) as Envelope<{ uploads: { uploadId: string }[] } & Record<string, unknown>>,
    headers: response.headers,
  };
}

describe("holding the deposit", () => {
  it("moves the deposit into deposits held when the payment is confirmed, and nothing for a listing without one", async () => {
    const { bookingId, price } = await aPaidBooking();
    expect(price.deposits).toBe(DEPOSIT);
    expect(await depositOf(bookingId)).toMatchObject({ amount: DEPOSIT, state: "held" });
    expect(await balanceOf(bookingId, ACCOUNTS.depositsHeld)).toBe(-DEPOSIT);
    expect(await balanceOf(bookingId, ACCOUNTS.bookingFunds)).toBe(-(price.due - DEPOSIT));

    const without = await aPaidBooking({ depositRequired: false });
    expect(without.price.deposits).toBe(0);
    expect(await depositOf(without.bookingId)).toBeNull();
    expect(await balanceOf(without.bookingId, ACCOUNTS.depositsHeld)).toBe(0);
    const { db } = await getDatabase();
    expect(
      await bookingTransaction(db, (tx) =>
        settleDeposit(tx, { bookingId: without.bookingId, awardToHost: 0, reason: "x" }),
      ),
    ).toEqual({
      outcome: "no_deposit",
    });
  });
});

describe("settling a deposit", () => {
  it("award 0 releases it all to the renter through the provider, once, however often it is asked", async () => {
    const { bookingId, booking } = await anEndedBooking();
    const first = await settle(bookingId, 0);
    expect(first).toMatchObject({
      outcome: "settled",
      deposit: { state: "released", refundedToRenter: DEPOSIT },
    });
    expect(await settle(bookingId, 0)).toMatchObject({ outcome: "already_settled" });
    expect(await settle(bookingId, 50_000)).toMatchObject({ outcome: "already_settled" });
    await expect.poll(() => succeededRefunds(bookingId, `deposit:${bookingId}`), WAIT).toEqual([DEPOSIT]);
    expect(await bookingRow(bookingId)).toMatchObject({ refunded: booking.refunded + DEPOSIT });
    expect(await balanceOf(bookingId, ACCOUNTS.depositsHeld)).toBe(0);
    expect(await balanceOf(bookingId, ACCOUNTS.refundsOwed)).toBe(0);
  });

  it("a part goes to the host as an earning the weekly payout pays, the rest back to the renter", async () => {
    const { bookingId, booking, host } = await anEndedBooking();
    expect(await settle(bookingId, 120_050, "An operator decided the host's claim.")).toMatchObject({
      outcome: "settled",
      deposit: { state: "awarded", awardedToHost: 120_050, refundedToRenter: 179_950 },
    });
    await expect.poll(() => succeededRefunds(bookingId, `deposit:${bookingId}`), WAIT).toEqual([179_950]);
    const { db } = await getDatabase();
    const earnings = await db
      .select()
      .from(hostEarnings)
      .where(and(eq(hostEarnings.bookingId, bookingId), eq(hostEarnings.kind, "deposit")));
    expect(earnings).toMatchObject([{ rent: 120_050, hostId: host.user.id, periodStart: booking.endDate }]);
    const run = await runPayoutBatch(db, new Date(depositDeadline(booking).getTime() + 7 * 86_400_000));
    const [payout] = await db.select().from(payouts).where(eq(payouts.hostId, host.user.id));
    // Without a payout method the host keeps accumulating; with none made, the award is still payable.
    expect(run.batchId).not.toBeNull();
    expect(payout).toBeUndefined();
  });

  it("all of it to the host; an award above the deposit is capped and the excess not collected", async () => {
    const { bookingId } = await anEndedBooking();
    expect(await settle(bookingId, 450_000)).toMatchObject({
      outcome: "settled",
      uncollected: 150_000,
      deposit: { state: "awarded", awardedToHost: DEPOSIT, refundedToRenter: 0 },
    });
    expect(await balanceOf(bookingId, ACCOUNTS.depositsHeld)).toBe(0);
    expect(await succeededRefunds(bookingId, `deposit:${bookingId}`)).toEqual([]);
  });

  it("two settlements at once (two instances) settle it once", async () => {
    const { bookingId } = await anEndedBooking();
    const both = await Promise.all([settle(bookingId, 0), settle(bookingId, 100_000)]);
    expect(both.filter((result) => result.outcome === "settled")).toHaveLength(1);
    expect(both.filter((result) => result.outcome === "already_settled")).toHaveLength(1);
    expect(await balanceOf(bookingId, ACCOUNTS.depositsHeld)).toBe(0);
    // Told once: one job for the renter and one for the host, from the settlement that won.
    expect(await newsJobs(depositNewsQueue, { bookingId })).toHaveLength(2);
  });

  it("tells the renter how much comes back and the host how much was awarded, once however often it is asked", async () => {
    const { bookingId, renter, host, space } = await anEndedBooking();
    await settle(bookingId, 120_050, "An operator decided the host's claim.");
    expect(await settle(bookingId, 0)).toMatchObject({ outcome: "already_settled" });
    await expect
      .poll(() => newsJobs(depositNewsQueue, { bookingId }), WAIT)
      .toEqual(["completed", "completed"]);
    const link = checklistPath(bookingId);
    const depositNews = async (userId: string) =>
      (await noticesOf(userId)).filter((notice) => notice.kind === "depositUpdate");
    expect(await depositNews(renter.user.id)).toEqual([
      {
        kind: "depositUpdate",
        title: "Your deposit was settled",
        body: `${space.spaceTitle}: ₱1,200.50 of your ₱3,000.00 deposit was awarded to the host; ₱1,799.50 goes back to you. It is refunded the way you paid. An operator decided the host's claim.`,
        link,
      },
    ]);
    expect(await depositNews(host.user.id)).toEqual([
      {
        kind: "depositUpdate",
        title: "You were awarded from a renter's deposit",
        body: `${space.spaceTitle}: ₱1,200.50 of the renter's ₱3,000.00 deposit was awarded to you and comes with your next payout; ₱1,799.50 goes back to the renter. An operator decided the host's claim.`,
        link,
      },
    ]);
    const mail = await waitForMail(renter.email, `Your deposit was settled: ${space.spaceTitle}`);
    expect(mail.text).toContain(`Hi Ria,`);
    expect(mail.text).toContain(`See the move-in / move-out checklist: http`);
    expect(mail.text).toContain(link);
  });
});

describe("cancellations give the deposit back with their refund", () => {
  it("a declined request refunds everything, the deposit returned from deposits held, and it cannot be settled again", async () => {
    const { bookingId, price, host } = await aPaidBooking();
    expectStatus(
      await call("POST", "/reserve/declineBooking", {
        cookie: host.cookie,
        body: { bookingId, reason: "Not free after all." },
      }),
      200,
    );
    expect(await depositOf(bookingId)).toMatchObject({ state: "returned", refundedToRenter: DEPOSIT });
    expect(await balanceOf(bookingId, ACCOUNTS.depositsHeld)).toBe(0);
    expect(await settle(bookingId, 0)).toMatchObject({ outcome: "already_settled" });
    // Returned with the refund, not settled: the booking's own news tells of the refund, no deposit news.
    expect(await newsJobs(depositNewsQueue, { bookingId })).toEqual([]);
    const { db } = await getDatabase();
    await expect
      .poll(
        async () =>
          (await db.select().from(refunds).where(eq(refunds.bookingId, bookingId)))
            .filter((row) => row.state === "succeeded")
            .reduce((total, row) => total + row.amount, 0),
        WAIT,
      )
      .toBe(price.due);
  });

  it("a renter's late cancellation (3 days or fewer before the start) refunds the deposit and half the first month", async () => {
    const { bookingId, price } = await aPaidBooking();
    const { db } = await getDatabase();
    await applyBookingEvent(db, bookingId, { type: "approve", actor: "host", autoAcceptExtension: false });
    const late = new Date(startInstant({ startDate: start }).getTime() - 2 * 86_400_000);
    await applyBookingEvent(db, bookingId, { type: "cancel", actor: "renter" }, { at: late });
    expect(await bookingRow(bookingId)).toMatchObject({ state: "cancelled", refunded: DEPOSIT + 150_000 });
    expect(await depositOf(bookingId)).toMatchObject({ state: "returned" });
    // The fee and the other half of the first month stay in the booking's funds (not decided yet: ADR 0029).
    expect(await balanceOf(bookingId, ACCOUNTS.bookingFunds)).toBe(-(price.due - DEPOSIT - 150_000));
  });

  it("a renter's early cancellation after approval refunds all but the fee, the deposit included", async () => {
    const { bookingId, price } = await aPaidBooking();
    const { db } = await getDatabase();
    await applyBookingEvent(db, bookingId, { type: "approve", actor: "host", autoAcceptExtension: false });
    await applyBookingEvent(db, bookingId, { type: "cancel", actor: "renter" });
    expect(await bookingRow(bookingId)).toMatchObject({ refunded: price.due - price.spaceSolutionFee });
    expect(await depositOf(bookingId)).toMatchObject({ state: "returned" });
  });
});

describe("the 72-hour release", () => {
  it("releases the deposit 72 hours after the end, not a millisecond earlier, once when two runs race", async () => {
    const { bookingId, booking, space } = await anEndedBooking();
    const { db } = await getDatabase();
    const deadline = depositDeadline(booking);
    expect(await releaseDueDeposits(db, new Date(deadline.getTime() - MS))).toEqual({ released: 0 });
    expect(await depositOf(bookingId)).toMatchObject({ state: "held" });
    const runs = await Promise.all([releaseDueDeposits(db, deadline), releaseDueDeposits(db, deadline)]);
    expect(runs.reduce((total, run) => total + run.released, 0)).toBe(1);
    expect(await depositOf(bookingId)).toMatchObject({
      state: "released",
      reason: "The host did not answer within 72 hours of the end.",
    });
    await expect.poll(() => succeededRefunds(bookingId, `deposit:${bookingId}`), WAIT).toEqual([DEPOSIT]);
    // Both sides are told once, although two runs raced.
    await expect
      .poll(() => newsJobs(depositNewsQueue, { bookingId }), WAIT)
      .toEqual(["completed", "completed"]);
    const title = space.spaceTitle;
    expect(
      (await noticesOf(booking.renterId)).filter((notice) => notice.kind === "depositUpdate"),
    ).toMatchObject([
      {
        title: "Your deposit was released",
        body: `${title}: Your ₱3,000.00 deposit goes back to you in full. It is refunded the way you paid. The host did not answer within 72 hours of the end.`,
      },
    ]);
    expect(
      (await noticesOf(booking.hostId)).filter((notice) => notice.kind === "depositUpdate"),
    ).toMatchObject([
      {
        title: "A renter's deposit was released",
        body: `${title}: The renter's ₱3,000.00 deposit goes back to them. The host did not answer within 72 hours of the end.`,
      },
    ]);
  });

  it("keeps the deposit while a case is open or answered, and releases it once the case is withdrawn", async () => {
    const { bookingId, booking, host } = await anEndedBooking();
    const claim = await openCase(bookingId, host.user.id, "answered");
    const { db } = await getDatabase();
    const later = new Date(depositDeadline(booking).getTime() + 30 * 86_400_000);
    expect(await releaseDueDeposits(db, later)).toEqual({ released: 0 });
    expect(await depositOf(bookingId)).toMatchObject({ state: "held" });
    await db.update(resolutions).set({ state: "withdrawn" }).where(eq(resolutions.id, claim.id));
    expect(await releaseDueDeposits(db, later)).toEqual({ released: 1 });
  });

  it("an open case keeps the booking's rent from becoming payable until it is decided", async () => {
    const { bookingId, booking, renter } = await anEndedBooking();
    const { db } = await getDatabase();
    const complaint = await openCase(bookingId, renter.user.id, "open");
    const released = () => db.select().from(hostEarnings).where(eq(hostEarnings.bookingId, bookingId));
    const firstPayable = payableAt(booking.startDate);
    await releaseEarnings(db, firstPayable);
    expect(await released()).toEqual([]);
    await db.update(resolutions).set({ state: "withdrawn" }).where(eq(resolutions.id, complaint.id));
    await releaseEarnings(db, firstPayable);
    expect((await released()).map((row) => row.periodStart)).toEqual([booking.startDate]);
  });
});

describe("an operator's decision", () => {
  it("a host's claim settles the deposit with the award, once", async () => {
    const { bookingId, host } = await anEndedBooking();
    const claim = await openCase(bookingId, host.user.id, "decided", 80_000);
    const { db } = await getDatabase();
    const decide = () => bookingTransaction(db, (tx) => settleDecidedResolution(tx, claim));
    expect(await decide()).toMatchObject({
      side: "host",
      settlement: {
        outcome: "settled",
        deposit: { awardedToHost: 80_000, refundedToRenter: 220_000, resolutionId: claim.id },
      },
    });
    expect(await decide()).toMatchObject({ side: "host", settlement: { outcome: "already_settled" } });
    await expect.poll(() => succeededRefunds(bookingId, `deposit:${bookingId}`), WAIT).toEqual([220_000]);
  });

  it("a renter's case refunds the award from the rent not yet payable, and the host is paid that much less", async () => {
    const { bookingId, booking, renter } = await anEndedBooking();
    const complaint = await openCase(bookingId, renter.user.id, "decided", 50_000);
    const { db } = await getDatabase();
    const decide = () => bookingTransaction(db, (tx) => settleDecidedResolution(tx, complaint));
    expect(await decide()).toEqual({ side: "renter", refunded: 50_000, uncollected: 0, already: false });
    expect(await decide()).toMatchObject({ side: "renter", refunded: 50_000, already: true });
    await expect
      .poll(() => succeededRefunds(bookingId, `resolution:${complaint.id}`), WAIT)
      .toEqual([50_000]);
    await releaseEarnings(db, payableAt(booking.startDate));
    const [first] = await db
      .select()
      .from(hostEarnings)
      .where(and(eq(hostEarnings.bookingId, bookingId), eq(hostEarnings.kind, "rent")));
    expect(first).toMatchObject({ rent: booking.firstMonthPrice - 50_000, resolutionDeducted: 50_000 });
    // Nothing left to give: a second case on the released rent refunds nothing and says so.
    const again = await openCase(bookingId, renter.user.id, "decided", 10_000);
    expect(await bookingTransaction(db, (tx) => settleDecidedResolution(tx, again))).toEqual({
      side: "renter",
      refunded: 0,
      uncollected: 10_000,
      already: false,
    });
  });
});

describe("the ledger check", () => {
  it("finds a held deposit paid out without its settlement, and a settled one paid out twice", async () => {
    const { bookingId, booking } = await anEndedBooking();
    const unsettled = await ledgerProblemsAfter((tx) =>
      enterLedger(tx, {
        kind: "deposit_refund",
        debit: ACCOUNTS.depositsHeld,
        credit: ACCOUNTS.refundsOwed,
        amount: DEPOSIT,
        bookingId,
      }),
    );
    expect(unsettled).toContainEqual(
      expect.objectContaining({ problem: "deposit_differs", bookingId, state: "held", stillHeld: 0 }),
    );
    await settle(bookingId, 100_000);
    const twice = await ledgerProblemsAfter((tx) =>
      enterLedger(tx, {
        kind: "deposit_awarded",
        debit: ACCOUNTS.bookingFunds,
        credit: ACCOUNTS.hostPayable,
        amount: 100_000,
        bookingId,
        hostId: booking.hostId,
      }),
    );
    expect(twice).toContainEqual(expect.objectContaining({ problem: "earnings_differ", bookingId }));
    const outOfDeposits = await ledgerProblemsAfter((tx) =>
      enterLedger(tx, {
        kind: "deposit_awarded",
        debit: ACCOUNTS.depositsHeld,
        credit: ACCOUNTS.bookingFunds,
        amount: 100_000,
        bookingId,
      }),
    );
    expect(outOfDeposits).toContainEqual(
      expect.objectContaining({ problem: "deposit_differs", bookingId, state: "awarded", toHost: 200_000 }),
    );
    await expect.poll(() => succeededRefunds(bookingId, `deposit:${bookingId}`), WAIT).toEqual([200_000]);
  });
});

describe("the move-in / move-out checklist calls", () => {
  const checklist = (cookie: string, bookingId: string) =>
    call<DepositChecklist>("GET", `/reserve/depositChecklist/${bookingId}`, { cookie });

  /** The booking's dates moved into the past (it ended yesterday, Manila), as a test sets them. */
  async function endedYesterday(bookingId: string) {
    const { db } = await getDatabase();
    const today = todayInManila();
    await db
      .update(bookings)
      .set({ startDate: addDays(today, -90), endDate: addDays(today, -1), state: "completed" })
      .where(eq(bookings.id, bookingId));
  }

  it("the renter reports the move-in with a note and photos, the host signs it off, and strangers are refused", async () => {
    const { bookingId, renter, host } = await aPaidBooking();
    const { db } = await getDatabase();
    const stranger = await loggedInUser();
    expectStatus(
      await call("POST", "/reserve/addConditionNote", {
        cookie: renter.cookie,
        body: { bookingId, stage: "move_in", note: "Too early" },
      }),
      409,
      REPORT_MESSAGES.moveInClosed,
    );
    await applyBookingEvent(db, bookingId, { type: "approve", actor: "host", autoAcceptExtension: false });

    expectStatus(
      await call("POST", "/reserve/addConditionNote", {
        cookie: renter.cookie,
        body: { bookingId, stage: "move_in", note: "Walls clean, one shelf scratched." },
      }),
      200,
    );
    const photos = await uploadPhotos(renter.cookie, { bookingId, stage: "move_in", note: "The scratch" }, 2);
    expect(photos.status).toBe(200);
    expect(photos.body.result).toMatchObject({
      bookingId,
      stage: "move_in",
      capturedAt: "2026-11-20T06:30:05.000Z",
    });
    expectRefused(
      await call("POST", "/reserve/addConditionNote", {
        cookie: renter.cookie,
        body: { bookingId, stage: "move_in", note: "   " },
      }),
      "note",
      REPORT_MESSAGES.empty,
    );

    for (const refused of [
      await checklist(stranger.cookie, bookingId),
      await call("POST", "/reserve/addConditionNote", {
        cookie: stranger.cookie,
        body: { bookingId, stage: "move_in", note: "Not mine" },
      }),
      await call("POST", "/reserve/signOffConditionReport", {
        cookie: stranger.cookie,
        body: { bookingId, stage: "move_in" },
      }),
      await call("POST", "/reserve/confirmDepositChecklist", {
        cookie: stranger.cookie,
        body: { bookingId },
      }),
      await uploadPhotos(stranger.cookie, { bookingId, stage: "move_in" }),
    ])
      expectStatus(refused, 403, REPORT_MESSAGES.notYours);

    const seen = await checklist(host.cookie, bookingId);
    expectStatus(seen, 200);
    const [report] = seen.body.result.reports;
    expect(report).toMatchObject({
      stage: "move_in",
      side: "renter",
      mine: false,
      status: "awaiting_sign_off",
      canSignOff: true,
    });
    expect(report?.entries.map((entry) => entry.note)).toEqual([
      "Walls clean, one shelf scratched.",
      "The scratch",
      null,
    ]);
    expect(report?.entries[1]?.capturedAt).toBe("2026-11-20T06:30:05.000Z");
    expect(report?.entries[1]?.photo?.url).toMatch(/^\/uploads\/bookingFeedback\//);

    expectStatus(
      await call("POST", "/reserve/signOffConditionReport", {
        cookie: renter.cookie,
        body: { bookingId, stage: "move_in" },
      }),
      409,
      REPORT_MESSAGES.nothingToSign,
    );
    expectStatus(
      await call("POST", "/reserve/signOffConditionReport", {
        cookie: host.cookie,
        body: { bookingId, stage: "move_in" },
      }),
      200,
    );
    expectStatus(
      await call("POST", "/reserve/signOffConditionReport", {
        cookie: host.cookie,
        body: { bookingId, stage: "move_in" },
      }),
      409,
      REPORT_MESSAGES.alreadySignedOff,
    );
    // The renter, who wrote the report, is told, once: the refused second sign-off sends nothing.
    const [written] = await db
      .select({ id: conditionReports.id })
      .from(conditionReports)
      .where(eq(conditionReports.bookingId, bookingId));
    await expect
      .poll(() => newsJobs(reportNewsQueue, { reportId: written?.id ?? "" }), WAIT)
      .toEqual(["completed"]);
    expect((await noticesOf(renter.user.id)).filter((notice) => notice.kind === "reportSignedOff")).toEqual([
      {
        kind: "reportSignedOff",
        title: "Your move-in report was signed off",
        body: "Dry storage room in Makati: The host, Carla, signed off your move-in report. It takes no more entries.",
        link: checklistPath(bookingId),
      },
    ]);
    expect((await noticesOf(host.user.id)).filter((notice) => notice.kind === "reportSignedOff")).toEqual([]);
    expectStatus(
      await call("POST", "/reserve/addConditionNote", {
        cookie: renter.cookie,
        body: { bookingId, stage: "move_in", note: "One more" },
      }),
      409,
      REPORT_MESSAGES.signedOff,
    );
    expect((await checklist(renter.cookie, bookingId)).body.result.reports[0]).toMatchObject({
      mine: true,
      status: "signed_off",
    });
  });

  it("the host confirms the move-out checklist after the end, once; the renter sees the deposit released", async () => {
    const { bookingId, renter, host } = await anEndedBooking();
    expectStatus(
      await call("POST", "/reserve/confirmDepositChecklist", { cookie: host.cookie, body: { bookingId } }),
      409,
      DEPOSIT_MESSAGES.notEnded,
    );
    await endedYesterday(bookingId);
    const before = await checklist(host.cookie, bookingId);
    expect(before.body.result.deposit).toMatchObject({
      status: "held",
      amount: DEPOSIT,
      canConfirm: true,
      canClaim: true,
    });
    expectStatus(
      await call("POST", "/reserve/confirmDepositChecklist", { cookie: renter.cookie, body: { bookingId } }),
      403,
      DEPOSIT_MESSAGES.hostOnly,
    );
    expectStatus(
      await call("POST", "/reserve/addConditionNote", {
        cookie: host.cookie,
        body: { bookingId, stage: "move_out", note: "Left clean." },
      }),
      200,
    );
    const confirmed = await call("POST", "/reserve/confirmDepositChecklist", {
      cookie: host.cookie,
      body: { bookingId },
    });
    expectStatus(confirmed, 200);
    expect(confirmed.body.responseMessage).toBe(CHECKOUT_CONFIRMED);
    expectStatus(
      await call("POST", "/reserve/confirmDepositChecklist", { cookie: host.cookie, body: { bookingId } }),
      409,
      DEPOSIT_MESSAGES.alreadySettled,
    );
    expectStatus(
      await call("POST", "/reserve/addConditionNote", {
        cookie: renter.cookie,
        body: { bookingId, stage: "move_out", note: "Too late" },
      }),
      409,
      REPORT_MESSAGES.moveOutClosed,
    );
    const after = await checklist(renter.cookie, bookingId);
    expect(after.body.result.deposit).toMatchObject({
      status: "released",
      refundedToRenter: DEPOSIT,
      canConfirm: false,
      canClaim: false,
      reason: "The host confirmed the move-out checklist.",
    });
    await expect.poll(() => succeededRefunds(bookingId, `deposit:${bookingId}`), WAIT).toEqual([DEPOSIT]);
    await expect
      .poll(
        async () => (await noticesOf(renter.user.id)).filter((notice) => notice.kind === "depositUpdate"),
        WAIT,
      )
      .toEqual([
        {
          kind: "depositUpdate",
          title: "Your deposit was released",
          body: "Dry storage room in Makati: Your ₱3,000.00 deposit goes back to you in full. It is refunded the way you paid. The host confirmed the move-out checklist.",
          link: checklistPath(bookingId),
        },
      ]);
  });

  it("while a claim is open the deposit shows claimed and the host cannot confirm", async () => {
    const { bookingId, renter, host } = await anEndedBooking();
    await endedYesterday(bookingId);
    await openCase(bookingId, host.user.id, "open");
    expect((await checklist(renter.cookie, bookingId)).body.result.deposit).toMatchObject({
      status: "claimed",
      canConfirm: false,
    });
    expectStatus(
      await call("POST", "/reserve/confirmDepositChecklist", { cookie: host.cookie, body: { bookingId } }),
      409,
      DEPOSIT_MESSAGES.caseOpen,
    );
  });
});

describe("feedback on a booking (bookings/give-feedback)", () => {
  it("stores a rating with photos about one's own booking and mails it to support; others are refused", async () => {
    const { bookingId, renter } = await aPaidBooking();
    const stranger = await loggedInUser();
    const uploaded = await uploadPhotos(renter.cookie, { bookingId }, 2);
    expectStatus(uploaded, 200);
    const photoUploadIds = uploaded.body.result.uploads.map((row) => row.uploadId);
    expectStatus(await uploadPhotos(stranger.cookie, { bookingId }), 403, REPORT_MESSAGES.notYours);

    const token = `booking-feedback-${bookingId.slice(0, 8)}`;
    expectRefused(
      await call("POST", "/feedback/giveFeedback", {
        cookie: renter.cookie,
        body: { bookingId, message: `No rating ${token}` },
      }),
      "rating",
      BOOKING_RATING_REQUIRED,
    );
    expectStatus(
      await call("POST", "/feedback/giveFeedback", {
        cookie: stranger.cookie,
        body: { bookingId, rating: 5, message: "Not mine" },
      }),
      403,
      "This booking is not yours.",
    );
    expectStatus(
      await call("POST", "/feedback/giveFeedback", {
        cookie: stranger.cookie,
        body: { bookingId: undefined, rating: 5, message: "Someone else's photos", photoUploadIds },
      }),
      400,
    );

    const sent = await call<{ feedbackId: string }>("POST", "/feedback/giveFeedback", {
      cookie: renter.cookie,
      body: { bookingId, rating: 4, message: `Quick answers, easy checkout. ${token}`, photoUploadIds },
    });
    expectStatus(sent, 200, "Thank you for your feedback.");
    const { db } = await getDatabase();
    const [row] = await db.select().from(feedback).where(eq(feedback.id, sent.body.result.feedbackId));
    expect(row).toMatchObject({ bookingId, rating: 4, userId: renter.user.id });
    const attached = await db
      .select()
      .from(feedbackPhotos)
      .where(eq(feedbackPhotos.feedbackId, row?.id ?? ""));
    expect(attached.map((photo) => photo.uploadId).sort()).toEqual([...photoUploadIds].sort());
    await expect
      .poll(async () => (await listSunkMail()).find((mail) => mail.text.includes(token)), WAIT)
      .toBeDefined();
    const mail = (await listSunkMail()).find((item) => item.text.includes(token));
    expect(mail?.subject).toMatch(/^Booking feedback from .* \(4\/5\)$/);
    expect(mail?.text).toContain(`Booking: ${bookingId}`);
    expect(mail?.text).toContain("http://localhost/uploads/bookingFeedback/");
  });
});
