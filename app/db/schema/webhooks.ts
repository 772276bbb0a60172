import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The webhook events received from providers (payments): one row per provider and event id, written in the same
 * transaction that enqueues the event's work, so a provider's retry or a replayed request is answered without doing
 * the work twice (ADR 0018).
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    source: text("source").notNull(),
    eventId: text("event_id").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.source, table.eventId] })],
);
