import { sql } from "drizzle-orm";
import {
  check,
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
import { uploads } from "./uploads";
import { users } from "./users";

/**
 * The resolution center (docs/product.md, Resolution center): a case one side of a booking opens against the other —
 * a host's claim on the deposit, or a renter's complaint. While a case is open or answered it holds the booking's
 * deposit and any of its rent not yet payable; an operator decides it (`npm run ops -- resolution:decide`), and the
 * award moves money in the ledger. Integer centavos.
 */

export const RESOLUTION_REASONS = [
  "damage",
  "access_refused",
  "not_as_described",
  "payment",
  "other",
] as const;
export type ResolutionReason = (typeof RESOLUTION_REASONS)[number];

export const RESOLUTION_STATES = ["open", "answered", "decided", "withdrawn"] as const;
export type ResolutionState = (typeof RESOLUTION_STATES)[number];

/** The states in which a case still holds the booking's money. */
export const HOLDING_RESOLUTION_STATES = ["open", "answered"] as const satisfies readonly ResolutionState[];

export const resolutions = pgTable(
  "resolutions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    /** Who opened the case: the booking's renter or host. */
    openedBy: uuid("opened_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    reason: text("reason", { enum: RESOLUTION_REASONS }).notNull(),
    /** What the opener asks for, in centavos (0 when nothing is asked). */
    amountAsked: integer("amount_asked").notNull().default(0),
    description: text("description").notNull(),
    state: text("state", { enum: RESOLUTION_STATES }).notNull().default("open"),
    /** What the operator awarded the opener, in centavos; set when decided. */
    award: integer("award"),
    decisionNote: text("decision_note"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("resolutions_booking_id_idx").on(table.bookingId, table.state),
    index("resolutions_opened_by_idx").on(table.openedBy),
    check(
      "resolutions_amounts_not_negative",
      sql`${table.amountAsked} >= 0 and (${table.award} is null or ${table.award} >= 0)`,
    ),
    check("resolutions_decided_has_award", sql`(${table.state} = 'decided') = (${table.award} is not null)`),
    // One holding case per booking and opener, whatever two requests race: a second complaint goes in the thread.
    uniqueIndex("resolutions_one_holding_per_opener")
      .on(table.bookingId, table.openedBy)
      .where(sql`${table.state} in ('open', 'answered')`),
  ],
);

export type ResolutionRow = typeof resolutions.$inferSelect;

/** A case's thread: what the two sides write to each other (and to the operator who reads it to decide). */
export const resolutionMessages = pgTable(
  "resolution_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    resolutionId: uuid("resolution_id")
      .notNull()
      .references(() => resolutions.id, { onDelete: "cascade" }),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("resolution_messages_resolution_id_idx").on(table.resolutionId, table.createdAt)],
);

export type ResolutionMessageRow = typeof resolutionMessages.$inferSelect;

/** A case's photos (POST /space/imageUploadResolution): the evidence either side adds, each upload in one case. */
export const resolutionPhotos = pgTable(
  "resolution_photos",
  {
    resolutionId: uuid("resolution_id")
      .notNull()
      .references(() => resolutions.id, { onDelete: "cascade" }),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    addedBy: uuid("added_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.resolutionId, table.uploadId] }),
    uniqueIndex("resolution_photos_upload_id_idx").on(table.uploadId),
  ],
);
