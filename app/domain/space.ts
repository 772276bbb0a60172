import type { ReadinessView } from "./flood-readiness";
import type { Centavos } from "./money";
import type {
  AccessOption,
  RentalDuration,
  RentalUnit,
  SpaceKind,
  SpaceType,
  VehicleSize,
} from "./vocabulary";

/**
 * A listed space: its statuses, the list-your-space wizard's steps, what publishing needs (docs/product.md, Listings),
 * the limits of its inputs, and the shape the API answers with (SpaceView). Plain TypeScript, shared by the API,
 * the screens and the seed; the zod schemas of the steps are in listing-rules.server.ts.
 */

// ---------------------------------------------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------------------------------------------

/** pending while incomplete or unpublished; active once published; inactive when the host deactivates it. */
export const LISTING_STATUSES = ["pending", "active", "inactive"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** The product's availableForRent: "Active" means available. */
export type AvailableForRent = "Active" | "Inactive" | "Pending";

export const AVAILABLE_FOR_RENT: { readonly [S in ListingStatus]: AvailableForRent } = {
  pending: "Pending",
  active: "Active",
  inactive: "Inactive",
};

// ---------------------------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------------------------

/**
 * The default price input bounds, 1 and 999 (docs/product.md, Constants), in pesos: a price per unit (sqm, cbm, pallet)
 * or per day.
 */
export const PRICE_INPUT_MIN = 1;
export const PRICE_INPUT_MAX = 999;
/** The monthly price of a whole space or parking slot may go higher (ADR 0012), in pesos. */
export const WHOLE_PRICE_MAX = 999_999;

/** Photos per listing (docs/product.md, Listings): at least one to publish, at most 20. */
export const MIN_SPACE_PHOTOS = 1;
export const MAX_SPACE_PHOTOS = 20;

/** An uploaded contract: a PDF of at most 10 MB. */
export const MAX_CONTRACT_BYTES = 10 * 1024 * 1024;

/** A side of a storage space, in meters: more than 0, at most 1 km. */
export const MAX_SIDE_METERS = 1000;
/** Units (or parking slots) for rent in one listing. */
export const MAX_UNITS_AVAILABLE = 10_000;

export const MAX_TITLE_LENGTH = 80;
export const MIN_TITLE_LENGTH = 5;
export const MAX_DESCRIPTION_LENGTH = 2000;

// ---------------------------------------------------------------------------------------------------------------
// The wizard's steps
// ---------------------------------------------------------------------------------------------------------------

/**
 * The list-your-space steps that have a form, in order (docs/product.md, Screens and routes). confirmed and
 * contract-template follow.
 */
export const LISTING_STEPS = [
  "location",
  "pin-location-on-map",
  "kind-of-space-are-you-listing",
  "storage-space-size-measurements",
  "vehicle-size-measurements",
  "features",
  "flood-readiness",
  "add-more-details",
  "describe-your-space",
  "list-your-space-frequency",
  "set-your-space-price",
  "deposit",
  "contract-facility",
  "discount",
  "preview",
] as const;
export type ListingStep = (typeof LISTING_STEPS)[number];

/** Each step's heading, also its name in the progress indicator. */
export const STEP_TITLES: { readonly [S in ListingStep]: string } = {
  location: "Where is your space?",
  "pin-location-on-map": "Pin it on the map",
  "kind-of-space-are-you-listing": "What kind of space is it?",
  "storage-space-size-measurements": "How big is it?",
  "vehicle-size-measurements": "What vehicle fits?",
  features: "Features and access",
  "flood-readiness": "Typhoon and flood readiness",
  "add-more-details": "Photos and floor plan",
  "describe-your-space": "Describe your space",
  "list-your-space-frequency": "How long can renters book?",
  "set-your-space-price": "Set your price",
  deposit: "Deposit",
  "contract-facility": "Contract",
  discount: "Discounts",
  preview: "Preview and publish",
};

export function isListingStep(value: unknown): value is ListingStep {
  return typeof value === "string" && (LISTING_STEPS as readonly string[]).includes(value);
}

/**
 * The steps a listing of this type goes through: storage gets the storage size step, parking the vehicle size step.
 * Before the type is chosen, both size steps are left out (the kind step comes first).
 */
export function stepsFor(type: SpaceType | null | undefined): ListingStep[] {
  return LISTING_STEPS.filter((step) => {
    if (step === "storage-space-size-measurements") return type === "storage";
    if (step === "vehicle-size-measurements") return type === "parking";
    return true;
  });
}

/**
 * The steps as the wizard's progress shows them ("Step 3 of 13" and the list of steps). Every listing goes through
 * one of the two size steps, so before its type is chosen `"size"` holds that place: the count stays the same once
 * the type is known.
 */
export type ProgressStep = ListingStep | "size";

export function progressSteps(type: SpaceType | null | undefined): ProgressStep[] {
  if (type) return stepsFor(type);
  return LISTING_STEPS.flatMap((step): ProgressStep[] => {
    if (step === "storage-space-size-measurements") return ["size"];
    if (step === "vehicle-size-measurements") return [];
    return [step];
  });
}

/** A step's name in the progress list; the size step before the type is chosen has the storage step's. */
export function progressStepTitle(step: ProgressStep): string {
  return STEP_TITLES[step === "size" ? "storage-space-size-measurements" : step];
}

/** The step after `step` for this type (null after preview). */
export function nextStep(step: ListingStep, type: SpaceType | null | undefined): ListingStep | null {
  const steps = stepsFor(type);
  const index = steps.indexOf(step);
  return index === -1 ? null : (steps[index + 1] ?? null);
}

/** The step before `step` for this type (null before location). */
export function previousStep(step: ListingStep, type: SpaceType | null | undefined): ListingStep | null {
  const steps = stepsFor(type);
  const index = steps.indexOf(step);
  return index <= 0 ? null : (steps[index - 1] ?? null);
}

/** Steps a host may leave unsaved: a draft does not resume at them (flood-readiness, docs/product.md). */
export const OPTIONAL_STEPS: readonly ListingStep[] = ["flood-readiness"];

/** Where a draft resumes: the first step of its type not yet saved (optional ones aside), else preview. */
export function resumeStep(type: SpaceType | null | undefined, completed: readonly string[]): ListingStep {
  return (
    stepsFor(type).find(
      (step) => step !== "preview" && !OPTIONAL_STEPS.includes(step) && !completed.includes(step),
    ) ?? "preview"
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Publishing
// ---------------------------------------------------------------------------------------------------------------

/** What publishing looks at (a subset of a listing). */
export type PublishableListing = {
  spaceTitle: string | null;
  addressLine1: string | null;
  cityId: number | null;
  latitude: number | null;
  longitude: number | null;
  storageType: SpaceType | null;
  kind: string | null;
  areaSqm: number | null;
  vehicleSize: string | null;
  photoCount: number;
  rentalDurations: readonly string[];
  monthlyPrice: Centavos | null;
  dailyPrice: Centavos | null;
};

/** A requirement publishing found missing: what to say, and the step that fixes it. */
export type PublishingGap = { step: ListingStep; message: string };

export const PUBLISHING_MESSAGES = {
  title: "Add a title for your space.",
  address: "Add the address of your space.",
  pin: "Pin the location of your space on the map.",
  kind: "Choose the kind of space.",
  size: "Add the size of your space.",
  vehicle: "Choose the largest vehicle that fits.",
  photo: "Add at least one photo.",
  frequency: "Choose how long renters can book.",
  price: "Set the price.",
} as const;

/**
 * What a listing still needs before it can be published (docs/product.md, Listings: title, address with a pinned
 * location, kind, size, at least one photo, rental frequency and price), in the order of the steps. Empty means
 * publishable.
 */
export function publishingGaps(listing: PublishableListing): PublishingGap[] {
  const gaps: PublishingGap[] = [];
  const type = listing.storageType;
  if (!listing.addressLine1?.trim() || listing.cityId === null)
    gaps.push({ step: "location", message: PUBLISHING_MESSAGES.address });
  if (listing.latitude === null || listing.longitude === null)
    gaps.push({ step: "pin-location-on-map", message: PUBLISHING_MESSAGES.pin });
  if (!type || !listing.kind)
    gaps.push({ step: "kind-of-space-are-you-listing", message: PUBLISHING_MESSAGES.kind });
  if (type === "storage" && !(listing.areaSqm && listing.areaSqm > 0))
    gaps.push({ step: "storage-space-size-measurements", message: PUBLISHING_MESSAGES.size });
  if (type === "parking" && !listing.vehicleSize)
    gaps.push({ step: "vehicle-size-measurements", message: PUBLISHING_MESSAGES.vehicle });
  if (listing.photoCount < MIN_SPACE_PHOTOS)
    gaps.push({ step: "add-more-details", message: PUBLISHING_MESSAGES.photo });
  if (!listing.spaceTitle?.trim())
    gaps.push({ step: "describe-your-space", message: PUBLISHING_MESSAGES.title });
  if (listing.rentalDurations.length === 0)
    gaps.push({ step: "list-your-space-frequency", message: PUBLISHING_MESSAGES.frequency });
  const priced = listing.monthlyPrice !== null && (type !== "parking" || listing.dailyPrice !== null);
  if (!priced) gaps.push({ step: "set-your-space-price", message: PUBLISHING_MESSAGES.price });
  return gaps;
}

// ---------------------------------------------------------------------------------------------------------------
// Links
// ---------------------------------------------------------------------------------------------------------------

/** A readable slug of a title: lower case ASCII words joined by hyphens ("Garage in Makati" → "garage-in-makati"). */
export function slugify(text: string | null | undefined): string {
  return (text ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
}

// ---------------------------------------------------------------------------------------------------------------
// What the API answers
// ---------------------------------------------------------------------------------------------------------------

/** A stored image (the same shape as app/core/uploads.server.ts UploadView). */
export type ImageView = {
  uploadId: string;
  url: string;
  width: number | null;
  height: number | null;
  variants: { width: number; url: string }[];
};

/**
 * A listing as its host sees it (spaceBriefHostView, addMySpace, editSpace, pending/active/inactiveListing): every
 * field of a listing (docs/product.md, Listings) plus what the steps collect. Sizes in meters, money in centavos.
 * Renters get a projection of it without the street address and the exact pin (viewSpaceBrief).
 */
export type SpaceView = {
  _id: string;
  hostId: string;
  status: ListingStatus;
  availableForRent: AvailableForRent;
  storageType: SpaceType | null;
  kind: SpaceKind | null;
  spaceTitle: string | null;
  description: string | null;
  address: {
    addressLine1: string | null;
    addressLine2: string | null;
    /** The city's name; citySlug is its stable code. */
    city: string | null;
    citySlug: string | null;
    barangay: string | null;
    province: string | null;
  };
  latitude: number | null;
  longitude: number | null;
  /** Storage size in meters, with area (sq m) and volume (cu m); null until the size step. */
  size: { length: number; width: number; height: number; area: number; volume: number } | null;
  vehicleSize: VehicleSize | null;
  unitOfRental: RentalUnit | null;
  rentMode: { entireSpace: boolean };
  unitsAvailable: number;
  features: string[];
  accessOption: AccessOption | null;
  /** Readiness for typhoon season (the flood-readiness step) and whether it makes the listing Flood-safe. */
  readiness: ReadinessView;
  rentalDurations: RentalDuration[];
  /** P: the monthly price of one unit, or of the entire space / slot. */
  listingPrice: Centavos | null;
  /** The monthly price per square meter: P when rented by the sqm, else P over the area (storage), else null. */
  pricePerSquareMeter: Centavos | null;
  /** The monthly price of one unit or the whole space (= listingPrice), or of a parking slot for a full month. */
  perMonthPrice: Centavos | null;
  /** Parking: the price of one day. */
  dailyPrice: Centavos | null;
  depositRequired: boolean;
  quickMoveIn: boolean;
  firstMonthDiscount: boolean;
  contract: { type: "standard" | "uploaded" | null; url: string | null };
  floorplan: ImageView | null;
  spacePhotos: ImageView[];
  coverPhotoIndex: number;
  completedSteps: ListingStep[];
  /** Where the wizard resumes. */
  resumeStep: ListingStep;
  /** What publishing still needs (empty when publishable). */
  publishingGaps: PublishingGap[];
  viewCount: number;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
};

/** The cover photo of a listing, or null when it has none. */
export function coverPhoto(space: Pick<SpaceView, "spacePhotos" | "coverPhotoIndex">): ImageView | null {
  return space.spacePhotos[space.coverPhotoIndex] ?? space.spacePhotos[0] ?? null;
}

/**
 * A listing as a card in search results, city pages and the saved-spaces page: public fields only (no street
 * address, an approximate point instead of the pin).
 */
export type SpaceCardView = {
  _id: string;
  path: string;
  storageType: SpaceType;
  kind: SpaceKind | null;
  spaceTitle: string;
  city: string | null;
  citySlug: string | null;
  barangay: string | null;
  /** An approximate point (within a few hundred meters), never the host's pin. */
  approximateLocation: { latitude: number; longitude: number } | null;
  coverPhoto: ImageView | null;
  photoCount: number;
  size: { area: number; volume: number } | null;
  vehicleSize: VehicleSize | null;
  unitOfRental: RentalUnit | null;
  rentMode: { entireSpace: boolean };
  unitsAvailable: number;
  listingPrice: Centavos | null;
  pricePerSquareMeter: Centavos | null;
  perMonthPrice: Centavos | null;
  dailyPrice: Centavos | null;
  quickMoveIn: boolean;
  firstMonthDiscount: boolean;
  /** Readiness for typhoon season: the badge and the facts behind it. */
  readiness: ReadinessView;
  availableForRent: AvailableForRent;
  /** Whether the current user saved it (false for visitors). */
  favouriteSpace: boolean;
  /** The average of the listing's shown reviews (one decimal), null before its first. */
  rating: number | null;
  totalNumberofReviews: number;
  publishedAt: string | null;
  /** Who hosts it, as the card shows them: the name they go by, their photo, and whether Space Solution verified them. */
  host: { name: string; profilePic: string | null; adminVerified: boolean };
};

/**
 * What the listing's details show (the public listing page and the wizard's preview use the same component, so the
 * preview is exactly what renters see): the host view and the renters' view both have these fields.
 */
export type ListingDetailsData = Pick<
  SpaceView,
  | "_id"
  | "storageType"
  | "kind"
  | "spaceTitle"
  | "description"
  | "size"
  | "vehicleSize"
  | "unitOfRental"
  | "rentMode"
  | "unitsAvailable"
  | "features"
  | "accessOption"
  | "readiness"
  | "rentalDurations"
  | "listingPrice"
  | "pricePerSquareMeter"
  | "perMonthPrice"
  | "dailyPrice"
  | "depositRequired"
  | "quickMoveIn"
  | "firstMonthDiscount"
  | "spacePhotos"
  | "coverPhotoIndex"
  | "floorplan"
> & {
  address: Pick<SpaceView["address"], "city" | "citySlug" | "barangay" | "province">;
  contract: { type: SpaceView["contract"]["type"] };
};
