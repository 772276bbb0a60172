import { type SQL, sql } from "drizzle-orm";
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
import {
  FLOOD_HISTORIES,
  FLOOD_SAFE_HISTORIES,
  FLOOD_SAFE_MIN_ELEVATION_M,
} from "../../domain/flood-readiness";
import { cities } from "./places";
import { uploads } from "./uploads";
import { users } from "./users";

/**
 * Listed spaces and what renters do with them (the /space calls; ADR 0012, ADR 0013): the listing row (which is
 * also its draft), its photos, favourites, view counts and a user's recent searches.
 */

/**
 * A listed space. Built step by step (the list-your-space wizard saves every step here, so the row *is* the draft):
 * `status` is pending until published, then active, or inactive when the host deactivates it (docs/product.md,
 * Listings). Sizes are stored in meters; money in integer centavos. See app/domain/space.ts for the rules.
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
    /**
     * Readiness for typhoon season (the flood-readiness step; app/domain/flood-readiness.ts): the floor or elevation
     * above the street in meters, the spot's flood history, and what keeps goods or cars dry and safe in a storm.
     * CCTV, a guard and covered parking are `features`.
     */
    elevationM: doublePrecision("elevation_m"),
    floodHistory: text("flood_history", { enum: FLOOD_HISTORIES }),
    typhoonRatedDoor: boolean("typhoon_rated_door").notNull().default(false),
    raisedStorage: boolean("raised_storage").notNull().default(false),
    backupPower: boolean("backup_power").notNull().default(false),
    aboveFloodLine: boolean("above_flood_line").notNull().default(false),
    /**
     * Flood-safe, kept by the database from the facts above by the rule of app/domain/flood-readiness.ts
     * (`floodSafeSql`), so the search filters on a stored column its index holds; never written by the app.
     */
    floodSafe: boolean("flood_safe")
      .notNull()
      .generatedAlwaysAs((): SQL => floodSafeSql()),
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
    /**
     * The renters' reviews shown about this listing, and the sum of their stars (the listing's average is their
     * quotient). Rewritten from the reviews table whenever one becomes shown (app/core/review-service.server.ts).
     */
    reviewCount: integer("review_count").notNull().default(0),
    reviewStars: integer("review_stars").notNull().default(0),
    /** Views counted by spaceView (once per visitor per day). */
    viewCount: integer("view_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /**
     * Set while an operator has hidden the listing (docs/operations.md): it leaves search and its page answers 410
     * with `hiddenReason`, which its host sees too.
     */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
  },
  (table) => {
    // The search's indexes (docs/search-performance.md): partial, over active listings only, each ending with
    // the id that ends every sort. `completeness` is the recommended score of app/domain/search.ts
    // (RECOMMENDED_WEIGHTS), written exactly as app/api/space/search-queries.server.ts orders by it, so that the
    // recommended sort reads an index in order.
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
      + case when ${table.reviewCount} > 0 then ${table.reviewStars} * 10 / ${table.reviewCount} * 1
             - 30 + least(${table.reviewCount}, 5) * 2
             else 0 end
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
      // Flood-safe listings of a type (and a city), recommended first; the other sorts read these rows too:
      index("spaces_flood_safe_type_city_score_idx")
        .on(table.storageType, table.cityId, completeness, table.publishedAt, table.id)
        .where(sql`${active} and ${table.floodSafe}`),
      // Map bounds (point <@ box) and the nearest sort (point <-> point):
      index("spaces_active_location_idx")
        .using("gist", sql`point(${table.longitude}, ${table.latitude})`)
        .where(active),
    ];
  },
);

export type SpaceRow = typeof spaces.$inferSelect;

/**
 * isFloodSafe of app/domain/flood-readiness.ts in SQL, from the same constants: the flood history is "never" or
 * "once", and storage is 1 m or more above the street or raised/sealed, parking above the flood line. A generated
 * column may only read its own row, by column name (tests/api/flood-readiness.test.ts holds it to the rule).
 */
export function floodSafeSql(): SQL {
  const histories = FLOOD_SAFE_HISTORIES.map((history) => `'${history}'`).join(", ");
  return sql.raw(
    `coalesce(flood_history in (${histories}), false) and case storage_type ` +
      `when 'storage' then coalesce(elevation_m >= ${FLOOD_SAFE_MIN_ELEVATION_M}, false) or raised_storage ` +
      `when 'parking' then above_flood_line else false end`,
  );
}

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
