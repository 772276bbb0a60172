import type { CalendarDate } from "./dates";
import { type Bounds, type Coordinates, formatBounds } from "./geo";
import type { AccessOption, RentalDuration, SpaceKind, SpaceType, VehicleSize } from "./vocabulary";

/**
 * The search for spaces (ADR 0013): its query and how it is written in a URL, the sorts, the
 * pages, the "recommended" score and the budget meter's histogram. Plain TypeScript, shared by the API
 * (app/api/space/search.server.ts), the search screen and the seed; the zod schema that reads a query is in
 * search-rules.server.ts.
 *
 * A search is a URL: `/search-space?storageType=storage&city=makati&minPrice=1000&features=cctv&features=gated`.
 * Its parameters are {@link SEARCH_PARAMS}; prices are pesos, the area is square meters (whatever the viewer's
 * unit, so a shared link means the same to everyone), bounds are `south,west,north,east` and near is
 * `latitude,longitude`.
 */

// ---------------------------------------------------------------------------------------------------------------
// The query
// ---------------------------------------------------------------------------------------------------------------

/** Results on one page of a search. */
export const SEARCH_PAGE_SIZE = 20;
/** The last page number a search answers (100,000 listings of one type at 20 a page). */
export const MAX_SEARCH_PAGE = 5000;

/** The orders of the results; every one ends with the listing's id, so pages never overlap or skip. */
export const SEARCH_SORTS = ["recommended", "priceAsc", "priceDesc", "newest", "nearest"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const DEFAULT_SORT: SearchSort = "recommended";

export const SEARCH_SORT_LABELS: { readonly [S in SearchSort]: string } = {
  recommended: "Recommended",
  priceAsc: "Price: low to high",
  priceDesc: "Price: high to low",
  newest: "Newest",
  nearest: "Nearest",
};

/** A search, read and checked (search-rules.server.ts): what the API and the screen work with. */
export type SearchQuery = {
  storageType: SpaceType;
  /** A city's slug (cities.slug). */
  city?: string;
  kind?: SpaceKind;
  /** Storage: the least floor area, in square meters. */
  minArea?: number;
  /** The least number of units (parking slots) for rent. */
  minUnits?: number;
  /** Parking: the slot takes at least this vehicle (VEHICLE_SIZES is smallest first). */
  vehicleSize?: VehicleSize;
  /** The monthly price range, in pesos. */
  minPrice?: number;
  maxPrice?: number;
  rentalDuration?: RentalDuration;
  accessOption?: AccessOption;
  /** Every one of these features (sorted, no repeats). */
  features: string[];
  quickMoveIn: boolean;
  firstMonthDiscount: boolean;
  /** Only Flood-safe listings (app/domain/flood-readiness.ts isFloodSafe). */
  floodSafe: boolean;
  /** Units free from this date. */
  startDate?: CalendarDate;
  /** Only listings in this map rectangle. */
  bounds?: Bounds;
  /** The point the nearest sort measures from (else the bounds' centre, else the city's centre). */
  near?: Coordinates;
  sort: SearchSort;
};

/** Every parameter of a search, in the order a normalized URL writes them. */
export const SEARCH_PARAMS = [
  "storageType",
  "city",
  "kind",
  "minArea",
  "minUnits",
  "vehicleSize",
  "minPrice",
  "maxPrice",
  "rentalDuration",
  "accessOption",
  "features",
  "quickMoveIn",
  "firstMonthDiscount",
  "floodSafe",
  "startDate",
  "bounds",
  "near",
  "sort",
] as const;
export type SearchParam = (typeof SEARCH_PARAMS)[number];

/** What a search's URL carries before it is checked: each parameter once (text) or several times (a list). */
export type RawSearch = Record<string, string | string[]>;

/**
 * A query string as the search rules read it: values trimmed, empty ones dropped (a form's "Any city" sends
 * `city=`), features given as a comma list or repeated. Other names stay, so that the rules can refuse them.
 */
export function readSearchParams(params: URLSearchParams): RawSearch {
  const raw: RawSearch = {};
  for (const name of new Set(params.keys())) {
    let values = params
      .getAll(name)
      .map((value) => value.trim())
      .filter(Boolean);
    if (name === "features") values = values.flatMap((value) => value.split(",").map((part) => part.trim()));
    values = values.filter(Boolean);
    if (values.length === 0) continue;
    raw[name] = values.length === 1 && name !== "features" ? (values[0] as string) : values;
  }
  return raw;
}

/** A number in a URL: at most 6 decimals, no trailing zeros ("12.5", not "12.500000"). */
function formatNumber(value: number): string {
  return String(Number(value.toFixed(6)));
}

/**
 * The query as URL parameters, in {@link SEARCH_PARAMS} order, leaving out what is the default (no filter, the
 * recommended sort). The same search always gives the same string, so it can be compared, saved and shared.
 */
export function searchParamsOf(query: SearchQuery): URLSearchParams {
  const params = new URLSearchParams();
  const put = (name: SearchParam, value: string | number | undefined) => {
    if (value === undefined || value === "") return;
    params.append(name, typeof value === "number" ? formatNumber(value) : value);
  };
  put("storageType", query.storageType);
  put("city", query.city);
  put("kind", query.kind);
  put("minArea", query.minArea);
  put("minUnits", query.minUnits);
  put("vehicleSize", query.vehicleSize);
  put("minPrice", query.minPrice);
  put("maxPrice", query.maxPrice);
  put("rentalDuration", query.rentalDuration);
  put("accessOption", query.accessOption);
  for (const feature of [...new Set(query.features)].sort()) put("features", feature);
  if (query.quickMoveIn) put("quickMoveIn", "true");
  if (query.firstMonthDiscount) put("firstMonthDiscount", "true");
  if (query.floodSafe) put("floodSafe", "true");
  put("startDate", query.startDate);
  put("bounds", query.bounds ? (formatBounds(query.bounds) ?? undefined) : undefined);
  put(
    "near",
    query.near ? `${formatNumber(query.near.latitude)},${formatNumber(query.near.longitude)}` : undefined,
  );
  if (query.sort !== DEFAULT_SORT) put("sort", query.sort);
  return params;
}

/** The search screen's path (the search-space route) for this query and page: `/search-space?…&page=2`. */
export const SEARCH_PATH = "/search-space";

export function searchPath(query: SearchQuery, page = 1): string {
  const params = searchParamsOf(query);
  if (page > 1) params.set("page", String(page));
  return `${SEARCH_PATH}?${params}`;
}

/**
 * What a recent search keeps: the query without its map position (bounds and near change with every pan of the
 * map, which would fill the list with copies of one search) and without a page.
 */
export function recentSearchQuery(query: SearchQuery): SearchQuery {
  const { bounds: _bounds, near: _near, ...rest } = query;
  return rest;
}

/** True when the search filters nothing but the type: not worth keeping as a recent search. */
export function isBlankSearch(query: SearchQuery): boolean {
  const params = searchParamsOf(recentSearchQuery({ ...query, sort: DEFAULT_SORT }));
  return [...params.keys()].every((name) => name === "storageType");
}

// ---------------------------------------------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------------------------------------------

/** How many pages `total` results fill (0 for none). */
export function pageCount(total: number, pageSize = SEARCH_PAGE_SIZE): number {
  return Math.ceil(total / pageSize);
}

/**
 * The page numbers to link to: the first, the last, and `around` pages either side of the current one, with a
 * "gap" where numbers are left out. `pageLinks(6, 20)` is 1 … 4 5 6 7 8 … 20.
 */
export function pageLinks(current: number, pages: number, around = 2): (number | "gap")[] {
  if (pages < 1) return [];
  const shown = new Set<number>([1, pages]);
  for (let page = current - around; page <= current + around; page++)
    if (page >= 1 && page <= pages) shown.add(page);
  const sorted = [...shown].sort((a, b) => a - b);
  const links: (number | "gap")[] = [];
  sorted.forEach((page, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && page - previous === 2) links.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) links.push("gap");
    links.push(page);
  });
  return links;
}

// ---------------------------------------------------------------------------------------------------------------
// Recommended
// ---------------------------------------------------------------------------------------------------------------

/**
 * How complete a listing is, the "recommended" order (highest first): a real description, features, photos, a floor
 * plan, access terms and the two offers — and what renters said: a listing's average stars move it up or down
 * (−20 at one star, 0 at three, +20 at five) and each review up to `maxReviews` adds a little trust. Photos count up to `maxPhotos`, from
 * spaces.photo_count, which a trigger on space_photos keeps exact (drizzle/0005_photo_count.sql): a count per row
 * in the query would make the sort read every listing of a type. The API's SQL and the index it reads
 * (app/api/space/search-queries.server.ts, app/db/schema/spaces.ts) compute the same sum from these weights.
 */
export const RECOMMENDED_WEIGHTS = {
  /** Description of at least `longDescription.chars` characters, or else of `shortDescription.chars`. */
  longDescription: { chars: 150, points: 20 },
  shortDescription: { chars: 40, points: 10 },
  perFeature: 3,
  maxFeatures: 5,
  perPhoto: 8,
  maxPhotos: 5,
  floorplan: 5,
  accessOption: 5,
  quickMoveIn: 5,
  firstMonthDiscount: 5,
  /** Average stars × `perTenthOfStar` (in tenths, truncated) minus `starsBase`: 0 at three stars. */
  reviews: { perTenthOfStar: 1, starsBase: 30, perReview: 2, maxReviews: 5 },
} as const;

export type CompletenessFacts = {
  description: string | null;
  featureCount: number;
  photoCount: number;
  hasFloorplan: boolean;
  hasAccessOption: boolean;
  quickMoveIn: boolean;
  firstMonthDiscount: boolean;
  /** The listing's shown reviews and the sum of their stars (spaces.review_count / review_stars); none when left out. */
  reviewCount?: number;
  reviewStars?: number;
};

/** The points a listing's reviews give (none without reviews): −18 to +30. */
export function reviewPoints(reviewCount: number, reviewStars: number): number {
  if (reviewCount <= 0) return 0;
  const r = RECOMMENDED_WEIGHTS.reviews;
  // Integer division, as PostgreSQL divides integers (stars are positive, so truncation is the floor).
  const tenths = Math.trunc((reviewStars * 10) / reviewCount);
  return tenths * r.perTenthOfStar - r.starsBase + Math.min(reviewCount, r.maxReviews) * r.perReview;
}

/** The recommended score of a listing (−18 to 125). */
export function recommendedScore(facts: CompletenessFacts): number {
  const w = RECOMMENDED_WEIGHTS;
  // Characters as PostgreSQL's char_length counts them: code points.
  const chars = [...(facts.description ?? "")].length;
  const description =
    chars >= w.longDescription.chars
      ? w.longDescription.points
      : chars >= w.shortDescription.chars
        ? w.shortDescription.points
        : 0;
  return (
    description +
    Math.min(facts.featureCount, w.maxFeatures) * w.perFeature +
    Math.min(facts.photoCount, w.maxPhotos) * w.perPhoto +
    (facts.hasFloorplan ? w.floorplan : 0) +
    (facts.hasAccessOption ? w.accessOption : 0) +
    (facts.quickMoveIn ? w.quickMoveIn : 0) +
    (facts.firstMonthDiscount ? w.firstMonthDiscount : 0) +
    reviewPoints(facts.reviewCount ?? 0, facts.reviewStars ?? 0)
  );
}

// The budget meter lives in ./budget-meter (its default range needs the listing rules, which the browser need not
// download with the search page); its types come with the search.
export type { BudgetBucket, BudgetMeter } from "./budget-meter";
