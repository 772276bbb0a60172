import { and, asc, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { z } from "zod/v4";
import { bookingPeople } from "~/core/booking-service.server";
import type { Database } from "~/db/client.server";
import { type BillRow, type BookingRow, bills, bookings, cities, payments, spaces } from "~/db/schema";
import { firstPaidThrough, receiptNumberOf } from "~/domain/billing";
import { bookingNumberOf, roleOf } from "~/domain/booking";
import { formatCalendarDate } from "~/domain/dates";
import { displayName } from "~/domain/display-name";
import { type PaymentMethod, storedPaymentMethod } from "~/domain/payment-methods";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";

/**
 * Acknowledgement receipts (docs/product.md, Receipts): every payment the renter made — the one made with the request
 * and each monthly bill — has a numbered receipt with the date, the payer, what it paid for, the amount, the method and
 * the provider's reference. A bill's receipt is addressed by the bill's id and numbered on the bill; the request's by
 * its payment's id and numbered on the payment; both numbers come from one sequence. It is never an "official receipt",
 * which is a BIR-registered document issued outside the app.
 */

export const RECEIPT_NOT_FOUND = "This receipt was not found.";
export const RECEIPT_NOT_YOURS = "This receipt is not yours.";
export const NO_RECEIPT_YET = "This payment is not confirmed yet, so it has no receipt.";

/** One receipt in the list of what the renter paid. */
export type ReceiptSummary = {
  /** The bill's id for a monthly bill, the payment's id for the payment made with the request: the receipt's address. */
  receiptId: string;
  /** "SS-R-1001". */
  receiptNumber: string;
  /** What was paid: the due sent with the booking request, or a monthly bill. */
  kind: "request" | "bill";
  bookingId: string;
  bookingNumber: string;
  spaceTitle: string;
  /** The days of rent it paid for. */
  periodStart: string;
  periodEnd: string;
  total: number;
  paidAt: string;
};

/** A receipt whole, as printed. */
export type Receipt = ReceiptSummary & {
  /** The caller's part in the booking: its renter, who paid, or its host. */
  role: "renter" | "host";
  /** The renter, who paid; the e-mail only for the renter themselves (the host has the booking page). */
  payer: { name: string; email: string | null };
  host: { name: string };
  city: string | null;
  bookingStart: string;
  bookingEnd: string;
  /** What it paid for, line by line, adding up to `total`; a line that takes off is negative. */
  lines: { label: string; amount: number }[];
  method: PaymentMethod;
  /** The payment provider's reference of the payment. */
  providerReference: string | null;
};

const period = (start: string, end: string) => `${formatCalendarDate(start)} to ${formatCalendarDate(end)}`;

/** The days the payment made with the request covers: the first month, or the whole of a shorter booking. */
function requestPeriod(booking: BookingRow) {
  return { periodStart: booking.startDate, periodEnd: firstPaidThrough(booking) };
}

function requestSummary(
  payment: typeof payments.$inferSelect,
  booking: BookingRow,
  spaceTitle: string | null,
): ReceiptSummary {
  return {
    receiptId: payment.id,
    receiptNumber: receiptNumberOf(payment) ?? "",
    kind: "request",
    bookingId: booking.id,
    bookingNumber: bookingNumberOf(booking.number),
    spaceTitle: spaceTitle ?? "Your space",
    ...requestPeriod(booking),
    total: payment.amount,
    paidAt: (payment.paidAt ?? payment.updatedAt).toISOString(),
  };
}

function billSummary(bill: BillRow, booking: BookingRow, spaceTitle: string | null): ReceiptSummary {
  return {
    receiptId: bill.id,
    receiptNumber: receiptNumberOf(bill) ?? "",
    kind: "bill",
    bookingId: booking.id,
    bookingNumber: bookingNumberOf(booking.number),
    spaceTitle: spaceTitle ?? "Your space",
    periodStart: bill.periodStart,
    periodEnd: bill.periodEnd,
    total: bill.total,
    paidAt: (bill.paidAt ?? bill.updatedAt).toISOString(),
  };
}

export const myReceipts = defineEndpoint({
  method: "GET",
  path: "/payment/myReceipts",
  auth: "required",
  summary:
    "The caller's acknowledgement receipts as renter, newest first: the payment made with each booking request and each paid monthly bill, with its receipt number, what it paid for and the amount.",
  tags: ["payment"],
  async handler({ db, user }): Promise<{ receipts: ReceiptSummary[] }> {
    const [requests, paidBills] = await Promise.all([
      db
        .select({ payment: payments, booking: bookings, spaceTitle: spaces.spaceTitle })
        .from(payments)
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
        .where(and(eq(bookings.renterId, user.id), isNotNull(payments.receiptNumber)))
        .orderBy(desc(payments.paidAt))
        .limit(RECEIPTS_LIMIT),
      db
        .select({ bill: bills, booking: bookings, spaceTitle: spaces.spaceTitle })
        .from(bills)
        .innerJoin(bookings, eq(bookings.id, bills.bookingId))
        .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
        .where(and(eq(bookings.renterId, user.id), eq(bills.state, "paid")))
        .orderBy(desc(bills.paidAt))
        .limit(RECEIPTS_LIMIT),
    ]);
    const receipts = [
      ...requests.map((row) => requestSummary(row.payment, row.booking, row.spaceTitle)),
      ...paidBills.map((row) => billSummary(row.bill, row.booking, row.spaceTitle)),
    ];
    receipts.sort(
      (a, b) => b.paidAt.localeCompare(a.paidAt) || b.receiptNumber.localeCompare(a.receiptNumber),
    );
    return { receipts: receipts.slice(0, RECEIPTS_LIMIT) };
  },
});

/** The most receipts the list shows. */
export const RECEIPTS_LIMIT = 200;

export const receipt = defineEndpoint({
  method: "GET",
  path: "/payment/receipt/{receiptId}",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "One acknowledgement receipt, by the paid bill's id or by the id of the payment made with the booking request: its number, the date paid, the payer, what it paid for line by line, the amount, the method and the provider's reference. The booking's renter and host may read it (the payer's e-mail only the renter); anyone else gets 403.",
  tags: ["payment"],
  params: z.strictObject({ receiptId: z.uuid({ error: RECEIPT_NOT_FOUND }) }),
  async handler({ db, user, params }): Promise<Receipt> {
    const found = (await billReceipt(db, params.receiptId)) ?? (await requestReceipt(db, params.receiptId));
    if (!found) throw new ApiError(404, RECEIPT_NOT_FOUND);
    const { summary, booking, lines, payment } = found;
    const role = roleOf(booking, user.id);
    if (!role) throw new ApiError(403, RECEIPT_NOT_YOURS);
    if (!summary) throw new ApiError(409, NO_RECEIPT_YET);
    const [space] = await db
      .select({ city: cities.name })
      .from(spaces)
      .leftJoin(cities, eq(cities.id, spaces.cityId))
      .where(eq(spaces.id, booking.spaceId));
    const { renter, host } = await bookingPeople(db, booking);
    return {
      ...summary,
      role,
      payer: {
        name: renter ? displayName(renter) : "",
        email: role === "renter" ? (renter?.email ?? null) : null,
      },
      host: { name: host ? displayName(host) : "" },
      city: space?.city ?? null,
      bookingStart: booking.startDate,
      bookingEnd: booking.endDate,
      lines,
      method: storedPaymentMethod(payment?.method ?? booking.paymentMethod),
      providerReference: payment?.providerPaymentId ?? null,
    };
  },
});

type FoundReceipt = {
  /** Null while the payment has no receipt yet. */
  summary: ReceiptSummary | null;
  booking: BookingRow;
  lines: Receipt["lines"];
  payment: typeof payments.$inferSelect | undefined;
};

/** The receipt of the bill `id`: the bill's rent and fee, paid by its first confirmed payment (any later one was refunded). */
async function billReceipt(db: Database, id: string): Promise<FoundReceipt | null> {
  const [found] = await db
    .select({ bill: bills, booking: bookings, spaceTitle: spaces.spaceTitle })
    .from(bills)
    .innerJoin(bookings, eq(bookings.id, bills.bookingId))
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(eq(bills.id, id));
  if (!found) return null;
  const { bill, booking } = found;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.billId, bill.id), eq(payments.state, "paid")))
    .orderBy(asc(payments.paidAt), asc(payments.id))
    .limit(1);
  return {
    summary: bill.state === "paid" ? billSummary(bill, booking, found.spaceTitle) : null,
    booking,
    payment,
    lines: [
      { label: `Rent, ${period(bill.periodStart, bill.periodEnd)}`, amount: bill.rent },
      { label: "Space Solution fee", amount: bill.spaceSolutionFee },
    ],
  };
}

/** The receipt of the payment `id` made with a booking request: the booking price result's lines, adding up to the due. */
async function requestReceipt(db: Database, id: string): Promise<FoundReceipt | null> {
  const [found] = await db
    .select({ payment: payments, booking: bookings, spaceTitle: spaces.spaceTitle })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(and(eq(payments.id, id), isNull(payments.billId)));
  if (!found) return null;
  const { payment, booking } = found;
  const { periodStart, periodEnd } = requestPeriod(booking);
  const lines: Receipt["lines"] = [
    { label: `Rent, ${period(periodStart, periodEnd)}`, amount: booking.firstMonthPrice },
  ];
  if (booking.firstMonthDiscount)
    lines.push({ label: "First-month discount", amount: -booking.firstMonthDiscount });
  if (booking.deposits) lines.push({ label: "Deposit (held by Space Solution)", amount: booking.deposits });
  lines.push({ label: "Space Solution fee", amount: booking.spaceSolutionFee });
  if (booking.voucher) lines.push({ label: "Voucher", amount: -booking.voucher });
  return {
    summary: payment.receiptNumber === null ? null : requestSummary(payment, booking, found.spaceTitle),
    booking,
    payment,
    lines,
  };
}

export const endpoints: Endpoint[] = [myReceipts, receipt];
