import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { BOOKING_STATES } from "../../domain/booking-states";
import { spaces } from "./spaces";
import { uploads } from "./uploads";
import { users } from "./users";

/**
 * Bookings and what a renter prepares for them (docs/product.md, Booking lifecycle; ADR 0020, ADR 0023): the renter's
 * reservation draft, their list of items to store, the booking with its price and history, and the dates each
 * exclusive booking holds. Money in integer centavos; booking dates are Manila calendar dates.
 */

/** A Postgres daterange, written and read as its text form ("[2026-12-01,2027-01-01)"). */
const daterange = customType<{ data: string }>({ dataType: () => "daterange" });

/** What a renter keeps for the items they store (the /user/itemList call): reused from booking to booking. */
export const storageItems = pgTable(
  "storage_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    quantity: integer("quantity").notNull(),
    notes: text("notes"),
    photoUploadId: uuid("photo_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("storage_items_user_id_idx").on(table.userId),
    check("storage_items_quantity_positive", sql`${table.quantity} > 0`),
  ],
);

export type StorageItemRow = typeof storageItems.$inferSelect;

/** The values a reservation draft collects step by step (all optional until the renter books). */
export type ReservationValues = {
  startDate?: string;
  /** A rental duration of the listing (vocabulary RENTAL_DURATIONS), e.g. "3_months". */
  duration?: string;
  quantity?: number;
  /** Parking: "full_month" or "selected_days" (with `weekdays`). */
  parkingMode?: "full_month" | "selected_days";
  weekdays?: number[];
  /** The renter's items chosen for this booking (storage_items ids). */
  itemIds?: string[];
  messageForKeeper?: string;
  paymentMethod?: string;
  /** A voucher or coupon code applied at the payment step, as stored (upper case); BookSpace uses it. */
  code?: string;
};

/**
 * A renter's reservation in progress, one per renter and space: every step of the reserve-space flow saves here, so
 * it works without JavaScript and resumes after a reload or on another device. Booking deletes it.
 */
export const reservationDrafts = pgTable(
  "reservation_drafts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    renterId: uuid("renter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    values: jsonb("values").$type<ReservationValues>().notNull().default({}),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("reservation_drafts_renter_space_idx").on(table.renterId, table.spaceId)],
);

export type ReservationDraftRow = typeof reservationDrafts.$inferSelect;

/** An item as it was booked: a copy, so editing the renter's list later does not rewrite a contract. */
export type BookedItem = {
  name: string;
  quantity: number;
  notes: string | null;
  photoUploadId: string | null;
};

/** An extension the renter asked for and the host has not answered (app/domain/booking.ts PendingExtension). */
export type StoredExtension = {
  months: number;
  newEndDate: string;
  rent: number;
  spaceSolutionFee: number;
  total: number;
  requestedAt: string;
  answerBy: string;
};

/**
 * A booking: the machine's state (app/domain/booking.ts) and the booking price result charged at request. A row is
 * only changed by the booking service, in a transaction that locks it and writes a history row.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * The booking number people read and quote ("SS-000123", app/domain/booking.ts bookingNumberOf): from a sequence,
     * so it never repeats; addresses keep the id.
     */
    number: bigint("number", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "restrict" }),
    renterId: uuid("renter_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    hostId: uuid("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    state: text("state", { enum: BOOKING_STATES }).notNull(),
    type: text("type", { enum: ["storage", "parking"] }).notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    /** The rental duration the renter chose (vocabulary RENTAL_DURATIONS). */
    duration: text("duration").notNull(),
    quantity: integer("quantity").notNull(),
    /** Parking: the chosen weekdays (0 = Sunday … 6 = Saturday); null holds every day. */
    weekdays: smallint("weekdays").array(),
    // The booking price result (docs/product.md, Due at booking), in centavos.
    months: integer("months").notNull(),
    firstMonthPrice: integer("first_month_price").notNull(),
    deposits: integer("deposits").notNull(),
    firstMonthDiscount: integer("first_month_discount").notNull(),
    spaceSolutionFee: integer("space_solution_fee").notNull(),
    voucher: integer("voucher").notNull().default(0),
    due: integer("due").notNull(),
    /** P of the booking: prices its extensions. */
    monthlyUnitPrice: integer("monthly_unit_price").notNull(),
    feeRateBasisPoints: integer("fee_rate_basis_points").notNull(),
    // What the booking was paid and refunded over its whole life (every bill, every stray payment): sums, so bigint.
    paid: bigint("paid", { mode: "number" }).notNull().default(0),
    refunded: bigint("refunded", { mode: "number" }).notNull().default(0),
    paidThrough: date("paid_through", { mode: "string" }),
    noticeGivenOn: date("notice_given_on", { mode: "string" }),
    autoAcceptExtension: boolean("auto_accept_extension").notNull().default(false),
    extension: jsonb("extension").$type<StoredExtension>(),
    paymentMethod: text("payment_method"),
    messageForKeeper: text("message_for_keeper"),
    items: jsonb("items").$type<BookedItem[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    requestedAt: timestamp("requested_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("bookings_space_id_idx").on(table.spaceId, table.state),
    index("bookings_renter_id_idx").on(table.renterId),
    index("bookings_host_id_idx").on(table.hostId),
    uniqueIndex("bookings_number_idx").on(table.number),
    check("bookings_dates_in_order", sql`${table.endDate} >= ${table.startDate}`),
    check("bookings_quantity_positive", sql`${table.quantity} > 0`),
    check(
      "bookings_money_not_negative",
      sql`${table.firstMonthPrice} >= 0 and ${table.deposits} >= 0 and ${table.firstMonthDiscount} >= 0 and ${table.spaceSolutionFee} >= 0 and ${table.voucher} >= 0 and ${table.due} >= 0 and ${table.paid} >= 0 and ${table.refunded} >= 0`,
    ),
    check("bookings_refund_within_paid", sql`${table.refunded} <= ${table.paid}`),
  ],
);

export type BookingRow = typeof bookings.$inferSelect;

/**
 * The dates an exclusive booking holds (a whole space or a parking slot): one row per weekday held, while the
 * booking is in a holding state. The migration adds an exclusion constraint (btree_gist) so two rows of one space
 * and weekday never overlap: the database makes double-selling a date impossible, whatever two requests race.
 */
export const bookingHolds = pgTable(
  "booking_holds",
  {
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    weekday: smallint("weekday").notNull(),
    during: daterange("during").notNull(),
  },
  (table) => [
    index("booking_holds_booking_id_idx").on(table.bookingId),
    check("booking_holds_weekday", sql`${table.weekday} between 0 and 6`),
  ],
);

/** Every transition of a booking (who, when, from, to, why; docs/product.md, Booking lifecycle). Append-only. */
export const bookingHistory = pgTable(
  "booking_history",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    fromState: text("from_state"),
    toState: text("to_state").notNull(),
    event: text("event").notNull(),
    actor: text("actor", { enum: ["renter", "host", "provider", "system"] }).notNull(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (table) => [index("booking_history_booking_id_idx").on(table.bookingId, table.id)],
);

export type BookingHistoryRow = typeof bookingHistory.$inferSelect;
