import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { uploads } from "./uploads";
import { users } from "./users";

/**
 * The move-in / move-out checklist (docs/product.md, Screens and routes: bookings/deposit-management-checklist; ADR
 * 0032): at move-in and at move-out each side of a booking writes a condition report — timestamped photos and notes —
 * which the other side signs off, or which stands 72 hours after its last entry. What the reports show is the evidence
 * a claim on the deposit is decided on.
 */

export const CONDITION_STAGES = ["move_in", "move_out"] as const;
export type ConditionStage = (typeof CONDITION_STAGES)[number];

export const REPORT_SIDES = ["renter", "host"] as const;
export type ReportSide = (typeof REPORT_SIDES)[number];

/** One side's report of one stage of a booking (one row per booking, stage and side). */
export const conditionReports = pgTable(
  "condition_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    stage: text("stage", { enum: CONDITION_STAGES }).notNull(),
    side: text("side", { enum: REPORT_SIDES }).notNull(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last entry's time: the report stands 72 hours after it unless signed off first. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    signedOffBy: uuid("signed_off_by").references(() => users.id, { onDelete: "restrict" }),
    signedOffAt: timestamp("signed_off_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("condition_reports_booking_stage_side_idx").on(table.bookingId, table.stage, table.side),
    check(
      "condition_reports_signed_off_together",
      sql`(${table.signedOffBy} is null) = (${table.signedOffAt} is null)`,
    ),
  ],
);

export type ConditionReportRow = typeof conditionReports.$inferSelect;

/** One entry of a report: a note, a photo (its capture time is on the upload), or both. */
export const conditionReportEntries = pgTable(
  "condition_report_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reportId: uuid("report_id")
      .notNull()
      .references(() => conditionReports.id, { onDelete: "cascade" }),
    note: text("note"),
    uploadId: uuid("upload_id").references(() => uploads.id, { onDelete: "restrict" }),
    /** The order within one batch of entries sent together (several photos at once). */
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("condition_report_entries_report_idx").on(table.reportId, table.createdAt),
    check(
      "condition_report_entries_not_empty",
      sql`${table.note} is not null or ${table.uploadId} is not null`,
    ),
  ],
);

export type ConditionReportEntryRow = typeof conditionReportEntries.$inferSelect;
