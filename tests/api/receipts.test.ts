import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  NO_RECEIPT_YET,
  RECEIPT_NOT_FOUND,
  RECEIPT_NOT_YOURS,
  type Receipt,
  type ReceiptSummary,
} from "~/api/payment/receipts.server";
import type { BookingDetails } from "~/api/reserve/booking-views.server";
import type { AllBookings, WaitingBookings } from "~/api/reserve/bookings.server";
import { runBilling } from "~/core/billing.server";
import { checkLedger } from "~/core/ledger.server";
import { getDatabase } from "~/db/db.server";
import { bills, notifications, payments } from "~/db/schema";
import { billSchedule } from "~/domain/billing";
import { addDays, startOfManilaDay, todayInManila } from "~/domain/dates";
import {
  aHostAndARenter,
  anActiveBooking,
  book,
  createListing,
  paidEvent,
  pay,
  sandboxSigned,
  webhook,
} from "./booking-fixtures";
import { call, expectStatus, loggedInUser, waitForMail } from "./helpers";

/**
 * Acknowledgement receipts (docs/product.md, Receipts) and the words around a booking's payment: the payment made with
 * the request has a numbered receipt and is among what the renter paid, bills' and requests' receipt numbers never
 * repeat, bookings have a short number people can quote, and the bell stops asking for a payment once it is made.
 */

const WAIT = { timeout: 15_000, interval: 100 };

afterEach(async () => {
  const { db } = await getDatabase();
  expect(await checkLedger(db)).toEqual([]);
});

/** A booking of the parties' listing, paid through the sandbox checkout and its signed webhook with `amount`. */
async function aPaidRequest(parties: Awaited<ReturnType<typeof aHostAndARenter>>, amount?: number) {
  const booked = await book(parties.renter.cookie, { spaceId: parties.space.id, duration: "1_month" });
  expectStatus(booked, 200);
  const booking = booked.body.result;
  const checkout = await call<{ paymentId: string }>("POST", "/reserve/payBooking", {
    cookie: parties.renter.cookie,
    body: { bookingId: booking.bookingId },
  });
  expectStatus(checkout, 200);
  const { db } = await getDatabase();
  const [payment] = await db.select().from(payments).where(eq(payments.id, checkout.body.result.paymentId));
  if (!payment) throw new Error("no payment");
  const eventId = `evt_${payment.id.slice(0, 8)}`;
  const body = paidEvent(eventId, payment, amount ?? booking.due);
  expect((await webhook(body, sandboxSigned(body))).status).toBe(200);
  // The capture is the checkout's own when its amount is the due; any other amount is a payment of its own.
  const capture = async () =>
    (
      await db
        .select()
        .from(payments)
        .where(eq(payments.providerPaymentId, `pay_${eventId}`))
    )[0];
  await expect.poll(async () => (await capture())?.state ?? "none", WAIT).not.toBe("none");
  const captured = await capture();
  if (!captured) throw new Error("no capture");
  return { booking, paymentId: captured.id };
}

function receiptOf(id: string, cookie: string) {
  return call<Receipt>("GET", `/payment/receipt/${id}`, { cookie });
}

describe("the receipt of the payment made with the request", () => {
  it("is numbered, lists what it paid for, and is among what the renter paid; the host sees no e-mail", async () => {
    const parties = await aHostAndARenter();
    const { booking, paymentId } = await aPaidRequest(parties);
    const answer = await receiptOf(paymentId, parties.renter.cookie);
    expectStatus(answer, 200);
    const receipt = answer.body.result;
    expect(receipt).toMatchObject({
      receiptId: paymentId,
      kind: "request",
      role: "renter",
      bookingId: booking.bookingId,
      bookingNumber: booking.bookingNumber,
      spaceTitle: "Dry storage room in Makati",
      periodStart: booking.startDate,
      periodEnd: booking.endDate,
      total: booking.due,
      method: "gcash",
      providerReference: `pay_evt_${paymentId.slice(0, 8)}`,
      payer: { name: "Ria", email: parties.renter.user.email },
    });
    expect(receipt.receiptNumber).toMatch(/^SS-R-\d{4,}$/);
    expect(receipt.bookingNumber).toMatch(/^SS-\d{6,}$/);
    // A one-month storage booking (no deposit under two months): the rent and the fee, adding up to the due.
    expect(receipt.lines.map((line) => line.label)).toEqual([
      expect.stringMatching(/^Rent, /),
      "Space Solution fee",
    ]);
    expect(receipt.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(receipt.total);

    const paid = await call<{ receipts: ReceiptSummary[] }>("GET", "/payment/myReceipts", {
      cookie: parties.renter.cookie,
    });
    expect(paid.body.result.receipts).toEqual([
      expect.objectContaining({
        receiptId: paymentId,
        receiptNumber: receipt.receiptNumber,
        kind: "request",
      }),
    ]);
    const details = await call<BookingDetails>("GET", `/reserve/retrieveBookingData/${booking.bookingId}`, {
      cookie: parties.renter.cookie,
    });
    expect(details.body.result.requestReceipt).toEqual({
      receiptId: paymentId,
      receiptNumber: receipt.receiptNumber,
    });

    const forHost = await receiptOf(paymentId, parties.host.cookie);
    expect(forHost.body.result).toMatchObject({ role: "host", payer: { name: "Ria", email: null } });
    const stranger = await loggedInUser();
    expectStatus(await receiptOf(paymentId, stranger.cookie), 403, RECEIPT_NOT_YOURS);
    expectStatus(await receiptOf(crypto.randomUUID(), parties.renter.cookie), 404, RECEIPT_NOT_FOUND);
  });

  it("is not given for a payment the booking refunded whole", async () => {
    const parties = await aHostAndARenter();
    const { paymentId } = await aPaidRequest(parties, 100_000);
    expectStatus(await receiptOf(paymentId, parties.renter.cookie), 409, NO_RECEIPT_YET);
    const paid = await call<{ receipts: ReceiptSummary[] }>("GET", "/payment/myReceipts", {
      cookie: parties.renter.cookie,
    });
    expect(paid.body.result.receipts).toEqual([]);
  });

  it("shares one sequence with the bills' receipts: no two receipts have the same number", async () => {
    const { renter, bookingId, booking } = await anActiveBooking();
    const { db } = await getDatabase();
    const [second] = billSchedule(booking);
    if (!second) throw new Error("a 3-month booking has later months");
    await runBilling(db, new Date(startOfManilaDay(second.issueOn).getTime() + 6 * 3_600_000));
    const [bill] = await db.select().from(bills).where(eq(bills.bookingId, bookingId));
    if (!bill) throw new Error("no bill");
    // The bill paid, as the webhook job settles it.
    const checkout = await call<{ paymentId: string }>("POST", "/payment/payBill", {
      cookie: renter.cookie,
      body: { billId: bill.id, paymentMethod: "card" },
    });
    const [payment] = await db.select().from(payments).where(eq(payments.id, checkout.body.result.paymentId));
    if (!payment) throw new Error("no payment");
    const body = paidEvent("evt_receipt_bill", payment, bill.total);
    await webhook(body, sandboxSigned(body));
    await expect
      .poll(async () => (await db.select().from(bills).where(eq(bills.id, bill.id)))[0]?.state, WAIT)
      .toBe("paid");
    // A request paid after it takes the next number.
    const parties = await aHostAndARenter();
    const { paymentId } = await aPaidRequest(parties);
    const billReceipt = (await receiptOf(bill.id, renter.cookie)).body.result;
    const requestReceipt = (await receiptOf(paymentId, parties.renter.cookie)).body.result;
    expect(billReceipt).toMatchObject({ kind: "bill", total: bill.total, method: "gcash" });
    expect(billReceipt.lines).toEqual([
      { label: expect.stringMatching(/^Rent, /), amount: bill.rent },
      { label: "Space Solution fee", amount: bill.spaceSolutionFee },
    ]);
    const numberOf = (receipt: Receipt) => Number(receipt.receiptNumber.replace("SS-R-", ""));
    expect(numberOf(requestReceipt)).toBeGreaterThan(numberOf(billReceipt));
  });
});

describe("a booking's short number", () => {
  it("is on the booking, different for each booking, and quoted in its e-mails", async () => {
    const parties = await aHostAndARenter();
    const { booking } = await aPaidRequest(parties);
    const otherSpace = await createListing(parties.host.user.id);
    const other = await book(parties.renter.cookie, { spaceId: otherSpace.id, duration: "1_month" });
    expect(booking.bookingNumber).toMatch(/^SS-\d{6,}$/);
    expect(other.body.result.bookingNumber).toMatch(/^SS-\d{6,}$/);
    expect(other.body.result.bookingNumber).not.toBe(booking.bookingNumber);
    const mail = await waitForMail(
      parties.renter.user.email,
      "Your request was sent to the host: Dry storage room in Makati",
    );
    expect(mail.text).toContain(`(booking ${booking.bookingNumber})`);
  });
});

describe("the bell after paying", () => {
  it('marks "Complete your payment" read once the payment is made', async () => {
    const parties = await aHostAndARenter();
    const { db } = await getDatabase();
    const noticesOf = () =>
      db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, parties.renter.user.id), eq(notifications.kind, "bookingUpdate")),
        );
    const booked = await book(parties.renter.cookie, { spaceId: parties.space.id, duration: "1_month" });
    expectStatus(booked, 200);
    await expect
      .poll(async () => (await noticesOf()).map((notice) => [notice.title, notice.readAt === null]), WAIT)
      .toEqual([["Complete your payment", true]]);
    const checkout = await call<{ paymentId: string }>("POST", "/reserve/payBooking", {
      cookie: parties.renter.cookie,
      body: { bookingId: booked.body.result.bookingId },
    });
    const [payment] = await db.select().from(payments).where(eq(payments.id, checkout.body.result.paymentId));
    if (!payment) throw new Error("no payment");
    const body = paidEvent("evt_bell", payment, booked.body.result.due);
    await webhook(body, sandboxSigned(body));
    await expect
      .poll(
        async () =>
          (await noticesOf())
            .map((notice) => [notice.title, notice.readAt === null])
            .sort(([a], [b]) => String(a).localeCompare(String(b))),
        WAIT,
      )
      .toEqual([
        ["Complete your payment", false],
        ["Your request was sent to the host", true],
      ]);
  });
});

describe("what waits for someone, and whether they host", () => {
  it("lists a host's requests to answer and a renter's checkouts to pay; only someone who hosts has host tabs", async () => {
    const parties = await aHostAndARenter();
    const { booking } = await aPaidRequest(parties);
    const otherSpace = await createListing(parties.host.user.id);
    const unpaid = await book(parties.renter.cookie, { spaceId: otherSpace.id, duration: "1_month" });
    const forHost = await call<WaitingBookings>("GET", "/reserve/waitingBookings", {
      cookie: parties.host.cookie,
    });
    expect(forHost.body.result.requests.map((row) => row.bookingId)).toEqual([booking.bookingId]);
    expect(forHost.body.result.checkouts).toEqual([]);
    const forRenter = await call<WaitingBookings>("GET", "/reserve/waitingBookings", {
      cookie: parties.renter.cookie,
    });
    expect(forRenter.body.result.requests).toEqual([]);
    expect(forRenter.body.result.checkouts.map((row) => row.bookingId)).toEqual([
      unpaid.body.result.bookingId,
    ]);

    const all = (who: { cookie: string; user: { id: string } }) =>
      call<AllBookings>("GET", `/reserve/retrieveAllBookingData/${who.user.id}`, { cookie: who.cookie });
    expect((await all(parties.renter)).body.result.hosting).toBe(false);
    expect((await all(parties.host)).body.result.hosting).toBe(true);
    // A host with a listing and no booking yet hosts too.
    const newHost = await aHostAndARenter();
    expect((await all(newHost.host)).body.result.hosting).toBe(true);
  });

  it("lists a renter's approved bookings moving in within the week, the soonest first, and none further off", async () => {
    const parties = await aHostAndARenter();
    const approvedFrom = async (spaceId: string, startDate: string) => {
      const booked = await book(parties.renter.cookie, { spaceId, startDate });
      expectStatus(booked, 200);
      await pay(booked.body.result.bookingId, booked.body.result.price.due);
      const approved = await call("POST", "/reserve/approveBooking", {
        cookie: parties.host.cookie,
        body: {
          bookingId: booked.body.result.bookingId,
          ownerId: parties.host.user.id,
          autoAcceptExtension: false,
        },
      });
      expectStatus(approved, 200);
      return booked.body.result.bookingId;
    };
    const inAWeek = await approvedFrom(parties.space.id, addDays(todayInManila(), 7));
    const inThreeDays = await approvedFrom(
      (await createListing(parties.host.user.id)).id,
      addDays(todayInManila(), 3),
    );
    await approvedFrom((await createListing(parties.host.user.id)).id, addDays(todayInManila(), 8));
    const waiting = (cookie: string) => call<WaitingBookings>("GET", "/reserve/waitingBookings", { cookie });
    expect((await waiting(parties.renter.cookie)).body.result.movingIn.map((row) => row.bookingId)).toEqual([
      inThreeDays,
      inAWeek,
    ]);
    // The host's side of the same bookings is not theirs to move into.
    expect((await waiting(parties.host.cookie)).body.result.movingIn).toEqual([]);
  });
});
