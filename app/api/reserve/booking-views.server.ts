import { and, eq, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import { toBooking } from "~/core/booking-service.server";
import { contactsRevealed } from "~/core/conversation-service.server";
import type { Database } from "~/db/client.server";
import {
  type BookingRow,
  bills,
  bookingHistory,
  conversations,
  payments,
  type SpaceRow,
  spaces,
  uploads,
  users,
} from "~/db/schema";
import { receiptNumberOf } from "~/domain/billing";
import {
  answerDeadline,
  type BookingState,
  bookingNumberOf,
  cancellationRefund,
  checkoutDeadline,
  UNPAID_BILL_DAYS,
} from "~/domain/booking";
import { maskContactDetails } from "~/domain/contact-masking";
import { addDays, todayInManila } from "~/domain/dates";
import type { BookingPrice } from "~/domain/pricing";
import type { SpaceCardView } from "~/domain/space";
import { getStorage } from "~/infra/storage.server";
import type { ExactLocation, HostCard } from "../space/listing-page.server";
import { toHostCard } from "../space/listing-page-queries.server";
import { toSpaceCards } from "../space/space-views.server";

/**
 * Bookings as the reservation calls answer them (ADR 0023): one booking in a list, seen by its renter or its host,
 * and one booking whole for its contract details page — the parties, the space (its exact address from approval
 * on), the price lines, payments, bills, history and contract, with contact details masked until the two have an
 * approved booking.
 */

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
  /** Whether the two have an approved booking, so contact details show in what they wrote (contact masking, docs/product.md). */
  contactsRevealed: boolean;
  paymentMethod: string | null;
  renter: BookingParty;
  host: BookingParty;
  /** The street address and pin: from approval on, never before (the exact address, docs/product.md). */
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
  /** The two sides' conversation about this space, where the booking's news is posted (null before any). */
  conversationId: string | null;
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

export async function toSummaries(
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

export async function toDetails(db: Database, row: BookingRow, userId: string): Promise<BookingDetails> {
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
  const [conversation] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.spaceId, row.spaceId), eq(conversations.renterId, row.renterId)));
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
    conversationId: conversation?.id ?? null,
  };
}

async function contractOf(db: Database, space: SpaceRow): Promise<BookingDetails["contract"]> {
  if (space.contractType !== "uploaded" || !space.contractUploadId) return { type: "standard", url: null };
  const [file] = await db.select().from(uploads).where(eq(uploads.id, space.contractUploadId));
  return file
    ? { type: "uploaded", url: getStorage().publicUrl(file.storageKey) }
    : { type: "standard", url: null };
}
