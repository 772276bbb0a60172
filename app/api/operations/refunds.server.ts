import { asc, eq } from "drizzle-orm";
import { z } from "zod/v4";
import { refundGoodwill } from "~/core/goodwill-refunds.server";
import { bookings, payments, refunds, spaces, users } from "~/db/schema";
import { bookingNumberOf } from "~/domain/booking";
import { bookingLookup, GOODWILL_WORDS } from "~/domain/goodwill";
import { defineEndpoint } from "../endpoint";
import { actorOf, consoleGate, operatorNote } from "./gate.server";

/**
 * The console's refunds (docs/operations.md, Refunds): finding a booking by its number, its payments and what has
 * been refunded of them, and a goodwill refund of part of them (app/core/goodwill-refunds.server.ts). Finance (or
 * admin) only.
 */

export type RefundableBooking = {
  id: string;
  number: string;
  state: string;
  spaceTitle: string;
  renter: { id: string; name: string; email: string };
  /** Centavos: paid in all, refunded so far, and what may still be refunded. */
  paid: number;
  refunded: number;
  refundable: number;
  payments: { id: string; amount: number; state: string; paidAt: string | null }[];
  refunds: { id: string; amount: number; state: string; reason: string; createdAt: string }[];
};

const FIND = { method: "GET", path: "/operations/refundBooking" } as const;
export const consoleRefundBooking = defineEndpoint({
  ...FIND,
  auth: "optional",
  unlisted: true,
  answers: [404],
  summary:
    "A booking found by its number (SS-000123) or id, with its payments and refunds and what may still be refunded; null when none has it.",
  gate: consoleGate(FIND, "money"),
  query: z.object({ booking: z.string().max(60) }),
  async handler({ db, query }): Promise<RefundableBooking | null> {
    const lookup = bookingLookup(query.booking);
    if (!lookup) return null;
    const [row] = await db
      .select({ booking: bookings, spaceTitle: spaces.spaceTitle, renter: users })
      .from(bookings)
      .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
      .innerJoin(users, eq(users.id, bookings.renterId))
      .where("id" in lookup ? eq(bookings.id, lookup.id) : eq(bookings.number, lookup.number));
    if (!row) return null;
    const { booking, renter } = row;
    const [paymentRows, refundRows] = await Promise.all([
      db.select().from(payments).where(eq(payments.bookingId, booking.id)).orderBy(asc(payments.createdAt)),
      db.select().from(refunds).where(eq(refunds.bookingId, booking.id)).orderBy(asc(refunds.createdAt)),
    ]);
    return {
      id: booking.id,
      number: bookingNumberOf(booking.number),
      state: booking.state,
      spaceTitle: row.spaceTitle ?? "Untitled space",
      renter: { id: renter.id, name: `${renter.firstName} ${renter.lastName}`, email: renter.email },
      paid: booking.paid,
      refunded: booking.refunded,
      refundable: Math.max(0, booking.paid - booking.refunded),
      payments: paymentRows.map((payment) => ({
        id: payment.id,
        amount: payment.amount,
        state: payment.state,
        paidAt: payment.paidAt?.toISOString() ?? null,
      })),
      refunds: refundRows.map((refund) => ({
        id: refund.id,
        amount: refund.amount,
        state: refund.state,
        reason: refund.reason,
        createdAt: refund.createdAt.toISOString(),
      })),
    };
  },
});

const REFUND = { method: "POST", path: "/operations/goodwillRefund" } as const;
export const consoleGoodwillRefund = defineEndpoint({
  ...REFUND,
  auth: "optional",
  unlisted: true,
  answers: [404, 409],
  summary:
    "A goodwill refund of part of a booking's payments, borne by the platform: { bookingId, amount (pesos), note (the renter reads it), requestKey (the form's, so a form sent twice refunds once) }.",
  message: GOODWILL_WORDS.done,
  gate: consoleGate(REFUND, "money"),
  body: z.strictObject({
    bookingId: z.uuid(GOODWILL_WORDS.noBooking),
    amount: z.string({ error: GOODWILL_WORDS.amount }).max(30, { error: GOODWILL_WORDS.amount }),
    note: operatorNote,
    requestKey: z.uuid("Please open the refund form again."),
  }),
  async handler({ db, user, body }) {
    return refundGoodwill(db, actorOf(user), body);
  },
});

export const endpoints = [consoleRefundBooking, consoleGoodwillRefund];
