import { z } from "zod/v4";
import { AddressSchema } from "./address-rules";
import { FLOOD_HISTORIES, MAX_ELEVATION_M } from "./flood-readiness";
import { isInPhilippines } from "./geo";
import {
  type ListingStep,
  MAX_DESCRIPTION_LENGTH,
  MAX_SIDE_METERS,
  MAX_SPACE_PHOTOS,
  MAX_TITLE_LENGTH,
  MAX_UNITS_AVAILABLE,
  MIN_TITLE_LENGTH,
  PRICE_INPUT_MAX,
  PRICE_INPUT_MIN,
  WHOLE_PRICE_MAX,
} from "./space";
import {
  ACCESS_OPTIONS,
  isAllowedText,
  isKindFor,
  LENGTH_UNITS,
  PARKING_FEATURES,
  RENTAL_DURATIONS,
  RENTAL_UNITS,
  SPACE_TYPES,
  STORAGE_FEATURES,
  VEHICLE_SIZES,
} from "./vocabulary";

/**
 * The rules of each list-your-space step (ADR 0012), shared by the API (POST /space/addMySpace and /space/editSpace
 * check the body with them) and the steps' actions (parseWithZod on the form). The same schema reads a JSON body and
 * a form: conform turns form strings into numbers, booleans ("on") and arrays before zod sees them, and an empty
 * input into undefined, which is where the "is required" messages come from.
 *
 * Prices are entered in pesos (up to 2 decimals) and stored in centavos by the API. Sizes are entered in the host's
 * length unit (`lengthUnit`) and stored in meters. A .server module: zod stays out of the browser bundle.
 */

function requiredNumber(label: string) {
  return z.number({
    error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be a number.`),
  });
}

function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

/** A price in pesos with at most 2 decimals, between `min` and `max`. */
function pesos(label: string, min: number, max: number) {
  return requiredNumber(label)
    .min(min, `${label} must be at least ₱${min.toLocaleString("en-PH")}.`)
    .max(max, `${label} must be at most ₱${max.toLocaleString("en-PH")}.`)
    .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), {
      message: `${label} can have at most 2 decimals.`,
    });
}

/** A side of a storage space in the host's unit (more than 0; the API checks the meter limit after conversion). */
function side(label: string) {
  return requiredNumber(label).gt(0, `${label} must be more than 0.`);
}

const unitsAvailable = requiredNumber("Units for rent")
  .int("Units for rent must be a whole number.")
  .min(1, "Units for rent must be at least 1.")
  .max(MAX_UNITS_AVAILABLE, `Units for rent must be at most ${MAX_UNITS_AVAILABLE.toLocaleString("en-PH")}.`);

const flag = z.boolean({ error: "Please answer yes or no." }).default(false);

// ---------------------------------------------------------------------------------------------------------------
// One declaration per step
// ---------------------------------------------------------------------------------------------------------------

const spaceId = z.uuid({ error: "Unknown space." });

/**
 * A step's rules, as the form schema of its screen (`form`) and as the body of POST /space/addMySpace (`body`: the
 * step's name, the draft's id — optional for the first step, which may start a draft — and the same fields, with
 * anything else refused). A cross-field check applies to both.
 */
function step<const S extends ListingStep, Shape extends z.ZodRawShape>(
  name: S,
  shape: Shape,
  check?: (value: z.output<z.ZodObject<Shape>>, context: z.RefinementCtx) => void,
) {
  const form = z.object(shape);
  const body = z.strictObject({
    step: z.literal(name),
    spaceId: name === "location" ? spaceId.optional() : spaceId,
    ...shape,
  });
  // The body has the form's fields and two more, so the form's check reads it as it is.
  const bodyCheck = check as ((value: z.output<typeof body>, context: z.RefinementCtx) => void) | undefined;
  return {
    form: check ? form.superRefine(check) : form,
    body: bodyCheck ? body.superRefine(bodyCheck) : body,
  };
}

/** Reports `message` on `path` (one issue, so the first failing rule is the toast). */
function fail(context: z.RefinementCtx, path: string, message: string) {
  context.addIssue({ code: "custom", message, path: [path] });
}

/** location: the address. The city is a slug of /user/cityList (the API checks it). */
export const LocationStep = step("location", {
  addressLine1: AddressSchema.shape.addressLine1,
  addressLine2: AddressSchema.shape.addressLine2,
  city: AddressSchema.shape.city,
  barangay: AddressSchema.shape.barangay,
  province: AddressSchema.shape.province,
});

export const OUTSIDE_PHILIPPINES = "The pin must be in the Philippines.";

/** pin-location-on-map: the pin, in the Philippines. */
export const PinStep = step(
  "pin-location-on-map",
  { latitude: requiredNumber("Latitude"), longitude: requiredNumber("Longitude") },
  (pin, context) => {
    if (!isInPhilippines(pin.latitude, pin.longitude)) fail(context, "latitude", OUTSIDE_PHILIPPINES);
  },
);

export const KIND_MESSAGE = "Please choose the kind of space.";

/** kind-of-space-are-you-listing: storage or parking, and a kind of that type. */
export const KindStep = step(
  "kind-of-space-are-you-listing",
  {
    storageType: choice(SPACE_TYPES, "Please choose storage or parking."),
    kind: z.string({ error: KIND_MESSAGE }).min(1, KIND_MESSAGE),
  },
  (value, context) => {
    if (!isKindFor(value.storageType, value.kind)) fail(context, "kind", KIND_MESSAGE);
  },
);

/** The longest side a storage space may have, in meters (the API checks it after converting the host's unit). */
export const SIDE_TOO_LONG = `A side can be at most ${MAX_SIDE_METERS.toLocaleString("en-PH")} meters.`;

/** storage-space-size-measurements: length × width × height in the host's unit, and how it is rented. */
export const StorageSizeStep = step(
  "storage-space-size-measurements",
  {
    lengthUnit: choice(LENGTH_UNITS, "Please choose meters or feet."),
    length: side("Length"),
    width: side("Width"),
    height: side("Height"),
    entireSpace: flag,
    unitOfRental: choice(RENTAL_UNITS, "Please choose the unit you rent by."),
    unitsAvailable: unitsAvailable.optional(),
  },
  (value, context) => {
    if (!value.entireSpace && value.unitsAvailable === undefined)
      fail(context, "unitsAvailable", "Units for rent is required.");
  },
);

/** vehicle-size-measurements: the largest vehicle that fits, and how many slots. */
export const VehicleSizeStep = step("vehicle-size-measurements", {
  vehicleSize: choice(VEHICLE_SIZES, "Please choose the largest vehicle that fits."),
  unitsAvailable: requiredNumber("Parking slots")
    .int("Parking slots must be a whole number.")
    .min(1, "Parking slots must be at least 1.")
    .max(
      MAX_UNITS_AVAILABLE,
      `Parking slots must be at most ${MAX_UNITS_AVAILABLE.toLocaleString("en-PH")}.`,
    ),
});

export const FEATURE_MESSAGE = "Please choose features from the list.";
const ALL_FEATURES = [...new Set<string>([...STORAGE_FEATURES, ...PARKING_FEATURES])] as [
  string,
  ...string[],
];

/** features: what the space offers (of its type's list: the API checks the type) and when renters can get in. */
export const FeaturesStep = step("features", {
  features: z
    .array(choice(ALL_FEATURES, FEATURE_MESSAGE), { error: FEATURE_MESSAGE })
    .max(ALL_FEATURES.length, FEATURE_MESSAGE)
    .default([]),
  accessOption: choice(ACCESS_OPTIONS, "Please choose when renters can get in."),
});

export const ELEVATION_MESSAGE = `Height above the street must be between 0 and ${MAX_ELEVATION_M} meters.`;

/**
 * flood-readiness (optional: every field may stay empty): the floor or elevation above the street, the spot's flood
 * history and what keeps goods or cars dry in a storm (app/domain/flood-readiness.ts). Raised storage is storage's,
 * above the flood line parking's: the API keeps only the listing type's.
 */
export const ReadinessStep = step("flood-readiness", {
  elevationM: requiredNumber("Height above the street")
    .min(0, ELEVATION_MESSAGE)
    .max(MAX_ELEVATION_M, ELEVATION_MESSAGE)
    .optional(),
  floodHistory: choice(FLOOD_HISTORIES, "Please choose how often the spot flooded.").optional(),
  typhoonRatedDoor: flag,
  raisedStorage: flag,
  backupPower: flag,
  aboveFloodLine: flag,
});

export const COVER_MESSAGE = "Please choose one of your photos as the cover.";

/**
 * add-more-details: the photos' order (every photo of the space, each once: the API checks) and the cover.
 * Uploads go through POST /space/imageUploadSpaces and /space/imageUploadFloorplan; a photo left out of
 * `photoOrder` is deleted.
 */
export const PhotosStep = step(
  "add-more-details",
  {
    photoOrder: z
      .array(z.uuid({ error: "Unknown photo." }), { error: "Unknown photo." })
      .max(MAX_SPACE_PHOTOS, `You can add at most ${MAX_SPACE_PHOTOS} photos.`)
      .optional(),
    coverPhotoIndex: requiredNumber("Cover photo").int(COVER_MESSAGE).min(0, COVER_MESSAGE).default(0),
  },
  (value, context) => {
    if (value.photoOrder && new Set(value.photoOrder).size !== value.photoOrder.length)
      fail(context, "photoOrder", "Each photo can appear once.");
  },
);

const TITLE_REQUIRED = "Title is required.";

/** describe-your-space: the title (letters, digits, spaces, hyphens, underscores) and the description. */
export const DescribeStep = step("describe-your-space", {
  spaceTitle: z
    .string({ error: TITLE_REQUIRED })
    .trim()
    .min(1, TITLE_REQUIRED)
    .min(MIN_TITLE_LENGTH, `Title must be at least ${MIN_TITLE_LENGTH} characters.`)
    .max(MAX_TITLE_LENGTH, `Title must be at most ${MAX_TITLE_LENGTH} characters.`)
    .refine((title) => isAllowedText("label", title), {
      message: "Title can have only letters, numbers, spaces, hyphens and underscores.",
    }),
  description: z
    .string({ error: "Description must be text." })
    .trim()
    .max(MAX_DESCRIPTION_LENGTH, `Description must be at most ${MAX_DESCRIPTION_LENGTH} characters.`)
    .default(""),
});

const DURATION_MESSAGE = "Please choose at least one rental duration.";

/** list-your-space-frequency: the rental durations offered. */
export const FrequencyStep = step("list-your-space-frequency", {
  rentalDurations: z
    .array(choice(RENTAL_DURATIONS, DURATION_MESSAGE), { error: DURATION_MESSAGE })
    .min(1, DURATION_MESSAGE),
});

/**
 * set-your-space-price: the monthly price (of one unit: ₱1–₱999, docs/product.md, Constants; of an entire space or
 * parking slot: up to ₱999,999 — the API applies the bound of the listing's rent mode, see `monthlyPriceBound`) and,
 * for parking, the price of a day (₱1–₱999). The API requires the daily price for parking.
 */
export const PriceStep = step("set-your-space-price", {
  monthlyPrice: pesos("Monthly price", PRICE_INPUT_MIN, WHOLE_PRICE_MAX),
  dailyPrice: pesos("Daily price", PRICE_INPUT_MIN, PRICE_INPUT_MAX).optional(),
});

/**
 * The most a monthly price may be: a price per unit is bounded by 999 (docs/product.md, Listings), a whole space by
 * 999,999.
 */
export function monthlyPriceBound(listing: { storageType: string | null; entireSpace: boolean }): number {
  return listing.storageType === "storage" && !listing.entireSpace ? PRICE_INPUT_MAX : WHOLE_PRICE_MAX;
}

/** deposit: whether a deposit of one month is asked. */
export const DepositStep = step("deposit", { depositRequired: flag });

/** contract-facility: the standard contract, or the host's PDF (uploaded with POST /space/uploadContract first). */
export const ContractStep = step("contract-facility", {
  contractType: choice(["standard", "uploaded"], "Please choose a contract."),
});

/** discount: the first-month discount (half a month at 6 months or more) and quick move-in. */
export const DiscountStep = step("discount", { firstMonthDiscount: flag, quickMoveIn: flag });

/** preview: publish (the API then checks the publishing requirements). */
export const PublishStep = step("preview", {
  publish: z.literal(true, { error: "Please confirm to publish." }),
});

/** Every step's rules, by step. */
export const STEP_RULES = {
  location: LocationStep,
  "pin-location-on-map": PinStep,
  "kind-of-space-are-you-listing": KindStep,
  "storage-space-size-measurements": StorageSizeStep,
  "vehicle-size-measurements": VehicleSizeStep,
  features: FeaturesStep,
  "flood-readiness": ReadinessStep,
  "add-more-details": PhotosStep,
  "describe-your-space": DescribeStep,
  "list-your-space-frequency": FrequencyStep,
  "set-your-space-price": PriceStep,
  deposit: DepositStep,
  "contract-facility": ContractStep,
  discount: DiscountStep,
  preview: PublishStep,
} as const satisfies { [S in ListingStep]: unknown };

/** POST /space/addMySpace: one step of a draft, by its name. */
export const AddMySpaceSchema = z.discriminatedUnion(
  "step",
  [
    LocationStep.body,
    PinStep.body,
    KindStep.body,
    StorageSizeStep.body,
    VehicleSizeStep.body,
    FeaturesStep.body,
    ReadinessStep.body,
    PhotosStep.body,
    DescribeStep.body,
    FrequencyStep.body,
    PriceStep.body,
    DepositStep.body,
    ContractStep.body,
    DiscountStep.body,
    PublishStep.body,
  ],
  { error: "Unknown listing step." },
);
export type AddMySpaceBody = z.output<typeof AddMySpaceSchema>;
