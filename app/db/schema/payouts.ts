import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { users } from "./users";

/**
 * Host payouts (docs/product.md, Payouts; ADR 0029): the host's one payout method, each period's rent released
 * to the host once payable, and the weekly batches of payouts an operator pays. Integer centavos. What a host is owed
 * is a sum of ledger rows (app/core/ledger.server.ts), never a stored total.
 */

export const PAYOUT_METHOD_VALUES = ["bank", "gcash", "paymaya"] as const;

/** A host's payout method (the product's user fields gCash, bankDetails, paymayaDetails: one of them at a time). */
export const payoutMethods = pgTable(
  "payout_methods",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method", { enum: PAYOUT_METHOD_VALUES }).notNull(),
    accountName: text("account_name").notNull(),
    accountNumber: text("account_number").notNull(),
    /** Bank transfers only. */
    bankName: text("bank_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("payout_methods_bank_name", sql`(${table.method} = 'bank') = (${table.bankName} is not null)`),
  ],
);

export type PayoutMethodRow = typeof payoutMethods.$inferSelect;

export const PAYOUT_BATCH_STATES = ["open", "paid"] as const;

/**
 * The payouts of one week, made on Monday 09:00 Manila (one row per week: a rerun, a crash or two instances never
 * make a second). `open` until an operator marks it paid with the transfer's reference.
 */
export const payoutBatches = pgTable(
  "payout_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The Monday (Manila date) the batch was made for. */
    weekOf: date("week_of", { mode: "string" }).notNull(),
    state: text("state", { enum: PAYOUT_BATCH_STATES }).notNull().default("open"),
    reference: text("reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("payout_batches_week_of_idx").on(table.weekOf),
    check(
      "payout_batches_paid_with_reference",
      sql`(${table.state} = 'paid') = (${table.reference} is not null and ${table.paidAt} is not null)`,
    ),
  ],
);

export type PayoutBatchRow = typeof payoutBatches.$inferSelect;

/**
 * One host's payout in a batch: the sum of the earnings it takes, to the method the host had when it was made (so the
 * export and the host's page show where the money went).
 */
export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => payoutBatches.id, { onDelete: "restrict" }),
    hostId: uuid("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The sum of the earnings it takes: one host's week can add up beyond a 32-bit integer (₱21,474,836.47). */
    amount: bigint("amount", { mode: "number" }).notNull(),
    method: text("method", { enum: PAYOUT_METHOD_VALUES }).notNull(),
    accountName: text("account_name").notNull(),
    accountNumber: text("account_number").notNull(),
    bankName: text("bank_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("payouts_batch_host_idx").on(table.batchId, table.hostId),
    index("payouts_host_id_idx").on(table.hostId),
    check("payouts_amount_positive", sql`${table.amount} > 0`),
  ],
);

export type PayoutRow = typeof payouts.$inferSelect;

/** What an earnings row pays the host: a period's rent, or the part of a deposit an operator awarded. */
export const HOST_EARNING_KINDS = ["rent", "deposit"] as const;

/**
 * A period's rent released to its host (and its fee to the platform) once payable: one row per booking, kind and
 * period start, written with its ledger entries, so a rerun, a crash or two instances never release a period twice.
 * A deposit awarded to the host is one more row of kind `deposit` (its `rent` is the award, its period the booking's
 * last day), paid by the same weekly batches. `payoutId` is set when a weekly batch takes it.
 */
export const hostEarnings = pgTable(
  "host_earnings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    hostId: uuid("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: HOST_EARNING_KINDS }).notNull().default("rent"),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    /** What the host earns by this row (a deposit row: the award). */
    rent: integer("rent").notNull(),
    /** The part of the period's rent a decided renter's case gave back to the renter instead. */
    resolutionDeducted: integer("resolution_deducted").notNull().default(0),
    spaceSolutionFee: integer("space_solution_fee").notNull(),
    voucherFunded: integer("voucher_funded").notNull().default(0),
    payableAt: timestamp("payable_at", { withTimezone: true }).notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }).notNull().defaultNow(),
    payoutId: uuid("payout_id").references(() => payouts.id, { onDelete: "restrict" }),
  },
  (table) => [
    uniqueIndex("host_earnings_booking_period_idx").on(table.bookingId, table.kind, table.periodStart),
    index("host_earnings_host_unbatched_idx").on(table.hostId).where(sql`${table.payoutId} is null`),
    index("host_earnings_payout_id_idx").on(table.payoutId),
    check(
      "host_earnings_money",
      sql`${table.rent} >= 0 and ${table.spaceSolutionFee} >= 0 and ${table.voucherFunded} >= 0 and ${table.resolutionDeducted} >= 0`,
    ),
  ],
);

export type HostEarningRow = typeof hostEarnings.$inferSelect;
