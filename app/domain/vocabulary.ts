/**
 * The product's vocabularies (docs/product.md, Units and vocabularies) in one module: every list
 * is an `as const` array in the product's order, with a union type derived from it and an English (en-PH) label for
 * each value, written the way a host in the Philippines would read it.
 *
 * The values are stable codes: they are stored in the database and sent over the API, so never rename or reorder
 * them; change only the labels. The same module validates input in the browser and on the server, so it stays plain
 * TypeScript with no dependencies.
 */

// ---------------------------------------------------------------------------------------------------------------
// The lists
// ---------------------------------------------------------------------------------------------------------------

import { SPACE_TYPE_LABELS, SPACE_TYPES, type SpaceType } from "./space-types";

export { SPACE_TYPE_LABELS, SPACE_TYPES, type SpaceType };

/** Kinds of storage space, in the product's order. */
export const STORAGE_KINDS = [
  "officeSpace",
  "commercialSpace",
  "emptyApartment",
  "spareRoom",
  "attic",
  "basement",
  "garage",
  "livingRoom",
  "shelfSpace",
  "container",
  "warehouseSpace",
  "coldStorage",
] as const;
/** A kind of storage space. */
export type StorageKind = (typeof STORAGE_KINDS)[number];

/** Kinds of parking space, in the product's order. `garage` is also a storage kind. */
export const PARKING_KINDS = [
  "condo",
  "officeParking",
  "emptyLot",
  "garage",
  "mall",
  "hotel",
  "store",
  "commercialParking",
  "carport",
] as const;
/** A kind of parking space. */
export type ParkingKind = (typeof PARKING_KINDS)[number];

/** Any kind of space, storage or parking. */
export type SpaceKind = StorageKind | ParkingKind;

/** The units a space is rented by (a listing's `unitOfRental`): square meters, cubic meters or pallets. */
export const RENTAL_UNITS = ["sqm", "cbm", "pallet"] as const;
/** A listing's `unitOfRental`. */
export type RentalUnit = (typeof RENTAL_UNITS)[number];

/**
 * The price basis of a listing rented as a whole (`rentMode.entireSpace` in the product rules): one unit, quantity 1.
 */
export const ENTIRE_SPACE = "entireSpace";

/**
 * What a listing's price is for: one rental unit, or the entire space. A listing's basis is `entireSpace` when
 * `rentMode.entireSpace` is set, otherwise its `unitOfRental` (see {@link priceBasisOf}).
 */
export const PRICE_BASES = [...RENTAL_UNITS, ENTIRE_SPACE] as const;
/** What a listing's price is for. */
export type PriceBasis = (typeof PRICE_BASES)[number];

/** Length units; a user's `measurementUnit` is one of these and picks how sizes are shown. */
export const LENGTH_UNITS = ["meter", "feet"] as const;
/** A length unit, and a user's `measurementUnit`. */
export type LengthUnit = (typeof LENGTH_UNITS)[number];

/** The length unit used when a user has not chosen one. */
export const DEFAULT_LENGTH_UNIT: LengthUnit = "meter";

/**
 * Rental durations, in the product's order (daily, week, 1 to 6 months, 1 year), as stable string codes. Each one's
 * length is in {@link RENTAL_DURATION_LENGTHS}.
 */
export const RENTAL_DURATIONS = [
  "daily",
  "week",
  "1_month",
  "2_months",
  "3_months",
  "4_months",
  "5_months",
  "6_months",
  "1_year",
] as const;
/** A rental duration code. */
export type RentalDuration = (typeof RENTAL_DURATIONS)[number];

/** How long a rental duration is: a number of calendar days, or a number of calendar months. */
export type DurationLength =
  | { readonly unit: "days"; readonly count: number }
  | { readonly unit: "months"; readonly count: number };

/**
 * The length of each rental duration: daily is 1 day, week 7 days, the month durations their number of calendar
 * months and 1 year 12 months (month arithmetic and the inclusive end date are the booking rules' job).
 */
export const RENTAL_DURATION_LENGTHS: { readonly [D in RentalDuration]: DurationLength } = {
  daily: { unit: "days", count: 1 },
  week: { unit: "days", count: 7 },
  "1_month": { unit: "months", count: 1 },
  "2_months": { unit: "months", count: 2 },
  "3_months": { unit: "months", count: 3 },
  "4_months": { unit: "months", count: 4 },
  "5_months": { unit: "months", count: 5 },
  "6_months": { unit: "months", count: 6 },
  "1_year": { unit: "months", count: 12 },
};

/** When a renter may get into the space, exactly as the product rules write the values (they are stored as-is). */
export const ACCESS_OPTIONS = ["all_time", "24 hours notice", "week", "month"] as const;
/** An access option. */
export type AccessOption = (typeof ACCESS_OPTIONS)[number];

// ---------------------------------------------------------------------------------------------------------------
// Lists the listing steps need that the product rules do not name (ADR 0012)
// ---------------------------------------------------------------------------------------------------------------

/** The largest vehicle a parking slot takes (vehicle-size-measurements), smallest first. */
export const VEHICLE_SIZES = ["motorcycle", "sedan", "suv", "van", "pickup", "truck"] as const;
/** A parking slot's largest vehicle. */
export type VehicleSize = (typeof VEHICLE_SIZES)[number];

/** What a storage space offers (the features step). */
export const STORAGE_FEATURES = [
  "cctv",
  "securityGuard",
  "gated",
  "climateControlled",
  "fireSafety",
  "pestControl",
  "groundFloor",
  "elevator",
  "loadingArea",
  "lighting",
  "shelving",
  "privateEntrance",
] as const;
/** A storage feature. */
export type StorageFeature = (typeof STORAGE_FEATURES)[number];

/** What a parking slot offers (the features step). */
export const PARKING_FEATURES = [
  "cctv",
  "securityGuard",
  "gated",
  "covered",
  "lighting",
  "evCharging",
  "wideSlot",
  "valet",
] as const;
/** A parking feature. */
export type ParkingFeature = (typeof PARKING_FEATURES)[number];

// ---------------------------------------------------------------------------------------------------------------
// Labels
// ---------------------------------------------------------------------------------------------------------------

/** Labels for {@link STORAGE_KINDS}. */
export const STORAGE_KIND_LABELS: { readonly [K in StorageKind]: string } = {
  officeSpace: "Office space",
  commercialSpace: "Commercial space",
  emptyApartment: "Empty apartment",
  spareRoom: "Spare room",
  attic: "Attic",
  basement: "Basement",
  garage: "Garage",
  livingRoom: "Living room",
  shelfSpace: "Shelf space",
  container: "Container",
  warehouseSpace: "Warehouse space",
  coldStorage: "Cold storage",
};

/** Labels for {@link PARKING_KINDS}. */
export const PARKING_KIND_LABELS: { readonly [K in ParkingKind]: string } = {
  condo: "Condo",
  officeParking: "Office parking",
  emptyLot: "Empty lot",
  garage: "Garage",
  mall: "Mall",
  hotel: "Hotel",
  store: "Store",
  commercialParking: "Commercial parking",
  carport: "Carport",
};

/** Labels for {@link RENTAL_UNITS}, read after a price: "₱500.00 per square meter". */
export const RENTAL_UNIT_LABELS: { readonly [K in RentalUnit]: string } = {
  sqm: "per square meter",
  cbm: "per cubic meter",
  pallet: "per pallet",
};

/** Labels for {@link PRICE_BASES}, read after a price: "₱3,000.00 for the entire space". */
export const PRICE_BASIS_LABELS: { readonly [K in PriceBasis]: string } = {
  ...RENTAL_UNIT_LABELS,
  entireSpace: "for the entire space",
};

/** Labels for {@link LENGTH_UNITS}, as a choice in the user's settings. */
export const LENGTH_UNIT_LABELS: { readonly [K in LengthUnit]: string } = {
  meter: "Meters",
  feet: "Feet",
};

/** Labels for {@link RENTAL_DURATIONS}. */
export const RENTAL_DURATION_LABELS: { readonly [K in RentalDuration]: string } = {
  daily: "Daily",
  week: "Weekly",
  "1_month": "1 month",
  "2_months": "2 months",
  "3_months": "3 months",
  "4_months": "4 months",
  "5_months": "5 months",
  "6_months": "6 months",
  "1_year": "1 year",
};

/** Labels for {@link ACCESS_OPTIONS}. */
export const ACCESS_OPTION_LABELS: { readonly [K in AccessOption]: string } = {
  all_time: "Any time",
  "24 hours notice": "With 24 hours' notice",
  week: "Once a week",
  month: "Once a month",
};

/** Labels for {@link VEHICLE_SIZES}. */
export const VEHICLE_SIZE_LABELS: { readonly [K in VehicleSize]: string } = {
  motorcycle: "Motorcycle",
  sedan: "Sedan or hatchback",
  suv: "SUV or AUV",
  van: "Van",
  pickup: "Pickup truck",
  truck: "Truck",
};

/** Labels for {@link STORAGE_FEATURES}. */
export const STORAGE_FEATURE_LABELS: { readonly [K in StorageFeature]: string } = {
  cctv: "CCTV",
  securityGuard: "Security guard",
  gated: "Gated",
  climateControlled: "Climate controlled",
  fireSafety: "Fire extinguisher and smoke alarm",
  pestControl: "Regular pest control",
  groundFloor: "Ground floor",
  elevator: "Elevator access",
  loadingArea: "Loading area",
  lighting: "Well lit",
  shelving: "Shelving",
  privateEntrance: "Private entrance",
};

/** Labels for {@link PARKING_FEATURES}. */
export const PARKING_FEATURE_LABELS: { readonly [K in ParkingFeature]: string } = {
  cctv: "CCTV",
  securityGuard: "Security guard",
  gated: "Gated",
  covered: "Covered",
  lighting: "Well lit",
  evCharging: "EV charging",
  wideSlot: "Wide slot",
  valet: "Valet",
};

// ---------------------------------------------------------------------------------------------------------------
// One registry, generic helpers
// ---------------------------------------------------------------------------------------------------------------

/** Every vocabulary by name, so generic helpers can take the name (some values, like `week`, are in two lists). */
export const VOCABULARIES = {
  spaceType: SPACE_TYPES,
  storageKind: STORAGE_KINDS,
  parkingKind: PARKING_KINDS,
  rentalUnit: RENTAL_UNITS,
  priceBasis: PRICE_BASES,
  lengthUnit: LENGTH_UNITS,
  rentalDuration: RENTAL_DURATIONS,
  accessOption: ACCESS_OPTIONS,
  vehicleSize: VEHICLE_SIZES,
  storageFeature: STORAGE_FEATURES,
  parkingFeature: PARKING_FEATURES,
} as const;
/** The name of a vocabulary in {@link VOCABULARIES}. */
export type VocabularyName = keyof typeof VOCABULARIES;
/** The values of the vocabulary named V. */
export type VocabularyValue<V extends VocabularyName> = (typeof VOCABULARIES)[V][number];

/** Every vocabulary's labels, by vocabulary name. */
export const VOCABULARY_LABELS: {
  readonly [V in VocabularyName]: { readonly [K in VocabularyValue<V>]: string };
} = {
  spaceType: SPACE_TYPE_LABELS,
  storageKind: STORAGE_KIND_LABELS,
  parkingKind: PARKING_KIND_LABELS,
  rentalUnit: RENTAL_UNIT_LABELS,
  priceBasis: PRICE_BASIS_LABELS,
  lengthUnit: LENGTH_UNIT_LABELS,
  rentalDuration: RENTAL_DURATION_LABELS,
  accessOption: ACCESS_OPTION_LABELS,
  vehicleSize: VEHICLE_SIZE_LABELS,
  storageFeature: STORAGE_FEATURE_LABELS,
  parkingFeature: PARKING_FEATURE_LABELS,
};

/** Whether `value` is one of `list`'s values (exact, case-sensitive match). */
export function isOneOf<const T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (list as readonly string[]).includes(value);
}

/** Whether `value` is a value of the named vocabulary. */
export function isValueOf<V extends VocabularyName>(
  vocabulary: V,
  value: unknown,
): value is VocabularyValue<V> {
  return isOneOf<VocabularyValue<V>>(VOCABULARIES[vocabulary], value);
}

/** `value` as a value of the named vocabulary, or `undefined` when it is not one (exact match, no trimming). */
export function parseValue<V extends VocabularyName>(
  vocabulary: V,
  value: unknown,
): VocabularyValue<V> | undefined {
  return isValueOf(vocabulary, value) ? value : undefined;
}

/** The label of a value of the named vocabulary: `labelOf("accessOption", "week")` is "Once a week". */
export function labelOf<V extends VocabularyName>(vocabulary: V, value: VocabularyValue<V>): string {
  const labels: Readonly<Record<string, string>> = VOCABULARY_LABELS[vocabulary];
  return labels[value] ?? value;
}

/** A choice for a select or radio group. */
export type Option<T extends string> = { readonly value: T; readonly label: string };

/** The named vocabulary as choices, in the product's order. */
export function optionsOf<V extends VocabularyName>(vocabulary: V): Option<VocabularyValue<V>>[] {
  const values: readonly VocabularyValue<V>[] = VOCABULARIES[vocabulary];
  return values.map((value) => ({ value, label: labelOf(vocabulary, value) }));
}

// ---------------------------------------------------------------------------------------------------------------
// Type guards
// ---------------------------------------------------------------------------------------------------------------

/** Whether `value` is a space type (storage or parking). */
export const isSpaceType = (value: unknown): value is SpaceType => isOneOf(SPACE_TYPES, value);
/** Whether `value` is a storage kind (`garage` is one). */
export const isStorageKind = (value: unknown): value is StorageKind => isOneOf(STORAGE_KINDS, value);
/** Whether `value` is a parking kind (`garage` is one). */
export const isParkingKind = (value: unknown): value is ParkingKind => isOneOf(PARKING_KINDS, value);
/** Whether `value` is a storage or a parking kind. */
export const isSpaceKind = (value: unknown): value is SpaceKind =>
  isStorageKind(value) || isParkingKind(value);
/** Whether `value` is a rental unit (sqm, cbm or pallet). */
export const isRentalUnit = (value: unknown): value is RentalUnit => isOneOf(RENTAL_UNITS, value);
/** Whether `value` is a price basis (a rental unit or entireSpace). */
export const isPriceBasis = (value: unknown): value is PriceBasis => isOneOf(PRICE_BASES, value);
/** Whether `value` is a length unit, i.e. a valid `measurementUnit`. */
export const isLengthUnit = (value: unknown): value is LengthUnit => isOneOf(LENGTH_UNITS, value);
/** Whether `value` is a rental duration code. */
export const isRentalDuration = (value: unknown): value is RentalDuration => isOneOf(RENTAL_DURATIONS, value);
/** Whether `value` is an access option. */
export const isAccessOption = (value: unknown): value is AccessOption => isOneOf(ACCESS_OPTIONS, value);

// ---------------------------------------------------------------------------------------------------------------
// Kinds by space type
// ---------------------------------------------------------------------------------------------------------------

/** The features offered for each space type. */
export const FEATURES_BY_TYPE = { storage: STORAGE_FEATURES, parking: PARKING_FEATURES } as const;

/** A space type's features as choices, in order. */
export function featureOptionsFor(type: SpaceType): Option<StorageFeature | ParkingFeature>[] {
  return optionsOf(type === "storage" ? "storageFeature" : "parkingFeature");
}

/** The label of a feature of a listing of this type (an unknown code reads as itself). */
export function featureLabel(type: SpaceType, feature: string): string {
  const labels: Readonly<Record<string, string>> =
    type === "storage" ? STORAGE_FEATURE_LABELS : PARKING_FEATURE_LABELS;
  return labels[feature] ?? feature;
}

/** The kinds offered for each space type. */
export const KINDS_BY_TYPE = { storage: STORAGE_KINDS, parking: PARKING_KINDS } as const;

/**
 * The kinds a listing of this space type may have, in the product's order. A kind alone does not tell the type:
 * `garage` is in both lists, so always pair a kind with its listing's type (see {@link isKindFor}).
 */
export function kindsFor<T extends SpaceType>(type: T): (typeof KINDS_BY_TYPE)[T] {
  return KINDS_BY_TYPE[type];
}

/** The space types that offer this kind: `["storage", "parking"]` for `garage`, one type for every other kind. */
export function typesOfKind(kind: SpaceKind): SpaceType[] {
  return SPACE_TYPES.filter((type) => isOneOf(KINDS_BY_TYPE[type], kind));
}

/** Whether `kind` is a valid kind for a listing of space type `type` (both checked; `garage` is valid for both). */
export function isKindFor(type: unknown, kind: unknown): boolean {
  return isSpaceType(type) && isOneOf(KINDS_BY_TYPE[type], kind);
}

/** The label of a kind. `garage` reads "Garage" in both lists, so the type is not needed. */
export function kindLabel(kind: SpaceKind): string {
  return isStorageKind(kind) ? STORAGE_KIND_LABELS[kind] : PARKING_KIND_LABELS[kind];
}

/** A space type's kinds as choices, in the product's order. */
export function kindOptionsFor(type: SpaceType): Option<SpaceKind>[] {
  return optionsOf(type === "storage" ? "storageKind" : "parkingKind");
}

/** What a listing's price is for: `entireSpace` when rented as a whole, otherwise its rental unit. */
export function priceBasisOf(listing: {
  readonly unitOfRental: RentalUnit;
  readonly entireSpace: boolean;
}): PriceBasis {
  return listing.entireSpace ? ENTIRE_SPACE : listing.unitOfRental;
}

/** The length of a rental duration in days or months. */
export function durationLength(duration: RentalDuration): DurationLength {
  return RENTAL_DURATION_LENGTHS[duration];
}

// ---------------------------------------------------------------------------------------------------------------
// Key-press filters (docs/product.md, Key-press filters): app/domain/key-filters.ts, re-exported here
// ---------------------------------------------------------------------------------------------------------------

export {
  CODE_CHAR,
  CODE_TEXT,
  isAllowedChar,
  isAllowedText,
  KEY_FILTER_CHAR,
  KEY_FILTER_TEXT,
  KEY_FILTERS,
  type KeyFilter,
  LABEL_CHAR,
  LABEL_TEXT,
  NAME_CHAR,
  NAME_TEXT,
} from "./key-filters";
