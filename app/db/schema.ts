import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** A postal address in the Philippines (spec §5: line 1, line 2, city, barangay, province, house number, street). */
export type PostalAddress = {
  addressLine1: string;
  addressLine2: string;
  city: string;
  barangay: string;
  province: string;
  houseNumber: string;
  street: string;
};

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
    address: jsonb("address").$type<PostalAddress>(),
    /** Set when the phone number was confirmed with a code sent to it. */
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    /** The identity check (profile-persona-verification): none, pending, passed or failed. */
    identityStatus: text("identity_status", { enum: ["none", "pending", "passed", "failed"] })
      .notNull()
      .default("none"),
    identityCheckedAt: timestamp("identity_checked_at", { withTimezone: true }),
    /** The user dismissed the "review us on Google" prompt (hideGoogleR). */
    hideGoogleReview: boolean("hide_google_review").notNull().default(false),
    /** Social identities linked to the account: Google's `sub` and Facebook's user id. */
    googleId: text("google_id"),
    facebookId: text("facebook_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_email_key").on(sql`lower(${table.email})`),
    uniqueIndex("users_referral_code_key").on(table.referralCode),
    uniqueIndex("users_google_id_key").on(table.googleId),
    uniqueIndex("users_facebook_id_key").on(table.facebookId),
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

/** A one-time code texted to confirm a phone number: 6 digits, 5 minutes, 5 tries; only its hash is kept. */
export const phoneCodes = pgTable(
  "phone_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    phoneNumber: text("phone_number").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("phone_codes_user_id_created_at_idx").on(table.userId, table.createdAt)],
);

/** A company profile (userCorporateProfile): the company, its TIN and business address. */
export const corporateProfiles = pgTable("corporate_profiles", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  companyName: text("company_name").notNull(),
  tinNumber: text("tin_number").notNull(),
  businessAddress: jsonb("business_address").$type<PostalAddress>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An identity check started with the verification provider; `reference` comes back with the result. */
export const identityChecks = pgTable(
  "identity_checks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    reference: text("reference").notNull(),
    status: text("status", { enum: ["pending", "passed", "failed"] })
      .notNull()
      .default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("identity_checks_reference_key").on(table.reference)],
);

/**
 * An uploaded file, checked by its bytes and stored through the storage adapter. Images keep their WebP
 * renditions; `kind` is the spec's upload type (spaceImages, feedback, bookingFeedback, resolution, floorplan)
 * or profilePhoto / contract.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** The storage key of the main file, and its content type and size. */
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width"),
    height: integer("height"),
    /** Responsive renditions: [{ width, storageKey }]. */
    variants: jsonb("variants").$type<{ width: number; storageKey: string }[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("uploads_owner_id_idx").on(table.ownerId)],
);

/** Feedback sent from give-feed-back, with an optional image. */
export const feedback = pgTable("feedback", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
  message: text("message").notNull(),
  rating: integer("rating"),
  imageUploadId: uuid("image_upload_id").references(() => uploads.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Invitations sent with inviteFriend (at most 20 a day per user). */
export const invitations = pgTable(
  "invitations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("invitations_user_id_created_at_idx").on(table.userId, table.createdAt)],
);

export type City = typeof cities.$inferSelect;
export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
