import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Push subscriptions (docs/decisions/0084-web-push-for-the-bell.md): one row per browser on a device that turned push
 * notifications on. The push service's `endpoint` names that browser, so it is unique: the same browser subscribed
 * again by someone else moves to them. `p256dh` and `auth` are the browser's keys that each message is encrypted to.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key, base64url (65 bytes decoded). */
    p256dh: text("p256dh").notNull(),
    /** The browser's authentication secret, base64url (16 bytes decoded). */
    auth: text("auth").notNull(),
    /** The browser's User-Agent when it subscribed (at most 300 characters): the device list names it from this. */
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the push service last took a message for this browser. */
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    /** When, and with which status, the push service last refused one (neither gone nor retried: dropped). */
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
    lastFailure: text("last_failure"),
  },
  (table) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(table.endpoint),
    index("push_subscriptions_user_idx").on(table.userId, table.createdAt),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
