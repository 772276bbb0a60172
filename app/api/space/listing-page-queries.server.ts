import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod/v4";
import type { Database } from "~/db/client.server";
import { bookings, favouriteSpaces, type SpaceRow, spaces, type User, users } from "~/db/schema";
import { displayName } from "~/domain/display-name";
import { listingWithdrawnMessage } from "~/domain/operators";
import { averageStars } from "~/domain/reviews";
import type { ListingDetailsData, SpaceView } from "~/domain/space";
import { getEnv } from "~/env.server";
import type { CurrentUser } from "../endpoint";
import { ApiError } from "../envelope";
import type { HostCard } from "./listing-page.server";

/**
 * What the listing page's calls (listing-page.server.ts) and the questions about a listing
 * (app/api/enquiry/about-space.server.ts) read: finding a listing a user may see, building the renters' fields one
 * by one, and telling viewers apart for the view count.
 */

export const SPACE_NOT_FOUND = "Space not found.";
export const INVALID_SPACE_ID = "The space id is not valid.";

/** A listing's id: a UUID (anything else is a 400 that names the field). */
export const spaceId = z.uuid({ error: INVALID_SPACE_ID });

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
    readiness: view.readiness,
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
    name: displayName(host),
    profilePic: host.profilePic,
    rating: averageStars(host.reviewStars, host.reviewCount),
    totalNumberofReviews: host.reviewCount,
    adminVerified: host.adminVerified,
    identityVerified: host.identityStatus === "passed",
    phoneVerified: host.phoneVerifiedAt !== null,
    memberSince: host.createdAt.toISOString(),
  };
}

/**
 * Whether this user may see the listing's street address and exact pin: its host, and a renter whose booking of it
 * was approved (approved, active or completed). Before approval, never (docs/product.md, Booking lifecycle).
 */
export async function canSeeExactAddress(
  db: Database,
  space: Pick<SpaceRow, "id" | "hostId">,
  user: CurrentUser | null,
): Promise<boolean> {
  if (user === null) return false;
  if (user.id === space.hostId) return true;
  const [approved] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.spaceId, space.id),
        eq(bookings.renterId, user.id),
        inArray(bookings.state, ["approved", "active", "completed"]),
      ),
    )
    .limit(1);
  return approved !== undefined;
}

/** The listing if this user may see its public page: an active one, or the user's own in any status. */
export async function findViewableSpace(
  db: Database,
  id: string,
  user: CurrentUser | null,
): Promise<SpaceRow> {
  const [row] = await db.select().from(spaces).where(eq(spaces.id, id));
  if (!row || (row.status !== "active" && row.hostId !== user?.id)) throw new ApiError(404, SPACE_NOT_FOUND);
  if (row.hostId !== user?.id) await refuseWithdrawn(db, row);
  return row;
}

/**
 * A listing an operator hid, or whose host is suspended, is gone for renters: 410 with the short reason
 * (docs/operations.md). Its host still sees it, with the reason.
 */
export async function refuseWithdrawn(db: Database, row: SpaceRow): Promise<void> {
  if (row.hiddenAt) throw new ApiError(410, listingWithdrawnMessage(row.hiddenReason));
  const [host] = await db
    .select({ suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, row.hostId));
  if (host?.suspendedAt) throw new ApiError(410, listingWithdrawnMessage(null));
}

/** An active listing (for views, questions and new favourites). */
export async function findActiveSpace(db: Database, id: string): Promise<SpaceRow> {
  const [row] = await db
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, id), eq(spaces.status, "active")));
  if (!row) throw new ApiError(404, SPACE_NOT_FOUND);
  // Questions, viewings and new favourites of a withdrawn listing find nothing; only its page says why (410).
  try {
    await refuseWithdrawn(db, row);
  } catch {
    throw new ApiError(404, SPACE_NOT_FOUND);
  }
  return row;
}

export async function isFavourite(db: Database, userId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ spaceId: favouriteSpaces.spaceId })
    .from(favouriteSpaces)
    .where(and(eq(favouriteSpaces.userId, userId), eq(favouriteSpaces.spaceId, id)));
  return Boolean(row);
}

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
export async function viewerKey(
  cookieHeader: string | null,
  user: CurrentUser | null,
  headers: Headers,
): Promise<string> {
  let key: string;
  if (user) key = `user:${user.id}`;
  else {
    const cookie = visitorCookie();
    const current: unknown = await cookie.parse(cookieHeader);
    let id = typeof current === "string" && VISITOR_ID.test(current) ? current : null;
    if (!id) {
      id = randomBytes(18).toString("base64url");
      headers.append("Set-Cookie", await cookie.serialize(id));
    }
    key = `visitor:${id}`;
  }
  return createHash("sha256").update(key).digest("hex");
}
