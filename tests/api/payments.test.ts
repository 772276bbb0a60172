import { and, eq, sum } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PAYMENTS_UNAVAILABLE } from "~/api/reserve/booking-payments.server";
import type { BookingDetails } from "~/api/reserve/bookings.server";
import { getDatabase } from "~/db/db.server";
import { bookings, ledgerEntries, payments, refunds } from "~/db/schema";
import { getEnv } from "~/env.server";
import { paymentEventBody } from "~/services/payments/events.server";
import { checkLedger } from "~/services/payments/ledger.server";
import { type FakePaymongo, startFakePaymongo } from "../doubles/paymongo";
import { aHostAndARenter, book, ledgerBalance, paidEvent, sandboxSigned, webhook } from "./booking-fixtures";
import { call, expectStatus } from "./helpers";

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

  it("answers a clear refusal when the provider cannot be reached, and no payment is left pending", async () => {
    const { renter, booking } = await aBookingToPay();
    Object.assign(getEnv(), { PAYMONGO_SECRET_KEY: "sk_test_wrong" });
    try {
      const answer = await call("POST", "/reserve/payBooking", {
        cookie: renter.cookie,
        body: { bookingId: booking.bookingId },
      });
      expectStatus(answer, 502, "The payment provider could not be reached. Please try again.");
    } finally {
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
