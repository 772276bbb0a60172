import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** The one Postgres schema of Space Solution. Later features add their tables here; drizzle-kit writes the migrations. */

export const cities = pgTable(
  "cities",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    province: text("province").notNull(),
    region: text("region").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
  },
  (table) => [uniqueIndex("cities_slug_key").on(table.slug)],
);

export const barangays = pgTable(
  "barangays",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
  },
  (table) => [uniqueIndex("barangays_city_name_key").on(table.cityId, table.name)],
);

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull(),
    middleName: text("middle_name"),
    lastName: text("last_name").notNull(),
    suffix: text("suffix"),
    nickName: text("nick_name"),
    phoneNumber: text("phone_number"),
    profilePic: text("profile_pic"),
    typeOfSignup: text("type_of_signup", { enum: ["email", "google", "facebook"] })
      .notNull()
      .default("email"),
    interested: text("interested"),
    dob: date("dob"),
    gender: text("gender"),
    aboutMe: text("about_me"),
    firstLogin: boolean("first_login").notNull().default(true),
    adminVerified: boolean("admin_verified").notNull().default(false),
    emailNotifications: boolean("email_notifications").notNull().default(true),
    smsNotifications: boolean("sms_notifications").notNull().default(true),
    allowFacebookNotifications: boolean("allow_facebook_notifications").notNull().default(false),
    measurementUnit: text("measurement_unit", { enum: ["meter", "feet"] })
      .notNull()
      .default("meter"),
    referralCode: text("referral_code").notNull(),
    /** Who invited this user (their referral code was applied at sign-up). */
    referredBy: uuid("referred_by"),
    /** The page a visitor first landed on, and when (spec §3, §4), kept at sign-up. */
    entryUrl: text("entry_url"),
    entryUrlAt: timestamp("entry_url_at", { withTimezone: true }),
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_email_key").on(sql`lower(${table.email})`),
    uniqueIndex("users_referral_code_key").on(table.referralCode),
  ],
);

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
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

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

export type City = typeof cities.$inferSelect;
export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
