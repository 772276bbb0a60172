/**
 * A listing's draft lifecycle (ADR 0012, ADR 0021): a listing is one row from its first saved step on; each step of
 * the list-your-space wizard changes the draft by these rules, publishing needs what docs/product.md (Listings)
 * requires, and a change of type or rent mode forgets what it made stale. Pure: the API loads the draft (and, for the
 * location step, the city as the database knows it), applies a step here, and saves it; a refusal is a DomainError
 * naming the field.
 */

import type { z } from "zod/v4";
import { UNKNOWN_CITY } from "./address-rules";
import { DomainError } from "./errors";
import { NO_READINESS, type ReadinessFacts } from "./flood-readiness";
import { FEATURE_MESSAGE, monthlyPriceBound, SIDE_TOO_LONG, type STEP_RULES } from "./listing-rules.server";
import { CENTAVOS_PER_PESO } from "./money";
import {
  LISTING_STEPS,
  type ListingStep,
  MAX_SIDE_METERS,
  type PublishingGap,
  publishingGaps,
} from "./space";
import { area, dimensionsToMeters, volume } from "./units";
import { FEATURES_BY_TYPE, isOneOf, priceBasisOf, type RentalUnit, type SpaceType } from "./vocabulary";

export const BARANGAY_NOT_IN_CITY = "Please choose a barangay from the list.";
export const CHOOSE_TYPE_FIRST = "Please choose the kind of space first.";
export const CONTRACT_FIRST = "Please upload your contract first.";
export const DAILY_PRICE_REQUIRED = "Daily price is required.";
export const UNKNOWN_PHOTO = "Unknown photo.";
export const COVER_NOT_A_PHOTO = "Please choose one of your photos as the cover.";

/** A step's fields, after its rules, with the step's name. */
export type StepInput = {
  [S in ListingStep]: { step: S } & z.output<(typeof STEP_RULES)[S]["form"]>;
}[ListingStep];

/** What a listing holds, as its steps fill it in (sizes in meters, money in centavos), its readiness facts included. */
export interface ListingValues extends ReadinessFacts {
  status: "pending" | "active" | "inactive";
  storageType: SpaceType | null;
  kind: string | null;
  spaceTitle: string | null;
  description: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  cityId: number | null;
  barangay: string | null;
  province: string | null;
  latitude: number | null;
  longitude: number | null;
  lengthM: number | null;
  widthM: number | null;
  heightM: number | null;
  areaSqm: number | null;
  volumeCbm: number | null;
  vehicleSize: string | null;
  unitOfRental: RentalUnit | null;
  entireSpace: boolean;
  unitsAvailable: number;
  features: string[];
  accessOption: string | null;
  rentalDurations: string[];
  monthlyPrice: number | null;
  dailyPrice: number | null;
  depositRequired: boolean;
  quickMoveIn: boolean;
  firstMonthDiscount: boolean;
  contractType: "standard" | "uploaded" | null;
  contractUploadId: string | null;
  floorplanUploadId: string | null;
  coverPhotoIndex: number;
  completedSteps: string[];
  publishedAt: Date | null;
}

/** A listing being changed: its values, its photos in order, and the uploads to delete once it is saved. */
export type ListingDraft<V extends ListingValues = ListingValues> = {
  id: string | null;
  values: V;
  photoIds: string[];
  droppedUploadIds: string[];
};

/** The city a location step names, as the database knows it: its id and barangays. */
export type ResolvedCity = { id: number; barangays: string[] };

/** A new draft before its first step (the table's defaults). */
const BLANK: ListingValues = {
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
  ...NO_READINESS,
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

/** A new listing before its first step. */
export function newDraft(): ListingDraft {
  return {
    id: null,
    values: { ...BLANK, features: [], rentalDurations: [], completedSteps: [] },
    photoIds: [],
    droppedUploadIds: [],
  };
}

function fieldError(field: string, message: string): DomainError {
  return new DomainError("invalid", message, field);
}

// ─── Publishing ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** What the draft still needs before it can be published. */
export function gapsOf(draft: Pick<ListingDraft, "values" | "photoIds">): PublishingGap[] {
  return publishingGaps({ ...draft.values, photoCount: draft.photoIds.length });
}

/** Refuses (the first missing requirement, with the list of them all) a draft that cannot be published yet. */
export function assertPublishable(draft: Pick<ListingDraft, "values" | "photoIds">): void {
  const gaps = gapsOf(draft);
  if (gaps.length > 0) throw new DomainError("invalid", (gaps[0] as PublishingGap).message, undefined, gaps);
}

/** Makes the draft active, once it is publishable; publishedAt keeps the first publication. */
export function publish(draft: ListingDraft): void {
  if (draft.values.status === "active") return;
  assertPublishable(draft);
  draft.values.status = "active";
  draft.values.publishedAt ??= new Date();
}

// ─── The steps ──────────────────────────────────────────────────────────────────────────────────────────────────────

const SIZE_STEPS: Record<SpaceType, ListingStep> = {
  storage: "storage-space-size-measurements",
  parking: "vehicle-size-measurements",
};

/** The listing's type, which a step needs; with `wanted`, it must be that type. */
function requireType(draft: ListingDraft, wanted?: SpaceType): SpaceType {
  const type = draft.values.storageType;
  if (!type) throw fieldError("storageType", CHOOSE_TYPE_FIRST);
  if (wanted && type !== wanted) throw fieldError("step", `This step is only for ${wanted} spaces.`);
  return type;
}

function forgetSteps(draft: ListingDraft, steps: readonly ListingStep[]): void {
  draft.values.completedSteps = draft.values.completedSteps.filter(
    (step) => !(steps as readonly string[]).includes(step),
  );
}

function clearPrice(draft: ListingDraft): void {
  Object.assign(draft.values, { monthlyPrice: null, dailyPrice: null });
  forgetSteps(draft, ["set-your-space-price"]);
}

/**
 * A new type (storage ↔ parking) drops what belonged to the old one: its size, the features of its list, the rent
 * mode and the price (a storage price per unit and a parking slot's monthly and daily prices mean different things),
 * and forgets those steps, so the wizard asks them again.
 */
function switchType(draft: ListingDraft, type: SpaceType): void {
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
    // Raised storage is storage's and the flood line parking's: the other type's answer would mislead the badge.
    raisedStorage: false,
    aboveFloodLine: false,
  });
  clearPrice(draft);
  forgetSteps(draft, [SIZE_STEPS[old], "features"]);
}

const toCentavos = (pesos: number) => Math.round(pesos * CENTAVOS_PER_PESO);

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

/**
 * Applies one step's (already checked) fields to the draft, with the checks that need the listing itself, and marks
 * the step saved. The location step needs its city as the database knows it (`city`: its id and barangays, or null
 * when the slug names none). Throws a DomainError naming the field on the first failing check.
 */
export function applyStep<V extends ListingValues>(
  draft: ListingDraft<V>,
  input: StepInput,
  city?: ResolvedCity | null,
): void {
  const values = draft.values;
  switch (input.step) {
    case "location": {
      if (!city) throw fieldError("city", UNKNOWN_CITY);
      const names = city.barangays.map((name) => ({ name }));
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
    case "flood-readiness": {
      const type = requireType(draft);
      Object.assign(values, {
        elevationM: input.elevationM ?? null,
        floodHistory: input.floodHistory ?? null,
        typhoonRatedDoor: input.typhoonRatedDoor,
        backupPower: input.backupPower,
        raisedStorage: type === "storage" && input.raisedStorage,
        aboveFloodLine: type === "parking" && input.aboveFloodLine,
      });
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
        // A daily price is parking's; storage prices a short stay from the monthly price (docs/product.md, Pricing).
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
