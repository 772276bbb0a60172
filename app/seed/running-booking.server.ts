import { setTimeout as sleep } from "node:timers/promises";
import { eq, inArray, sql } from "drizzle-orm";
import { termsFor } from "~/api/reserve/booking-quotes.server";
import {
  applyBookingEventIn,
  bookingColumns,
  bookingNewsQueue,
  bookingTransaction,
  recordTransition,
} from "~/core/booking-service.server";
import { numberRequestReceipt } from "~/core/payment-events.server";
import type { Database } from "~/db/client.server";
import { bookingHistory, bookings, conversations, messages, payments, spaces } from "~/db/schema";
import { createBooking, startInstant } from "~/domain/booking";
import { addDays, startOfManilaDay, todayInManila } from "~/domain/dates";
import { DEFAULT_SPACE_SOLUTION_FEE_BASIS_POINTS } from "~/domain/pricing";
import { queueStats } from "~/infra/jobs.server";

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

/** How long the seed waits for the booking news of what it made, at most. */
const NEWS_WAIT_MS = 60_000;

/**
 * Dates the conversation lines of seeded bookings at the steps they tell of. A booking's change becomes a line in the
 * renter's conversation with the host when its news job runs (app/core/booking-service.server.ts), which writes it
 * at that moment: for a booking the seed made weeks in the past, today. So this waits until the job queue of this
 * process has told all the news (the seed's own jobs run here), then gives each system line of `bookingIds` the time
 * of the history step whose reason it carries, and each of their conversations the time of its latest message.
 * Messages the seed writes afterwards then follow those lines in time as in order.
 */
export async function dateBookingLinesAtTheirSteps(
  db: Database,
  bookingIds: readonly string[],
): Promise<void> {
  const deadline = Date.now() + NEWS_WAIT_MS;
  for (;;) {
    const news = (await queueStats()).find((queue) => queue.name === bookingNewsQueue.name);
    if (!news || news.queued + news.active === 0) break;
    if (Date.now() > deadline) throw new Error("the seeded bookings' news was not told in time");
    await sleep(200);
  }
  if (bookingIds.length === 0) return;
  const ids = sql.join(
    bookingIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // A line reads "Booking <dates>: <the step's reason>" (the news job's words). The jobs may have told the steps in
  // any order, so the lines are written again, oldest step first: the conversation lists them by when they came.
  await db.transaction(async (tx) => {
    const { rows } = (await tx.execute(sql`
      select line.id, line.conversation_id, line.booking_id, line.body, min(history.at) as at
      from ${messages} line
      join ${bookingHistory} history on history.booking_id = line.booking_id
      where line.kind = 'system' and line.booking_id in (${ids})
        and right(line.body, char_length(history.reason) + 2) = ': ' || history.reason
      group by line.id
      order by at, line.id`)) as unknown as {
      rows: { id: number; conversation_id: string; booking_id: string; body: string; at: string | Date }[];
    };
    if (rows.length === 0) return;
    await tx.delete(messages).where(
      inArray(
        messages.id,
        rows.map((row) => Number(row.id)),
      ),
    );
    await tx.insert(messages).values(
      rows.map((row) => ({
        conversationId: row.conversation_id,
        bookingId: row.booking_id,
        senderId: null,
        kind: "system" as const,
        body: row.body,
        createdAt: new Date(row.at),
      })),
    );
  });
  await db.execute(sql`
    update ${conversations} set last_message_at = latest.at
    from (
      select conversation_id, max(created_at) as at from ${messages}
      where conversation_id in (select conversation_id from ${messages} where booking_id in (${ids}))
      group by conversation_id
    ) latest
    where ${conversations.id} = latest.conversation_id`);
}
