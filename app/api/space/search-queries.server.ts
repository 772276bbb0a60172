import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lte,
  max,
  min,
  notInArray,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { perDatabase } from "~/db/per-database.server";
import { bookings, favouriteSpaces, recentSearches, spaces } from "~/db/schema";
import { budgetBuckets, budgetLayout, DEFAULT_BUDGET } from "~/domain/budget-meter";
import type { CalendarDate } from "~/domain/dates";
import type { Bounds, Coordinates } from "~/domain/geo";
import { CENTAVOS_PER_PESO } from "~/domain/money";
import { HOLDING_STATES } from "~/domain/overbooking";
import {
  type BudgetMeter,
  pageCount,
  RECOMMENDED_WEIGHTS,
  recentSearchQuery,
  SEARCH_PAGE_SIZE,
  SEARCH_PATH,
  type SearchQuery,
  searchParamsOf,
} from "~/domain/search";
import { SEARCH_MESSAGES } from "~/domain/search-rules.server";
import type { SpaceCardView } from "~/domain/space";
import { VEHICLE_SIZES } from "~/domain/vocabulary";
import { ApiError } from "../envelope";
import { notWithdrawn } from "./listed.server";
import { type CityRef, findCities, SPACE_CARD_COLUMNS, toSpaceCards } from "./space-views.server";

/**
 * The queries behind finding spaces (the /space calls, ADR 0013; search.server.ts has the calls): the filters, the
 * orders, a page of results, the budget meter and the recent searches. Every value reaches SQL as a parameter of a
 * drizzle query; the indexes that keep each search an index scan at 100,000 listings are on the `spaces` table
 * (app/db/schema/spaces.ts,
 * docs/search-performance.md).
 */

/** One page of results (POST /space/newSpaceSearch/{n}). */
export type SearchResult = {
  total: number;
  page: number;
  pageSize: number;
  pages: number;
  results: SpaceCardView[];
};

/** A saved search (GET and POST /space/recentSearch), newest first. */
export type RecentSearchView = {
  /** The normalized query string, without "?". */
  query: string;
  /** The search page for it. */
  path: string;
  createdAt: string;
};

/** The most recent searches kept per user. */
export const RECENT_SEARCHES_KEPT = 10;

// ---------------------------------------------------------------------------------------------------------------
// The filters
// ---------------------------------------------------------------------------------------------------------------

/** A number written into SQL as a literal: only for the code's own constants, never for input. */
const constant = (value: number) => sql.raw(String(Math.trunc(value)));

/** The listing's point, as the GiST index on it is declared (x = longitude, y = latitude). */
const location = sql`point(${spaces.longitude}, ${spaces.latitude})`;

/**
 * Listings with a unit (or slot, or the whole space) free on `startDate`: their capacity is more than what their
 * holding bookings take that day, a parking booking only on its chosen weekdays (app/domain/overbooking.ts).
 */
export function availableFrom(startDate: CalendarDate | Placeholder): SQL | undefined {
  const capacity = sql`(case when ${spaces.storageType} = 'parking' or not ${spaces.entireSpace} then ${spaces.unitsAvailable} else 1 end)`;
  const holding = sql.join(
    HOLDING_STATES.map((state) => sql`${state}`),
    sql`, `,
  );
  return sql`${capacity} > coalesce((select sum(${bookings.quantity}) from ${bookings} where ${bookings.spaceId} = ${spaces.id} and ${bookings.state} in (${holding}) and ${bookings.startDate} <= ${startDate}::date and ${bookings.endDate} >= ${startDate}::date and (${bookings.weekdays} is null or extract(dow from ${startDate}::date)::smallint = any(${bookings.weekdays}))), 0)`;
}

type Where = { where: SQL; point: Coordinates | null };

/**
 * How a search's values reach its SQL: as they are (a statement built for this one search), or, through `placeholders`,
 * as named placeholders of a statement that serves every search of the same shape.
 */
type Bind = <T>(name: string, value: T) => T | Placeholder;
const asValues: Bind = (_name, value) => value;

/** A Bind that puts placeholders in the SQL and collects the values they stand for; `names` says the SQL's shape. */
function placeholders() {
  const values: Record<string, unknown> = {};
  const bind: Bind = (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  };
  return { bind, values, names: () => Object.keys(values).join(",") };
}

/**
 * The WHERE of a search (always active listings of the type) and the point the nearest sort measures from. An
 * unknown city is a 400. Prices are pesos in the query, centavos in the table.
 */
async function searchWhere(db: Database, query: SearchQuery, bind: Bind = asValues): Promise<Where> {
  let city: CityRef | undefined;
  if (query.city) {
    city = (await findCities(db, [query.city])).get(query.city);
    if (!city) {
      const message = SEARCH_MESSAGES.unknownCity(query.city);
      throw new ApiError(400, message, [{ field: "city", message }]);
    }
  }
  const centavos = (pesos: number) => Math.round(pesos * CENTAVOS_PER_PESO);
  const { bounds } = query;
  const conditions: (SQL | undefined)[] = [
    // A literal, not a parameter, so the planner always matches the partial indexes' `status = 'active'`.
    sql`${spaces.status} = 'active'`,
    notWithdrawn(),
    eq(spaces.storageType, bind("storageType", query.storageType)),
    city ? eq(spaces.cityId, bind("cityId", city.id)) : undefined,
    query.kind ? eq(spaces.kind, bind("kind", query.kind)) : undefined,
    query.minArea !== undefined ? gte(spaces.areaSqm, bind("minArea", query.minArea)) : undefined,
    query.minUnits !== undefined ? gte(spaces.unitsAvailable, bind("minUnits", query.minUnits)) : undefined,
    query.vehicleSize
      ? inArray(
          spaces.vehicleSize,
          VEHICLE_SIZES.slice(VEHICLE_SIZES.indexOf(query.vehicleSize)).map((size, i) =>
            bind(`vehicleSize${i}`, size),
          ),
        )
      : undefined,
    query.minPrice !== undefined
      ? gte(spaces.monthlyPrice, bind("minPrice", centavos(query.minPrice)))
      : undefined,
    query.maxPrice !== undefined
      ? lte(spaces.monthlyPrice, bind("maxPrice", centavos(query.maxPrice)))
      : undefined,
    query.rentalDuration
      ? arrayContains(spaces.rentalDurations, bind("rentalDuration", [query.rentalDuration]))
      : undefined,
    query.accessOption ? eq(spaces.accessOption, bind("accessOption", query.accessOption)) : undefined,
    query.features.length > 0 ? arrayContains(spaces.features, bind("features", query.features)) : undefined,
    query.quickMoveIn ? eq(spaces.quickMoveIn, bind("quickMoveIn", true)) : undefined,
    query.firstMonthDiscount ? eq(spaces.firstMonthDiscount, bind("firstMonthDiscount", true)) : undefined,
    // The stored column, as the partial index spaces_flood_safe_type_city_score_idx is built on (a literal, not a
    // parameter, so the planner can match that index's predicate).
    query.floodSafe ? sql`${spaces.floodSafe}` : undefined,
    query.startDate ? availableFrom(bind("startDate", query.startDate)) : undefined,
    bounds ? sql`${location} <@ ${box(bounds, bind)}` : undefined,
  ];
  const point =
    query.near ??
    (bounds
      ? { latitude: (bounds.south + bounds.north) / 2, longitude: (bounds.west + bounds.east) / 2 }
      : city
        ? { latitude: city.latitude, longitude: city.longitude }
        : null);
  return { where: and(...conditions) as SQL, point };
}

// ---------------------------------------------------------------------------------------------------------------
// The orders
// ---------------------------------------------------------------------------------------------------------------

/**
 * The recommended score of app/domain/search.ts recommendedScore, in SQL: the same weights, as literals, in the
 * shape of the expression the spaces_active_type_*score_idx indexes are built on (app/db/schema/spaces.ts), so that the
 * planner reads those indexes in order instead of scoring every listing.
 */
export function recommendedScoreSql(): SQL {
  const w = RECOMMENDED_WEIGHTS;
  const chars = sql`char_length(coalesce(${spaces.description}, ''))`;
  return sql`(
      case when ${chars} >= ${constant(w.longDescription.chars)} then ${constant(w.longDescription.points)}
           when ${chars} >= ${constant(w.shortDescription.chars)} then ${constant(w.shortDescription.points)} else 0 end
      + least(cardinality(${spaces.features}), ${constant(w.maxFeatures)}) * ${constant(w.perFeature)}
      + least(${spaces.photoCount}, ${constant(w.maxPhotos)}) * ${constant(w.perPhoto)}
      + case when ${spaces.floorplanUploadId} is not null then ${constant(w.floorplan)} else 0 end
      + case when ${spaces.accessOption} is not null then ${constant(w.accessOption)} else 0 end
      + case when ${spaces.quickMoveIn} then ${constant(w.quickMoveIn)} else 0 end
      + case when ${spaces.firstMonthDiscount} then ${constant(w.firstMonthDiscount)} else 0 end
      + case when ${spaces.reviewCount} > 0 then ${spaces.reviewStars} * 10 / ${spaces.reviewCount} * ${constant(w.reviews.perTenthOfStar)}
             - ${constant(w.reviews.starsBase)} + least(${spaces.reviewCount}, ${constant(w.reviews.maxReviews)}) * ${constant(w.reviews.perReview)}
             else 0 end
    )`;
}

/** A point for PostgreSQL's geometry (x = longitude, y = latitude), bound as `${name}Longitude` and `${name}Latitude`. */
function pointOf({ latitude, longitude }: Coordinates, name: string, bind: Bind): SQL {
  return sql`point(${bind(`${name}Longitude`, longitude)}::float8, ${bind(`${name}Latitude`, latitude)}::float8)`;
}

/** The map rectangle from its south-west to its north-east corner. */
function box(bounds: Bounds, bind: Bind): SQL {
  const southWest = pointOf({ latitude: bounds.south, longitude: bounds.west }, "southWest", bind);
  const northEast = pointOf({ latitude: bounds.north, longitude: bounds.east }, "northEast", bind);
  return sql`box(${southWest}, ${northEast})`;
}

/** The straight distance in degrees from the listing to `point`: what the GiST index orders by. */
function distanceTo(point: Coordinates, bind: Bind): SQL {
  return sql`${location} <-> ${pointOf(point, "point", bind)}`;
}

/** The ORDER BY of the sorts but nearest (below); each ends with the id, so the order is total and pages are stable. */
function orderBy(sort: SearchQuery["sort"]): SQL[] {
  switch (sort) {
    case "priceAsc":
      return [asc(spaces.monthlyPrice), asc(spaces.id)];
    case "priceDesc":
      return [desc(spaces.monthlyPrice), desc(spaces.id)];
    case "newest":
      return [desc(spaces.publishedAt), desc(spaces.id)];
    default:
      return [sql`${recommendedScoreSql()} desc`, desc(spaces.publishedAt), desc(spaces.id)];
  }
}

/**
 * A page of the nearest sort, ordered by distance and then id. PostgreSQL's index reads points in distance order
 * but cannot add the id as a second key, so the page is found in two steps of one statement: the distance of the
 * page's last listing from an index-ordered scan, then every listing within that distance (the GiST index again),
 * sorted by distance and id. Distance is straight degrees: at Philippine latitudes an east–west degree is 3–7 %
 * shorter than a north–south one, too little to matter between neighbouring listings.
 */
function nearestRows(db: Database, where: SQL, point: Coordinates, offset: number, bind: Bind) {
  const distance = distanceTo(point, bind);
  const edge = db
    .select({ distance: sql<number>`${distance}`.as("distance") })
    .from(spaces)
    .where(where)
    .orderBy(distance)
    .limit(bind("pageEnd", offset + SEARCH_PAGE_SIZE))
    .as("page_edge");
  const radius = sql`(select max(${edge.distance}) from ${edge})`;
  const within = sql`${location} <@ circle(${pointOf(point, "point", bind)}, ${radius})`;
  return db
    .select(SPACE_CARD_COLUMNS)
    .from(spaces)
    .where(and(where, within))
    .orderBy(distance, asc(spaces.id))
    .limit(SEARCH_PAGE_SIZE)
    .offset(bind("offset", offset));
}

// ---------------------------------------------------------------------------------------------------------------
// Searching
// ---------------------------------------------------------------------------------------------------------------

/** The ids of `spaceIds` that the user saved. */
async function favouriteIds(db: Database, userId: string | null | undefined, spaceIds: string[]) {
  if (!userId || spaceIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ spaceId: favouriteSpaces.spaceId })
    .from(favouriteSpaces)
    .where(and(eq(favouriteSpaces.userId, userId), inArray(favouriteSpaces.spaceId, spaceIds)));
  return new Set(rows.map((row) => row.spaceId));
}

/** A card with its heart set when the user saved its listing. */
function withHeart(card: SpaceCardView, favourites: ReadonlySet<string>): SpaceCardView {
  return favourites.has(card._id) ? { ...card, favouriteSpace: true } : card;
}

/** The two statements of a search: its page of rows and its count. */
async function searchStatements(db: Database, query: SearchQuery, page: number, bind: Bind = asValues) {
  const offset = (page - 1) * SEARCH_PAGE_SIZE;
  const { where, point } = await searchWhere(db, query, bind);
  if (query.sort === "nearest" && !point) throw new ApiError(400, SEARCH_MESSAGES.nearestNeedsPoint);
  return {
    rows:
      query.sort === "nearest" && point
        ? nearestRows(db, where, point, offset, bind)
        : db
            .select(SPACE_CARD_COLUMNS)
            .from(spaces)
            .where(where)
            .orderBy(...orderBy(query.sort))
            .limit(SEARCH_PAGE_SIZE)
            .offset(bind("offset", offset)),
    count: db.select({ total: count() }).from(spaces).where(where),
  };
}

type SearchStatements = Awaited<ReturnType<typeof searchStatements>>;
type PreparedSearch = {
  rows: ReturnType<SearchStatements["rows"]["prepare"]>;
  count: ReturnType<SearchStatements["count"]["prepare"]>;
};

/** The most search shapes whose statements are kept per database. */
const SHAPES_KEPT = 200;
const preparedSearches = perDatabase(() => new Map<string, PreparedSearch>());

/**
 * The statements of a search with its values: made once for each shape of search (its sort and which filters it has)
 * and kept, so a search of a known shape builds no SQL. They are sent unnamed, as every built statement is, so
 * PostgreSQL still plans each search for its own values (a city's listings, a price range).
 */
async function preparedSearch(db: Database, query: SearchQuery, page: number) {
  const { bind, values, names } = placeholders();
  // Binding the values makes them known and says the shape; the statements are built only for a new shape.
  const built = await searchStatements(db, query, page, bind);
  // Flood-safe is written as a literal (see searchWhere), so no placeholder says it: the shape does.
  const shape = `${query.sort}:${query.floodSafe ? "floodSafe," : ""}${names()}`;
  const kept = preparedSearches(db);
  let statements = kept.get(shape);
  if (!statements) {
    statements = { rows: built.rows.prepare(""), count: built.count.prepare("") };
    if (kept.size >= SHAPES_KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(shape, statements);
  }
  return { rows: statements.rows.execute(values), count: statements.count.execute(values) };
}

/**
 * One page of a search: active listings of the query's type that pass every filter, in the sort's order, 20 a
 * page, as cards (favouriteSpace set for `userId`). A page past the last one has no results.
 */
export async function searchSpaces(
  db: Database,
  query: SearchQuery,
  options: { userId?: string | null; page?: number } = {},
): Promise<SearchResult> {
  const page = options.page ?? 1;
  const statements = await preparedSearch(db, query, page);
  const [rows, [counted]] = await Promise.all([statements.rows, statements.count]);
  // The user's hearts are read alongside the cards' photos, cities and hosts, not after them.
  const [favourites, cards] = await Promise.all([
    favouriteIds(
      db,
      options.userId,
      rows.map((row) => row.id),
    ),
    toSpaceCards(db, rows),
  ]);
  const total = counted?.total ?? 0;
  return {
    total,
    page,
    pageSize: SEARCH_PAGE_SIZE,
    pages: pageCount(total),
    results: favourites.size === 0 ? cards : cards.map((card) => withHeart(card, favourites)),
  };
}

/**
 * The plans PostgreSQL (or PGlite) picks for a search's page and its count, as EXPLAIN prints them (with
 * `analyze`, as run): for docs/search-performance.md, the benchmarks and the test that the sorts read their indexes.
 */
export async function explainSearch(
  db: Database,
  query: SearchQuery,
  options: { page?: number; analyze?: boolean } = {},
): Promise<{ rows: string[]; count: string[] }> {
  const statements = await searchStatements(db, query, options.page ?? 1);
  const explainOptions = sql.raw(
    options.analyze ? "costs off, analyze, timing off, summary off" : "costs off",
  );
  const explain = async (statement: { getSQL(): SQL }) => {
    const result = await db.execute(sql`explain (${explainOptions}) ${statement.getSQL()}`);
    return (result as unknown as { rows: Record<string, string>[] }).rows.map(
      (row) => row["QUERY PLAN"] ?? "",
    );
  };
  return { rows: await explain(statements.rows), count: await explain(statements.count) };
}

/**
 * The budget meter of a search (its prices ignored): a histogram of the monthly prices of what it finds, in
 * centavos; the product's default range (₱1 to ₱999) and no bars when it finds nothing.
 */
export async function budgetMeter(db: Database, query: SearchQuery): Promise<BudgetMeter> {
  const { minPrice: _min, maxPrice: _max, ...unpriced } = query;
  const key = searchParamsOf(unpriced).toString();
  const meters = budgetMeters(db);
  const cached = meters.get(key);
  if (cached && Date.now() - cached.at < BUDGET_CACHE_MS) return cached.meter;
  const meter = await measureBudget(db, unpriced);
  if (meters.size >= BUDGET_CACHE_ENTRIES) meters.delete(meters.keys().next().value as string);
  meters.delete(key);
  meters.set(key, { meter, at: Date.now() });
  return meter;
}

/**
 * The budget meters computed lately, per database and unpriced search (the same for everyone: public listings'
 * prices, no user's data), each trusted for {@link BUDGET_CACHE_MS}: the search page asks for the meter of every
 * search it shows, and the meter reads every matching listing's price. So a new or changed listing reaches the
 * meter within that time (on every instance, each having its own copy); the results and their count are never
 * cached. The oldest entry goes past {@link BUDGET_CACHE_ENTRIES}.
 */
export const BUDGET_CACHE_MS = 30_000;
const BUDGET_CACHE_ENTRIES = 500;
const budgetMeters = perDatabase(() => new Map<string, { meter: BudgetMeter; at: number }>());

async function measureBudget(db: Database, unpriced: SearchQuery): Promise<BudgetMeter> {
  const { where } = await searchWhere(db, unpriced);
  const priced = and(where, isNotNull(spaces.monthlyPrice)) as SQL;
  const [range] = await db
    .select({ low: min(spaces.monthlyPrice), high: max(spaces.monthlyPrice) })
    .from(spaces)
    .where(priced);
  if (range?.low == null || range.high == null) return DEFAULT_BUDGET;
  const layout = budgetLayout(range.low, range.high);
  const offset = sql`${spaces.monthlyPrice} - ${layout.from}::int`;
  const bucket = sql<number>`least((${offset}) / ${layout.width}::int, ${layout.count - 1}::int)`;
  const rows = await db.select({ bucket, count: count() }).from(spaces).where(priced).groupBy(sql`1`);
  const counts = new Map(rows.map((row) => [Number(row.bucket), row.count]));
  return { buckets: budgetBuckets(layout, counts), minPrice: range.low, maxPrice: range.high };
}

// ---------------------------------------------------------------------------------------------------------------
// Recent searches
// ---------------------------------------------------------------------------------------------------------------

/** The user's recent searches, newest first. */
export async function listRecentSearches(db: Database, userId: string): Promise<RecentSearchView[]> {
  const rows = await db
    .select({ query: recentSearches.query, createdAt: recentSearches.createdAt })
    .from(recentSearches)
    .where(eq(recentSearches.userId, userId))
    .orderBy(desc(recentSearches.createdAt), desc(recentSearches.id))
    .limit(RECENT_SEARCHES_KEPT);
  return rows.map((row) => ({
    query: row.query,
    path: `${SEARCH_PATH}?${row.query}`,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Keeps a search at the top of the user's recent searches: normalized (its map position and page left out), a
 * repeat moves the old one up, and only the newest {@link RECENT_SEARCHES_KEPT} stay.
 */
export async function saveRecentSearch(db: Database, userId: string, query: SearchQuery): Promise<void> {
  const normalized = searchParamsOf(recentSearchQuery(query)).toString();
  await db.transaction(async (tx) => {
    await tx
      .delete(recentSearches)
      .where(and(eq(recentSearches.userId, userId), eq(recentSearches.query, normalized)));
    await tx.insert(recentSearches).values({ userId, query: normalized });
    const kept = tx
      .select({ id: recentSearches.id })
      .from(recentSearches)
      .where(eq(recentSearches.userId, userId))
      .orderBy(desc(recentSearches.createdAt), desc(recentSearches.id))
      .limit(RECENT_SEARCHES_KEPT);
    await tx
      .delete(recentSearches)
      .where(and(eq(recentSearches.userId, userId), notInArray(recentSearches.id, kept)));
  });
}
