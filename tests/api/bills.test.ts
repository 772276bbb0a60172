import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { BILL_NOT_YOURS, type BillDetails, type BillSummary } from "~/api/payment/bills.server";
import type { BookingDetails } from "~/api/reserve/booking-views.server";
import { runBilling, settleBillPayment } from "~/core/billing.server";
import { bookingTransaction } from "~/core/booking-service.server";
import { checkLedger } from "~/core/ledger.server";
import { getDatabase } from "~/db/db.server";
import { bills, bookings, notifications, payments } from "~/db/schema";
import { billSchedule } from "~/domain/billing";
import type { NoticeCheck } from "~/domain/booking";
import { addDays, formatCalendarDate, startOfManilaDay, todayInManila } from "~/domain/dates";
import { seedRunningBooking } from "~/seed/running-booking.server";
import {
  aBookingWithAnOverdueBill,
  aHostAndARenter,
  anActiveBooking,
  paidEvent,
  sandboxSigned,
  start,
  storePaidPayment,
  webhook,
} from "./booking-fixtures";
import { call, expectStatus, loggedInUser } from "./helpers";

/**
 * Monthly bills (docs/product.md, Monthly bills; ADR 0028): the daily billing run with a moved clock, the Bills calls,
 * paying a bill through the sandbox checkout's signed webhook, and the ledger proven sound after every test.
 */

const WAIT = { timeout: 15_000, interval: 100 };

afterEach(async () => {
  const { db } = await getDatabase();
  expect(await checkLedger(db)).toEqual([]);
});

/** 06:00 Manila on `date`: when the daily run goes. */
const morningOf = (date: string) => new Date(startOfManilaDay(date).getTime() + 6 * 3_600_000);

async function billsOf(bookingId: string) {
  const { db } = await getDatabase();
  return db.select().from(bills).where(eq(bills.bookingId, bookingId)).orderBy(bills.periodStart);
}

describe("the daily billing run", () => {
  it("issues the second month 7 days ahead, once, however often it runs", async () => {
    const { bookingId, booking } = await anActiveBooking();
    const { db } = await getDatabase();
    const [second] = billSchedule(booking);
    if (!second) throw new Error("a 3-month booking has later months");
    expect(second.issueOn).toBe(addDays(second.periodStart, -7));

    expect((await runBilling(db, morningOf(addDays(second.issueOn, -1)))).issued).toBe(0);
    expect(await billsOf(bookingId)).toEqual([]);
    // Two instances' runs at once, then a rerun: one bill.
    const runs = await Promise.all([
      runBilling(db, morningOf(second.issueOn)),
      runBilling(db, morningOf(second.issueOn)),
    ]);
    expect(runs.reduce((sum, run) => sum + run.issued, 0)).toBe(1);
    expect((await runBilling(db, morningOf(second.issueOn))).issued).toBe(0);
    const [bill] = await billsOf(bookingId);
    expect(bill).toMatchObject({
      periodStart: second.periodStart,
      periodEnd: second.periodEnd,
      rent: 300_000,
      spaceSolutionFee: 15_000,
      total: 315_000,
      dueOn: second.periodStart,
      state: "due",
    });
    const [told] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, booking.renterId), eq(notifications.kind, "billUpdate")));
    expect(told).toMatchObject({
      title: "Your next monthly bill is ready",
      link: `/payment/summary?billId=${bill?.id}`,
    });
  });

  it("reminds on the due date and 3 days later, then no more; a notice cuts the unpaid bill", async () => {
    const { bookingId, booking, renter } = await anActiveBooking("6_months");
    const { db } = await getDatabase();
    const [second] = billSchedule(booking);
    if (!second) throw new Error("no second month");
    await runBilling(db, morningOf(second.issueOn));
    // Other tests' bookings share the database: count this bill's reminders, not the run's.
    const remindersBy = async (date: string) => {
      await runBilling(db, morningOf(date));
      return (await billsOf(bookingId))[0]?.reminders;
    };
    expect(await remindersBy(addDays(second.dueOn, -1))).toBe(0);
    expect(await remindersBy(second.dueOn)).toBe(1);
    expect(await remindersBy(addDays(second.dueOn, 1))).toBe(1);
    expect(await remindersBy(addDays(second.dueOn, 3))).toBe(2);
    expect(await remindersBy(addDays(second.dueOn, 5))).toBe(2);
    const reminders = await db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.userId, booking.renterId), eq(notifications.kind, "billUpdate")));
    expect(reminders.map((row) => row.title).sort()).toEqual([
      "Your monthly bill is due today",
      "Your monthly bill is overdue",
      "Your next monthly bill is ready",
    ]);

    // Notice today ends the booking 30 days from now (the booking starts in 10 days, its first month is paid):
    // the open bill keeps its start and is priced to the new end.
    const notice = await call("POST", "/reserve/terminateBooking", {
      cookie: renter.cookie,
      body: { bookingId },
    });
    expectStatus(notice, 200);
    const [ended] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    await runBilling(db, morningOf(addDays(second.dueOn, 6)));
    const [bill] = await billsOf(bookingId);
    if (!ended || !bill) throw new Error("missing rows");
    if (ended.endDate < second.periodStart) {
      expect(bill.state).toBe("void");
    } else {
      expect(bill.periodEnd).toBe(ended.endDate);
    }
    expect(
      (await billsOf(bookingId)).filter((row) => row.periodStart > ended.endDate && row.state !== "void"),
    ).toEqual([]);
  });

  it("over a year of days, bills every month once and the bills add up to the booking's space fee", async () => {
    const { bookingId, booking } = await anActiveBooking("1_year");
    const { db } = await getDatabase();
    const schedule = billSchedule(booking);
    expect(schedule).toHaveLength(11);
    for (let day = 0; day <= 372; day += 1) {
      const today = addDays(start, day - 8);
      await runBilling(db, morningOf(today));
      // The renter pays each bill on its due date, as the provider's webhook job would settle it.
      for (const bill of await billsOf(bookingId)) {
        if (bill.state !== "due" || bill.dueOn !== today) continue;
        await bookingTransaction(db, (tx) =>
          settleBillPayment(tx, { bookingId, billId: bill.id }, bill.total, `pay_${bill.id.slice(0, 8)}`),
        );
      }
    }
    const issued = await billsOf(bookingId);
    expect(issued.map(({ periodStart, periodEnd, total }) => ({ periodStart, periodEnd, total }))).toEqual(
      schedule.map(({ periodStart, periodEnd, total }) => ({ periodStart, periodEnd, total })),
    );
    expect(issued.every((bill) => bill.state === "paid" && bill.receiptNumber !== null)).toBe(true);
    expect(new Set(issued.map((bill) => bill.receiptNumber)).size).toBe(11);
    const [after] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(after?.paidThrough).toBe(booking.endDate);
    expect(after?.paid).toBe(booking.due + schedule.reduce((sum, bill) => sum + bill.total, 0));
  }, 120_000);
});

describe("the Bills calls", () => {
  it("lists the renter's bills, shows one to its two people only, and pays it once through the webhook", async () => {
    const { bookingId, booking, renter, host } = await anActiveBooking();
    const { db } = await getDatabase();
    const [second] = billSchedule(booking);
    if (!second) throw new Error("no second month");
    await runBilling(db, morningOf(second.issueOn));
    const [bill] = await billsOf(bookingId);
    if (!bill) throw new Error("no bill");

    const due = await call<{ bills: BillSummary[] }>("GET", "/payment/myBills?tab=due", {
      cookie: renter.cookie,
    });
    expectStatus(due, 200);
    expect(due.body.result.bills).toMatchObject([
      { billId: bill.id, total: 315_000, state: "due", receiptNumber: null },
    ]);
    const hostsBills = await call<{ bills: BillSummary[] }>("GET", "/payment/myBills", {
      cookie: host.cookie,
    });
    expect(hostsBills.body.result.bills).toEqual([]);
    const badTab = await call("GET", "/payment/myBills?tab=owed", { cookie: renter.cookie });
    expectStatus(badTab, 400, "Please choose due or paid bills.");

    const stranger = await loggedInUser({ nickName: "Nonoy" });
    expectStatus(
      await call("GET", `/payment/bill/${bill.id}`, { cookie: stranger.cookie }),
      403,
      BILL_NOT_YOURS,
    );
    const hostView = await call<BillDetails>("GET", `/payment/bill/${bill.id}`, { cookie: host.cookie });
    expect(hostView.body.result).toMatchObject({ role: "host", total: 315_000 });
    const byHost = await call("POST", "/payment/payBill", {
      cookie: host.cookie,
      body: { billId: bill.id, paymentMethod: "card" },
    });
    expectStatus(byHost, 403, BILL_NOT_YOURS);
    const byStranger = await call("POST", "/payment/payBill", {
      cookie: stranger.cookie,
      body: { billId: bill.id, paymentMethod: "card" },
    });
    expectStatus(byStranger, 403, BILL_NOT_YOURS);
    const noMethod = await call("POST", "/payment/payBill", {
      cookie: renter.cookie,
      body: { billId: bill.id },
    });
    expectStatus(noMethod, 400, "Please choose how you will pay: card, GCash or Maya.");

    const checkout = await call<{ paymentId: string; checkoutUrl: string }>("POST", "/payment/payBill", {
      cookie: renter.cookie,
      body: { billId: bill.id, paymentMethod: "card" },
    });
    expectStatus(checkout, 200);
    const again = await call<{ checkoutUrl: string }>("POST", "/payment/payBill", {
      cookie: renter.cookie,
      body: { billId: bill.id, paymentMethod: "card" },
    });
    expect(again.body.result.checkoutUrl).toBe(checkout.body.result.checkoutUrl);
    const [payment] = await db.select().from(payments).where(eq(payments.id, checkout.body.result.paymentId));
    expect(payment).toMatchObject({
      billId: bill.id,
      amount: 315_000,
      idempotencyKey: `bill:${bill.id}:checkout:1`,
    });
    if (!payment) throw new Error("no payment");
    const opened = await call<BillDetails>("GET", `/payment/bill/${bill.id}`, { cookie: renter.cookie });
    expect(opened.body.result).toMatchObject({ role: "renter", paying: true, state: "due" });

    const body = paidEvent("evt_bill", payment, 315_000);
    expect((await webhook(body, sandboxSigned(body))).status).toBe(200);
    expect((await webhook(body, sandboxSigned(body))).status).toBe(200); // the provider's retry: taken once
    await expect.poll(async () => (await billsOf(bookingId))[0]?.state, WAIT).toBe("paid");
    const paid = await call<BillDetails>("GET", `/payment/bill/${bill.id}`, { cookie: renter.cookie });
    expect(paid.body.result).toMatchObject({ state: "paid", paying: false, paymentMethod: "gcash" });
    expect(paid.body.result.receiptNumber).toMatch(/^SS-R-\d{4,}$/);
    const [after] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(after).toMatchObject({ paidThrough: second.periodEnd, paid: booking.paid + 315_000, refunded: 0 });
    const paidTab = await call<{ bills: BillSummary[] }>("GET", "/payment/myBills?tab=paid", {
      cookie: renter.cookie,
    });
    expect(paidTab.body.result.bills.map((row) => row.billId)).toEqual([bill.id]);

    const twice = await call("POST", "/payment/payBill", {
      cookie: renter.cookie,
      body: { billId: bill.id, paymentMethod: "gcash" },
    });
    expectStatus(twice, 409, "This bill is already paid.");
  });

  it("refunds whole a second payment of a bill already paid, and the bill stays paid once", async () => {
    const { bookingId, booking } = await anActiveBooking();
    const { db } = await getDatabase();
    const [second] = billSchedule(booking);
    if (!second) throw new Error("no second month");
    await runBilling(db, morningOf(second.issueOn));
    const [bill] = await billsOf(bookingId);
    if (!bill) throw new Error("no bill");
    const settle = (reference: string) =>
      bookingTransaction(db, async (tx) => {
        await storePaidPayment(tx, { bookingId, billId: bill.id, amount: bill.total, reference });
        await settleBillPayment(tx, { bookingId, billId: bill.id }, bill.total, reference);
      });
    await settle("pay_first");
    await settle("pay_second");
    const [after] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(after).toMatchObject({
      paidThrough: second.periodEnd,
      paid: booking.paid + 2 * bill.total,
      refunded: bill.total,
    });
    const [paidBill] = await billsOf(bookingId);
    expect(paidBill?.state).toBe("paid");
  });
});

describe("a bill 7 days overdue", () => {
  it("lets the host, and only the host, end the booking; the unpaid bill is cut at the end and still owed", async () => {
    const { host, renter, bookingId } = await aBookingWithAnOverdueBill();
    const { db } = await getDatabase();
    const [unpaid] = await billsOf(bookingId);
    expect(unpaid?.state).toBe("due");
    const seen = await call<BookingDetails>("GET", `/reserve/retrieveBookingData/${bookingId}`, {
      cookie: host.cookie,
    });
    expect(seen.body.result.mayEndForUnpaidBill).toBe(unpaid?.dueOn);
    expect(seen.body.result.bills).toMatchObject([{ billId: unpaid?.id, state: "due" }]);

    const byRenter = await call("POST", "/reserve/endForUnpaidBill", {
      cookie: renter.cookie,
      body: { bookingId },
    });
    expectStatus(byRenter, 403, "Only the host can end this booking for an unpaid bill.");
    const ended = await call<BookingDetails>("POST", "/reserve/endForUnpaidBill", {
      cookie: host.cookie,
      body: { bookingId },
    });
    expectStatus(ended, 200, "You ended this booking for its unpaid bill.");
    expect(ended.body.result).toMatchObject({ state: "completed", endDate: todayInManila() });
    // The days the renter had the space stay owed: the bill is cut at the end, and can still be paid.
    await runBilling(db);
    const [owed] = await billsOf(bookingId);
    expect(owed).toMatchObject({
      state: "due",
      periodStart: unpaid?.periodStart,
      periodEnd: todayInManila(),
    });
    const checkout = await call("POST", "/payment/payBill", {
      cookie: renter.cookie,
      body: { billId: owed?.id, paymentMethod: "gcash" },
    });
    expectStatus(checkout, 200);
  });

  it("refuses before the 7 days, or without an unpaid bill", async () => {
    const { bookingId, booking, host } = await anActiveBooking();
    const { db } = await getDatabase();
    const none = await call("POST", "/reserve/endForUnpaidBill", {
      cookie: host.cookie,
      body: { bookingId },
    });
    expectStatus(none, 409, "This booking has no unpaid bill.");
    const [second] = billSchedule(booking);
    if (!second) throw new Error("no second month");
    await runBilling(db, morningOf(second.issueOn));
    const early = await call("POST", "/reserve/endForUnpaidBill", {
      cookie: host.cookie,
      body: { bookingId },
    });
    expectStatus(early, 409, /^A bill must be 7 days overdue: you can end this booking from /);
  });
});

describe("giving notice", () => {
  it("first shows the end date and the bills still to pay, which are the bills the run then issues", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const stranger = await loggedInUser();
    const { db } = await getDatabase();
    // Started 26 days ago: the first month is paid, the second month's bill is issued and unpaid.
    const bookingId = await seedRunningBooking(db, {
      spaceId: space.id,
      renterId: renter.user.id,
      startDate: addDays(todayInManila(), -26),
      duration: "3_months",
    });
    await runBilling(db);
    const [before] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    const today = todayInManila();
    const path = `/reserve/checkNotice/${bookingId}`;

    const check = await call<NoticeCheck>("GET", path, { cookie: renter.cookie });
    expectStatus(check, 200);
    const result = check.body.result;
    if (!result.possible) throw new Error(result.message);
    // 30 days from today, later than the paid month; the unpaid second month is cut there, a full month by the
    // space-fee rule (more than 10 days over the first month).
    expect(result.endDate).toBe(addDays(today, 30));
    expect(result.bills).toMatchObject([{ periodEnd: result.endDate, rent: 300_000, total: 315_000 }]);
    expect(result.total).toBe(315_000);
    // Asking changes nothing.
    const [after] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(after).toEqual(before);

    const byHost = await call<NoticeCheck>("GET", path, { cookie: host.cookie });
    expectStatus(byHost, 200);
    expect(byHost.body.result).toEqual({
      possible: false,
      message: "Only the renter can give notice on this booking.",
    });
    expectStatus(await call("GET", path, { cookie: stranger.cookie }), 404);
    expectStatus(await call("GET", "/reserve/checkNotice/not-a-booking", { cookie: renter.cookie }), 400);

    expectStatus(
      await call("POST", "/reserve/terminateBooking", { cookie: renter.cookie, body: { bookingId } }),
      200,
    );
    for (let day = 0; day <= 31; day += 1) await runBilling(db, morningOf(addDays(today, day)));
    const billed = (await billsOf(bookingId)).filter((bill) => bill.state !== "void");
    const shape = (bill: { periodStart: string; periodEnd: string; dueOn: string; total: number }) => ({
      periodStart: bill.periodStart,
      periodEnd: bill.periodEnd,
      dueOn: bill.dueOn,
      total: bill.total,
    });
    expect(billed.map(shape)).toEqual(result.bills.map(shape));
    const again = await call<NoticeCheck>("GET", path, { cookie: renter.cookie });
    expect(again.body.result).toEqual({
      possible: false,
      message: `Notice was already given on ${formatCalendarDate(today)}.`,
    });
  });
});
