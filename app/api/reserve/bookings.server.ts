import { and, count, desc, eq, gt, inArray, lte, ne, or } from "drizzle-orm";
import { z } from "zod/v4";
import {
  applyBookingEvent,
  assertRoom,
  BOOKING_NOT_FOUND,
  bookingColumns,
  bookingTransaction,
  holdsOfSpace,
  recordTransition,
  toBooking,
} from "~/core/booking-service.server";
import { amountOffFor, assertUsable, findCode, holdCode } from "~/core/voucher-service.server";
import type { Database } from "~/db/client.server";
import { type BookingRow, bills, bookings, reservationDrafts, spaces, users } from "~/db/schema";
import {
  assertMayStartCheckout,
  type BookingState,
  checkExtension as checkExtensionRule,
  checkNotice as checkNoticeRule,
  createBooking,
  HOLDING_STATES,
  MAX_EXTENSION_MONTHS,
  MAX_UNPAID_CHECKOUTS,
  MOVE_IN_SOON_DAYS,
  moveInSoonUntil,
  openCheckoutsSince,
  roleOf,
} from "~/domain/booking";
import { todayInManila } from "~/domain/dates";
import { DomainError } from "~/domain/errors";
import { DEFAULT_SPACE_SOLUTION_FEE_BASIS_POINTS, priceWithVoucher } from "~/domain/pricing";
import { capacityOf, MAX_MESSAGE_LENGTH } from "~/domain/reservation";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";
import { spaceId } from "../space/listing-page-queries.server";
import { type BookingQuote, holdOf, quoteFor, reservableSpace, termsFor } from "./booking-quotes.server";
import { type BookingDetails, type BookingSummary, toDetails, toSummaries } from "./booking-views.server";
import {
  itemIds,
  messageForKeeper,
  ownItems,
  paymentMethod,
  reservation,
  voucherCode,
} from "./reservation-input.server";

/**
 * Reservation calls (ADR 0023): the booking quote every reserve-space step shows, booking a space, a booking and the
 * lists of one's bookings, and the host's and renter's actions on a booking. Each action is one event of the booking
 * state machine (app/domain/booking.ts), applied by the booking service. The quote is priced in
 * booking-quotes.server.ts and the bookings answered are built in booking-views.server.ts.
 */

// ─── Inputs ─────────────────────────────────────────────────────────────────────────────────────────────────────────

const bookingId = z.uuid({ error: BOOKING_NOT_FOUND });

/** The caller's booking `id`, as renter or host; anyone else's (or none) is "not found". */
async function findBooking(db: Database, id: string, userId: string): Promise<BookingRow> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  if (!row || roleOf(row, userId) === null) throw new ApiError(404, BOOKING_NOT_FOUND);
  return row;
}

// ─── Quote and booking ──────────────────────────────────────────────────────────────────────────────────────────────

export const bookingQuote = defineEndpoint({
  method: "GET",
  path: "/reserve/bookingQuote",
  auth: "optional",
  answers: [403, 404, 409],
  summary:
    "The booking price of a reservation, computed on the server: dates, units, weekdays, price lines and the due, and whether the dates are still free. Every reserve-space step shows it.",
  tags: ["reserve"],
  query: z.strictObject(reservation),
  async handler({ db, user, query }): Promise<BookingQuote> {
    return quoteFor(db, await reservableSpace(db, query.spaceId), query, user?.id);
  },
});

export const BOOKED_MESSAGE = "Your booking is saved. Pay the due to send your request to the host.";

export const bookSpace = defineEndpoint({
  method: "POST",
  path: "/reserve/BookSpace",
  auth: "required",
  answers: [403, 404, 409],
  summary: `Books a space: checks the dates are free (locking the space, so the last free unit goes to one renter), prices it on the server, copies the chosen items, and creates the booking waiting for payment (its units held for 60 minutes). An optional voucher or coupon \`code\` lowers the due (never below 0) and is held by the booking until its payment is confirmed; when it covers the whole due the request goes to the host at once. A renter holds at most ${MAX_UNPAID_CHECKOUTS} unpaid checkouts at once: another booking is refused (409) until one is paid, cancelled or has expired. Answers the booking; pay it with POST /reserve/payBooking.`,
  tags: ["reserve"],
  message: BOOKED_MESSAGE,
  body: z.strictObject({
    ...reservation,
    itemIds,
    messageForKeeper,
    paymentMethod,
    code: voucherCode.optional(),
  }),
  async handler({ db, user, body }): Promise<BookingDetails> {
    const row = await bookingTransaction(db, async (tx) => {
      const now = new Date();
      // One new booking of a renter at a time (their row is the lock, taken before the space's), so two requests at
      // once cannot both slip under the limit of unpaid checkouts.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("no key update");
      const [unpaid] = await tx
        .select({ n: count() })
        .from(bookings)
        .where(
          and(
            eq(bookings.renterId, user.id),
            eq(bookings.state, "awaiting_payment"),
            gt(bookings.createdAt, openCheckoutsSince(now)),
          ),
        );
      assertMayStartCheckout(unpaid?.n ?? 0);
      // One booking of a space at a time: the last free unit goes to one renter, the other is told it is taken.
      const [space] = await tx.select().from(spaces).where(eq(spaces.id, body.spaceId)).for("update");
      if (!space) throw new ApiError(404, "Space not found.");
      const terms = termsFor(space, body, user.id);
      await assertRoom(tx, space, holdOf(terms));
      const items = await ownItems(tx, user.id, body.itemIds ?? []);
      // The code's row stays locked until this booking holds it: two bookings at once cannot both use it.
      const found = body.code ? await findCode(tx, body.code, { lock: true }) : null;
      if (found) await assertUsable(tx, found, user.id, now);
      const voucher = found ? amountOffFor(found, terms.price) : 0;
      const transition = createBooking(
        {
          type: terms.type,
          startDate: terms.startDate,
          endDate: terms.endDate,
          quantity: terms.quantity,
          weekdays: terms.weekdays,
          price: priceWithVoucher(terms.price, voucher),
          monthlyUnitPrice: terms.monthlyUnitPrice,
          feeRateBasisPoints: DEFAULT_SPACE_SOLUTION_FEE_BASIS_POINTS,
        },
        now,
      );
      const [created] = await tx
        .insert(bookings)
        .values({
          spaceId: space.id,
          renterId: user.id,
          hostId: space.hostId,
          type: terms.type,
          duration: terms.duration,
          ...bookingColumns(transition.booking),
          voucher,
          paymentMethod: body.paymentMethod,
          messageForKeeper: body.messageForKeeper || null,
          items: items.map((item) => ({
            name: item.name,
            quantity: item.quantity,
            notes: item.notes,
            photoUploadId: item.photoUploadId,
          })),
          createdAt: now,
        })
        .returning();
      if (!created) throw new Error("the booking was not created");
      if (found) await holdCode(tx, found, created, voucher);
      // Booked: the reservation in progress is done.
      await tx
        .delete(reservationDrafts)
        .where(and(eq(reservationDrafts.renterId, user.id), eq(reservationDrafts.spaceId, space.id)));
      return recordTransition(tx, created, transition, { actorUserId: user.id });
    });
    return toDetails(db, row, user.id);
  },
});

// ─── Reading bookings ───────────────────────────────────────────────────────────────────────────────────────────────

export type SpaceBookingCheck = {
  /** The caller's open booking of this space (waiting for payment or an answer, approved or active), if any. */
  booking: BookingSummary | null;
  /** Whether the caller may book this space (not their own, active). */
  canBook: boolean;
};

export const checkBooking = defineEndpoint({
  method: "GET",
  path: "/reserve/checkBooking/{id}",
  auth: "required",
  answers: [404],
  summary:
    "For a space ({id}): the caller's open booking of it, if any, and whether they may book it — the listing page shows the booking instead of a second Reserve.",
  tags: ["reserve"],
  params: z.strictObject({ id: spaceId }),
  async handler({ db, user, params }): Promise<SpaceBookingCheck> {
    const space = await reservableSpace(db, params.id);
    const [open] = await db
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.spaceId, space.id),
          eq(bookings.renterId, user.id),
          inArray(bookings.state, [...HOLDING_STATES]),
        ),
      )
      .orderBy(desc(bookings.createdAt))
      .limit(1);
    const [booking] = open ? await toSummaries(db, [open], user.id) : [];
    return { booking: booking ?? null, canBook: space.status === "active" && space.hostId !== user.id };
  },
});

export const retrieveBookingData = defineEndpoint({
  method: "GET",
  path: "/reserve/retrieveBookingData/{id}",
  auth: "required",
  answers: [404, 409],
  summary:
    "One booking ({id}) of the caller, as renter or host: parties, space, dates, price lines, items, payments so far, history; the exact address from approval on. Anyone else gets 404.",
  tags: ["reserve"],
  params: z.strictObject({ id: bookingId }),
  async handler({ db, user, params }): Promise<BookingDetails> {
    return toDetails(db, await findBooking(db, params.id, user.id), user.id);
  },
});

export type AllBookings = {
  /** The caller hosts: they have listed a space (in any state) or have bookings as host. */
  hosting: boolean;
  renter: { upcoming: BookingSummary[]; active: BookingSummary[]; past: BookingSummary[] };
  host: {
    requests: BookingSummary[];
    upcoming: BookingSummary[];
    active: BookingSummary[];
    past: BookingSummary[];
  };
};

/** The most bookings each list shows. */
export const BOOKINGS_LIMIT = 200;

export const retrieveAllBookingData = defineEndpoint({
  method: "GET",
  path: "/reserve/retrieveAllBookingData/{id}",
  auth: "required",
  answers: [404],
  summary:
    "All bookings of the user {id} (the caller only): as renter upcoming (waiting for payment or the host, approved), active and past; as host the requests to answer, upcoming, active tenants and past. Newest first. `hosting` says whether the caller hosts at all (a listing, or bookings as host).",
  tags: ["reserve"],
  params: z.strictObject({ id: z.uuid({ error: "This user was not found." }) }),
  async handler({ db, user, params }): Promise<AllBookings> {
    if (params.id !== user.id) throw new ApiError(404, "This user was not found.");
    const rows = await db
      .select()
      .from(bookings)
      .where(or(eq(bookings.renterId, user.id), eq(bookings.hostId, user.id)))
      .orderBy(desc(bookings.createdAt))
      .limit(BOOKINGS_LIMIT * 2);
    const all = await toSummaries(db, rows, user.id);
    const of = (role: "renter" | "host", states: readonly BookingState[]) =>
      all.filter((booking) => booking.role === role && states.includes(booking.state));
    const past: BookingState[] = ["completed", "declined", "expired", "cancelled"];
    const [listed] = await db
      .select({ id: spaces.id })
      .from(spaces)
      .where(eq(spaces.hostId, user.id))
      .limit(1);
    return {
      hosting: listed !== undefined || all.some((booking) => booking.role === "host"),
      renter: {
        upcoming: of("renter", ["awaiting_payment", "requested", "approved"]),
        active: of("renter", ["active"]),
        past: of("renter", past),
      },
      host: {
        requests: of("host", ["requested"]),
        upcoming: of("host", ["approved"]),
        active: of("host", ["active"]),
        past: of("host", past),
      },
    };
  },
});

/** The most bookings the home page's "waiting for you" lists. */
export const WAITING_LIMIT = 20;

export type WaitingBookings = {
  /** Requests to the caller's spaces waiting for their answer, the soonest to run out first. */
  requests: BookingSummary[];
  /** The caller's checkouts waiting for their payment, the soonest to run out first. */
  checkouts: BookingSummary[];
  /** The caller's approved bookings moving in within MOVE_IN_SOON_DAYS, the soonest first. */
  movingIn: BookingSummary[];
};

export const waitingBookings = defineEndpoint({
  method: "GET",
  path: "/reserve/waitingBookings",
  auth: "required",
  summary: `What waits for the caller to act, the soonest to run out first (at most ${WAITING_LIMIT} of each): as host the requests to answer within their 48 hours, as renter the checkouts to pay within their 60 minutes and the approved bookings they move into within ${MOVE_IN_SOON_DAYS} days. The home page shows them.`,
  tags: ["reserve"],
  async handler({ db, user }): Promise<WaitingBookings> {
    const [rows, movingIn] = await Promise.all([
      db
        .select()
        .from(bookings)
        .where(
          or(
            and(eq(bookings.hostId, user.id), eq(bookings.state, "requested")),
            and(eq(bookings.renterId, user.id), eq(bookings.state, "awaiting_payment")),
          ),
        )
        .orderBy(bookings.createdAt)
        .limit(WAITING_LIMIT * 2),
      db
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.renterId, user.id),
            eq(bookings.state, "approved"),
            lte(bookings.startDate, moveInSoonUntil(todayInManila())),
          ),
        )
        .orderBy(bookings.startDate)
        .limit(WAITING_LIMIT),
    ]);
    const all = await toSummaries(db, rows, user.id);
    const soonest = (a: BookingSummary, b: BookingSummary) => (a.actBy ?? "").localeCompare(b.actBy ?? "");
    return {
      movingIn: await toSummaries(db, movingIn, user.id),
      requests: all
        .filter((booking) => booking.role === "host")
        .sort(soonest)
        .slice(0, WAITING_LIMIT),
      checkouts: all
        .filter((booking) => booking.role === "renter")
        .sort(soonest)
        .slice(0, WAITING_LIMIT),
    };
  },
});

// ─── Acting on a booking ────────────────────────────────────────────────────────────────────────────────────────────

/** Applies the event; answers the booking as it is now, unless the caller does not read the answer. */
async function act(
  db: Database,
  userId: string,
  id: string,
  event: Parameters<typeof applyBookingEvent>[2],
  answerRead: boolean,
): Promise<BookingDetails | null> {
  const { row } = await applyBookingEvent(db, id, event, { userId });
  return answerRead ? toDetails(db, row, userId) : null;
}

/** The caller's part in the booking, for the events only one side may send. */
async function roleIn(db: Database, id: string, userId: string): Promise<"renter" | "host"> {
  const row = await findBooking(db, id, userId);
  return roleOf(row, userId) as "renter" | "host";
}

const REASON_MESSAGE = "Please tell the renter why you decline.";

export const approveBooking = defineEndpoint({
  method: "POST",
  path: "/reserve/approveBooking",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "The host approves a paid request (bookingId, ownerId, autoAcceptExtension, type). ownerId must be the caller. From now on the renter sees the exact address.",
  tags: ["reserve"],
  message: "You approved this booking.",
  body: z.strictObject({
    bookingId,
    ownerId: z.uuid({ error: "ownerId must be your user id." }),
    autoAcceptExtension: z.preprocess(
      (value) => value === true || value === "true" || value === "on",
      z.boolean(),
    ),
    type: z.enum(["storage", "parking"], { error: "type must be storage or parking." }).optional(),
  }),
  async handler({ db, user, body, answerRead }) {
    if (body.ownerId !== user.id) throw new ApiError(403, "Only the host of this space can approve it.");
    const role = await roleIn(db, body.bookingId, user.id);
    return act(
      db,
      user.id,
      body.bookingId,
      {
        type: "approve",
        actor: role,
        autoAcceptExtension: body.autoAcceptExtension,
      },
      answerRead,
    );
  },
});

export const declineBooking = defineEndpoint({
  method: "POST",
  path: "/reserve/declineBooking",
  auth: "required",
  answers: [403, 404, 409],
  summary: "The host declines a paid request with a reason; everything paid is refunded.",
  tags: ["reserve"],
  message: "You declined this request. The renter gets everything back.",
  body: z.strictObject({
    bookingId,
    reason: z
      .string({ error: REASON_MESSAGE })
      .trim()
      .min(1, { error: REASON_MESSAGE })
      .max(MAX_MESSAGE_LENGTH),
  }),
  async handler({ db, user, body, answerRead }) {
    const role = await roleIn(db, body.bookingId, user.id);
    return act(
      db,
      user.id,
      body.bookingId,
      { type: "decline", actor: role, reason: body.reason },
      answerRead,
    );
  },
});

export const cancelBooking = defineEndpoint({
  method: "POST",
  path: "/reserve/cancelBooking",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "The renter (before the start) or the host (after approval) cancels; the refund follows the cancellation rules (docs/product.md, Refunds).",
  tags: ["reserve"],
  message: "The booking is cancelled.",
  body: z.strictObject({
    bookingId,
    reason: z.string().trim().max(MAX_MESSAGE_LENGTH).optional(),
  }),
  async handler({ db, user, body, answerRead }) {
    const role = await roleIn(db, body.bookingId, user.id);
    return act(db, user.id, body.bookingId, { type: "cancel", actor: role, reason: body.reason }, answerRead);
  },
});

const months = z.coerce
  .number({ error: `An extension is 1 to ${MAX_EXTENSION_MONTHS} whole months.` })
  .int({ error: `An extension is 1 to ${MAX_EXTENSION_MONTHS} whole months.` });

export const checkExtension = defineEndpoint({
  method: "GET",
  path: "/reserve/checkExtension/{a}/{b}",
  auth: "required",
  answers: [404],
  summary:
    "Whether the booking {a} can grow by {b} months, and at what price (added rent, fee, total) — or why not. Accepted at once when the host chose auto-accept.",
  tags: ["reserve"],
  params: z.strictObject({ a: bookingId, b: months }),
  async handler({ db, user, params }) {
    const row = await findBooking(db, params.a, user.id);
    const [space] = await db.select().from(spaces).where(eq(spaces.id, row.spaceId));
    if (!space) throw new ApiError(404, BOOKING_NOT_FOUND);
    return checkExtensionRule(toBooking(row), params.b, {
      otherBookings: await holdsOfSpace(db, row.spaceId, row.id),
      capacity: capacityOf(space),
    });
  },
});

export const requestExtension = defineEndpoint({
  method: "POST",
  path: "/reserve/requestExtension",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "The renter asks to extend by some months: accepted at once when the host chose auto-accept, else the host has 48 h to answer.",
  tags: ["reserve"],
  message: "Your extension request is saved.",
  body: z.strictObject({ bookingId, months }),
  async handler({ db, user, body, answerRead }) {
    const row = await findBooking(db, body.bookingId, user.id);
    const [space] = await db.select().from(spaces).where(eq(spaces.id, row.spaceId));
    if (!space) throw new ApiError(404, BOOKING_NOT_FOUND);
    const check = checkExtensionRule(toBooking(row), body.months, {
      otherBookings: await holdsOfSpace(db, row.spaceId, row.id),
      capacity: capacityOf(space),
    });
    if (!check.possible) throw new DomainError("conflict", check.message, "months");
    const role = roleOf(row, user.id) as "renter" | "host";
    return act(
      db,
      user.id,
      body.bookingId,
      { type: "request_extension", actor: role, months: body.months },
      answerRead,
    );
  },
});

export const answerExtension = defineEndpoint({
  method: "POST",
  path: "/reserve/answerExtension",
  auth: "required",
  answers: [403, 404, 409],
  summary: "The host accepts or declines the renter's extension request.",
  tags: ["reserve"],
  message: "Your answer is saved.",
  body: z.strictObject({
    bookingId,
    accept: z.preprocess((value) => value === true || value === "true", z.boolean()),
    reason: z.string().trim().max(MAX_MESSAGE_LENGTH).optional(),
  }),
  async handler({ db, user, body, answerRead }) {
    const role = await roleIn(db, body.bookingId, user.id);
    return act(
      db,
      user.id,
      body.bookingId,
      {
        type: "answer_extension",
        actor: role,
        accept: body.accept,
        reason: body.reason,
      },
      answerRead,
    );
  },
});

export const checkNotice = defineEndpoint({
  method: "GET",
  path: "/reserve/checkNotice/{id}",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "What giving notice on the active booking {id} today would do, for the renter to confirm: its new last day and every bill still to pay until then (period, due date, total) — or why notice cannot be given.",
  tags: ["reserve"],
  params: z.strictObject({ id: bookingId }),
  async handler({ db, user, params }) {
    const row = await findBooking(db, params.id, user.id);
    const issued = await db
      .select({ periodStart: bills.periodStart, periodEnd: bills.periodEnd, state: bills.state })
      .from(bills)
      .where(and(eq(bills.bookingId, row.id), ne(bills.state, "void")))
      .orderBy(bills.periodStart);
    return checkNoticeRule(toBooking(row), roleOf(row, user.id) as "renter" | "host", issued, new Date());
  },
});

export const terminateBooking = defineEndpoint({
  method: "POST",
  path: "/reserve/terminateBooking",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "The renter gives notice on an active booking: it ends at the later of 30 days from today and the end of the month already paid.",
  tags: ["reserve"],
  message: "Your notice is saved.",
  body: z.strictObject({ bookingId }),
  async handler({ db, user, body, answerRead }) {
    const role = await roleIn(db, body.bookingId, user.id);
    return act(db, user.id, body.bookingId, { type: "give_notice", actor: role }, answerRead);
  },
});

export const endForUnpaidBill = defineEndpoint({
  method: "POST",
  path: "/reserve/endForUnpaidBill",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "The host ends an active booking whose oldest unpaid bill is 7 days overdue or more: it ends today, and its unpaid bills are cancelled by the next billing run.",
  tags: ["reserve"],
  message: "You ended this booking for its unpaid bill.",
  body: z.strictObject({ bookingId }),
  async handler({ db, user, body, answerRead }) {
    const role = await roleIn(db, body.bookingId, user.id);
    const [oldest] = await db
      .select({ dueOn: bills.dueOn })
      .from(bills)
      .where(and(eq(bills.bookingId, body.bookingId), eq(bills.state, "due")))
      .orderBy(bills.dueOn)
      .limit(1);
    if (!oldest) throw new DomainError("conflict", "This booking has no unpaid bill.");
    return act(
      db,
      user.id,
      body.bookingId,
      {
        type: "end_for_unpaid_bill",
        actor: role,
        billDueDate: oldest.dueOn,
      },
      answerRead,
    );
  },
});

export const endpoints: Endpoint[] = [
  bookingQuote,
  bookSpace,
  checkBooking,
  retrieveBookingData,
  retrieveAllBookingData,
  waitingBookings,
  approveBooking,
  declineBooking,
  cancelBooking,
  checkExtension,
  requestExtension,
  answerExtension,
  checkNotice,
  terminateBooking,
  endForUnpaidBill,
];
