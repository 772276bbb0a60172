import { and, count, desc, eq, gt, inArray, isNotNull, isNull, ne, or } from "drizzle-orm";
import { z } from "zod/v4";
import type { Database } from "~/db/client.server";
import {
  type BookingRow,
  bills,
  bookingHistory,
  bookings,
  payments,
  type ReservationValues,
  reservationDrafts,
  type SpaceRow,
  spaces,
  uploads,
  users,
} from "~/db/schema";
import { receiptNumberOf } from "~/domain/billing";
import {
  answerDeadline,
  assertMayStartCheckout,
  type BookingState,
  bookingNumberOf,
  cancellationRefund,
  checkExtension as checkExtensionRule,
  checkNotice as checkNoticeRule,
  checkoutDeadline,
  createBooking,
  HOLDING_STATES,
  MAX_EXTENSION_MONTHS,
  MAX_UNPAID_CHECKOUTS,
  openCheckoutsSince,
  roleOf,
  UNPAID_BILL_DAYS,
} from "~/domain/booking";
import { maskContactDetails } from "~/domain/contact-masking";
import { addDays, todayInManila } from "~/domain/dates";
import { DomainError } from "~/domain/errors";
import {
  type BookingPrice,
  DEFAULT_SPACE_SOLUTION_FEE_BASIS_POINTS,
  priceWithVoucher,
} from "~/domain/pricing";
import {
  capacityOf,
  MAX_MESSAGE_LENGTH,
  RESERVATION_MESSAGES,
  type ReservationTerms,
  reservationTerms,
} from "~/domain/reservation";
import type { SpaceCardView } from "~/domain/space";
import { spaceTypeOf } from "~/domain/space-types";
import { RENTAL_DURATIONS } from "~/domain/vocabulary";
import { MAX_CODE_LENGTH, VOUCHER_MESSAGES } from "~/domain/vouchers";
import { getStorage } from "~/services/storage.server";
import { contactsRevealed } from "../conversations/conversation-service.server";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";
import type { ExactLocation, HostCard } from "../space/listing-page.server";
import { spaceId, toHostCard } from "../space/listing-page-queries.server";
import { toSpaceCards } from "../space/space-views.server";
import { amountOffFor, assertUsable, findCode, holdCode } from "../user/voucher-service.server";
import {
  applyBookingEvent,
  assertRoom,
  BOOKING_NOT_FOUND,
  bookingColumns,
  bookingTransaction,
  holdsOfSpace,
  recordTransition,
  toBooking,
} from "./booking-service.server";
import { itemIds, messageForKeeper, ownItems, paymentMethod, weekdays } from "./reservation-input.server";

/**
 * Reservation calls (spec §7 "Reservation", ADR 0023): the booking quote every reserve-space step shows, booking a
 * space, a booking and the lists of one's bookings, and the host's and renter's actions on a booking. Each action is
 * one event of the booking state machine (app/domain/booking.ts), applied by the booking service.
 */

// ─── Inputs ─────────────────────────────────────────────────────────────────────────────────────────────────────────

const bookingId = z.uuid({ error: BOOKING_NOT_FOUND });

const quantity = z.preprocess(
  (value) => (value === undefined || value === "" ? undefined : Number(value)),
  z.number().optional(),
);

export const reservation = {
  spaceId,
  startDate: z.string({ error: "Please choose a valid start date." }),
  // The vocabulary's rental durations, declared so an API client can list them (a space offers some of them).
  duration: z.enum(RENTAL_DURATIONS, { error: RESERVATION_MESSAGES.duration }),
  quantity,
  weekdays,
};

/** A voucher or coupon code as typed; an empty field is no code. */
export const voucherCode = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z
    .string({ error: VOUCHER_MESSAGES.code })
    .trim()
    .max(MAX_CODE_LENGTH, { error: VOUCHER_MESSAGES.unknown })
    .optional(),
);

// ─── Views ──────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A person of a booking as the other side sees them (the host card's facts, for either side). */
export type BookingParty = HostCard;

/** One booking in a list. */
export type BookingSummary = {
  bookingId: string;
  /** The short number people read and quote, "SS-000123" (the id stays in addresses). */
  bookingNumber: string;
  state: BookingState;
  type: "storage" | "parking";
  /** The caller's part in it. */
  role: "renter" | "host";
  space: SpaceCardView;
  startDate: string;
  endDate: string;
  duration: string;
  quantity: number;
  weekdays: number[] | null;
  due: number;
  paid: number;
  refunded: number;
  createdAt: string;
  /** The other side: the host for the renter, the renter for the host. */
  counterpart: BookingParty;
  /** The instant the current step runs out: the checkout (awaiting payment) or the host's answer (requested). */
  actBy: string | null;
};

/** One booking, whole: its contract details page. */
export type BookingDetails = BookingSummary & {
  price: BookingPrice;
  monthlyUnitPrice: number;
  voucher: number;
  /** The renter's items and message for the host, and the history's reasons: contact details masked until approved. */
  items: BookingRow["items"];
  messageForKeeper: string | null;
  /** Whether the two have an approved booking, so contact details show in what they wrote (PRODUCT.md). */
  contactsRevealed: boolean;
  paymentMethod: string | null;
  renter: BookingParty;
  host: BookingParty;
  /** The street address and pin: from approval on, never before (PRODUCT.md). */
  canSeeExactAddress: boolean;
  exactLocation: ExactLocation | null;
  autoAcceptExtension: boolean;
  /** The last day of the months paid for. */
  paidThrough: string | null;
  noticeGivenOn: string | null;
  extension: BookingRow["extension"];
  /** What the renter would get back by cancelling now (null when they cannot cancel). */
  cancellationRefund: number | null;
  /** The contract of the stay: Space Solution's standard one, or the host's own PDF (its address). */
  contract: { type: "standard" | "uploaded"; url: string | null };
  history: { from: string | null; to: string; event: string; actor: string; reason: string; at: string }[];
  /** The booking's monthly bills (not the cancelled ones), in order. */
  bills: BookingBill[];
  /** The acknowledgement receipt of the payment made with the request, once the booking accepted it. */
  requestReceipt: { receiptId: string; receiptNumber: string } | null;
  /** The host may end the booking for this unpaid bill's due date: it is 7 days overdue or more. */
  mayEndForUnpaidBill: string | null;
};

export type BookingBill = {
  billId: string;
  periodStart: string;
  periodEnd: string;
  total: number;
  dueOn: string;
  state: "due" | "paid";
  receiptNumber: string | null;
};

/** The states from which the renter sees the exact address. */
const ADDRESS_STATES: readonly BookingState[] = ["approved", "active", "completed"];

const party = (user: typeof users.$inferSelect): BookingParty => toHostCard(user);

function actBy(row: BookingRow): string | null {
  const booking = toBooking(row);
  if (row.state === "awaiting_payment") return checkoutDeadline(booking).toISOString();
  if (row.state === "requested") return answerDeadline(booking).toISOString();
  return null;
}

async function toSummaries(
  db: Database,
  rows: readonly BookingRow[],
  userId: string,
): Promise<BookingSummary[]> {
  if (rows.length === 0) return [];
  const spaceRows = await db
    .select()
    .from(spaces)
    .where(inArray(spaces.id, [...new Set(rows.map((row) => row.spaceId))]));
  const cards = new Map((await toSpaceCards(db, spaceRows)).map((card) => [card._id, card]));
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(rows.flatMap((row) => [row.renterId, row.hostId]))]));
  const byId = new Map(people.map((person) => [person.id, person]));
  return rows.map((row) => {
    const role = row.renterId === userId ? "renter" : "host";
    const counterpart = byId.get(role === "renter" ? row.hostId : row.renterId);
    const space = cards.get(row.spaceId);
    if (!counterpart || !space) throw new Error(`booking ${row.id} lost its space or a party`);
    return {
      bookingId: row.id,
      bookingNumber: bookingNumberOf(row.number),
      state: row.state,
      type: row.type,
      role,
      space,
      startDate: row.startDate,
      endDate: row.endDate,
      duration: row.duration,
      quantity: row.quantity,
      weekdays: row.weekdays,
      due: row.due,
      paid: row.paid,
      refunded: row.refunded,
      createdAt: row.createdAt.toISOString(),
      counterpart: party(counterpart),
      actBy: actBy(row),
    };
  });
}

async function toDetails(db: Database, row: BookingRow, userId: string): Promise<BookingDetails> {
  const [summary] = await toSummaries(db, [row], userId);
  if (!summary) throw new Error("a booking without its summary");
  const [space] = await db.select().from(spaces).where(eq(spaces.id, row.spaceId));
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.id, [row.renterId, row.hostId]));
  const renter = people.find((person) => person.id === row.renterId);
  const host = people.find((person) => person.id === row.hostId);
  if (!space || !renter || !host) throw new Error(`booking ${row.id} lost its space or a party`);
  const history = await db
    .select()
    .from(bookingHistory)
    .where(eq(bookingHistory.bookingId, row.id))
    .orderBy(bookingHistory.id);
  const canSee = summary.role === "host" || ADDRESS_STATES.includes(row.state);
  const revealed = await contactsRevealed(db, row.renterId, row.hostId);
  const asSeen = (text: string) => maskContactDetails(text, revealed);
  let refund: number | null = null;
  if (summary.role === "renter") {
    try {
      refund = cancellationRefund(toBooking(row), "renter", new Date()).amount;
    } catch {
      refund = null;
    }
  }
  const billRows = await db
    .select()
    .from(bills)
    .where(and(eq(bills.bookingId, row.id), ne(bills.state, "void")))
    .orderBy(bills.periodStart);
  const [requestPayment] = await db
    .select({ id: payments.id, receiptNumber: payments.receiptNumber })
    .from(payments)
    .where(and(eq(payments.bookingId, row.id), isNull(payments.billId), isNotNull(payments.receiptNumber)))
    .limit(1);
  const requestReceiptNumber = requestPayment ? receiptNumberOf(requestPayment) : null;
  const oldestUnpaid = billRows.find((bill) => bill.state === "due");
  const mayEnd =
    summary.role === "host" &&
    row.state === "active" &&
    oldestUnpaid &&
    addDays(oldestUnpaid.dueOn, UNPAID_BILL_DAYS) <= todayInManila();
  return {
    ...summary,
    price: toBooking(row).price,
    monthlyUnitPrice: row.monthlyUnitPrice,
    voucher: row.voucher,
    items: row.items.map((item) => ({
      ...item,
      name: asSeen(item.name),
      notes: item.notes === null ? null : asSeen(item.notes),
    })),
    messageForKeeper: row.messageForKeeper === null ? null : asSeen(row.messageForKeeper),
    contactsRevealed: revealed,
    paymentMethod: row.paymentMethod,
    renter: party(renter),
    host: party(host),
    canSeeExactAddress: canSee,
    exactLocation: canSee
      ? {
          addressLine1: space.addressLine1,
          addressLine2: space.addressLine2,
          latitude: space.latitude,
          longitude: space.longitude,
        }
      : null,
    autoAcceptExtension: row.autoAcceptExtension,
    paidThrough: row.paidThrough,
    noticeGivenOn: row.noticeGivenOn,
    extension: row.extension,
    cancellationRefund: refund,
    contract: await contractOf(db, space),
    history: history.map((entry) => ({
      from: entry.fromState,
      to: entry.toState,
      event: entry.event,
      actor: entry.actor,
      reason: asSeen(entry.reason),
      at: entry.at.toISOString(),
    })),
    bills: billRows.map((bill) => ({
      billId: bill.id,
      periodStart: bill.periodStart,
      periodEnd: bill.periodEnd,
      total: bill.total,
      dueOn: bill.dueOn,
      state: bill.state === "paid" ? "paid" : "due",
      receiptNumber: receiptNumberOf(bill),
    })),
    mayEndForUnpaidBill: mayEnd && oldestUnpaid ? oldestUnpaid.dueOn : null,
    requestReceipt:
      requestPayment && requestReceiptNumber
        ? { receiptId: requestPayment.id, receiptNumber: requestReceiptNumber }
        : null,
  };
}

async function contractOf(db: Database, space: SpaceRow): Promise<BookingDetails["contract"]> {
  if (space.contractType !== "uploaded" || !space.contractUploadId) return { type: "standard", url: null };
  const [file] = await db.select().from(uploads).where(eq(uploads.id, space.contractUploadId));
  return file
    ? { type: "uploaded", url: getStorage().publicUrl(file.storageKey) }
    : { type: "standard", url: null };
}

async function findBooking(db: Database, id: string, userId: string): Promise<BookingRow> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  if (!row || roleOf(row, userId) === null) throw new ApiError(404, BOOKING_NOT_FOUND);
  return row;
}

// ─── Quote and booking ──────────────────────────────────────────────────────────────────────────────────────────────

export async function reservableSpace(db: Database, id: string): Promise<SpaceRow> {
  const [row] = await db.select().from(spaces).where(eq(spaces.id, id));
  if (!row) throw new ApiError(404, "Space not found.");
  return row;
}

/** A reservation to price: a call's declared input, or a saved draft's (whose duration the booking rules check). */
type ReservationInput = Omit<z.output<z.ZodObject<typeof reservation>>, "duration"> & { duration: string };

/** The terms of `input` on `space`, checked as of `today` (a seeded booking made in the past passes its own day). */
export function termsFor(
  space: SpaceRow,
  input: Pick<ReservationInput, "startDate" | "duration" | "quantity" | "weekdays">,
  renterId?: string,
  today = todayInManila(),
) {
  return reservationTerms(
    {
      type: spaceTypeOf(space),
      status: space.status,
      hostId: space.hostId,
      entireSpace: space.entireSpace,
      unitsAvailable: space.unitsAvailable,
      rentalDurations: space.rentalDurations,
      monthlyPrice: space.monthlyPrice,
      dailyPrice: space.dailyPrice,
      depositRequired: space.depositRequired,
      firstMonthDiscount: space.firstMonthDiscount,
    },
    input,
    today,
    { renterId },
  );
}

export function holdOf(terms: ReservationTerms) {
  return {
    startDate: terms.startDate,
    endDate: terms.endDate,
    units: terms.quantity,
    weekdays: terms.weekdays,
  };
}

export type BookingQuote = ReservationTerms & {
  available: boolean;
  unavailableMessage: string | null;
  /** The voucher or coupon applied to the due (the reservation draft's code), when there is one. */
  code?: { code: string; amountOff: number };
};

/** The terms and price of `input` on `space`, and whether its dates are still free. */
export async function quoteFor(
  db: Database,
  space: SpaceRow,
  input: ReservationInput,
  renterId?: string,
): Promise<BookingQuote> {
  const terms = termsFor(space, input, renterId);
  try {
    await assertRoom(db, space, holdOf(terms));
    return { ...terms, available: true, unavailableMessage: null };
  } catch (error) {
    if (error instanceof DomainError)
      return { ...terms, available: false, unavailableMessage: error.message };
    throw error;
  }
}

/** A saved reservation draft as the booking calls take it (full month parking: every day). */
export function reservationInput(spaceId: string, values: ReservationValues): ReservationInput {
  return {
    spaceId,
    startDate: values.startDate ?? "",
    duration: values.duration ?? "",
    quantity: values.quantity,
    weekdays: values.parkingMode === "selected_days" ? values.weekdays : undefined,
  };
}

export const bookingQuote = defineEndpoint({
  method: "GET",
  path: "/reserve/bookingQuote",
  auth: "optional",
  answers: [403, 404, 409],
  summary:
    "The booking price result (spec §3) of a reservation, computed on the server: dates, units, weekdays, price lines and the due, and whether the dates are still free. Every reserve-space step shows it.",
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
};

export const waitingBookings = defineEndpoint({
  method: "GET",
  path: "/reserve/waitingBookings",
  auth: "required",
  summary: `What waits for the caller to act, the soonest to run out first (at most ${WAITING_LIMIT} of each): as host the requests to answer within their 48 hours, as renter the checkouts to pay within their 60 minutes. The home page shows them.`,
  tags: ["reserve"],
  async handler({ db, user }): Promise<WaitingBookings> {
    const rows = await db
      .select()
      .from(bookings)
      .where(
        or(
          and(eq(bookings.hostId, user.id), eq(bookings.state, "requested")),
          and(eq(bookings.renterId, user.id), eq(bookings.state, "awaiting_payment")),
        ),
      )
      .orderBy(bookings.createdAt)
      .limit(WAITING_LIMIT * 2);
    const all = await toSummaries(db, rows, user.id);
    const soonest = (a: BookingSummary, b: BookingSummary) => (a.actBy ?? "").localeCompare(b.actBy ?? "");
    return {
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

async function act(
  db: Database,
  userId: string,
  id: string,
  event: Parameters<typeof applyBookingEvent>[2],
): Promise<BookingDetails> {
  const { row } = await applyBookingEvent(db, id, event, { userId });
  return toDetails(db, row, userId);
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
    "The host approves a paid request (spec §3 approve payload: bookingId, ownerId, autoAcceptExtension, type). ownerId must be the caller. From now on the renter sees the exact address.",
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
  async handler({ db, user, body }) {
    if (body.ownerId !== user.id) throw new ApiError(403, "Only the host of this space can approve it.");
    const role = await roleIn(db, body.bookingId, user.id);
    return act(db, user.id, body.bookingId, {
      type: "approve",
      actor: role,
      autoAcceptExtension: body.autoAcceptExtension,
    });
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
  async handler({ db, user, body }) {
    const role = await roleIn(db, body.bookingId, user.id);
    return act(db, user.id, body.bookingId, { type: "decline", actor: role, reason: body.reason });
  },
});

export const cancelBooking = defineEndpoint({
  method: "POST",
  path: "/reserve/cancelBooking",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "The renter (before the start) or the host (after approval) cancels; the refund follows PRODUCT.md's cancellation rules.",
  tags: ["reserve"],
  message: "The booking is cancelled.",
  body: z.strictObject({
    bookingId,
    reason: z.string().trim().max(MAX_MESSAGE_LENGTH).optional(),
  }),
  async handler({ db, user, body }) {
    const role = await roleIn(db, body.bookingId, user.id);
    return act(db, user.id, body.bookingId, { type: "cancel", actor: role, reason: body.reason });
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
  async handler({ db, user, body }) {
    const row = await findBooking(db, body.bookingId, user.id);
    const [space] = await db.select().from(spaces).where(eq(spaces.id, row.spaceId));
    if (!space) throw new ApiError(404, BOOKING_NOT_FOUND);
    const check = checkExtensionRule(toBooking(row), body.months, {
      otherBookings: await holdsOfSpace(db, row.spaceId, row.id),
      capacity: capacityOf(space),
    });
    if (!check.possible) throw new DomainError("conflict", check.message, "months");
    const role = roleOf(row, user.id) as "renter" | "host";
    return act(db, user.id, body.bookingId, { type: "request_extension", actor: role, months: body.months });
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
  async handler({ db, user, body }) {
    const role = await roleIn(db, body.bookingId, user.id);
    return act(db, user.id, body.bookingId, {
      type: "answer_extension",
      actor: role,
      accept: body.accept,
      reason: body.reason,
    });
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
  async handler({ db, user, body }) {
    const role = await roleIn(db, body.bookingId, user.id);
    return act(db, user.id, body.bookingId, { type: "give_notice", actor: role });
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
  async handler({ db, user, body }) {
    const role = await roleIn(db, body.bookingId, user.id);
    const [oldest] = await db
      .select({ dueOn: bills.dueOn })
      .from(bills)
      .where(and(eq(bills.bookingId, body.bookingId), eq(bills.state, "due")))
      .orderBy(bills.dueOn)
      .limit(1);
    if (!oldest) throw new DomainError("conflict", "This booking has no unpaid bill.");
    return act(db, user.id, body.bookingId, {
      type: "end_for_unpaid_bill",
      actor: role,
      billDueDate: oldest.dueOn,
    });
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
