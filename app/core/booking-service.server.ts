import { and, eq, inArray, ne } from "drizzle-orm";
import { holdDeposit, returnDepositWithRefund } from "~/core/deposits.server";
import { ACCOUNTS, enterLedger } from "~/core/ledger.server";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";
import {
  type BookingRow,
  bookingHistory,
  bookingHolds,
  bookings,
  type SpaceRow,
  spaces,
  users,
} from "~/db/schema";
import {
  applyEvent,
  type Booking,
  type BookingEvent,
  type BookingNews,
  type BookingState,
  type Deadline,
  type DeadlineKind,
  HOLDING_STATES,
  type MoneyMove,
  newsOf,
  type Transition,
} from "~/domain/booking";
import { maskContactDetails } from "~/domain/contact-masking";
import { formatCalendarDate } from "~/domain/dates";
import { DomainError } from "~/domain/errors";
import { type BookedHold, findOverbooking, type Hold, overbookingMessage } from "~/domain/overbooking";
import { capacityOf } from "~/domain/reservation";
import { defineQueue, send, transactionWithJobs } from "~/infra/jobs.server";
import { notify, readOvertakenNotices } from "~/infra/notify.server";
import { bookingUpdateData } from "./booking-update.server";
import { contactsRevealed, postSystemLine } from "./conversation-service.server";
import { type RefundJob, refundQueue } from "./refunds.server";
import { followBooking } from "./voucher-service.server";

/**
 * Where the booking state machine (app/domain/booking.ts) meets the database (ADR 0020, ADR 0023). Every change of
 * a booking goes through {@link recordTransition} inside one transaction that has locked the booking's row: the row
 * is saved, a history row written, the dates it holds brought in line, its money moves entered in the ledger and
 * its deadline jobs enqueued — all or nothing. Deadlines are pg-boss jobs; one that fires after its booking moved on
 * is refused by the machine's guard and does nothing, so two app instances (or a retried job) never act twice.
 */

export const BOOKING_NOT_FOUND = "This booking was not found.";

/** The booking's renter and host as stored (undefined for an account that is gone). */
export async function bookingPeople(db: Database, booking: Pick<BookingRow, "renterId" | "hostId">) {
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.id, [booking.renterId, booking.hostId]));
  return {
    renter: people.find((person) => person.id === booking.renterId),
    host: people.find((person) => person.id === booking.hostId),
  };
}

// ─── Row ⇄ machine ──────────────────────────────────────────────────────────────────────────────────────────────────

export function toBooking(row: BookingRow): Booking {
  return {
    state: row.state,
    type: row.type,
    startDate: row.startDate,
    endDate: row.endDate,
    quantity: row.quantity,
    weekdays: row.weekdays,
    price: {
      type: row.type,
      months: row.months,
      firstMonthPrice: row.firstMonthPrice,
      deposits: row.deposits,
      firstMonthDiscount: row.firstMonthDiscount,
      due: row.due,
      spaceSolutionFee: row.spaceSolutionFee,
    },
    monthlyUnitPrice: row.monthlyUnitPrice,
    feeRateBasisPoints: row.feeRateBasisPoints,
    createdAt: row.createdAt,
    requestedAt: row.requestedAt,
    autoAcceptExtension: row.autoAcceptExtension,
    paid: row.paid,
    refunded: row.refunded,
    paidThrough: row.paidThrough,
    noticeGivenOn: row.noticeGivenOn,
    extension: row.extension
      ? {
          quote: {
            months: row.extension.months,
            newEndDate: row.extension.newEndDate,
            rent: row.extension.rent,
            spaceSolutionFee: row.extension.spaceSolutionFee,
            total: row.extension.total,
          },
          requestedAt: new Date(row.extension.requestedAt),
          answerBy: new Date(row.extension.answerBy),
        }
      : null,
  };
}

/** The columns the machine owns, from its booking. */
export function bookingColumns(booking: Booking) {
  const { extension } = booking;
  return {
    state: booking.state,
    startDate: booking.startDate,
    endDate: booking.endDate,
    quantity: booking.quantity,
    weekdays: booking.weekdays ? [...booking.weekdays] : null,
    months: booking.price.months,
    firstMonthPrice: booking.price.firstMonthPrice,
    deposits: booking.price.deposits,
    firstMonthDiscount: booking.price.firstMonthDiscount,
    spaceSolutionFee: booking.price.spaceSolutionFee,
    due: booking.price.due,
    monthlyUnitPrice: booking.monthlyUnitPrice,
    feeRateBasisPoints: booking.feeRateBasisPoints,
    requestedAt: booking.requestedAt,
    autoAcceptExtension: booking.autoAcceptExtension,
    paid: booking.paid,
    refunded: booking.refunded,
    paidThrough: booking.paidThrough,
    noticeGivenOn: booking.noticeGivenOn,
    extension: extension
      ? {
          ...extension.quote,
          requestedAt: extension.requestedAt.toISOString(),
          answerBy: extension.answerBy.toISOString(),
        }
      : null,
  };
}

// ─── Availability ───────────────────────────────────────────────────────────────────────────────────────────────────

/** What the space's bookings hold, other than `exceptBookingId`'s. */
export async function holdsOfSpace(
  db: Database,
  spaceId: string,
  exceptBookingId?: string,
): Promise<BookedHold[]> {
  const rows = await db
    .select({
      state: bookings.state,
      startDate: bookings.startDate,
      endDate: bookings.endDate,
      units: bookings.quantity,
      weekdays: bookings.weekdays,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.spaceId, spaceId),
        inArray(bookings.state, [...HOLDING_STATES]),
        exceptBookingId ? ne(bookings.id, exceptBookingId) : undefined,
      ),
    );
  return rows;
}

/** Refuses `hold` with a clear message when the space has no room for it. */
export async function assertRoom(
  db: Database,
  space: Pick<SpaceRow, "id" | "storageType" | "entireSpace" | "unitsAvailable" | "unitOfRental">,
  hold: Hold,
): Promise<void> {
  const taken = findOverbooking(hold, await holdsOfSpace(db, space.id), capacityOf(space));
  if (taken)
    throw new DomainError("conflict", overbookingMessage(taken, space.unitOfRental ?? "units"), "startDate");
}

// ─── Transitions ────────────────────────────────────────────────────────────────────────────────────────────────────

/** Who did it: the signed-in user for a renter's or host's event; nobody for the provider or a deadline. */
export type TransitionContext = { actorUserId: string | null };

/**
 * A transaction that changes bookings: a transition enqueues its deadline jobs in the transaction, so the job queue
 * is started first (transactionWithJobs).
 */
export const bookingTransaction = transactionWithJobs;

/**
 * Saves `transition` of the booking `row` (already locked, or just created, in `tx`): the row, its history, its
 * holds, its ledger entries and its deadline jobs. Answers the saved row.
 */
export async function recordTransition(
  tx: Database,
  row: Pick<BookingRow, "id" | "spaceId">,
  transition: Transition,
  context: TransitionContext,
): Promise<BookingRow> {
  const { booking, history } = transition;
  const [saved] = await tx
    .update(bookings)
    .set({ ...bookingColumns(booking), updatedAt: history.at })
    .where(eq(bookings.id, row.id))
    .returning();
  if (!saved) throw new Error(`booking ${row.id} vanished during its transition`);
  const [entry] = await tx
    .insert(bookingHistory)
    .values({
      bookingId: row.id,
      fromState: history.from,
      toState: history.to,
      event: history.event,
      actor: history.actor,
      actorUserId: context.actorUserId,
      reason: history.reason,
      at: history.at,
    })
    .returning({ id: bookingHistory.id });
  if (!entry) throw new Error("the booking's history row was not written");
  await syncHolds(tx, saved);
  // A voucher or coupon is used when the request reaches the host, and given back when the booking ends unpaid or
  // refunded; an approval may earn referral vouchers.
  await followBooking(tx, saved, history.from, history.to, history.at);
  await followDeposit(tx, saved, history);
  for (const move of transition.money) await enterMoney(tx, saved.id, entry.id, move);
  for (const deadline of transition.schedule) await scheduleDeadline(tx, saved.id, deadline);
  // Told to both sides once the change is committed, by a job: never a mail about a change that rolled back.
  await send(bookingNewsQueue, { historyId: entry.id, headline: newsOf(transition) }, { transaction: tx });
  return saved;
}

/**
 * Applies `event` to the booking `bookingId` at `at`, in one transaction that locks the row first, so two answers
 * to one request (a host's approve and the 48 h deadline) are taken one after the other and the second is refused.
 * With `userId`, a user who is neither its renter nor its host gets "not found".
 */
export async function applyBookingEvent(
  db: Database,
  bookingId: string,
  event: BookingEvent,
  options: { at?: Date; userId?: string } = {},
): Promise<{ row: BookingRow; transition: Transition }> {
  return bookingTransaction(db, (tx) => applyBookingEventIn(tx, bookingId, event, options));
}

/** {@link applyBookingEvent} inside the caller's transaction (a payment's webhook job settles its payment with it). */
export async function applyBookingEventIn(
  tx: Database,
  bookingId: string,
  event: BookingEvent,
  options: { at?: Date; userId?: string } = {},
): Promise<{ row: BookingRow; transition: Transition }> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
  if (!row || (options.userId && options.userId !== row.renterId && options.userId !== row.hostId))
    throw new DomainError("not_found", BOOKING_NOT_FOUND);
  const transition = applyEvent(toBooking(row), event, options.at ?? new Date());
  const saved = await recordTransition(tx, row, transition, { actorUserId: options.userId ?? null });
  return { row: saved, transition };
}

/**
 * The dates an exclusive booking (a space or slot with room for one) holds, as rows the exclusion constraint guards:
 * one per weekday held while the booking is in a holding state, none after.
 */
async function syncHolds(tx: Database, row: BookingRow): Promise<void> {
  await tx.delete(bookingHolds).where(eq(bookingHolds.bookingId, row.id));
  if (!(HOLDING_STATES as readonly string[]).includes(row.state)) return;
  const [space] = await tx.select().from(spaces).where(eq(spaces.id, row.spaceId));
  if (!space || capacityOf(space) !== 1) return;
  const during = `[${row.startDate},${row.endDate}]`;
  const weekdays = row.weekdays ?? [0, 1, 2, 3, 4, 5, 6];
  await tx
    .insert(bookingHolds)
    .values(weekdays.map((weekday) => ({ bookingId: row.id, spaceId: row.spaceId, weekday, during })));
}

/** The states whose refund returns everything the renter still has held, the deposit included. */
const REFUNDED_ENDS: readonly BookingState[] = ["declined", "expired", "cancelled"];

/**
 * The deposit's side of a transition (ADR 0032): the due accepted (the request reaches the host) moves the deposit
 * into deposits held; a booking that ends refunded (declined, expired, cancelled) puts it back in the booking's
 * funds first, so the machine's refund — which always gives the deposit back — draws on it.
 */
async function followDeposit(tx: Database, saved: BookingRow, history: Transition["history"]): Promise<void> {
  if (
    history.event === "payment_confirmed" &&
    history.from === "awaiting_payment" &&
    history.to === "requested"
  )
    await holdDeposit(tx, saved, history.at);
  if (history.from !== history.to && REFUNDED_ENDS.includes(history.to))
    await returnDepositWithRefund(tx, saved.id, history.at);
}

/**
 * Enters one money move as a balanced ledger entry (ADR 0023); a refund also goes to the refund job, which asks the
 * payment provider for it once this transaction has committed.
 */
async function enterMoney(
  tx: Database,
  bookingId: string,
  historyId: number,
  move: MoneyMove,
): Promise<void> {
  const [debit, credit] =
    move.kind === "payment_received"
      ? [ACCOUNTS.provider, ACCOUNTS.bookingFunds]
      : [ACCOUNTS.bookingFunds, ACCOUNTS.refundsOwed];
  await enterLedger(tx, { kind: move.kind, bookingId, debit, credit, amount: move.amount });
  if (move.kind === "refund" && move.amount > 0) {
    const job: RefundJob = {
      bookingId,
      historyId,
      amount: move.amount,
      reason: move.reason,
      providerPaymentId: move.reference ?? null,
    };
    await send(refundQueue, job, { transaction: tx });
  }
}

// ─── Deadlines ──────────────────────────────────────────────────────────────────────────────────────────────────────

export type DeadlineJob = { bookingId: string; kind: DeadlineKind };

/**
 * A booking's timed event, fired by pg-boss at its instant. A job whose booking has moved on (approved before its
 * 48 h ran out, a deadline moved by an extension) is refused by the machine's guard and does nothing.
 */
export const bookingDeadlineQueue = defineQueue<DeadlineJob>(
  "booking-deadlines",
  async ({ bookingId, kind }) => {
    const { db } = await getDatabase();
    try {
      await applyBookingEvent(db, bookingId, { type: kind, actor: "system" });
    } catch (error) {
      // A booking gone or moved on: the machine refused, there is nothing to do.
      if (error instanceof DomainError) return;
      throw error;
    }
  },
);

async function scheduleDeadline(tx: Database, bookingId: string, deadline: Deadline): Promise<void> {
  // The instant is part of the key: a deadline moved later is a new job, while the same one enqueued twice is one.
  await send(
    bookingDeadlineQueue,
    { bookingId, kind: deadline.kind },
    {
      startAfter: deadline.at,
      singletonKey: `booking:${bookingId}:${deadline.kind}:${deadline.at.toISOString()}`,
      transaction: tx,
    },
  );
}

// ─── News ───────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A history row to tell, and its news as the machine decided it ({@link newsOf}). */
export type BookingNewsJob = { historyId: number; headline: BookingNews };

/**
 * Mails both people of a booking about one history row (docs/product.md, Booking lifecycle: every transition becomes a
 * notification, by e-mail now; in-app and SMS join from the same rows). A checkout that was only started is the
 * renter's business: the host hears of a request once it is paid.
 */
export const bookingNewsQueue = defineQueue<BookingNewsJob>("booking-news", async (job) => {
  const { historyId } = job;
  const { db } = await getDatabase();
  const [entry] = await db.select().from(bookingHistory).where(eq(bookingHistory.id, historyId));
  if (!entry) return;
  // A job queued by the version before the news was carried (a deploy's moment) tells a change of state; what stayed
  // in its state cannot be told without the machine's decision, so it is not told at all.
  const headline: BookingNews | undefined =
    job.headline ?? (entry.fromState !== entry.toState ? (entry.toState as BookingState) : undefined);
  if (!headline) return;
  const [row] = await db.select().from(bookings).where(eq(bookings.id, entry.bookingId));
  const [space] = row ? await db.select().from(spaces).where(eq(spaces.id, row.spaceId)) : [];
  if (!row || !space) return;
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.id, [row.renterId, row.hostId]));
  const bookingPath = `/bookings/${row.id}`;
  if (entry.fromState === "awaiting_payment" && entry.toState !== "awaiting_payment")
    // The checkout is over (paid, run out or cancelled): its news ("Complete your payment", a failed try) is no
    // longer news for the renter.
    await readOvertakenNotices({
      userId: row.renterId,
      kind: "bookingUpdate",
      link: bookingPath,
      before: new Date(),
    });
  // News of a checkout already over when it is told is not told at all: it would ask for a payment made.
  else if (entry.toState === "awaiting_payment" && row.state !== "awaiting_payment") return;
  // The request and every later change are lines in the renter's conversation with the host.
  if (headline !== "awaiting_payment")
    await postSystemLine(
      db,
      { spaceId: row.spaceId, renterId: row.renterId },
      `Booking ${formatCalendarDate(row.startDate)} to ${formatCalendarDate(row.endDate)}: ${entry.reason}`,
      { bookingId: row.id },
    );
  // A reason one side wrote (a decline's, a cancellation's) reaches the other masked until an approved booking.
  const what = maskContactDetails(entry.reason, await contactsRevealed(db, row.renterId, row.hostId));
  for (const role of headline === "awaiting_payment"
    ? (["renter"] as const)
    : (["renter", "host"] as const)) {
    const person = people.find((user) => user.id === (role === "renter" ? row.renterId : row.hostId));
    const other = people.find((user) => user.id === (role === "renter" ? row.hostId : row.renterId));
    if (!person) continue;
    await notify({
      userId: person.id,
      kind: "bookingUpdate",
      data: bookingUpdateData(row, { person, other, role, spaceTitle: space.spaceTitle, headline, what }),
    });
  }
});
