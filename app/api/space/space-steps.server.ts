import { asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod/v4";
import type { Database } from "~/db/client.server";
import { barangays, cities, type SpaceRow, spacePhotos, spaces, uploads } from "~/db/schema";
import { UNKNOWN_CITY } from "~/domain/address-rules";
import {
  FEATURE_MESSAGE,
  monthlyPriceBound,
  SIDE_TOO_LONG,
  type STEP_RULES,
} from "~/domain/listing-rules.server";
import { CENTAVOS_PER_PESO } from "~/domain/money";
import {
  LISTING_STEPS,
  type ListingStep,
  MAX_SIDE_METERS,
  type PublishingGap,
  publishingGaps,
} from "~/domain/space";
import { area, dimensionsToMeters, volume } from "~/domain/units";
import {
  FEATURES_BY_TYPE,
  isOneOf,
  priceBasisOf,
  type RentalUnit,
  type SpaceType,
} from "~/domain/vocabulary";
import type { CurrentUser } from "../endpoint";
import { ApiError, fieldError } from "../envelope";
import { removeUploads } from "./uploads.server";

/**
 * A listing's draft and its steps (ADR 0012): who may touch a listing, and the one function that applies a
 * step of the list-your-space wizard — POST /space/addMySpace applies one, POST /space/editSpace several, in the
 * steps' order. A step's fields arrive already checked by its zod rules (listing-rules.server.ts); here are the
 * checks that need the database or the listing itself (the city and its barangays, the features of the listing's
 * type, sizes after conversion, the price bound of its rent mode, the photos it has, its contract), and what a change
 * of type or of rent mode makes stale.
 */

export const LISTING_NOT_FOUND = "This listing does not exist.";
export const NOT_YOUR_LISTING = "You can only change your own listing.";
export const NOT_YOUR_LISTING_TO_VIEW = "You can only view your own listing.";
export const BARANGAY_NOT_IN_CITY = "Please choose a barangay from the list.";
export const CHOOSE_TYPE_FIRST = "Please choose the kind of space first.";
export const CONTRACT_FIRST = "Please upload your contract first.";
export const DAILY_PRICE_REQUIRED = "Daily price is required.";
export const UNKNOWN_PHOTO = "Unknown photo.";
export const COVER_NOT_A_PHOTO = "Please choose one of your photos as the cover.";

/** A listing's id in a query, a path or a body. */
export const SpaceIdSchema = z.uuid({ error: "Unknown space." });

/** A step's fields, after its rules, with the step's name. */
export type StepInput = {
  [S in ListingStep]: { step: S } & z.output<(typeof STEP_RULES)[S]["form"]>;
}[ListingStep];

/**
 * The columns the steps change: all but the identity, the owner, the counts (views; photos, kept by a trigger) and
 * the timestamps of the row.
 */
export type SpaceValues = Omit<
  SpaceRow,
  "id" | "hostId" | "viewCount" | "photoCount" | "createdAt" | "updatedAt"
>;

/** A new draft before its first step (the table's defaults). */
const BLANK: SpaceValues = {
  status: "pending",
  storageType: null,
  kind: null,
  spaceTitle: null,
  description: null,
  addressLine1: null,
  addressLine2: null,
  cityId: null,
  barangay: null,
  province: null,
  latitude: null,
  longitude: null,
  lengthM: null,
  widthM: null,
  heightM: null,
  areaSqm: null,
  volumeCbm: null,
  vehicleSize: null,
  unitOfRental: null,
  entireSpace: true,
  unitsAvailable: 1,
  features: [],
  accessOption: null,
  rentalDurations: [],
  monthlyPrice: null,
  dailyPrice: null,
  depositRequired: false,
  quickMoveIn: false,
  firstMonthDiscount: false,
  contractType: null,
  contractUploadId: null,
  floorplanUploadId: null,
  coverPhotoIndex: 0,
  completedSteps: [],
  publishedAt: null,
};

/** A listing being changed: its columns, its photos in order, and the uploads to delete once it is saved. */
export type Draft = {
  id: string | null;
  values: SpaceValues;
  photoIds: string[];
  droppedUploadIds: string[];
};

// ---------------------------------------------------------------------------------------------------------------
// Ownership
// ---------------------------------------------------------------------------------------------------------------

/**
 * The caller's listing `spaceId`: 404 when there is none, 403 when it is someone else's. With `lock`, the row is
 * locked until the transaction `db` ends, so concurrent changes of one listing take turns.
 */
export async function ownListing(
  db: Database,
  user: CurrentUser,
  spaceId: string,
  options: { lock?: boolean; message?: string } = {},
): Promise<SpaceRow> {
  const query = db.select().from(spaces).where(eq(spaces.id, spaceId));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw fieldError("spaceId", LISTING_NOT_FOUND, 404);
  if (row.hostId !== user.id) throw fieldError("spaceId", options.message ?? NOT_YOUR_LISTING, 403);
  return row;
}

/** The upload ids of a listing's photos, in order. */
export async function photoIdsOf(db: Database, spaceId: string): Promise<string[]> {
  const rows = await db
    .select({ uploadId: spacePhotos.uploadId })
    .from(spacePhotos)
    .where(eq(spacePhotos.spaceId, spaceId))
    .orderBy(asc(spacePhotos.position));
  return rows.map((row) => row.uploadId);
}

/** A draft of an existing listing (read in the same transaction that saves it). */
export async function draftOf(db: Database, row: SpaceRow): Promise<Draft> {
  const {
    id,
    hostId: _host,
    viewCount: _views,
    photoCount: _photos,
    createdAt: _created,
    updatedAt: _updated,
    ...values
  } = row;
  return { id, values, photoIds: await photoIdsOf(db, id), droppedUploadIds: [] };
}

export function newDraft(): Draft {
  return {
    id: null,
    values: { ...BLANK, features: [], rentalDurations: [], completedSteps: [] },
    photoIds: [],
    droppedUploadIds: [],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Publishing
// ---------------------------------------------------------------------------------------------------------------

/** What the draft still needs before it can be published. */
export function gapsOf(draft: Pick<Draft, "values" | "photoIds">): PublishingGap[] {
  return publishingGaps({ ...draft.values, photoCount: draft.photoIds.length });
}

/** A 400 whose toast is the first missing requirement and whose result lists them all; nothing when publishable. */
export function assertPublishable(draft: Pick<Draft, "values" | "photoIds">): void {
  const gaps = gapsOf(draft);
  if (gaps.length > 0) throw new ApiError(400, (gaps[0] as PublishingGap).message, gaps);
}

/** Makes the draft active, once it is publishable; publishedAt keeps the first publication. */
export function publish(draft: Draft): void {
  if (draft.values.status === "active") return;
  assertPublishable(draft);
  draft.values.status = "active";
  draft.values.publishedAt ??= new Date();
}

// ---------------------------------------------------------------------------------------------------------------
// The steps
// ---------------------------------------------------------------------------------------------------------------

const SIZE_STEPS: Record<SpaceType, ListingStep> = {
  storage: "storage-space-size-measurements",
  parking: "vehicle-size-measurements",
};

/** The listing's type, which a step needs; with `wanted`, it must be that type. */
function requireType(draft: Draft, wanted?: SpaceType): SpaceType {
  const type = draft.values.storageType;
  if (!type) throw fieldError("storageType", CHOOSE_TYPE_FIRST);
  if (wanted && type !== wanted) throw fieldError("step", `This step is only for ${wanted} spaces.`);
  return type;
}

function forgetSteps(draft: Draft, steps: readonly ListingStep[]): void {
  draft.values.completedSteps = draft.values.completedSteps.filter(
    (step) => !(steps as readonly string[]).includes(step),
  );
}

function clearPrice(draft: Draft): void {
  Object.assign(draft.values, { monthlyPrice: null, dailyPrice: null });
  forgetSteps(draft, ["set-your-space-price"]);
}

/**
 * A new type (storage ↔ parking) drops what belonged to the old one: its size, the features of its list, the rent
 * mode and the price (a storage price per unit and a parking slot's monthly and daily prices mean different things),
 * and forgets those steps, so the wizard asks them again.
 */
function switchType(draft: Draft, type: SpaceType): void {
  const old = draft.values.storageType;
  if (!old || old === type) return;
  const features = FEATURES_BY_TYPE[type] as readonly string[];
  Object.assign(draft.values, {
    lengthM: null,
    widthM: null,
    heightM: null,
    areaSqm: null,
    volumeCbm: null,
    vehicleSize: null,
    unitOfRental: null,
    entireSpace: true,
    unitsAvailable: 1,
    features: draft.values.features.filter((feature) => features.includes(feature)),
  });
  clearPrice(draft);
  forgetSteps(draft, [SIZE_STEPS[old], "features"]);
}

const toCentavos = (pesos: number) => Math.round(pesos * CENTAVOS_PER_PESO);

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

/**
 * Applies one step's (already checked) fields to the draft, with the checks that need the database or the listing,
 * and marks the step saved. Throws an ApiError (400 with the field) on the first failing check.
 */
export async function applyStep(db: Database, draft: Draft, input: StepInput): Promise<void> {
  const values = draft.values;
  switch (input.step) {
    case "location": {
      const slug = input.city.trim().toLowerCase();
      const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.slug, slug));
      if (!city) throw fieldError("city", UNKNOWN_CITY);
      const names = await db
        .select({ name: barangays.name })
        .from(barangays)
        .where(eq(barangays.cityId, city.id));
      let barangay = input.barangay;
      if (names.length > 0) {
        const match = names.find(({ name }) => name.toLowerCase() === barangay.toLowerCase());
        if (!match) throw fieldError("barangay", BARANGAY_NOT_IN_CITY);
        barangay = match.name;
      }
      Object.assign(values, {
        addressLine1: input.addressLine1,
        addressLine2: input.addressLine2,
        cityId: city.id,
        barangay,
        province: input.province,
      });
      break;
    }
    case "pin-location-on-map":
      Object.assign(values, { latitude: input.latitude, longitude: input.longitude });
      break;
    case "kind-of-space-are-you-listing":
      switchType(draft, input.storageType);
      Object.assign(values, { storageType: input.storageType, kind: input.kind });
      break;
    case "storage-space-size-measurements": {
      requireType(draft, "storage");
      const meters = dimensionsToMeters(input, input.lengthUnit);
      for (const side of ["length", "width", "height"] as const) {
        if (meters[side] > MAX_SIDE_METERS) throw fieldError(side, SIDE_TOO_LONG);
      }
      // A price by the sqm is not a price by the pallet, nor one for the whole space: a new rent mode asks it again.
      const basis = (listing: { entireSpace: boolean; unitOfRental: RentalUnit | null }) =>
        listing.unitOfRental ? priceBasisOf({ ...listing, unitOfRental: listing.unitOfRental }) : null;
      const before = basis(values);
      if (before !== null && values.monthlyPrice !== null && before !== basis(input)) clearPrice(draft);
      Object.assign(values, {
        lengthM: meters.length,
        widthM: meters.width,
        heightM: meters.height,
        areaSqm: area(meters),
        volumeCbm: volume(meters),
        entireSpace: input.entireSpace,
        unitOfRental: input.unitOfRental,
        unitsAvailable: input.entireSpace ? 1 : (input.unitsAvailable ?? 1),
      });
      break;
    }
    case "vehicle-size-measurements":
      requireType(draft, "parking");
      Object.assign(values, { vehicleSize: input.vehicleSize, unitsAvailable: input.unitsAvailable });
      break;
    case "features": {
      const type = requireType(draft);
      const features = unique(input.features);
      if (!features.every((feature) => isOneOf(FEATURES_BY_TYPE[type], feature)))
        throw fieldError("features", FEATURE_MESSAGE);
      Object.assign(values, { features, accessOption: input.accessOption });
      break;
    }
    case "add-more-details": {
      const order = input.photoOrder ?? draft.photoIds;
      if (!order.every((id) => draft.photoIds.includes(id))) throw fieldError("photoOrder", UNKNOWN_PHOTO);
      if (input.coverPhotoIndex >= Math.max(order.length, 1))
        throw fieldError("coverPhotoIndex", COVER_NOT_A_PHOTO);
      draft.droppedUploadIds.push(...draft.photoIds.filter((id) => !order.includes(id)));
      draft.photoIds = [...order];
      values.coverPhotoIndex = input.coverPhotoIndex;
      break;
    }
    case "describe-your-space":
      Object.assign(values, { spaceTitle: input.spaceTitle, description: input.description || null });
      break;
    case "list-your-space-frequency":
      values.rentalDurations = unique(input.rentalDurations);
      break;
    case "set-your-space-price": {
      const type = requireType(draft);
      const bound = monthlyPriceBound({ storageType: type, entireSpace: values.entireSpace });
      if (input.monthlyPrice > bound)
        throw fieldError("monthlyPrice", `Monthly price must be at most ₱${bound.toLocaleString("en-PH")}.`);
      if (type === "parking" && input.dailyPrice === undefined)
        throw fieldError("dailyPrice", DAILY_PRICE_REQUIRED);
      Object.assign(values, {
        monthlyPrice: toCentavos(input.monthlyPrice),
        // A daily price is parking's; storage prices a short stay from the monthly price (spec §9).
        dailyPrice:
          type === "parking" && input.dailyPrice !== undefined ? toCentavos(input.dailyPrice) : null,
      });
      break;
    }
    case "deposit":
      values.depositRequired = input.depositRequired;
      break;
    case "contract-facility":
      if (input.contractType === "uploaded" && !values.contractUploadId)
        throw fieldError("contractType", CONTRACT_FIRST);
      // The standard contract replaces an uploaded one: its file goes.
      if (input.contractType === "standard" && values.contractUploadId) {
        draft.droppedUploadIds.push(values.contractUploadId);
        values.contractUploadId = null;
      }
      values.contractType = input.contractType;
      break;
    case "discount":
      Object.assign(values, { firstMonthDiscount: input.firstMonthDiscount, quickMoveIn: input.quickMoveIn });
      break;
    case "preview":
      publish(draft);
      break;
  }
  if (!values.completedSteps.includes(input.step)) {
    const done = new Set([...values.completedSteps, input.step]);
    values.completedSteps = LISTING_STEPS.filter((step) => done.has(step));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Saving
// ---------------------------------------------------------------------------------------------------------------

/**
 * Writes the draft in the transaction `tx`: inserts a new listing or updates the row (an active listing must stay
 * publishable: 400 with the gaps, nothing written), reorders the photos and unlinks the dropped ones. Returns the
 * saved row and the dropped uploads, which the caller deletes with {@link removeDropped} once the transaction is over.
 */
export async function saveDraft(
  tx: Database,
  hostId: string,
  draft: Draft,
): Promise<{ row: SpaceRow; dropped: (typeof uploads.$inferSelect)[] }> {
  if (draft.values.status === "active") assertPublishable(draft);
  const [row] = draft.id
    ? await tx
        .update(spaces)
        .set({ ...draft.values, updatedAt: new Date() })
        .where(eq(spaces.id, draft.id))
        .returning()
    : await tx
        .insert(spaces)
        .values({ ...draft.values, hostId })
        .returning();
  if (!row) throw new Error("the listing was not saved");
  const dropped = draft.droppedUploadIds.length
    ? await tx.select().from(uploads).where(inArray(uploads.id, draft.droppedUploadIds))
    : [];
  const droppedPhotos = dropped.map((upload) => upload.id);
  if (droppedPhotos.length > 0)
    await tx.delete(spacePhotos).where(inArray(spacePhotos.uploadId, droppedPhotos));
  if (draft.id) {
    const current = await photoIdsOf(tx, row.id);
    if (current.join() !== draft.photoIds.join()) {
      for (const [position, uploadId] of draft.photoIds.entries()) {
        await tx.update(spacePhotos).set({ position }).where(eq(spacePhotos.uploadId, uploadId));
      }
    }
  }
  return { row, dropped };
}

/** Deletes uploads a saved draft no longer uses: their rows and their files. */
export async function removeDropped(db: Database, dropped: (typeof uploads.$inferSelect)[]): Promise<void> {
  if (dropped.length > 0) await removeUploads(db, dropped);
}

/** How many photos a listing has, and the position after its last one. */
export async function nextPhotoPosition(
  db: Database,
  spaceId: string,
): Promise<{ count: number; next: number }> {
  const [found] = await db
    .select({
      count: sql<number>`count(*)::int`,
      next: sql<number>`coalesce(max(${spacePhotos.position}) + 1, 0)::int`,
    })
    .from(spacePhotos)
    .where(eq(spacePhotos.spaceId, spaceId));
  return { count: found?.count ?? 0, next: found?.next ?? 0 };
}
