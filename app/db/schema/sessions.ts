import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Logging in and staying logged in (ADR 0003): sessions, password reset tokens, and the counters of the login and
 * per-address limits.
 */

/** A login. The cookie carries the signed session id; the row keeps only its SHA-256, so a database leak is no key. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    userAgent: text("user_agent"),
    /**
     * The operator console's stamp (ADR 0062): when this session last passed the console's TOTP code, and when it
     * last used the console. The console takes the session for 8 hours after the code and 30 minutes after its last
     * use; the rest of the site is not affected.
     */
    consoleVerifiedAt: timestamp("console_verified_at", { withTimezone: true }),
    consoleSeenAt: timestamp("console_seen_at", { withTimezone: true }),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export type Session = typeof sessions.$inferSelect;

/** A "forgot password" link: single use, valid one hour; only the token's SHA-256 is kept. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("password_reset_tokens_user_id_idx").on(table.userId)],
);

/** Failed logins, counted per e-mail and address for the login rate limit. */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    address: text("address").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("login_failures_email_address_at_idx").on(table.email, table.address, table.at)],
);

/**
 * One counted request for a rate limit (app/api/rate-limit.server.ts): which limit (`bucket`, e.g.
 * "forgotPassword:email") and whom it counts (`key`: a keyed hash of the e-mail or address, so the table holds no
 * addresses in clear). Rows older than the longest window are swept.
 */
export const rateEvents = pgTable(
  "rate_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("rate_events_bucket_key_at_idx").on(table.bucket, table.key, table.at),
    index("rate_events_at_idx").on(table.at),
  ],
);
