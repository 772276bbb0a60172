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

// ---------------------------------------------------------------------------------------------------------------
// Spaces (issue #4: listing; issue #5: discovery)
// ---------------------------------------------------------------------------------------------------------------

/**
 * A listed space. Built step by step (the list-your-space wizard saves every step here, so the row *is* the draft):
 * `status` is pending until published, then active, or inactive when the host deactivates it (PRODUCT.md
 * "Listings"). Sizes are stored in meters; money in integer centavos. See app/domain/space.ts for the rules.
 */
export const spaces = pgTable(
  "spaces",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hostId: uuid("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "active", "inactive"] })
      .notNull()
      .default("pending"),
    /** storage or parking: chosen on the kind step, so null in a fresh draft. */
    storageType: text("storage_type", { enum: ["storage", "parking"] }),
    kind: text("kind"),
    spaceTitle: text("space_title"),
    description: text("description"),
    addressLine1: text("address_line1"),
    addressLine2: text("address_line2"),
    cityId: integer("city_id").references(() => cities.id),
    barangay: text("barangay"),
    province: text("province"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** Storage size, in meters (entered in the host's unit). */
    lengthM: doublePrecision("length_m"),
    widthM: doublePrecision("width_m"),
    heightM: doublePrecision("height_m"),
    /** length × width and × height, kept for search filters and sorting. */
    areaSqm: doublePrecision("area_sqm"),
    volumeCbm: doublePrecision("volume_cbm"),
    /** Parking: the largest vehicle the slot takes (vocabulary VEHICLE_SIZES). */
    vehicleSize: text("vehicle_size"),
    /** sqm, cbm or pallet: what one unit is when the space is rented by the unit. */
    unitOfRental: text("unit_of_rental", { enum: ["sqm", "cbm", "pallet"] }),
    /** rentMode.entireSpace: rented as a whole (quantity 1) rather than by the unit. */
    entireSpace: boolean("entire_space").notNull().default(true),
    /** How many units (or parking slots) are for rent; 1 for an entire space. */
    unitsAvailable: integer("units_available").notNull().default(1),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    accessOption: text("access_option"),
    rentalDurations: text("rental_durations").array().notNull().default(sql`'{}'::text[]`),
    /** P: the monthly price of one unit, or of the entire space / parking slot (centavos). */
    monthlyPrice: integer("monthly_price"),
    /** Parking: the price of one day (centavos). */
    dailyPrice: integer("daily_price"),
    depositRequired: boolean("deposit_required").notNull().default(false),
    quickMoveIn: boolean("quick_move_in").notNull().default(false),
    firstMonthDiscount: boolean("first_month_discount").notNull().default(false),
    /** standard: the platform's contract template; uploaded: the host's PDF (contractUploadId). */
    contractType: text("contract_type", { enum: ["standard", "uploaded"] }),
    contractUploadId: uuid("contract_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    floorplanUploadId: uuid("floorplan_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    /** Index into the ordered photos (space_photos.position). */
    coverPhotoIndex: integer("cover_photo_index").notNull().default(0),
    /**
     * How many space_photos rows the listing has, for the recommended score. Kept by the database: triggers on
     * space_photos change it with every insert, delete or move of a photo (drizzle/0005_photo_count.sql), so the
     * app never writes it.
     */
    photoCount: integer("photo_count").notNull().default(0),
    /** The wizard steps the host has saved, for the progress indicator and "continue". */
    completedSteps: text("completed_steps").array().notNull().default(sql`'{}'::text[]`),
    /** Views counted by spaceView (once per visitor per day). */
    viewCount: integer("view_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (table) => {
    // The search's indexes (docs/search-performance.md): partial, over active listings only, each ending with
    // the id that ends every sort. `completeness` is the recommended score of app/domain/search.ts
    // (RECOMMENDED_WEIGHTS), written exactly as app/api/search.server.ts orders by it, so that the recommended
    // sort reads an index in order.
    const active = sql`${table.status} = 'active'`;
    const completeness = sql`(
      case when char_length(coalesce(${table.description}, '')) >= 150 then 20
           when char_length(coalesce(${table.description}, '')) >= 40 then 10 else 0 end
      + least(cardinality(${table.features}), 5) * 3
      + least(${table.photoCount}, 5) * 8
      + case when ${table.floorplanUploadId} is not null then 5 else 0 end
      + case when ${table.accessOption} is not null then 5 else 0 end
      + case when ${table.quickMoveIn} then 5 else 0 end
      + case when ${table.firstMonthDiscount} then 5 else 0 end
    )`;
    return [
      index("spaces_host_id_status_idx").on(table.hostId, table.status),
      // A city's search, recommended first; and of a whole type:
      index("spaces_active_type_city_score_idx")
        .on(table.storageType, table.cityId, completeness, table.publishedAt, table.id)
        .where(active),
      index("spaces_active_type_score_idx")
        .on(table.storageType, completeness, table.publishedAt, table.id)
        .where(active),
      // Price ranges and the price sorts, in a city and of a whole type:
      index("spaces_active_type_city_price_idx")
        .on(table.storageType, table.cityId, table.monthlyPrice, table.id)
        .where(active),
      index("spaces_active_type_price_idx").on(table.storageType, table.monthlyPrice, table.id).where(active),
      // Newest first:
      index("spaces_active_type_published_idx")
        .on(table.storageType, table.publishedAt, table.id)
        .where(active),
      // Every one of some features (features @> array[…]):
      index("spaces_active_features_idx").using("gin", table.features).where(active),
      // Map bounds (point <@ box) and the nearest sort (point <-> point):
      index("spaces_active_location_idx")
        .using("gist", sql`point(${table.longitude}, ${table.latitude})`)
        .where(active),
    ];
  },
);

/** A space's photos, in order (position 0 first). Each is an `uploads` row of kind spaceImages. */
export const spacePhotos = pgTable(
  "space_photos",
  {
    uploadId: uuid("upload_id")
      .primaryKey()
      .references(() => uploads.id, { onDelete: "cascade" }),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (table) => [index("space_photos_space_id_position_idx").on(table.spaceId, table.position)],
);

/** A renter's saved space (addRemoveSpaceToFav, myShortListedSpace). */
export const favouriteSpaces = pgTable(
  "favourite_spaces",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("favourite_spaces_user_space_key").on(table.userId, table.spaceId),
    index("favourite_spaces_space_id_idx").on(table.spaceId),
  ],
);

/** One counted view of a space: one per visitor (user id or a cookie id, hashed) per Manila day. */
export const spaceViews = pgTable(
  "space_views",
  {
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    visitor: text("visitor").notNull(),
    day: date("day").notNull(),
  },
  (table) => [uniqueIndex("space_views_space_visitor_day_key").on(table.spaceId, table.visitor, table.day)],
);

/** A logged-in user's recent searches (recentSearch): the query string of search-space, newest first. */
export const recentSearches = pgTable(
  "recent_searches",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    query: text("query").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("recent_searches_user_id_created_at_idx").on(table.userId, table.createdAt)],
);

/**
 * Enquiries: a question about a space (aboutSpace, for the host; the messaging issue threads them), a prospective
 * host's enquiry (aboutListing) and "Can't find a space?" (missingSpace), the last two for the operations team.
 */
export const enquiries = pgTable(
  "enquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["aboutSpace", "aboutListing", "missingSpace"] }).notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    spaceId: uuid("space_id").references(() => spaces.id, { onDelete: "cascade" }),
    name: text("name"),
    email: text("email"),
    phoneNumber: text("phone_number"),
    message: text("message"),
    /** The kind's own fields (missingSpace: city, type, size, budget). */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("enquiries_space_id_idx").on(table.spaceId),
    index("enquiries_kind_created_at_idx").on(table.kind, table.createdAt),
  ],
);

export type SpaceRow = typeof spaces.$inferSelect;
