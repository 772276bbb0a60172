import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { users } from "./users";

/**
 * Vouchers and coupons (docs/product.md, Vouchers and coupons; ADR 0030): the coupons operators create, the referral
 * vouchers users earn, the coupons a user saved, and each booking's use of a code. Money in integer centavos; days
 * are Manila calendar dates, both ends included.
 */

/** A code an operator created (npm run ops -- coupon:create): a fixed amount or a percent of the first month. */
export const coupons = pgTable(
  "coupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Upper case; never starts with the referral vouchers' prefix. */
    code: text("code").notNull(),
    kind: text("kind", { enum: ["fixed", "percent"] }).notNull(),
    /** fixed: centavos off; percent: whole percent of the first month's price. */
    value: integer("value").notNull(),
    validFrom: date("valid_from", { mode: "string" }).notNull(),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    /** How many bookings may use it in all; null for no limit. */
    totalLimit: integer("total_limit"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("coupons_code_key").on(table.code),
    check(
      "coupons_value",
      sql`${table.value} > 0 and (${table.kind} = 'fixed' or ${table.value} <= 100) and ${table.validUntil} >= ${table.validFrom} and (${table.totalLimit} is null or ${table.totalLimit} > 0)`,
    ),
  ],
);

export type CouponRow = typeof coupons.$inferSelect;

/**
 * A referral voucher: a fixed amount for its holder's own booking. `referralKey` names the friend's sign-up and the
 * side ("<friend id>:referrer" / "<friend id>:friend"), unique, so two approvals at once give each side one voucher.
 */
export const vouchers = pgTable(
  "vouchers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    holderId: uuid("holder_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    expiresOn: date("expires_on", { mode: "string" }).notNull(),
    referralKey: text("referral_key").notNull(),
    /** The friend's booking whose approval gave it. */
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("vouchers_code_key").on(table.code),
    uniqueIndex("vouchers_referral_key").on(table.referralKey),
    index("vouchers_holder_id_idx").on(table.holderId),
    check("vouchers_amount_positive", sql`${table.amount} > 0`),
  ],
);

export type VoucherRow = typeof vouchers.$inferSelect;

/** The coupons a user saved with POST /user/useCoupon, listed with their vouchers. */
export const userCoupons = pgTable(
  "user_coupons",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: "user_coupons_pkey", columns: [table.userId, table.couponId] })],
);

/**
 * A booking's use of one code: held while the booking awaits payment, used once the payment is confirmed, released
 * when the booking ends unpaid or its money goes back. The partial unique indexes make a one-use voucher, and a
 * coupon's one use per user, impossible to hold twice, whatever two requests race.
 */
export const voucherRedemptions = pgTable(
  "voucher_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    couponId: uuid("coupon_id").references(() => coupons.id, { onDelete: "restrict" }),
    voucherId: uuid("voucher_id").references(() => vouchers.id, { onDelete: "restrict" }),
    /** Centavos the code took off the booking's due (the booking's `voucher`). */
    amount: integer("amount").notNull(),
    state: text("state", { enum: ["held", "used", "released"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("voucher_redemptions_booking_key").on(table.bookingId),
    uniqueIndex("voucher_redemptions_voucher_key")
      .on(table.voucherId)
      .where(sql`${table.state} in ('held', 'used')`),
    uniqueIndex("voucher_redemptions_coupon_user_key")
      .on(table.couponId, table.userId)
      .where(sql`${table.state} in ('held', 'used')`),
    check(
      "voucher_redemptions_one_code",
      sql`(${table.couponId} is null) <> (${table.voucherId} is null) and ${table.amount} >= 0`,
    ),
  ],
);

export type VoucherRedemptionRow = typeof voucherRedemptions.$inferSelect;
