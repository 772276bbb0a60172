import { and, asc, desc, eq } from "drizzle-orm";
import { z } from "zod/v4";
import { bookingPeople } from "~/core/booking-service.server";
import type { Database } from "~/db/client.server";
import { type BillRow, bills, bookings, cities, payments, spaces } from "~/db/schema";
import { receiptNumberOf } from "~/domain/billing";
import { BILLABLE_STATES } from "~/domain/booking";
import { todayInManila } from "~/domain/dates";
import { displayName } from "~/domain/display-name";
import { DomainError } from "~/domain/errors";
import { type PaymentMethod, storedPaymentMethod } from "~/domain/payment-methods";
import { paymentProvider } from "~/infra/payments/provider.server";
import { BILL_TABS } from "~/utils/bills";
import { type CurrentUser, defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";
import { type CheckoutStart, openCheckout, PAYMENTS_UNAVAILABLE } from "../reserve/booking-payments.server";
import { paymentMethod } from "../reserve/reservation-input.server";

/**
 * A renter's monthly bills (docs/product.md, Monthly bills; ADR 0028): the Bills screen's lists, one bill with its line
 * items and receipt, and paying it through the same hosted checkout and webhook as a booking's due. The product rules
 * leave the billing calls unnamed ("payments, billing: not shown"); these paths are ours.
 */

export const BILL_NOT_YOURS = "This bill is not yours.";
export const BILL_NOT_FOUND = "This bill was not found.";

export type BillSummary = {
  billId: string;
  bookingId: string;
  spaceTitle: string;
  periodStart: string;
  periodEnd: string;
  rent: number;
  spaceSolutionFee: number;
  total: number;
  dueOn: string;
  state: BillRow["state"];
  /** Unpaid after its due date. */
  overdue: boolean;
  /** "SS-R-1001" once paid. */
  receiptNumber: string | null;
  paidAt: string | null;
};

export type BillDetails = BillSummary & {
  role: "renter" | "host";
  renter: { name: string; email: string };
  host: { name: string };
  /** The booking's dates and the space's city, for the receipt. */
  bookingStart: string;
  bookingEnd: string;
  city: string | null;
  /** How the bill was paid, or how the renter paid their booking (the method offered first). */
  paymentMethod: PaymentMethod;
  /** A checkout of this bill is open with the provider: the payment may be confirmed any moment. */
  paying: boolean;
};

function toSummary(bill: BillRow, spaceTitle: string | null, today: string): BillSummary {
  return {
    billId: bill.id,
    bookingId: bill.bookingId,
    spaceTitle: spaceTitle ?? "Your space",
    periodStart: bill.periodStart,
    periodEnd: bill.periodEnd,
    rent: bill.rent,
    spaceSolutionFee: bill.spaceSolutionFee,
    total: bill.total,
    dueOn: bill.dueOn,
    state: bill.state,
    overdue: bill.state === "due" && bill.dueOn < today,
    receiptNumber: receiptNumberOf(bill),
    paidAt: bill.paidAt?.toISOString() ?? null,
  };
}

export const myBills = defineEndpoint({
  method: "GET",
  path: "/payment/myBills",
  auth: "required",
  summary:
    "The caller's monthly bills as renter: `tab=due` (the default) the unpaid ones, soonest first; `tab=paid` the paid ones with their receipt numbers, newest first.",
  tags: ["payment"],
  query: z.strictObject({
    tab: z.enum(BILL_TABS, { error: "Please choose due or paid bills." }).default("due"),
  }),
  async handler({ db, user, query }): Promise<{ bills: BillSummary[] }> {
    const paid = query.tab === "paid";
    const rows = await db
      .select({ bill: bills, spaceTitle: spaces.spaceTitle })
      .from(bills)
      .innerJoin(bookings, eq(bookings.id, bills.bookingId))
      .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
      .where(and(eq(bookings.renterId, user.id), eq(bills.state, paid ? "paid" : "due")))
      .orderBy(paid ? desc(bills.paidAt) : asc(bills.dueOn))
      .limit(200);
    const today = todayInManila();
    return { bills: rows.map((row) => toSummary(row.bill, row.spaceTitle, today)) };
  },
});

/** The bill `billId` with its booking, for its renter (or, read only, its host); anyone else is refused. */
async function findBill(db: Database, billId: string, user: CurrentUser) {
  const [found] = await db
    .select({ bill: bills, booking: bookings, space: spaces, city: cities.name })
    .from(bills)
    .innerJoin(bookings, eq(bookings.id, bills.bookingId))
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .leftJoin(cities, eq(cities.id, spaces.cityId))
    .where(eq(bills.id, billId));
  if (!found) throw new ApiError(404, BILL_NOT_FOUND);
  if (found.booking.renterId !== user.id && found.booking.hostId !== user.id)
    throw new ApiError(403, BILL_NOT_YOURS);
  return found;
}

const billIdParam = z.uuid({ error: BILL_NOT_FOUND });

export const billDetails = defineEndpoint({
  method: "GET",
  path: "/payment/bill/{billId}",
  auth: "required",
  answers: [403, 404],
  summary:
    "One bill of the caller's bookings: its period, line items (rent, Space Solution fee, total), due date, state and receipt number, with the two people and the booking. The renter and the host may read it; anyone else gets 403.",
  tags: ["payment"],
  params: z.strictObject({ billId: billIdParam }),
  async handler({ db, user, params }): Promise<BillDetails> {
    const { bill, booking, space, city } = await findBill(db, params.billId, user);
    const { renter, host } = await bookingPeople(db, booking);
    const checkouts = await db.select().from(payments).where(eq(payments.billId, bill.id));
    const paidWith = checkouts.find((payment) => payment.state === "paid")?.method;
    return {
      ...toSummary(bill, space.spaceTitle, todayInManila()),
      role: booking.renterId === user.id ? "renter" : "host",
      renter: { name: renter ? displayName(renter) : "", email: renter?.email ?? "" },
      host: { name: host ? displayName(host) : "" },
      bookingStart: booking.startDate,
      bookingEnd: booking.endDate,
      city,
      paymentMethod: storedPaymentMethod(paidWith ?? booking.paymentMethod),
      paying: bill.state === "due" && checkouts.some((payment) => payment.state === "pending"),
    };
  },
});

export const payBill = defineEndpoint({
  method: "POST",
  path: "/payment/payBill",
  auth: "required",
  answers: [403, 404, 409, 502, 503],
  summary:
    "Opens the payment provider's hosted checkout for one of the caller's unpaid bills, with card, GCash or Maya. Answers the checkout's URL; asking again answers the same checkout. The bill counts as paid once the provider's signed webhook confirms it.",
  tags: ["payment"],
  body: z.strictObject({
    billId: billIdParam,
    paymentMethod,
  }),
  async handler({ db, user, body, origin }): Promise<CheckoutStart> {
    const provider = paymentProvider();
    if (!provider) throw new ApiError(503, PAYMENTS_UNAVAILABLE);
    const { bill, booking } = await findBill(db, body.billId, user);
    if (booking.renterId !== user.id) throw new ApiError(403, BILL_NOT_YOURS);
    if (bill.state === "paid") throw new DomainError("conflict", "This bill is already paid.");
    if (bill.state === "void" || !(BILLABLE_STATES as readonly string[]).includes(booking.state))
      throw new DomainError("conflict", "This bill is no longer due: it was cancelled with its booking.");
    const page = (back?: string) =>
      `${origin}/payment/summary?${new URLSearchParams({ billId: bill.id, ...(back ? { payment: back } : {}) })}`;
    return openCheckout(db, user, provider, origin, {
      bookingId: booking.id,
      billId: bill.id,
      amount: bill.total,
      method: body.paymentMethod,
      keyPrefix: `bill:${bill.id}`,
      successUrl: page("sent"),
      cancelUrl: page(),
    });
  },
});

export const endpoints: Endpoint[] = [myBills, billDetails, payBill];
