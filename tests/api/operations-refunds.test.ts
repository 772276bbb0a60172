import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { RefundableBooking } from "~/api/operations/refunds.server";
import { GOODWILL_ACTION } from "~/core/goodwill-refunds.server";
import { checkLedger } from "~/core/ledger.server";
import { getDatabase } from "~/db/db.server";
import { bookings, ledgerEntries, messages, notifications, refunds } from "~/db/schema";
import { bookingNumberOf } from "~/domain/booking";
import { GOODWILL_WORDS } from "~/domain/goodwill";
import { formatPeso } from "~/domain/money";
import { NOTE_NEEDED } from "~/domain/operators";
import { anActiveBooking } from "./booking-fixtures";
import { call, expectStatus, loggedInUser } from "./helpers";
import { anOperator, auditRows, expectNoSuchCall } from "./operator-fixtures";

/**
 * Goodwill refunds in the console (docs/operations.md, Refunds; ADR 0076): finance finds a booking by its number and
 * refunds part of its payments, borne by the platform; the renter is told; the ledger stays sound; a form sent twice
 * refunds once. Nobody but finance (or admin) learns the calls exist.
 */

const WAIT = { timeout: 15_000, interval: 100 };

afterEach(async () => {
  const { db } = await getDatabase();
  expect(await checkLedger(db)).toEqual([]);
});

const refundOf = (cookie: string, body: Record<string, unknown>) =>
  call<{ amount: number; refunded: number; repeated: boolean }>("POST", "/operations/goodwillRefund", {
    cookie,
    body,
  });

describe("goodwill refunds", () => {
  it("refuse everyone but finance and admin as a path that does not exist", async () => {
    const user = await loggedInUser();
    const trust = await anOperator("trust");
    const support = await anOperator("support");
    const unsigned = await anOperator("finance", false);
    const body = { bookingId: randomUUID(), amount: "1", note: "x", requestKey: randomUUID() };
    for (const cookie of [undefined, user.cookie, trust.cookie, support.cookie, unsigned.cookie]) {
      expectNoSuchCall(
        await call("GET", "/operations/refundBooking?booking=SS-1", { cookie }),
        "GET",
        "/operations/refundBooking",
      );
      expectNoSuchCall(await refundOf(cookie as string, body), "POST", "/operations/goodwillRefund");
    }
    const admin = await anOperator("admin");
    expectStatus(await call("GET", "/operations/refundBooking?booking=SS-1", { cookie: admin.cookie }), 200);
  });

  it("finds a booking by its number, refunds part of it once, tells the renter and audits it", async () => {
    const { bookingId, booking, renter } = await anActiveBooking();
    const finance = await anOperator("finance");
    const { db } = await getDatabase();

    const found = await call<RefundableBooking>(
      "GET",
      `/operations/refundBooking?booking=${bookingNumberOf(booking.number)}`,
      { cookie: finance.cookie },
    );
    expectStatus(found, 200);
    expect(found.body.result).toMatchObject({
      id: bookingId,
      paid: booking.paid,
      refunded: 0,
      refundable: booking.paid,
    });
    expect(found.body.result.payments).toHaveLength(1);
    const unknown = await call("GET", "/operations/refundBooking?booking=SS-999999999", {
      cookie: finance.cookie,
    });
    expect(unknown.body.result).toBeNull();

    const requestKey = randomUUID();
    const note = "The gate was locked on the first day.";
    const body = { bookingId, amount: "500", note, requestKey };
    const done = await refundOf(finance.cookie, body);
    expectStatus(done, 200, GOODWILL_WORDS.done);
    expect(done.body.result).toEqual({ amount: 50_000, refunded: 50_000, repeated: false });
    // Sent again (a double tap): the same answer, nothing refunded twice.
    const again = await refundOf(finance.cookie, body);
    expectStatus(again, 200, GOODWILL_WORDS.done);
    expect(again.body.result).toEqual({ amount: 50_000, refunded: 50_000, repeated: true });

    const [after] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(after?.refunded).toBe(50_000);
    // The platform bears it: its goodwill account, not the booking's funds nor the host's earnings.
    const moves = await db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, "goodwill_refund"));
    expect(
      moves.filter((row) => row.bookingId === bookingId).map((row) => [row.account, row.amount]),
    ).toEqual(
      expect.arrayContaining([
        ["platform_goodwill", 50_000],
        ["refunds_owed", -50_000],
      ]),
    );
    // The provider is asked once, through the refund job.
    await expect
      .poll(
        async () =>
          (await db.select().from(refunds).where(eq(refunds.bookingId, bookingId))).map((row) => [
            row.amount,
            row.reason,
            row.state,
          ]),
        WAIT,
      )
      .toEqual([[50_000, "goodwill", "succeeded"]]);

    const told = GOODWILL_WORDS.told(50_000, note);
    expect(told).toContain(formatPeso(50_000));
    const lines = await db.select().from(messages).where(eq(messages.bookingId, bookingId));
    expect(lines.map((line) => line.body)).toContain(told);
    await expect
      .poll(
        async () =>
          (await db.select().from(notifications).where(eq(notifications.userId, renter.user.id))).map(
            (notice) => notice.body,
          ),
        WAIT,
      )
      .toContainEqual(expect.stringContaining(told));

    const audit = (await auditRows(bookingId)).filter((row) => row.action === GOODWILL_ACTION);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operatorId: finance.user.id,
      note,
      before: { paid: booking.paid, refunded: 0 },
      after: { amount: 50_000, refunded: 50_000, requestKey },
    });
  });

  it("refuses more than is left, nothing, words and a missing note, and changes nothing", async () => {
    const { bookingId, booking } = await anActiveBooking();
    const finance = await anOperator("finance");
    const { db } = await getDatabase();
    const base = { bookingId, note: "Sorry for the wait.", requestKey: randomUUID() };
    const tooMuch = await refundOf(finance.cookie, { ...base, amount: formatPeso(booking.paid + 1) });
    expectStatus(tooMuch, 400, GOODWILL_WORDS.tooMuch(booking.paid));
    expectStatus(await refundOf(finance.cookie, { ...base, amount: "0" }), 400, GOODWILL_WORDS.zero);
    expectStatus(await refundOf(finance.cookie, { ...base, amount: "five" }), 400, GOODWILL_WORDS.amount);
    expectStatus(await refundOf(finance.cookie, { ...base, amount: "5", note: " " }), 400, NOTE_NEEDED);
    expectStatus(
      await refundOf(finance.cookie, { ...base, bookingId: randomUUID(), amount: "5" }),
      404,
      GOODWILL_WORDS.noBooking,
    );
    const [after] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(after?.refunded).toBe(0);
    expect((await auditRows(bookingId)).filter((row) => row.action === GOODWILL_ACTION)).toEqual([]);

    // Everything refunded: nothing more can be.
    expectStatus(
      await refundOf(finance.cookie, { ...base, amount: formatPeso(booking.paid) }),
      200,
      GOODWILL_WORDS.done,
    );
    expectStatus(
      await refundOf(finance.cookie, { ...base, requestKey: randomUUID(), amount: "1" }),
      409,
      GOODWILL_WORDS.nothingLeft,
    );
  });
});
