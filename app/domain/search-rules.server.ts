import { z } from "zod/v4";
import { isValidDate } from "./dates";
import { type Bounds, type Coordinates, isLatitude, isLongitude, parseBounds, roundCoordinate } from "./geo";
import {
  DEFAULT_SORT,
  MAX_SEARCH_PAGE,
  readSearchParams,
  SEARCH_PARAMS,
  SEARCH_SORTS,
  type SearchQuery,
} from "./search";
import { MAX_UNITS_AVAILABLE, WHOLE_PRICE_MAX } from "./space";
import {
  ACCESS_OPTIONS,
  FEATURES_BY_TYPE,
  isKindFor,
  isOneOf,
  RENTAL_DURATIONS,
  SPACE_TYPES,
  VEHICLE_SIZES,
} from "./vocabulary";

/**
 * The rules of a search's query parameters (app/domain/search.ts describes them), shared by the API
 * (POST /space/newSpaceSearch/{n}, the budget meters, recentSearch) and the search screen's loader. Every refusal
 * names the parameter and what it takes, so a bad link answers 400 with a message a person can act on. A .server
 * module: zod stays out of the browser bundle.
 */

export const SEARCH_MESSAGES = {
  storageType: "Choose storage or parking (storageType).",
  city: "The city must be a city's code, like makati (city).",
  unknownCity: (slug: string) => `There is no city "${slug}" (city).`,
  kind: "Choose a kind of space from the list for this type of space (kind).",
  minArea: "The minimum area must be a number of square meters, up to 1,000,000 (minArea).",
  minUnits: `The number of units must be a whole number from 1 to ${MAX_UNITS_AVAILABLE.toLocaleString("en-PH")} (minUnits).`,
  vehicleSize: "Choose a vehicle size from the list (vehicleSize).",
  vehicleSizeStorage: "The vehicle size is for parking searches (vehicleSize).",
  minPrice: `The lowest price must be an amount of pesos from 0 to ${WHOLE_PRICE_MAX.toLocaleString("en-PH")}, with at most 2 decimals (minPrice).`,
  maxPrice: `The highest price must be an amount of pesos from 0 to ${WHOLE_PRICE_MAX.toLocaleString("en-PH")}, with at most 2 decimals (maxPrice).`,
  priceOrder: "The lowest price cannot be more than the highest price (minPrice).",
  rentalDuration: "Choose a rental duration from the list (rentalDuration).",
  accessOption: "Choose an access option from the list (accessOption).",
  features: "Choose features from the list for this type of space (features).",
  flag: (name: string) => `${name} must be true or false.`,
  startDate: "The start date must be a date written as YYYY-MM-DD (startDate).",
  bounds: "The map area must be south,west,north,east in degrees (bounds).",
  near: "The point must be latitude,longitude in degrees (near).",
  sort: `Choose a sort from ${SEARCH_SORTS.join(", ")} (sort).`,
  nearestNeedsPoint: "Sorting by distance needs a city, a map area or a point (near=latitude,longitude).",
  page: `The page must be a whole number from 1 to ${MAX_SEARCH_PAGE.toLocaleString("en-PH")}.`,
  unknown: (names: readonly string[]) =>
    `Unknown search parameter${names.length === 1 ? "" : "s"}: ${names.join(", ")}.`,
  query: "The search must be a query string of at most 2,000 characters.",
} as const;

/** A parameter given once, as text (a repeated one is an array and gets `message`). */
const text = (message: string) => z.string({ error: message });

const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

const DECIMAL = /^\d{1,9}(\.\d{1,6})?$/;
const PESOS = /^\d{1,7}(\.\d{1,2})?$/;

const positiveDecimal = (message: string, max: number) =>
  text(message).regex(DECIMAL, message).transform(Number).pipe(z.number().gt(0, message).max(max, message));

const pesos = (message: string) =>
  text(message).regex(PESOS, message).transform(Number).pipe(z.number().max(WHOLE_PRICE_MAX, message));

const flag = (name: string) =>
  choice(["true", "false", "1", "0", "on"], SEARCH_MESSAGES.flag(name))
    .transform((value) => value === "true" || value === "1" || value === "on")
    .default(false);

/** "latitude,longitude" in degrees, rounded to 6 decimals. */
const point = text(SEARCH_MESSAGES.near).transform((value, context): Coordinates => {
  const parts = value.split(",").map((part) => part.trim());
  const [latitude, longitude] = parts.map(Number) as [number, number];
  if (
    parts.length !== 2 ||
    !parts.every((part) => /^-?\d{1,3}(\.\d+)?$/.test(part)) ||
    !isLatitude(latitude) ||
    !isLongitude(longitude)
  ) {
    context.addIssue({ code: "custom", message: SEARCH_MESSAGES.near });
    return z.NEVER;
  }
  return { latitude: roundCoordinate(latitude), longitude: roundCoordinate(longitude) };
});

const bounds = text(SEARCH_MESSAGES.bounds).transform((value, context): Bounds => {
  const parsed = parseBounds(value);
  if (!parsed) {
    context.addIssue({ code: "custom", message: SEARCH_MESSAGES.bounds });
    return z.NEVER;
  }
  return parsed;
});

/** The filters of a search without its type (the budget meters take the type from their path). */
const filterShape = {
  city: text(SEARCH_MESSAGES.city)
    .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, SEARCH_MESSAGES.city)
    .optional(),
  kind: text(SEARCH_MESSAGES.kind).optional(),
  minArea: positiveDecimal(SEARCH_MESSAGES.minArea, 1_000_000).optional(),
  minUnits: text(SEARCH_MESSAGES.minUnits)
    .regex(/^\d{1,6}$/, SEARCH_MESSAGES.minUnits)
    .transform(Number)
    .pipe(z.number().min(1, SEARCH_MESSAGES.minUnits).max(MAX_UNITS_AVAILABLE, SEARCH_MESSAGES.minUnits))
    .optional(),
  vehicleSize: choice(VEHICLE_SIZES, SEARCH_MESSAGES.vehicleSize).optional(),
  rentalDuration: choice(RENTAL_DURATIONS, SEARCH_MESSAGES.rentalDuration).optional(),
  accessOption: choice(ACCESS_OPTIONS, SEARCH_MESSAGES.accessOption).optional(),
  features: z
    .array(z.string(), { error: SEARCH_MESSAGES.features })
    .max(20, SEARCH_MESSAGES.features)
    .transform((list) => [...new Set(list)].sort())
    .default([]),
  quickMoveIn: flag("quickMoveIn"),
  firstMonthDiscount: flag("firstMonthDiscount"),
  floodSafe: flag("floodSafe"),
  startDate: text(SEARCH_MESSAGES.startDate)
    .refine((value) => isValidDate(value), SEARCH_MESSAGES.startDate)
    .optional(),
  bounds: bounds.optional(),
  near: point.optional(),
  sort: choice(SEARCH_SORTS, SEARCH_MESSAGES.sort).default(DEFAULT_SORT),
};

const priceShape = {
  minPrice: pesos(SEARCH_MESSAGES.minPrice).optional(),
  maxPrice: pesos(SEARCH_MESSAGES.maxPrice).optional(),
};

const strict = { error: unknownParameters };

function unknownParameters(issue: { code?: string; keys?: readonly string[] }) {
  return issue.code === "unrecognized_keys" && issue.keys ? SEARCH_MESSAGES.unknown(issue.keys) : undefined;
}

/** The router hands a query over as an object; it is read the way a URL is (empty values dropped, comma lists). */
function asRawSearch(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === "string" || typeof item === "number" || typeof item === "boolean")
        params.append(name, String(item));
      else return input;
    }
  }
  const raw: Record<string, unknown> = readSearchParams(params);
  // features is always a list to the rules (one feature arrives as text).
  if (typeof raw.features === "string") raw.features = [raw.features];
  return raw;
}

type Filters = {
  storageType: SearchQuery["storageType"];
  kind?: string;
  vehicleSize?: string;
  features: string[];
  minPrice?: number;
  maxPrice?: number;
  sort: string;
  near?: unknown;
  bounds?: unknown;
  city?: string;
};

/** The checks that need two parameters: a kind and features of the chosen type, a price range in order. */
function checkTogether(value: Filters, context: z.RefinementCtx) {
  const fail = (path: string, message: string) => context.addIssue({ code: "custom", message, path: [path] });
  if (value.kind !== undefined && !isKindFor(value.storageType, value.kind))
    fail("kind", SEARCH_MESSAGES.kind);
  if (value.vehicleSize !== undefined && value.storageType !== "parking")
    fail("vehicleSize", SEARCH_MESSAGES.vehicleSizeStorage);
  if (!value.features.every((feature) => isOneOf(FEATURES_BY_TYPE[value.storageType], feature)))
    fail("features", SEARCH_MESSAGES.features);
  if (value.minPrice !== undefined && value.maxPrice !== undefined && value.minPrice > value.maxPrice)
    fail("minPrice", SEARCH_MESSAGES.priceOrder);
  if (value.sort === "nearest" && !value.near && !value.bounds && !value.city)
    fail("sort", SEARCH_MESSAGES.nearestNeedsPoint);
}

const storageType = choice(SPACE_TYPES, SEARCH_MESSAGES.storageType);

/**
 * A search's query parameters (POST /space/newSpaceSearch/{n}): the type, the filters and the sort; anything else
 * is refused. Reads an object of texts and lists, as the router and {@link readSearchParams} give them.
 */
export const SearchQuerySchema: z.ZodType<SearchQuery, unknown> = z.preprocess(
  asRawSearch,
  z
    .strictObject({ storageType, ...filterShape, ...priceShape }, strict)
    .superRefine((value, context) => checkTogether(value, context)),
) as z.ZodType<SearchQuery, unknown>;

/** The budget meters' parameters: the search's filters without the type (it is in the path) and the prices. */
export function budgetQuerySchema(type: SearchQuery["storageType"]) {
  return z.preprocess(
    asRawSearch,
    z
      .strictObject(filterShape, strict)
      .transform((value) => ({ ...value, storageType: type }) as SearchQuery)
      .superRefine((value, context) => checkTogether(value, context)),
  ) as z.ZodType<SearchQuery, unknown>;
}

/** The page of POST /space/newSpaceSearch/{n}. */
export const SearchPageSchema = z.object({
  n: text(SEARCH_MESSAGES.page)
    .regex(/^\d{1,6}$/, SEARCH_MESSAGES.page)
    .transform(Number)
    .pipe(z.number().min(1, SEARCH_MESSAGES.page).max(MAX_SEARCH_PAGE, SEARCH_MESSAGES.page)),
});

/** POST /space/recentSearch: the search page's query string (with or without "?"). */
export const RecentSearchBody = z.strictObject({
  query: text(SEARCH_MESSAGES.query).max(2000, SEARCH_MESSAGES.query),
});

export type SearchParseResult =
  | { ok: true; query: SearchQuery }
  | { ok: false; message: string; errors: { field: string; message: string }[] };

/**
 * Reads a search page's query string or URL parameters with the search rules (the screen and recentSearch): its
 * `page` is the screen's, not part of the search, so it is left out. `ignoreUnknown` also leaves out names that are
 * not a search's: a shared link picks up others on the way (fbclid, utm_source), and the page must still open.
 */
export function parseSearchQuery(
  input: URLSearchParams | string,
  options: { ignoreUnknown?: boolean } = {},
): SearchParseResult {
  const params = new URLSearchParams(typeof input === "string" ? input.replace(/^\?/, "") : input);
  for (const name of new Set(params.keys())) {
    if (name === "page" || (options.ignoreUnknown && !isOneOf(SEARCH_PARAMS, name))) params.delete(name);
  }
  const raw = readSearchParams(params);
  const parsed = SearchQuerySchema.safeParse(raw);
  if (parsed.success) return { ok: true, query: parsed.data };
  const errors = parsed.error.issues.map((issue) => ({
    field:
      issue.path.map(String).join(".") || (issue.code === "unrecognized_keys" ? issue.keys.join(",") : ""),
    message: issue.message,
  }));
  return { ok: false, message: errors[0]?.message ?? "The search is not valid.", errors };
}
