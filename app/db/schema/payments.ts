import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { payouts } from "./payouts";
import { users } from "./users";

/**
 * Money (docs/product.md, Payments; ADR 0022): each checkout with the payment provider, each refund asked of
 * it, and the double-entry ledger every peso moves through. Integer centavos only; rows are written in the
 * transaction of the booking change that caused them.
 */

export const PAYMENT_STATES = ["pending", "paid", "failed", "expired"] as const;

export const BILL_STATES = ["due", "paid", "void"] as const;

/**
 * Receipt numbers (docs/product.md, Receipts): one sequence for every receipt, the payment made with a request's and
 * each bill's, so no two receipts ever share a number.
 */
export const receiptNumbers = pgSequence("bill_receipt_number_seq", { startWith: 1001 });

/**
 * A monthly bill of a booking (docs/product.md, Monthly bills; app/domain/billing.ts): issued by the daily billing job
 * 7 days before its period, due on the period's first day. One row per booking and period start, so a rerun, a crash
 * mid-run or two instances never issue a bill twice. `void` when the booking ended before the bill was paid.
 */
export const bills = pgTable(
  "bills",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    rent: integer("rent").notNull(),
    spaceSolutionFee: integer("space_solution_fee").notNull(),
    total: bigint("total", { mode: "number" }).notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    state: text("state", { enum: BILL_STATES }).notNull().default("due"),
    /** Reminders sent so far (on the due date, and 3 days later). */
    reminders: smallint("reminders").notNull().default(0),
    /** Set when it is paid: printed on the receipt as SS-R-<number>. */
    receiptNumber: bigint("receipt_number", { mode: "number" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("bills_booking_period_idx").on(table.bookingId, table.periodStart),
    uniqueIndex("bills_receipt_number_idx").on(table.receiptNumber),
    index("bills_state_due_idx").on(table.state, table.dueOn),
    check("bills_period_in_order", sql`${table.periodEnd} >= ${table.periodStart}`),
    check(
      "bills_money",
      sql`${table.rent} >= 0 and ${table.spaceSolutionFee} >= 0 and ${table.total} = ${table.rent} + ${table.spaceSolutionFee}`,
    ),
  ],
);

export type BillRow = typeof bills.$inferSelect;

/**
 * One hosted checkout for an amount due (a booking's due at request, or one of its monthly bills). `checkoutReference` is the
 * provider's checkout id; `providerPaymentId` the payment it confirmed (what a refund names). A payment counts only
 * when the provider's signed webhook confirms it.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    /** The monthly bill this checkout pays; null for the due at request. */
    billId: uuid("bill_id").references(() => bills.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    /** What the checkout asks, or what a capture the checkout did not await took (any amount a provider reports). */
    amount: bigint("amount", { mode: "number" }).notNull(),
    state: text("state", { enum: PAYMENT_STATES }).notNull().default("pending"),
    /** What the renter chose on our side (card, gcash, paymaya); the provider may report the one used. */
    method: text("method"),
    /** Sent with the create call, so a retried create never opens a second checkout. */
    idempotencyKey: text("idempotency_key").notNull(),
    checkoutReference: text("checkout_reference"),
    checkoutUrl: text("checkout_url"),
    /** Where the provider's page sends the renter back: after paying, or after leaving without paying. */
    successUrl: text("success_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    providerPaymentId: text("provider_payment_id"),
    /**
     * The payment made with the request, once the booking accepted it: its acknowledgement receipt's number, from the
     * bills' sequence (printed SS-R-<number>). A bill's receipt number is on the bill.
     */
    receiptNumber: bigint("receipt_number", { mode: "number" }),
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("payments_idempotency_key_idx").on(table.idempotencyKey),
    uniqueIndex("payments_checkout_reference_idx").on(table.provider, table.checkoutReference),
    index("payments_booking_id_idx").on(table.bookingId),
    index("payments_bill_id_idx").on(table.billId),
    uniqueIndex("payments_receipt_number_idx").on(table.receiptNumber),
    check("payments_amount_positive", sql`${table.amount} > 0`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;

/** A refund asked of the provider for one payment; `state` follows the provider's answer. */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** Why (app/domain/booking.ts RefundReason). */
    reason: text("reason").notNull(),
    state: text("state", { enum: ["pending", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    idempotencyKey: text("idempotency_key").notNull(),
    providerRefundId: text("provider_refund_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("refunds_idempotency_key_idx").on(table.idempotencyKey),
    index("refunds_payment_id_idx").on(table.paymentId),
    check("refunds_amount_positive", sql`${table.amount} > 0`),
  ],
);

export type RefundRow = typeof refunds.$inferSelect;

/**
 * The ledger: append-only, double-entry. Each movement is one `entryId` whose rows add up to zero (debits
 * positive, credits negative); the migration's deferred constraint trigger refuses a transaction that leaves an
 * entry unbalanced. An account's balance is the sum of its rows.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: uuid("entry_id").notNull(),
    account: text("account").notNull(),
    /** Centavos, debits positive; a movement may carry a sum (a refund of all a booking's payments): bigint. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    kind: text("kind").notNull(),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "restrict" }),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    refundId: uuid("refund_id").references(() => refunds.id, { onDelete: "restrict" }),
    /** The host whose earnings a row moves (host_payable). */
    hostId: uuid("host_id").references(() => users.id, { onDelete: "restrict" }),
    /** The payout that paid a host's earnings out. */
    payoutId: uuid("payout_id").references(() => payouts.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("ledger_entries_entry_id_idx").on(table.entryId),
    index("ledger_entries_booking_id_idx").on(table.bookingId),
    index("ledger_entries_account_idx").on(table.account),
    index("ledger_entries_host_id_idx").on(table.hostId, table.account),
    check("ledger_entries_amount_not_zero", sql`${table.amount} <> 0`),
  ],
);

/** Why a provider's event was kept for an operator instead of applied (app/core/unapplied-payments.server.ts). */
export const UNAPPLIED_EVENT_KINDS = [
  /** A payment, paid or failed, of no checkout of ours: nothing to refund it from; an operator matches or refunds. */
  "unknown_payment",
  /** The provider reported a payment we recorded again, for another amount: which one is true is for a person. */
  "amount_conflict",
  /** A refund we never asked for, or one whose outcome contradicts the one recorded. */
  "unknown_refund",
  /** A refund the provider could not make: the renter is still owed it. */
  "refund_failed",
] as const;
export type UnappliedEventKind = (typeof UNAPPLIED_EVENT_KINDS)[number];

/**
 * A provider event that could not be applied nor refunded by itself (docs/decisions/0040-money-promises.md): kept
 * here for an operator, listed by `npm run ops -- payments:unapplied` and counted by the ledger check until an
 * operator marks it resolved with a note. Nothing a provider reports is dropped: it is applied, refunded, or here.
 */
export const unappliedPaymentEvents = pgTable(
  "unapplied_payment_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: UNAPPLIED_EVENT_KINDS }).notNull(),
    provider: text("provider").notNull(),
    /** The webhook event's id, when it came by webhook (a refund refused at once comes from the provider's answer). */
    eventId: text("event_id"),
    /** The provider's event type: payment.paid, payment.failed, refund.succeeded, refund.failed. */
    eventType: text("event_type").notNull(),
    providerPaymentId: text("provider_payment_id"),
    providerRefundId: text("provider_refund_id"),
    /** Ours, when the event names something we know. */
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    refundId: uuid("refund_id").references(() => refunds.id, { onDelete: "restrict" }),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "restrict" }),
    /** Centavos, as the provider reported them. */
    amount: bigint("amount", { mode: "number" }),
    /** What happened, in words for the operator. */
    reason: text("reason").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** What the operator did (refunded it by hand, matched it to a booking…). */
    resolutionNote: text("resolution_note"),
  },
  (table) => [
    index("unapplied_payment_events_open_idx").on(table.receivedAt).where(sql`${table.resolvedAt} is null`),
    check(
      "unapplied_payment_events_resolved_with_note",
      sql`(${table.resolvedAt} is null) = (${table.resolutionNote} is null)`,
    ),
  ],
);

export type UnappliedPaymentEventRow = typeof unappliedPaymentEvents.$inferSelect;
