import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { REPORT_KINDS, REPORT_REASONS, REPORT_STATUSES } from "../../domain/reports";
import { users } from "./users";

/**
 * Reports from users (ADR 0070): anyone logged in reports a listing, a user, a message or
 * a review once each, with a reason and a note; trust acts on it from the console (hides the content, suspends the
 * user) or dismisses it. `target_id` is the reported thing's id as text: a message's id is a number, the others uuids.
 */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: REPORT_KINDS }).notNull(),
    targetId: text("target_id").notNull(),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When an operator actioned or dismissed it. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("reports_reporter_kind_target_key").on(table.reporterId, table.kind, table.targetId),
    index("reports_status_created_at_idx").on(table.status, table.createdAt),
    index("reports_kind_target_idx").on(table.kind, table.targetId),
  ],
);

export type ReportRow = typeof reports.$inferSelect;
