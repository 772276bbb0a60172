import { and, eq, sql, sum } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PAYMENTS_UNAVAILABLE } from "~/api/reserve/booking-payments.server";
import type { BookingDetails } from "~/api/reserve/booking-views.server";
import { checkLedger } from "~/core/ledger.server";
import {
  describeUnapplied,
  NO_SUCH_UNAPPLIED,
  openUnapplied,
  resolveUnapplied,
} from "~/core/unapplied-payments.server";
import { getDatabase } from "~/db/db.server";
import { bookings, ledgerEntries, payments, refunds } from "~/db/schema";
import { getEnv } from "~/env.server";
import { log } from "~/infra/log.server";
import { paymentEventBody } from "~/infra/payments/events.server";
import { type FakePaymongo, startFakePaymongo } from "../doubles/paymongo";
import { aHostAndARenter, book, ledgerBalance, paidEvent, sandboxSigned, webhook } from "./booking-fixtures";
import { call, expectStatus, runOps } from "./helpers";

/**
 * Paying for a booking (ADR 0022): the hosted checkout opened through the provider adapter, the signed webhook as the
 * only proof of payment, each event taken once, refunds asked of the provider and entered in the ledger. The sandbox
 * provider first; then PayMongo's protocol against the local fake (tests/doubles/paymongo.ts).
 */

const WAIT = { timeout: 15_000, interval: 100 };

async function stateOf(bookingId: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  return row?.state;
}

async function balanceOf(account: string) {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ total: sum(ledgerEntries.amount) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account));
  return Number(row?.total ?? 0);
}

async function aBookingToPay() {
  const parties = await aHostAndARenter();
  const booked = await book(parties.renter.cookie, { spaceId: parties.space.id });
  expectStatus(booked, 200);
  return { ...parties, booking: booked.body.result };
}

async function paymentRow(paymentId: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row;
}

async function refundsOf(bookingId: string) {
  const { db } = await getDatabase();
  return db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
}

/** The provider's jobs still to run: the payment events' and the refunds'. */
async function jobsLeft(): Promise<number> {
  const { db } = await getDatabase();
  const rows = (await db.execute(
    sql`select count(*)::int as n from pgboss.job where name in ('payment-events', 'booking-refunds') and state in ('created', 'retry', 'active')`,
  )) as unknown as { rows: { n: number }[] };
  return rows.rows[0]?.n ?? 0;
}

/** A capture of the checkout `payment` by the provider's payment `providerPaymentId`, of `amount`. */
function captureEvent(
  eventId: string,
  payment: { id: string; checkoutReference: string | null },
  amount: number,
  providerPaymentId: string,
) {
  return paymentEventBody(eventId, "checkout_session.payment.paid", {
    id: payment.checkoutReference,
    type: "checkout_session",
    attributes: {
      reference_number: payment.id,
      payments: [
        { id: providerPaymentId, attributes: { amount, status: "paid", source: { type: "gcash" } } },
      ],
    },
  });
}

async function openCheckout(cookie: string, bookingId: string) {
  const answer = await call<{ paymentId: string; checkoutUrl: string }>("POST", "/reserve/payBooking", {
    cookie,
    body: { bookingId },
  });
  expectStatus(answer, 200);
  const { db } = await getDatabase();
  const [payment] = await db.select().from(payments).where(eq(payments.id, answer.body.result.paymentId));
  if (!payment) throw new Error("no payment row");
  return { ...answer.body.result, payment };
}

// Every money test leaves a ledger that balances (npm run ledger:check).
afterEach(async () => {
  const { db } = await getDatabase();
  expect(await checkLedger(db)).toEqual([]);
});

describe("the sandbox provider", () => {
  it("opens one checkout per booking; a signed payment moves the booking to the host, once", async () => {
    const { renter, booking } = await aBookingToPay();
    const first = await openCheckout(renter.cookie, booking.bookingId);
    expect(first.checkoutUrl).toMatch(/\/checkout-sandbox\/cs_sandbox_[0-9a-f]{24}$/);
    expect(first.payment).toMatchObject({
      provider: "sandbox",
      amount: 615_000,
      state: "pending",
      method: "gcash",
    });
    expect((await openCheckout(renter.cookie, booking.bookingId)).checkoutUrl).toBe(first.checkoutUrl);

    const body = paidEvent("evt_once", first.payment, 615_000);
    const received = await webhook(body, sandboxSigned(body));
    expect(received.status).toBe(200);
    expect(await received.text()).toBe("Received.");
    await expect.poll(() => stateOf(booking.bookingId), WAIT).toBe("requested");

    const replay = await webhook(body, sandboxSigned(body));
    expect(await replay.text()).toBe("Already received.");
    const { db } = await getDatabase();
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.bookingId));
    expect(row).toMatchObject({ paid: 615_000, refunded: 0 });
    expect(await ledgerBalance()).toBe(0);
  });

  it("refuses a forged, stale or unsigned event, changing nothing", async () => {
    const { renter, booking } = await aBookingToPay();
    const { payment } = await openCheckout(renter.cookie, booking.bookingId);
    const body = paidEvent("evt_forged", payment, 615_000);
    const forged = await webhook(body, sandboxSigned(body, "not-the-secret"));
    expect([forged.status, await forged.text()]).toEqual([401, "Refused: signature does not match."]);
    const stale = await webhook(body, sandboxSigned(body, undefined, Math.floor(Date.now() / 1000) - 301));
    expect([stale.status, await stale.text()]).toEqual([401, "Refused: timestamp out of tolerance."]);
    const unsigned = await webhook(body, { "Content-Type": "application/json" });
    expect([unsigned.status, await unsigned.text()]).toEqual([401, "Refused: missing signature."]);
    expect(await stateOf(booking.bookingId)).toBe("awaiting_payment");
  });

  it("a failed payment leaves the booking waiting, and the renter may open a new checkout", async () => {
    const { renter, booking } = await aBookingToPay();
    const { payment } = await openCheckout(renter.cookie, booking.bookingId);
    const body = paymentEventBody("evt_failed", "payment.failed", {
      id: "pay_failed_1",
      attributes: {
        amount: 615_000,
        status: "failed",
        metadata: { paymentId: payment.id },
        failed_message: "Declined.",
      },
    });
    await webhook(body, sandboxSigned(body));
    const { db } = await getDatabase();
    await expect
      .poll(async () => (await db.select().from(payments).where(eq(payments.id, payment.id)))[0]?.state, WAIT)
      .toBe("failed");
    const details = await call<BookingDetails>("GET", `/reserve/retrieveBookingData/${booking.bookingId}`, {
      cookie: renter.cookie,
    });
    expect(details.body.result.state).toBe("awaiting_payment");
    expect(details.body.result.history.at(-1)?.reason).toMatch(/^The payment did not go through/);
    const again = await openCheckout(renter.cookie, booking.bookingId);
    expect(again.paymentId).not.toBe(payment.id);
  });

  it("a payment of the wrong amount is refunded whole through the provider, and the ledger balances", async () => {
    const { renter, booking } = await aBookingToPay();
    const { payment } = await openCheckout(renter.cookie, booking.bookingId);
    const body = paidEvent("evt_wrong_amount", payment, 100_000);
    await webhook(body, sandboxSigned(body));
    const { db } = await getDatabase();
    await expect
      .poll(
        async () =>
          (await db.select().from(refunds).where(eq(refunds.bookingId, booking.bookingId)))[0]?.state,
        WAIT,
      )
      .toBe("succeeded");
    expect(await stateOf(booking.bookingId)).toBe("awaiting_payment");
    const [refund] = await db.select().from(refunds).where(eq(refunds.bookingId, booking.bookingId));
    expect(refund).toMatchObject({ amount: 100_000, reason: "payment_not_accepted" });
    expect(await ledgerBalance()).toBe(0);
    expect(await balanceOf("refunds_owed")).toBe(0);
  });

  it("compares the amount first: a wrong capture is refunded as a payment of its own, and the right one still pays the checkout", async () => {
    const { renter, booking } = await aBookingToPay();
    const { payment } = await openCheckout(renter.cookie, booking.bookingId);
    const low = captureEvent("evt_low_first", payment, 100_000, "pay_low_first");
    await webhook(low, sandboxSigned(low));
    const { db } = await getDatabase();
    await expect
      .poll(async () => (await refundsOf(booking.bookingId)).map((row) => row.state), WAIT)
      .toEqual(["succeeded"]);
    // The checkout still waits for its own amount.
    expect(await paymentRow(payment.id)).toMatchObject({ state: "pending", providerPaymentId: null });

    const right = captureEvent("evt_right_later", payment, 615_000, "pay_right_later");
    await webhook(right, sandboxSigned(right));
    await expect.poll(() => stateOf(booking.bookingId), WAIT).toBe("requested");
    expect(await paymentRow(payment.id)).toMatchObject({
      state: "paid",
      amount: 615_000,
      providerPaymentId: "pay_right_later",
    });
    const rows = await db.select().from(payments).where(eq(payments.bookingId, booking.bookingId));
    expect(rows.map((row) => [row.providerPaymentId, row.amount, row.state]).sort()).toEqual([
      ["pay_low_first", 100_000, "paid"],
      ["pay_right_later", 615_000, "paid"],
    ]);
    const [refund] = await refundsOf(booking.bookingId);
    expect(refund).toMatchObject({ amount: 100_000, reason: "payment_not_accepted" });
    expect(rows.find((row) => row.id === refund?.paymentId)?.providerPaymentId).toBe("pay_low_first");
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.bookingId));
    expect(row).toMatchObject({ paid: 715_000, refunded: 100_000 });
    expect(await openUnapplied(db)).toEqual([]);
  });

  it("a second capture of a paid checkout is refunded whole, and the same capture reported again changes nothing", async () => {
    const { renter, booking } = await aBookingToPay();
    const { payment } = await openCheckout(renter.cookie, booking.bookingId);
    const first = captureEvent("evt_paid_once", payment, 615_000, "pay_once");
    await webhook(first, sandboxSigned(first));
    await expect.poll(() => stateOf(booking.bookingId), WAIT).toBe("requested");
    const second = captureEvent("evt_paid_twice", payment, 615_000, "pay_twice");
    await webhook(second, sandboxSigned(second));
    await expect
      .poll(async () => (await refundsOf(booking.bookingId)).map((row) => row.state), WAIT)
      .toEqual(["succeeded"]);
    // The same captures under new event ids (a provider resending): nothing more is received or refunded.
    for (const [eventId, providerPaymentId] of [
      ["evt_paid_once_again", "pay_once"],
      ["evt_paid_twice_again", "pay_twice"],
    ] as const) {
      const again = captureEvent(eventId, payment, 615_000, providerPaymentId);
      expect(await (await webhook(again, sandboxSigned(again))).text()).toBe("Received.");
    }
    await expect.poll(() => jobsLeft(), WAIT).toBe(0);
    const { db } = await getDatabase();
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.bookingId));
    expect(row).toMatchObject({ state: "requested", paid: 1_230_000, refunded: 615_000 });
    expect(await refundsOf(booking.bookingId)).toHaveLength(1);
    expect(await openUnapplied(db)).toEqual([]);
  });

  it("the same payment reported again for another amount is kept for an operator; the checkout's own amount still pays it", async () => {
    const { renter, booking } = await aBookingToPay();
    const { payment } = await openCheckout(renter.cookie, booking.bookingId);
    const low = captureEvent("evt_same_low", payment, 100_000, "pay_same");
    await webhook(low, sandboxSigned(low));
    await expect.poll(async () => (await refundsOf(booking.bookingId)).length, WAIT).toBe(1);
    const right = captureEvent("evt_same_right", payment, 615_000, "pay_same");
    await webhook(right, sandboxSigned(right));
    await expect.poll(() => stateOf(booking.bookingId), WAIT).toBe("requested");
    const other = captureEvent("evt_same_other", payment, 200_000, "pay_same");
    await webhook(other, sandboxSigned(other));
    const { db } = await getDatabase();
    await expect.poll(async () => (await openUnapplied(db)).length, WAIT).toBe(2);
    const kept = await openUnapplied(db);
    expect(kept).toMatchObject([
      {
        kind: "amount_conflict",
        eventId: "evt_same_right",
        providerPaymentId: "pay_same",
        amount: 615_000,
        bookingId: booking.bookingId,
      },
      { kind: "amount_conflict", eventId: "evt_same_other", amount: 200_000 },
    ]);
    expect(kept[0]?.reason).toContain("the checkout was paid with it");
    expect(kept[1]?.reason).toContain("nothing more was done");
    // The ledger check names them until an operator has looked.
    expect(await checkLedger(db)).toEqual(
      kept.map((row) => ({
        problem: "provider_event_unapplied",
        eventId: row.id,
        kind: "amount_conflict",
        reason: row.reason,
      })),
    );
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.bookingId));
    expect(row).toMatchObject({ paid: 715_000, refunded: 100_000 });
    for (const each of kept) await resolveUnapplied(db, each.id, "Checked in the dashboard: ₱6,150.00.");
  });

  it("a payment or a refund of nothing of ours is kept for an operator, listed, and resolved with a note", async () => {
    const stranger = paymentEventBody("evt_stranger", "checkout_session.payment.paid", {
      id: "cs_not_ours",
      type: "checkout_session",
      attributes: {
        reference_number: "00000000-0000-4000-8000-00000000abcd",
        payments: [{ id: "pay_not_ours", attributes: { amount: 99_900, status: "paid" } }],
      },
    });
    expect((await webhook(stranger, sandboxSigned(stranger))).status).toBe(200);
    const refund = paymentEventBody("evt_refund_stranger", "payment.refund.updated", {
      id: "ref_not_ours",
      attributes: { amount: 5_000, payment_id: "pay_not_ours", status: "succeeded" },
    });
    expect((await webhook(refund, sandboxSigned(refund))).status).toBe(200);
    const { db } = await getDatabase();
    await expect.poll(async () => (await openUnapplied(db)).length, WAIT).toBe(2);
    // The two jobs may run in either order.
    const kept = (await openUnapplied(db)).sort((a, b) => a.kind.localeCompare(b.kind));
    expect(kept).toMatchObject([
      {
        kind: "unknown_payment",
        provider: "sandbox",
        eventId: "evt_stranger",
        eventType: "payment.paid",
        providerPaymentId: "pay_not_ours",
        amount: 99_900,
        bookingId: null,
      },
      {
        kind: "unknown_refund",
        eventType: "refund.succeeded",
        providerRefundId: "ref_not_ours",
        amount: 5_000,
      },
    ]);
    expect(describeUnapplied(kept[0] as (typeof kept)[0])).toContain(
      "unknown_payment sandbox payment.paid ₱999.00 (payment pay_not_ours)",
    );
    await expect(resolveUnapplied(db, kept[0]?.id as string, "  ")).rejects.toThrow(
      "--note says what was done.",
    );
    await resolveUnapplied(db, kept[0]?.id as string, "Refunded in the PayMongo dashboard.");
    await expect(resolveUnapplied(db, kept[0]?.id as string, "again")).rejects.toThrow(NO_SUCH_UNAPPLIED);
    expect((await openUnapplied(db)).map((row) => row.kind)).toEqual(["unknown_refund"]);
    await resolveUnapplied(db, kept[1]?.id as string, "A test refund of another shop.");
  });

  it("a declined request is refunded in full, and the money leaves the provider account", async () => {
    const { host, renter, booking } = await aBookingToPay();
    const { payment } = await openCheckout(renter.cookie, booking.bookingId);
    const body = paidEvent("evt_to_decline", payment, 615_000);
    await webhook(body, sandboxSigned(body));
    await expect.poll(() => stateOf(booking.bookingId), WAIT).toBe("requested");
    expectStatus(
      await call("POST", "/reserve/declineBooking", {
        cookie: host.cookie,
        body: { bookingId: booking.bookingId, reason: "Not free after all." },
      }),
      200,
    );
    const { db } = await getDatabase();
    const succeeded = () =>
      db
        .select()
        .from(refunds)
        .where(and(eq(refunds.bookingId, booking.bookingId), eq(refunds.state, "succeeded")));
    await expect.poll(async () => (await succeeded()).map((row) => row.amount), WAIT).toEqual([615_000]);
    const moved = await db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, booking.bookingId));
    expect(
      moved.filter((row) => row.account === "provider").reduce((total, row) => total + row.amount, 0),
    ).toBe(0);
    expect(await ledgerBalance()).toBe(0);
  });

  it("refuses to pay someone else's booking, or one no longer waiting", async () => {
    const { host, booking } = await aBookingToPay();
    expectStatus(
      await call("POST", "/reserve/payBooking", {
        cookie: host.cookie,
        body: { bookingId: booking.bookingId },
      }),
      404,
    );
  });
});

describe("PayMongo's protocol, against the local fake", () => {
  let fake: FakePaymongo;
  const saved: Partial<ReturnType<typeof getEnv>> = {};
  const settings = {
    PAYMENT_PROVIDER: "paymongo" as const,
    PAYMONGO_SECRET_KEY: "sk_test_fake_0123456789",
    PAYMONGO_WEBHOOK_SECRET: "whsk_fake_0123456789",
  };

  beforeAll(async () => {
    fake = await startFakePaymongo({
      secretKey: settings.PAYMONGO_SECRET_KEY,
      webhookSecret: settings.PAYMONGO_WEBHOOK_SECRET,
    });
    const env = getEnv();
    Object.assign(saved, {
      PAYMENT_PROVIDER: env.PAYMENT_PROVIDER,
      PAYMONGO_SECRET_KEY: env.PAYMONGO_SECRET_KEY,
      PAYMONGO_WEBHOOK_SECRET: env.PAYMONGO_WEBHOOK_SECRET,
      PAYMONGO_API_URL: env.PAYMONGO_API_URL,
    });
    Object.assign(env, settings, { PAYMONGO_API_URL: fake.url });
  });

  afterAll(async () => {
    Object.assign(getEnv(), saved);
    await fake.close();
  });

  it("creates a Checkout Session once per idempotency key, pays by webhook, refunds on cancel", async () => {
    const { renter, booking } = await aBookingToPay();
    const checkout = await openCheckout(renter.cookie, booking.bookingId);
    expect(checkout.checkoutUrl).toBe(`${fake.url}/checkout/${checkout.payment.checkoutReference}`);
    const create = fake.calls.find((entry) => entry.path === "/v1/checkout_sessions");
    expect(create?.idempotencyKey).toBe(checkout.payment.idempotencyKey);
    expect(create?.body).toMatchObject({
      data: {
        attributes: {
          line_items: [{ amount: 615_000, currency: "PHP", quantity: 1 }],
          payment_method_types: ["gcash"],
          reference_number: checkout.paymentId,
        },
      },
    });
    // Asked again: the same checkout, no second session.
    expect((await openCheckout(renter.cookie, booking.bookingId)).checkoutUrl).toBe(checkout.checkoutUrl);
    expect(fake.sessions.size).toBe(1);

    const paid = fake.paidEvent(checkout.payment.checkoutReference as string);
    expect((await webhook(paid.body, paid.headers)).status).toBe(200);
    await expect.poll(() => stateOf(booking.bookingId), WAIT).toBe("requested");
    // The sandbox's secret does not sign PayMongo's events.
    const forged = await webhook(paid.body, sandboxSigned(paid.body));
    expect(forged.status).toBe(401);

    expectStatus(
      await call("POST", "/reserve/cancelBooking", {
        cookie: renter.cookie,
        body: { bookingId: booking.bookingId },
      }),
      200,
    );
    const { db } = await getDatabase();
    const refund = async () =>
      (await db.select().from(refunds).where(eq(refunds.bookingId, booking.bookingId)))[0];
    await expect.poll(async () => (await refund())?.providerRefundId ?? null, WAIT).toMatch(/^ref_/);
    expect(await refund()).toMatchObject({ amount: 615_000, state: "pending" });
    const refundCall = fake.calls.find((entry) => entry.path === "/v1/refunds");
    expect(refundCall?.idempotencyKey).toBe((await refund())?.idempotencyKey);

    const settled = fake.refundEvent((await refund())?.providerRefundId as string, "succeeded");
    await webhook(settled.body, settled.headers);
    await expect.poll(async () => (await refund())?.state, WAIT).toBe("succeeded");
    expect(await ledgerBalance()).toBe(0);
  });

  it("a wrong amount, then the right one, of the same payment: the first refunded, the second applied, both kept in view", async () => {
    const { renter, booking } = await aBookingToPay();
    const checkout = await openCheckout(renter.cookie, booking.bookingId);
    const reference = checkout.payment.checkoutReference as string;
    const low = fake.paidEvent(reference, "gcash", 100_000);
    expect((await webhook(low.body, low.headers)).status).toBe(200);
    const { db } = await getDatabase();
    await expect
      .poll(async () => (await refundsOf(booking.bookingId))[0]?.providerRefundId ?? null, WAIT)
      .toMatch(/^ref_/);
    expect(await stateOf(booking.bookingId)).toBe("awaiting_payment");

    const right = fake.paidEvent(reference);
    expect((await webhook(right.body, right.headers)).status).toBe(200);
    await expect.poll(() => stateOf(booking.bookingId), WAIT).toBe("requested");
    expect(await paymentRow(checkout.paymentId)).toMatchObject({ state: "paid", amount: 615_000 });

    // The provider then fails the refund of the wrong amount: the renter is still owed it.
    const [refund] = await refundsOf(booking.bookingId);
    const failed = fake.refundEvent(refund?.providerRefundId as string, "failed");
    await webhook(failed.body, failed.headers);
    await expect
      .poll(async () => (await openUnapplied(db)).map((row) => row.kind), WAIT)
      .toEqual(["amount_conflict", "refund_failed"]);
    const kept = await openUnapplied(db);
    expect(kept[1]).toMatchObject({ refundId: refund?.id, amount: 100_000, bookingId: booking.bookingId });
    for (const each of kept) await resolveUnapplied(db, each.id, "Refunded ₱1,000.00 by hand.");
  });

  it("answers a clear refusal when the provider cannot be reached, and no payment is left pending", async () => {
    const { renter, booking } = await aBookingToPay();
    Object.assign(getEnv(), { PAYMONGO_SECRET_KEY: "sk_test_wrong" });
    // The refused checkout is logged for the operators: expected here.
    const errorLog = vi.spyOn(log, "error").mockImplementation(() => {});
    try {
      const answer = await call("POST", "/reserve/payBooking", {
        cookie: renter.cookie,
        body: { bookingId: booking.bookingId },
      });
      expectStatus(answer, 502, "The payment provider could not be reached. Please try again.");
      expect(errorLog).toHaveBeenCalledOnce();
    } finally {
      errorLog.mockRestore();
      Object.assign(getEnv(), { PAYMONGO_SECRET_KEY: settings.PAYMONGO_SECRET_KEY });
    }
    const { db } = await getDatabase();
    const rows = await db.select().from(payments).where(eq(payments.bookingId, booking.bookingId));
    expect(rows.map((row) => row.state)).toEqual(["failed"]);
  });
});

describe("no provider on a real site", () => {
  it("refuses to take payments on https without a provider set up", async () => {
    const { renter, booking } = await aBookingToPay();
    const env = getEnv();
    const saved = { secureCookies: env.secureCookies, PAYMENT_PROVIDER: env.PAYMENT_PROVIDER };
    Object.assign(env, { secureCookies: true, PAYMENT_PROVIDER: undefined });
    try {
      const answer = await call("POST", "/reserve/payBooking", {
        cookie: renter.cookie,
        body: { bookingId: booking.bookingId },
      });
      expectStatus(answer, 503, PAYMENTS_UNAVAILABLE);
    } finally {
      Object.assign(env, saved);
    }
  });
});

describe("npm run ops -- payments:unapplied and payments:resolve", () => {
  it("refuses a resolve without its note, with the usage, before opening any database", async () => {
    const usage = await runOps(["payments:resolve", "some-event"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('npm run ops -- payments:resolve EVENT --note "what was done"');
  }, 60_000);

  it("lists what waits for an operator, and resolves it once (PostgreSQL: the command's own connection)", async (context) => {
    const handle = await getDatabase();
    const url = handle.jobsConnection.connectionString;
    if (handle.kind !== "postgres" || !url) context.skip();
    const stranger = paymentEventBody("evt_ops_stranger", "payment.paid", {
      id: "pay_ops_stranger",
      attributes: { amount: 12_345, status: "paid", metadata: {} },
    });
    expect((await webhook(stranger, sandboxSigned(stranger))).status).toBe(200);
    const { db } = handle;
    await expect.poll(async () => (await openUnapplied(db)).length, WAIT).toBe(1);
    const [kept] = await openUnapplied(db);
    const listed = await runOps(["payments:unapplied"], url);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`${kept?.id} `);
    expect(listed.stdout).toContain(
      "unknown_payment sandbox payment.paid ₱123.45 (payment pay_ops_stranger)",
    );
    const check = await runOps(["ledger:check"], url);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('"problem":"provider_event_unapplied"');

    const resolved = await runOps(
      ["payments:resolve", kept?.id as string, "--note", "Refunded by hand."],
      url,
    );
    expect(resolved.code, resolved.stderr).toBe(0);
    expect(resolved.stdout).toContain("resolved: Refunded by hand.");
    const twice = await runOps(["payments:resolve", kept?.id as string, "--note", "Again."], url);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain(NO_SUCH_UNAPPLIED);
    expect(await openUnapplied(db)).toEqual([]);
  }, 120_000);
});
