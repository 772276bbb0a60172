import { and, count, eq, sql } from "drizzle-orm";
import { z } from "zod/v4";
import { cities, spaces, spaceViews, users } from "~/db/schema";
import { todayInManila } from "~/domain/dates";
import { approximate, type Coordinates } from "~/domain/geo";
import type { ListingDetailsData, SpaceView } from "~/domain/space";
import { listingPath } from "~/utils/site-paths";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";
import { notWithdrawn } from "./listed.server";
import {
  canSeeExactAddress,
  findActiveSpace,
  findViewableSpace,
  isFavourite,
  SPACE_NOT_FOUND,
  spaceId,
  toHostCard,
  toListingDetails,
  viewerKey,
} from "./listing-page-queries.server";
import { toSpaceViewOf } from "./space-views.server";

/**
 * The renters' side of one listing (the /space calls): its public page (viewSpaceBrief), its view count (spaceView)
 * and the sitemap's list; questions to its host are in app/api/enquiry/about-space.server.ts. Renters never get the
 * street address, the exact pin, the contract file or the host's e-mail and phone: the brief is built field by
 * field from the host view (space-views.server.ts; toListingDetails), never by dropping fields from it, so a field
 * added there stays private until it is added here on purpose.
 */

// ---------------------------------------------------------------------------------------------------------------
// viewSpaceBrief
// ---------------------------------------------------------------------------------------------------------------

/** The host as renters see them on a listing. */
export type HostCard = {
  userId: string;
  /** As the host calls themselves: nickname, else first name (docs/product.md, Shell). */
  name: string;
  profilePic: string | null;
  /** The average stars of the shown reviews about the host (as host or renter): null before any. */
  rating: number | null;
  totalNumberofReviews: number;
  adminVerified: boolean;
  /** The identity check passed (profile-persona-verification). */
  identityVerified: boolean;
  phoneVerified: boolean;
  /** When the host's account was made (ISO instant). */
  memberSince: string;
};

/** The street address and the pin: for the owner now, and (with bookings) for a renter with an approved booking. */
export type ExactLocation = {
  addressLine1: string | null;
  addressLine2: string | null;
  latitude: number | null;
  longitude: number | null;
};

/** GET /space/viewSpaceBrief's answer: what the listing page shows. */
export type SpaceBrief = ListingDetailsData & {
  status: SpaceView["status"];
  availableForRent: SpaceView["availableForRent"];
  /** A point within 300 m of the pin (geo.approximate, stable per listing), never the pin itself. */
  approximateLocation: Coordinates | null;
  host: HostCard;
  /** Whether the current user saved it (false for visitors). */
  favouriteSpace: boolean;
  /** The listing's canonical path, with its readable slug. */
  path: string;
  /** The current user is the listing's host. */
  isOwner: boolean;
  /** Only for those allowed to see it (canSeeExactAddress); null for everyone else. */
  exactLocation: ExactLocation | null;
  publishedAt: string | null;
  updatedAt: string;
  /** For its host only: why an operator hid the listing from renters (null when shown, and for everyone else). */
  hiddenReason: string | null;
};

export const viewSpaceBrief = defineEndpoint({
  method: "GET",
  path: "/space/viewSpaceBrief",
  auth: "optional",
  answers: [404, 410],
  summary:
    "The renters' view of an active listing: details, an approximate location (city and barangay, a point within " +
    "300 m), the host card and whether the user saved it. Never the street address, pin, contract file or the " +
    "host's contacts. Its host may view it in any status (editSpace=true says the host is previewing).",
  query: z.object({
    spaceId,
    editSpace: z.enum(["true", "false"], { error: "editSpace must be true or false." }).optional(),
  }),
  async handler({ db, query, user }): Promise<SpaceBrief> {
    const row = await findViewableSpace(db, query.spaceId, user);
    const [view, [host], favourite, exact] = await Promise.all([
      toSpaceViewOf(db, row),
      db.select().from(users).where(eq(users.id, row.hostId)),
      user ? isFavourite(db, user.id, row.id) : false,
      canSeeExactAddress(db, row, user),
    ]);
    if (!host) throw new ApiError(404, SPACE_NOT_FOUND);
    return {
      ...toListingDetails(view),
      status: view.status,
      availableForRent: view.availableForRent,
      approximateLocation:
        row.latitude === null || row.longitude === null
          ? null
          : approximate(row.latitude, row.longitude, row.id),
      host: toHostCard(host),
      favouriteSpace: favourite,
      path: listingPath(view),
      isOwner: user?.id === row.hostId,
      exactLocation: exact
        ? {
            addressLine1: row.addressLine1,
            addressLine2: row.addressLine2,
            latitude: row.latitude,
            longitude: row.longitude,
          }
        : null,
      publishedAt: view.publishedAt,
      updatedAt: view.updatedAt,
      hiddenReason: user?.id === row.hostId && row.hiddenAt ? (row.hiddenReason ?? "") : null,
    };
  },
});

// ---------------------------------------------------------------------------------------------------------------
// spaceView
// ---------------------------------------------------------------------------------------------------------------

export const spaceView = defineEndpoint({
  method: "POST",
  path: "/space/spaceView",
  auth: "optional",
  answers: [404],
  summary:
    "Counts a view of an active listing, once per visitor (the user, else a visitor cookie this call sets) per " +
    "Manila day. The host's own views are not counted.",
  body: z.strictObject({ spaceId }),
  async handler({ db, body, user, cookie, headers }) {
    const row = await findActiveSpace(db, body.spaceId);
    if (user?.id === row.hostId) return { spaceId: row.id, counted: false, viewCount: row.viewCount };
    const visitor = await viewerKey(cookie, user, headers);
    const inserted = await db
      .insert(spaceViews)
      .values({ spaceId: row.id, visitor, day: todayInManila() })
      .onConflictDoNothing()
      .returning({ spaceId: spaceViews.spaceId });
    if (inserted.length === 0) return { spaceId: row.id, counted: false, viewCount: row.viewCount };
    const [updated] = await db
      .update(spaces)
      .set({ viewCount: sql`${spaces.viewCount} + 1` })
      .where(eq(spaces.id, row.id))
      .returning({ viewCount: spaces.viewCount });
    return { spaceId: row.id, counted: true, viewCount: updated?.viewCount ?? row.viewCount + 1 };
  },
});

// ---------------------------------------------------------------------------------------------------------------
// sitemapListings (for /sitemap.xml)
// ---------------------------------------------------------------------------------------------------------------

/** Listings per sitemap file: under the protocol's 50,000 URLs, with room for the landing and city pages. */
export const SITEMAP_PAGE_SIZE = 40_000;

export type SitemapListings = {
  page: number;
  pageSize: number;
  /** Active listings in all. */
  total: number;
  listings: { path: string; lastmod: string }[];
  /** The slugs of the cities that have active listings of each type (for /storage-city/… and /parking-city/…). */
  cities: { storage: string[]; parking: string[] };
};

export const sitemapListings = defineEndpoint({
  method: "GET",
  path: "/space/sitemapListings",
  auth: "none",
  summary: `Public paths of active listings, ${SITEMAP_PAGE_SIZE} a page in a stable order, with their last change, and the cities that have active listings of each type (for the sitemap).`,
  query: z.object({
    page: z.coerce
      .number({ error: "page must be a whole number from 1." })
      .int("page must be a whole number from 1.")
      .min(1, "page must be a whole number from 1.")
      .max(1000, "page must be at most 1000.")
      .default(1),
  }),
  async handler({ db, query }): Promise<SitemapListings> {
    const active = and(eq(spaces.status, "active"), notWithdrawn());
    const [[total], rows, cityRows] = await Promise.all([
      db.select({ n: count() }).from(spaces).where(active),
      db
        .select({
          id: spaces.id,
          storageType: spaces.storageType,
          spaceTitle: spaces.spaceTitle,
          updatedAt: spaces.updatedAt,
        })
        .from(spaces)
        .where(active)
        .orderBy(spaces.id)
        .limit(SITEMAP_PAGE_SIZE)
        .offset((query.page - 1) * SITEMAP_PAGE_SIZE),
      db
        .selectDistinct({ slug: cities.slug, storageType: spaces.storageType })
        .from(spaces)
        .innerJoin(cities, eq(cities.id, spaces.cityId))
        .where(active)
        .orderBy(cities.slug),
    ]);
    return {
      page: query.page,
      pageSize: SITEMAP_PAGE_SIZE,
      total: total?.n ?? 0,
      listings: rows.map((row) => ({
        path: listingPath({ _id: row.id, storageType: row.storageType, spaceTitle: row.spaceTitle }),
        lastmod: row.updatedAt.toISOString(),
      })),
      cities: {
        storage: cityRows.filter((row) => row.storageType === "storage").map((row) => row.slug),
        parking: cityRows.filter((row) => row.storageType === "parking").map((row) => row.slug),
      },
    };
  },
});

export const endpoints: Endpoint[] = [viewSpaceBrief, spaceView, sitemapListings];
