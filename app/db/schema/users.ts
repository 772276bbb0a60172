import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { PostalAddress } from "./places";

/**
 * Accounts (docs/product.md, Accounts and Validation texts): the user, and what belongs to the account alone:
 * invitations, phone codes, the company profile and identity checks.
 */

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
    /** The page a visitor first landed on, and when (docs/product.md, Stored data), kept at sign-up. */
    entryUrl: text("entry_url"),
    entryUrlAt: timestamp("entry_url_at", { withTimezone: true }),
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    address: jsonb("address").$type<PostalAddress>(),
    /** Set when the phone number was confirmed with a code sent to it. */
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    /**
     * The identity check (profile-persona-verification): none, pending, passed, failed, or review (the provider marked
     * it for review: the trust team decides, app/core/identity-checks.server.ts).
     */
    identityStatus: text("identity_status", { enum: ["none", "pending", "passed", "failed", "review"] })
      .notNull()
      .default("none"),
    identityCheckedAt: timestamp("identity_checked_at", { withTimezone: true }),
    /** The user dismissed the "review us on Google" prompt (hideGoogleR). */
    hideGoogleReview: boolean("hide_google_review").notNull().default(false),
    /**
     * The reviews shown about this user (as host or renter) and the sum of their stars: `rating` is their average
     * (`totalNumberofReviews` the count; docs/product.md, Reviews). Rewritten from the reviews
     * table whenever one of them becomes shown (app/core/review-service.server.ts), never by hand.
     */
    reviewCount: integer("review_count").notNull().default(0),
    reviewStars: integer("review_stars").notNull().default(0),
    /** Social identities linked to the account: Google's `sub` and Facebook's user id. */
    /**
     * The operator console's role (docs/operations.md): support, trust, finance or admin; null for everyone else.
     * Granted and revoked only by `npm run ops -- operator:grant / operator:revoke`.
     */
    operatorRole: text("operator_role", { enum: ["support", "trust", "finance", "admin"] }),
    /** Set while an operator has suspended the account: it cannot sign in, its listings leave search. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    suspensionNote: text("suspension_note"),
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

export type User = typeof users.$inferSelect;

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
    status: text("status", { enum: ["pending", "passed", "failed", "review"] })
      .notNull()
      .default("pending"),
    /** The provider's own id of the check (Persona's inquiry, inq_…): its webhooks name the check by it. */
    providerCheckId: text("provider_check_id"),
    /** Why the check failed, in the provider's words (or the trust team's, when they decided a review). */
    reason: text("reason"),
    /** When the provider's event last applied to this check happened: an older event arriving later changes nothing. */
    providerEventAt: timestamp("provider_event_at", { withTimezone: true }),
    /** When the trust team decided the check the provider marked for review: the provider's events no longer move it. */
    teamDecidedAt: timestamp("team_decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("identity_checks_reference_key").on(table.reference),
    uniqueIndex("identity_checks_provider_check_key").on(table.provider, table.providerCheckId),
  ],
);
