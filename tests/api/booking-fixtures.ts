import { randomBytes } from "node:crypto";
import { eq, sum } from "drizzle-orm";
import type { BookingDetails } from "~/api/reserve/booking-views.server";
import { runBilling } from "~/core/billing.server";
import { applyBookingEvent } from "~/core/booking-service.server";
import { checkLedger } from "~/core/ledger.server";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";
import { bookings, cities, ledgerEntries, payments, spaces } from "~/db/schema";
import { startInstant } from "~/domain/booking";
import { addDays, todayInManila } from "~/domain/dates";
import { paymentEventBody } from "~/infra/payments/events.server";
import { sandboxWebhookSecret } from "~/infra/payments/sandbox.server";
import { PAYMONGO_SIGNATURE, signWebhook } from "~/infra/webhooks.server";
import { action as paymentWebhook } from "~/routes/webhooks+/payments";
import { seedRunningBooking } from "~/seed/running-booking.server";
import { call, expectStatus, loggedInUser } from "./helpers";

/** What the booking and payment API tests share: a listing, a host and a renter, booking it, paying for it. */

export const start = addDays(todayInManila(), 10);

/** A published listing, straight into the database (storage, whole, ₱3,000.00 a month with a deposit). */
export async function createListing(hostId: string, overrides: Partial<typeof spaces.$inferInsert> = {}) {
  const { db } = await getDatabase();
  const [city] = await db.select().from(cities).where(eq(cities.slug, "makati"));
  const [space] = await db
    .insert(spaces)
    .values({
      hostId,
      status: "active",
      storageType: "storage",
      kind: "spareRoom",
      spaceTitle: "Dry storage room in Makati",
      addressLine1: "4521 Chino Roces Avenue",
      addressLine2: "Legaspi Village",
      cityId: city?.id ?? null,
      barangay: "San Lorenzo",
      province: "Metro Manila",
      latitude: 14.554729,
      longitude: 121.024445,
      entireSpace: true,
      unitsAvailable: 1,
      rentalDurations: ["1_month", "3_months", "6_months"],
      monthlyPrice: 300_000,
      depositRequired: true,
      publishedAt: new Date(),
      ...overrides,
    })
    .returning();
  if (!space) throw new Error("space not stored");
  return space;
}

export async function aHostAndARenter(overrides: Partial<typeof spaces.$inferInsert> = {}) {
  const host = await loggedInUser();
  const renter = await loggedInUser({ nickName: "Ria" });
  const space = await createListing(host.user.id, overrides);
  return { host, renter, space };
}

export function book(cookie: string, body: Record<string, unknown>) {
  return call<BookingDetails>("POST", "/reserve/BookSpace", {
    cookie,
    body: { duration: "3_months", startDate: start, paymentMethod: "gcash", ...body },
  });
}

/** A booking paid and approved by its host, booked through the API (the parties' space unless `spaceId` says): its id and price. */
export async function anApprovedBooking(
  parties: Awaited<ReturnType<typeof aHostAndARenter>>,
  options: { spaceId?: string; duration?: string; quantity?: number } = {},
) {
  const booked = await book(parties.renter.cookie, {
    spaceId: options.spaceId ?? parties.space.id,
    ...(options.duration ? { duration: options.duration } : {}),
    ...(options.quantity ? { quantity: options.quantity } : {}),
  });
  expectStatus(booked, 200);
  const { bookingId, price } = booked.body.result;
  await pay(bookingId, price.due);
  const approved = await call("POST", "/reserve/approveBooking", {
    cookie: parties.host.cookie,
    body: { bookingId, ownerId: parties.host.user.id, autoAcceptExtension: false, type: "storage" },
  });
  expectStatus(approved, 200);
  return { bookingId, price };
}

/** A booking that has started: booked through the API, paid, approved by its host, started on its start date. */
export async function anActiveBooking(duration = "3_months") {
  const parties = await aHostAndARenter({ rentalDurations: ["1_month", "3_months", "6_months", "1_year"] });
  const { bookingId } = await anApprovedBooking(parties, { duration });
  const { db } = await getDatabase();
  await applyBookingEvent(
    db,
    bookingId,
    { type: "start", actor: "system" },
    { at: startInstant({ startDate: start }) },
  );
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new Error("no booking");
  return { ...parties, bookingId, booking: row };
}

/**
 * A payment the provider took, stored as the payment webhook's job stores it (paid, with the provider's id): what a
 * refund the booking owes later (declined, cancelled, paid twice or too late) draws on, as in production.
 */
export async function storePaidPayment(
  db: Database,
  payment: { bookingId: string; billId?: string; amount: number; reference: string },
) {
  await db.insert(payments).values({
    bookingId: payment.bookingId,
    billId: payment.billId ?? null,
    provider: "sandbox",
    amount: payment.amount,
    state: "paid",
    method: "gcash",
    idempotencyKey: `capture:sandbox:${payment.reference}:${randomBytes(4).toString("hex")}`,
    successUrl: "http://localhost/reserve-space/request-sent-success",
    cancelUrl: `http://localhost/bookings/${payment.bookingId}`,
    providerPaymentId: payment.reference,
    paidAt: new Date(),
  });
}

/** The provider confirming the due, as its webhook's job does: the payment stored, then the booking told. */
export async function pay(bookingId: string, amount: number) {
  const { db } = await getDatabase();
  const reference = `pay_${bookingId.slice(0, 8)}`;
  await storePaidPayment(db, { bookingId, amount, reference });
  return applyBookingEvent(db, bookingId, {
    type: "payment_confirmed",
    actor: "provider",
    amount,
    reference,
  });
}

export async function ledgerBalance(): Promise<number> {
  const { db } = await getDatabase();
  const [row] = await db.select({ total: sum(ledgerEntries.amount) }).from(ledgerEntries);
  return Number(row?.total ?? 0);
}

/** The payment webhook route, called as the provider would call it. */
export function webhook(body: string, headers: Record<string, string>) {
  const request = new Request("http://localhost/webhooks/payments", { method: "POST", headers, body });
  return paymentWebhook({ request, params: {}, context: {} });
}

/** A webhook as the sandbox signs it: PayMongo's protocol with the sandbox's secret. */
export function sandboxSigned(body: string, secret = sandboxWebhookSecret(), at?: number) {
  return {
    "Content-Type": "application/json",
    [PAYMONGO_SIGNATURE.header]: signWebhook(body, secret, at, PAYMONGO_SIGNATURE),
  };
}

/** The provider's event for a checkout paid with GCash. */
export function paidEvent(
  eventId: string,
  payment: { id: string; checkoutReference: string | null },
  amount: number,
) {
  return paymentEventBody(eventId, "checkout_session.payment.paid", {
    id: payment.checkoutReference,
    type: "checkout_session",
    attributes: {
      reference_number: payment.id,
      payments: [{ id: `pay_${eventId}`, attributes: { amount, status: "paid", source: { type: "gcash" } } }],
    },
  });
}

/** Writes `tamper` in a transaction that is rolled back, and answers what the ledger check found inside it. */
export async function ledgerProblemsAfter(tamper: (tx: Database) => Promise<void>) {
  const { db } = await getDatabase();
  let found: Awaited<ReturnType<typeof checkLedger>> = [];
  await db
    .transaction(async (tx) => {
      await tamper(tx);
      found = await checkLedger(tx);
      throw new Error("rollback");
    })
    .catch((error: Error) => {
      if (error.message !== "rollback") throw error;
    });
  return found;
}

/**
 * A 3-month booking that started 45 days ago, billed: its second month began 14 or 15 days ago and is unpaid, so the
 * bill is 7 days overdue and the host may end the booking. The parties and the booking's id.
 */
export async function aBookingWithAnOverdueBill() {
  const parties = await aHostAndARenter();
  const { db } = await getDatabase();
  const bookingId = await seedRunningBooking(db, {
    spaceId: parties.space.id,
    renterId: parties.renter.user.id,
    startDate: addDays(todayInManila(), -45),
    duration: "3_months",
  });
  await runBilling(db);
  return { ...parties, bookingId };
}
