import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { resolutions } from "./resolutions";

/**
 * Deposits (docs/product.md, Deposits and condition reports: deposits are held by the platform; after the end the host
 * confirms the move-out checklist or claims; no answer in 72 h releases it; an operator decides a claim). One row per
 * booking whose renter paid a deposit, written when the payment is confirmed, with the ledger's move into
 * `deposits_held`. The booking id is the key, and settling is a conditional update of a `held` row: a second call, a
 * rerun of the release job or two app instances settle a deposit once. Integer centavos.
 */

export const DEPOSIT_STATES = [
  /** Held by the platform. */
  "held",
  /** Settled with nothing to the host: all of it back to the renter. */
  "released",
  /** Settled with part or all of it to the host. */
  "awarded",
  /** Returned with the booking's cancellation refund (declined, expired or cancelled before the start). */
  "returned",
] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

export const bookingDeposits = pgTable(
  "booking_deposits",
  {
    bookingId: uuid("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "restrict" }),
    amount: integer("amount").notNull(),
    state: text("state", { enum: DEPOSIT_STATES }).notNull().default("held"),
    /** What went to the host (an earning the weekly payout pays). */
    awardedToHost: integer("awarded_to_host").notNull().default(0),
    /** What went back to the renter (through the refunds path, or with the cancellation's refund). */
    refundedToRenter: integer("refunded_to_renter").notNull().default(0),
    /** What went back to the platform: the part of a deposit a voucher paid for, which the renter never paid. */
    returnedToPlatform: integer("returned_to_platform").notNull().default(0),
    /** Why it was settled, in the product's words (the host confirmed, 72 h passed, an operator decided a case). */
    reason: text("reason"),
    /** The decided case that settled it, if one did. */
    resolutionId: uuid("resolution_id").references(() => resolutions.id, { onDelete: "restrict" }),
    heldAt: timestamp("held_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    index("booking_deposits_held_idx").on(table.state),
    check(
      "booking_deposits_money",
      sql`${table.amount} > 0 and ${table.awardedToHost} >= 0 and ${table.refundedToRenter} >= 0 and ${table.returnedToPlatform} >= 0`,
    ),
    check(
      "booking_deposits_settled_whole",
      sql`(${table.state} = 'held' and ${table.settledAt} is null and ${table.awardedToHost} + ${table.refundedToRenter} + ${table.returnedToPlatform} = 0)
        or (${table.state} <> 'held' and ${table.settledAt} is not null and ${table.awardedToHost} + ${table.refundedToRenter} + ${table.returnedToPlatform} = ${table.amount})`,
    ),
  ],
);

export type BookingDepositRow = typeof bookingDeposits.$inferSelect;

/**
 * What a decided renter's case refunded from the booking's rent not yet payable (one row per case: deciding it twice
 * refunds once). The daily release pays the host that much less of the booking's next periods.
 */
export const resolutionRefunds = pgTable(
  "resolution_refunds",
  {
    resolutionId: uuid("resolution_id")
      .primaryKey()
      .references(() => resolutions.id, { onDelete: "restrict" }),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    /** What the operator awarded. */
    awarded: integer("awarded").notNull(),
    /** What the booking's unpaid-out rent could give back (never more than `awarded`). */
    refunded: integer("refunded").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("resolution_refunds_booking_idx").on(table.bookingId),
    check("resolution_refunds_money", sql`${table.refunded} >= 0 and ${table.awarded} >= ${table.refunded}`),
  ],
);

export type ResolutionRefundRow = typeof resolutionRefunds.$inferSelect;
