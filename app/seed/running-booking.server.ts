import { eq } from "drizzle-orm";
import { termsFor } from "~/api/reserve/booking-quotes.server";
import {
  applyBookingEventIn,
  bookingColumns,
  bookingTransaction,
  recordTransition,
} from "~/core/booking-service.server";
import { numberRequestReceipt } from "~/core/payment-events.server";
import type { Database } from "~/db/client.server";
import { bookings, payments, spaces } from "~/db/schema";
import { createBooking, startInstant } from "~/domain/booking";
import { addDays, startOfManilaDay, todayInManila } from "~/domain/dates";
import { DEFAULT_SPACE_SOLUTION_FEE_BASIS_POINTS } from "~/domain/pricing";

const HOUR_MS = 3_600_000;

/**
 * A booking that started in the past, for demo and test data: made through the booking machine and service as it
 * would have happened — booked three days before its start, paid by the provider, approved by its host an hour
 * later, started on its start date — so its history, ledger rows and jobs are the real ones. Needs the job queue
 * registered (a transition enqueues its jobs). Answers the booking's id.
 */
export async function seedRunningBooking(db: Database, input: SeedBookingInput): Promise<string> {
  const bookedOn = addDays(input.startDate, -3);
  const at = new Date(startOfManilaDay(bookedOn).getTime() + 10 * HOUR_MS);
  return bookingTransaction(db, async (tx) => {
    const { bookingId } = await bookAndPay(tx, input, bookedOn, at);
    await applyBookingEventIn(
      tx,
      bookingId,
      { type: "approve", actor: "host", autoAcceptExtension: false },
      { at: new Date(at.getTime() + HOUR_MS) },
    );
    await applyBookingEventIn(
      tx,
      bookingId,
      { type: "start", actor: "system" },
      { at: startInstant({ startDate: input.startDate }) },
    );
    return bookingId;
  });
}

/**
 * A request waiting for its host's answer, for test data: booked and paid a quarter of an hour ago (the host's 48
 * hours run from then), its receipt numbered as the payment webhook's job numbers it. Answers the booking's id and
 * its payment's (the receipt's) id.
 */
export async function seedRequestedBooking(
  db: Database,
  input: SeedBookingInput,
): Promise<{ bookingId: string; paymentId: string }> {
  const at = new Date(Date.now() - 0.25 * HOUR_MS);
  return bookingTransaction(db, async (tx) => {
    const paid = await bookAndPay(tx, input, todayInManila(at), at);
    await numberRequestReceipt(tx, paid.paymentId);
    return paid;
  });
}

type SeedBookingInput = {
  spaceId: string;
  renterId: string;
  startDate: string;
  duration: string;
  paymentMethod?: string;
};

/** The booking made on `bookedOn` at `at` and paid by the provider six minutes later: a request to its host. */
async function bookAndPay(tx: Database, input: SeedBookingInput, bookedOn: string, at: Date) {
  const [space] = await tx.select().from(spaces).where(eq(spaces.id, input.spaceId));
  if (!space) throw new Error(`no space ${input.spaceId} to book`);
  const terms = termsFor(space, input, input.renterId, bookedOn);
  const transition = createBooking(
    { ...terms, feeRateBasisPoints: DEFAULT_SPACE_SOLUTION_FEE_BASIS_POINTS },
    at,
  );
  const [created] = await tx
    .insert(bookings)
    .values({
      spaceId: space.id,
      renterId: input.renterId,
      hostId: space.hostId,
      type: terms.type,
      duration: terms.duration,
      ...bookingColumns(transition.booking),
      paymentMethod: input.paymentMethod ?? "gcash",
      createdAt: at,
    })
    .returning();
  if (!created) throw new Error("the booking was not created");
  await recordTransition(tx, created, transition, { actorUserId: input.renterId });
  const paidAt = new Date(at.getTime() + 0.1 * HOUR_MS);
  const reference = `seed_${created.id.slice(0, 8)}`;
  // The paid payment, as the payment webhook's job stores it: what a refund the booking owes later draws on.
  const [payment] = await tx
    .insert(payments)
    .values({
      bookingId: created.id,
      provider: "sandbox",
      amount: created.due,
      state: "paid",
      method: created.paymentMethod,
      idempotencyKey: `seed:${created.id}`,
      successUrl: "/reserve-space/request-sent-success",
      cancelUrl: `/bookings/${created.id}`,
      providerPaymentId: reference,
      createdAt: at,
      paidAt,
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error("the payment was not stored");
  await applyBookingEventIn(
    tx,
    created.id,
    { type: "payment_confirmed", actor: "provider", amount: created.due, reference },
    { at: paidAt },
  );
  return { bookingId: created.id, paymentId: payment.id };
}
