import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { z } from "zod/v4";
import type { Database } from "~/db/client.server";
import {
  cities,
  enquiries,
  favouriteSpaces,
  type SpaceRow,
  spaces,
  spaceViews,
  type User,
  users,
} from "~/db/schema";
import * as accountRules from "~/domain/account-rules.server";
import { todayInManila } from "~/domain/dates";
import { approximate, type Coordinates } from "~/domain/geo";
import { type ListingDetailsData, listingPath, type SpaceView } from "~/domain/space";
import { getEnv, publicOrigin } from "~/env.server";
import { sendMail } from "~/services/mail.server";
import { type CurrentUser, defineEndpoint, type Endpoint } from "./endpoint";
import { ApiError } from "./envelope";
import { LIMITS, takeRate } from "./rate-limit.server";
import { toSpaceViewOf } from "./space-views.server";

/**
 * The renters' side of one listing (issue #5): its public page (viewSpaceBrief), its view count (spaceView) and
 * questions to its host (enquiry/aboutSpace). Renters never get the street address, the exact pin, the contract
 * file or the host's e-mail and phone: the brief is built field by field from the host view (space-views.server.ts),
 * never by dropping fields from it, so a field added there stays private until it is added here on purpose.
 */

export const SPACE_NOT_FOUND = "Space not found.";
export const INVALID_SPACE_ID = "The space id is not valid.";

/** A listing's id: a UUID (anything else is a 400 that names the field). */
export const spaceId = z.uuid({ error: INVALID_SPACE_ID });

// ---------------------------------------------------------------------------------------------------------------
// viewSpaceBrief
// ---------------------------------------------------------------------------------------------------------------

/** The host as renters see them on a listing. */
export type HostCard = {
  userId: string;
  firstName: string;
  profilePic: string | null;
  /** The average of the host's ratings: null until reviews exist (the rating issue fills it in). */
  rating: number | null;
  totalNumberofReviews: number;
  adminVerified: boolean;
  /** The identity check passed (profile-persona-verification). */
  identityVerified: boolean;
  phoneVerified: boolean;
  /** When the host's account was made (ISO instant). */
  memberSince: string;
};

/** The street address and the pin: for the owner now, and (the booking issue) for a renter with an approved booking. */
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
};

/** The fields of ListingDetailsData, picked one by one from a host view (nothing private comes along). */
export function toListingDetails(view: SpaceView): ListingDetailsData {
  return {
    _id: view._id,
    storageType: view.storageType,
    kind: view.kind,
    spaceTitle: view.spaceTitle,
    description: view.description,
    size: view.size,
    vehicleSize: view.vehicleSize,
    unitOfRental: view.unitOfRental,
    rentMode: view.rentMode,
    unitsAvailable: view.unitsAvailable,
    features: view.features,
    accessOption: view.accessOption,
    rentalDurations: view.rentalDurations,
    listingPrice: view.listingPrice,
    pricePerSquareMeter: view.pricePerSquareMeter,
    perMonthPrice: view.perMonthPrice,
    dailyPrice: view.dailyPrice,
    depositRequired: view.depositRequired,
    quickMoveIn: view.quickMoveIn,
    firstMonthDiscount: view.firstMonthDiscount,
    spacePhotos: view.spacePhotos,
    coverPhotoIndex: view.coverPhotoIndex,
    floorplan: view.floorplan,
    address: {
      city: view.address.city,
      citySlug: view.address.citySlug,
      barangay: view.address.barangay,
      province: view.address.province,
    },
    contract: { type: view.contract.type },
  };
}

export function toHostCard(host: User): HostCard {
  return {
    userId: host.id,
    firstName: host.firstName,
    profilePic: host.profilePic,
    rating: null,
    totalNumberofReviews: 0,
    adminVerified: host.adminVerified,
    identityVerified: host.identityStatus === "passed",
    phoneVerified: host.phoneVerifiedAt !== null,
    memberSince: host.createdAt.toISOString(),
  };
}

/**
 * Whether this user may see the listing's street address and exact pin. Now: its host only. The booking issue adds
 * "a renter whose booking of this space was approved" here (PRODUCT.md: hidden until a booking is approved).
 */
export async function canSeeExactAddress(
  _db: Database,
  space: Pick<SpaceRow, "id" | "hostId">,
  user: CurrentUser | null,
): Promise<boolean> {
  return user !== null && user.id === space.hostId;
}

/** The listing if this user may see its public page: an active one, or the user's own in any status. */
async function findViewableSpace(db: Database, id: string, user: CurrentUser | null): Promise<SpaceRow> {
  const [row] = await db.select().from(spaces).where(eq(spaces.id, id));
  if (!row || (row.status !== "active" && row.hostId !== user?.id)) throw new ApiError(404, SPACE_NOT_FOUND);
  return row;
}

/** An active listing (for views, questions and new favourites). */
export async function findActiveSpace(db: Database, id: string): Promise<SpaceRow> {
  const [row] = await db
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, id), eq(spaces.status, "active")));
  if (!row) throw new ApiError(404, SPACE_NOT_FOUND);
  return row;
}

async function isFavourite(db: Database, userId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ spaceId: favouriteSpaces.spaceId })
    .from(favouriteSpaces)
    .where(and(eq(favouriteSpaces.userId, userId), eq(favouriteSpaces.spaceId, id)));
  return Boolean(row);
}

export const viewSpaceBrief = defineEndpoint({
  method: "GET",
  path: "/space/viewSpaceBrief",
  auth: "optional",
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
    };
  },
});

// ---------------------------------------------------------------------------------------------------------------
// spaceView
// ---------------------------------------------------------------------------------------------------------------

/** The long-lived cookie that tells a visitor (not logged in) apart from others for the view count. */
export const VISITOR_COOKIE_NAME = "ss_visitor";
const VISITOR_COOKIE_DAYS = 400;
const VISITOR_ID = /^[A-Za-z0-9_-]{22,64}$/;

function visitorCookie() {
  return createCookie(VISITOR_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().secureCookies,
    path: "/",
    maxAge: VISITOR_COOKIE_DAYS * 24 * 60 * 60,
  });
}

/**
 * Who is viewing, as a hash: the user, else the visitor cookie's random id; a visitor without one gets a new id
 * (and its Set-Cookie in `headers`). Only the hash is stored.
 */
async function viewerKey(request: Request, user: CurrentUser | null, headers: Headers): Promise<string> {
  let key: string;
  if (user) key = `user:${user.id}`;
  else {
    const cookie = visitorCookie();
    const current: unknown = await cookie.parse(request.headers.get("Cookie"));
    let id = typeof current === "string" && VISITOR_ID.test(current) ? current : null;
    if (!id) {
      id = randomBytes(18).toString("base64url");
      headers.append("Set-Cookie", await cookie.serialize(id));
    }
    key = `visitor:${id}`;
  }
  return createHash("sha256").update(key).digest("hex");
}

export const spaceView = defineEndpoint({
  method: "POST",
  path: "/space/spaceView",
  auth: "optional",
  summary:
    "Counts a view of an active listing, once per visitor (the user, else a visitor cookie this call sets) per " +
    "Manila day. The host's own views are not counted.",
  body: z.strictObject({ spaceId }),
  async handler({ db, body, user, request, headers }) {
    const row = await findActiveSpace(db, body.spaceId);
    if (user?.id === row.hostId) return { spaceId: row.id, counted: false, viewCount: row.viewCount };
    const visitor = await viewerKey(request, user, headers);
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
// enquiry/aboutSpace
// ---------------------------------------------------------------------------------------------------------------

export const QUESTION_MAX_LENGTH = 2000;
export const QUESTION_SENT = "Your question has been sent to the host.";
export const QUESTIONS_PER_HOUR = 5;
const QUESTION_REQUIRED = "Please write your question.";
const NAME_REQUIRED = "Name is required";
export const TOO_MANY_QUESTIONS =
  "You have sent several questions in the last hour. Please wait a while before you send another.";
const OWN_SPACE = "This is your own space: renters' questions about it come to you.";

/** An optional form field: missing or empty is none. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    schema.optional(),
  );

/** The fields of a question; the listing page's form is checked with the same rules. */
export const QuestionFieldsSchema = z.object({
  message: z
    .string({ error: QUESTION_REQUIRED })
    .trim()
    .min(1, QUESTION_REQUIRED)
    .max(QUESTION_MAX_LENGTH, `Your question can be at most ${QUESTION_MAX_LENGTH} characters.`),
  name: optional(z.string().trim().max(120, "Name must be at most 120 characters.")),
  email: optional(accountRules.email),
  phoneNumber: optional(accountRules.phoneNumber),
});

/**
 * At most QUESTIONS_PER_HOUR questions an hour from one user (logged in) or one e-mail address (visitors); a visitor's
 * questions count against the caller's address too (with the other enquiries), since a visitor can make up e-mails.
 */
async function refuseIfTooManyQuestions(
  db: Database,
  user: CurrentUser | null,
  email: string,
  clientAddress: string,
) {
  const sender = user
    ? eq(enquiries.userId, user.id)
    : sql`lower(${enquiries.email}) = ${email.toLowerCase()}`;
  const [row] = await db
    .select({ n: count() })
    .from(enquiries)
    .where(
      and(
        eq(enquiries.kind, "aboutSpace"),
        gt(enquiries.createdAt, new Date(Date.now() - 60 * 60 * 1000)),
        sender,
      ),
    );
  if ((row?.n ?? 0) >= QUESTIONS_PER_HOUR) throw new ApiError(429, TOO_MANY_QUESTIONS);
  if (!user) {
    await takeRate(
      db,
      [{ limit: LIMITS.visitorEnquiriesPerAddress, value: clientAddress }],
      TOO_MANY_QUESTIONS,
    );
  }
}

export const aboutSpace = defineEndpoint({
  method: "POST",
  path: "/enquiry/aboutSpace",
  auth: "optional",
  summary:
    "A question about an active listing, stored (the messaging issue threads them) and e-mailed to its host. " +
    `Visitors give their name and e-mail. At most ${QUESTIONS_PER_HOUR} an hour per user or e-mail address, and ` +
    `${LIMITS.visitorEnquiriesPerAddress.max} enquiries of any kind an hour per visitor's address.`,
  message: QUESTION_SENT,
  body: z.strictObject({ spaceId, ...QuestionFieldsSchema.shape }),
  async handler({ db, body, user, request, clientAddress }) {
    const row = await findActiveSpace(db, body.spaceId);
    if (user?.id === row.hostId) throw new ApiError(400, OWN_SPACE);
    const missing = [
      ...(!user && !body.name ? [{ field: "name", message: NAME_REQUIRED }] : []),
      ...(!user && !body.email ? [{ field: "email", message: "Email is required" }] : []),
    ];
    if (missing.length) throw new ApiError(400, (missing[0] as { message: string }).message, missing);

    const name = body.name ?? (user ? [user.firstName, user.lastName].join(" ") : "");
    const email = body.email ?? (user?.email as string);
    await refuseIfTooManyQuestions(db, user, email, clientAddress);
    const [host] = await db.select().from(users).where(eq(users.id, row.hostId));
    if (!host) throw new ApiError(404, SPACE_NOT_FOUND);

    const [enquiry] = await db
      .insert(enquiries)
      .values({
        kind: "aboutSpace",
        userId: user?.id ?? null,
        spaceId: row.id,
        name,
        email,
        phoneNumber: body.phoneNumber ?? null,
        message: body.message,
      })
      .returning({ id: enquiries.id });
    if (!enquiry) throw new Error("the enquiry was not stored");

    const title = row.spaceTitle ?? "your space";
    const link = new URL(
      listingPath({ _id: row.id, storageType: row.storageType, spaceTitle: row.spaceTitle }),
      publicOrigin(request),
    ).href;
    await sendMail({
      to: host.email,
      replyTo: email,
      subject: `A question about ${title}`,
      text: [
        `Hi ${host.nickName?.trim() || host.firstName},`,
        "",
        `${name} asked about your space "${title}":`,
        "",
        body.message,
        "",
        `Reply to: ${email}${body.phoneNumber ? ` or ${body.phoneNumber}` : ""}`,
        `Your listing: ${link}`,
        "",
        "Space Solution",
      ].join("\n"),
    });
    return { enquiryId: enquiry.id, spaceId: row.id };
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
    const active = eq(spaces.status, "active");
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

export const endpoints: Endpoint[] = [viewSpaceBrief, spaceView, aboutSpace, sitemapListings];
