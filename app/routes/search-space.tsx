import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useMemo, useState } from "react";
import type { SearchResult } from "~/api/space/search.server";
import * as searchApi from "~/api/space/search.server";
import * as userApi from "~/api/user/user.server";
import { type SpaceCardData, spaceCard } from "~/components/card-words";
import { missingSpacePath } from "~/components/enquiries/paths";
import { FavouriteButton } from "~/components/favourite-button";
import type { MapMarker } from "~/components/map/map";
import { ActiveFilters, activeFilters } from "~/components/search/active-filters";
import { Pagination } from "~/components/search/pagination";
import { RecentSearches } from "~/components/search/recent-searches";
import { SearchFilters } from "~/components/search/search-filters";
import { SearchMap } from "~/components/search/search-map";
import { SpaceCard } from "~/components/space-card";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useMediaQuery, WIDE_SCREEN } from "~/components/ui/use-media-query";
import {
  describeSearch,
  isBlankSearch,
  MAX_SEARCH_PAGE,
  markerPrice,
  readSearchParams,
  recentSearchQuery,
  SEARCH_PATH,
  type SearchQuery,
  searchParamsOf,
  searchPath,
} from "~/domain/search";
import { parseSearchQuery, SEARCH_MESSAGES } from "~/domain/search-rules.server";
import { displayUnit } from "~/domain/units";
import { SPACE_TYPE_LABELS, SPACE_TYPES, type SpaceType } from "~/domain/vocabulary";
import { keepVisitorSearch, readVisitorSearches } from "~/screens/search/visitor-recent-searches.server";
import { api } from "~/services/api.server";
import { hasSessionCookie } from "~/services/session.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

/**
 * search-space (storage and parking): a GET form of every filter and sort, the results as cards 20 a page with
 * page links, the budget meter above the price inputs, recent searches, and with JavaScript a map of price markers
 * that can search as it moves. Every search is a URL: the page redirects to the tidy form of its query
 * (searchParamsOf), so a search has one address to share, and a visitor lands on it with the back button.
 * Results come from POST /space/newSpaceSearch/{n}; the meter from GET /space/getBudgetMeterFor…; a logged-in
 * user's recent searches from /space/recentSearch, a visitor's from a cookie.
 */
export const handle: ShellHandle = { hideHeader: true };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(
    data?.heading ?? "Find a space",
    "Search storage and parking space for rent across the Philippines by city, size, price and features.",
  );

type ApiQuery = Record<string, string | string[]>;

/** URL parameters as the API client takes them (a repeated name as a list). */
function apiQuery(params: URLSearchParams, leaveOut: readonly string[] = []): ApiQuery {
  const query: ApiQuery = {};
  for (const name of new Set(params.keys())) {
    if (leaveOut.includes(name)) continue;
    const values = params.getAll(name);
    query[name] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

/**
 * A search the visitor made on this site (a form, a link here, the address bar), not one a page elsewhere linked
 * to: only those become recent searches, so another site cannot add to someone's list.
 */
function isOwnNavigation(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  return site === "same-origin" || site === "none";
}

function readPage(text: string | null): number | null {
  if (text === null || text === "") return 1;
  const page = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
  return page >= 1 && page <= MAX_SEARCH_PAGE ? page : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const params = new URLSearchParams(url.search);
  if (!params.get("storageType")) params.set("storageType", "storage");
  const page = readPage(params.get("page"));
  const parsed = parseSearchQuery(params, { ignoreUnknown: true });
  if (parsed.ok && page !== null) {
    const tidy = searchPath(parsed.query, page);
    if (tidy !== `${url.pathname}${url.search}`) throw redirect(tidy);
  }

  const client = api(request);
  // The page's own Set-Cookie (a visitor's recent searches); the API's are added by app/server-build.ts.
  const headers = new Headers();
  const [profile, cityList] = await Promise.all([
    hasSessionCookie(request) ? client.call(userApi.viewUserProfile) : null,
    client.call(userApi.cityList),
  ]);
  // The filters need each city's name and province; only the searched city's centre goes to the page (the map's).
  const cityRows = cityList.ok ? cityList.result : [];
  const cities = cityRows.map(({ name, slug, province }) => ({ name, slug, province }));
  const cityName = (slug?: string) => cities.find((city) => city.slug === slug)?.name;
  const loggedIn = Boolean(profile?.ok);
  const storageType: SpaceType = parsed.ok
    ? parsed.query.storageType
    : params.get("storageType") === "parking"
      ? "parking"
      : "storage";
  const common = {
    cities,
    unit: displayUnit(profile?.ok ? profile.result.measurementUnit : null),
    storageType,
    values: readSearchParams(params),
    returnTo: `${url.pathname}${url.search}`,
  };

  const failure = !parsed.ok ? parsed.message : page === null ? SEARCH_MESSAGES.page : null;
  if (!parsed.ok || page === null) {
    return data(
      { ...common, ok: false as const, heading: "Find a space", error: failure ?? "", recent: [] },
      { status: 400, headers },
    );
  }

  const query = parsed.query;
  const search = searchParamsOf(query);
  const budgetMeter =
    query.storageType === "storage" ? searchApi.getBudgetMeterForStorage : searchApi.getBudgetMeterforParking;
  const [answer, budget] = await Promise.all([
    client.call(searchApi.newSpaceSearch, { params: { n: String(page) }, query: apiQuery(search) }),
    client.call(budgetMeter, { query: apiQuery(search, ["storageType", "minPrice", "maxPrice"]) }),
  ]);

  const recentQueries = await recentSearches({
    request,
    client,
    headers,
    loggedIn,
    save: answer.ok && page === 1 && !isBlankSearch(query) && isOwnNavigation(request),
    normalized: searchParamsOf(recentSearchQuery(query)).toString(),
  });
  const current = searchParamsOf(recentSearchQuery(query)).toString();
  const recent = recentQueries
    .filter((item) => item !== current)
    .flatMap((item) => {
      const saved = parseSearchQuery(item);
      return saved.ok
        ? [{ path: searchPath(saved.query), label: describeSearch(saved.query, cityName(saved.query.city)) }]
        : [];
    });

  const typeLabel = SPACE_TYPE_LABELS[query.storageType];
  const heading = query.city
    ? `${typeLabel} in ${cityName(query.city) ?? query.city}`
    : `${typeLabel} spaces`;
  if (!answer.ok) {
    return data(
      { ...common, ok: false as const, heading, error: answer.message, recent },
      { status: answer.status, headers },
    );
  }

  const city = cityRows.find((item) => item.slug === query.city);
  // Each card is sent with what it shows; the map's markers are drawn from the same cards in the browser.
  const result: SearchPage = {
    ...answer.result,
    results: answer.result.results.map((space) => spaceCard(space, common.unit)),
  };
  return data(
    {
      ...common,
      ok: true as const,
      heading,
      query,
      result,
      budget: budget.ok ? budget.result : null,
      recent,
      mapCenter: city ? { latitude: city.latitude, longitude: city.longitude } : null,
      toast: budget.ok ? null : budget.toast,
    },
    { headers },
  );
}

/** The recent searches to show (normalized query strings, newest first), after keeping this one when `save`. */
async function recentSearches({
  request,
  client,
  headers,
  loggedIn,
  save,
  normalized,
}: {
  request: Request;
  client: ReturnType<typeof api>;
  /** Where the visitor's recent-searches cookie goes, when it changes. */
  headers: Headers;
  loggedIn: boolean;
  save: boolean;
  normalized: string;
}): Promise<string[]> {
  if (loggedIn) {
    const list = save
      ? await client.call(searchApi.postRecentSearch, { body: { query: normalized } })
      : await client.call(searchApi.getRecentSearches);
    return list.ok ? list.result.map((item) => item.query) : [];
  }
  const current = await readVisitorSearches(request);
  if (!save) return current;
  const kept = await keepVisitorSearch(current, normalized);
  if (kept.setCookie) headers.append("Set-Cookie", kept.setCookie);
  return kept.searches;
}

export default function SearchSpace() {
  const loaded = useLoaderData<typeof loader>();
  const { storageType, values, cities, unit, heading, recent } = loaded;
  const chips = loaded.ok
    ? activeFilters(loaded.query, cities.find((city) => city.slug === loaded.query.city)?.name ?? null)
    : [];
  return (
    <div className="mx-auto max-w-7xl px-4 pb-12 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/" className="text-lg font-bold text-brand-700">
          Space Solution
        </Link>
        <TypeTabs current={storageType} query={loaded.ok ? loaded.query : null} />
      </div>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 md:text-3xl">{heading}</h1>
      <div className="mt-4 grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        {/* On phones the results come first: the filters fold into one line above them. */}
        <details className="wide-open group" open={loaded.ok ? undefined : true}>
          <summary className="flex cursor-pointer list-none items-center justify-between rounded-xl bg-white px-4 py-3 font-semibold text-slate-900 shadow-sm ring-1 ring-slate-200">
            <span>Filters{chips.length ? ` (${chips.length})` : ""}</span>
            <span aria-hidden="true" className="text-brand-700 group-open:rotate-180">
              ▾
            </span>
          </summary>
          <div className="mt-3 space-y-4 lg:mt-0">
            <SearchFilters
              type={storageType}
              values={values}
              cities={cities}
              budget={loaded.ok ? loaded.budget : null}
              unit={unit}
            />
            <RecentSearches searches={recent} />
          </div>
        </details>
        <div className="min-w-0 space-y-4">
          <ActiveFilters chips={chips} />
          {loaded.ok ? (
            <Results
              query={loaded.query}
              result={loaded.result}
              mapCenter={loaded.mapCenter}
              returnTo={loaded.returnTo}
            />
          ) : (
            <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
              <p className="font-semibold">This search cannot run.</p>
              <p className="mt-1">{loaded.error}</p>
              <Link
                to={`${SEARCH_PATH}?storageType=${storageType}`}
                className="mt-3 inline-block font-semibold underline"
              >
                Start a new search
              </Link>
            </div>
          )}
          <p className="text-slate-700">
            Can't find a space?{" "}
            <Link
              to={missingSpacePath({
                storageType,
                city: typeof values.city === "string" ? values.city : null,
              })}
              className="font-semibold text-brand-700 underline"
            >
              Tell us what you need
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}

/** Storage or parking: a search of the other type keeps the filters both have. */
function TypeTabs({ current, query }: { current: SpaceType; query: SearchQuery | null }) {
  return (
    <nav aria-label="Type of space">
      <ul className="flex rounded-lg bg-slate-200 p-1">
        {SPACE_TYPES.map((type) => {
          const path = query
            ? searchPath({
                ...query,
                storageType: type,
                kind: undefined,
                features: [],
                minArea: undefined,
                minUnits: undefined,
                vehicleSize: undefined,
              })
            : `${SEARCH_PATH}?storageType=${type}`;
          return (
            <li key={type}>
              <Link
                to={path}
                aria-current={type === current ? "page" : undefined}
                className={`block rounded-md px-4 py-1.5 text-sm font-semibold ${
                  type === current
                    ? "bg-white text-brand-700 shadow-sm"
                    : "text-slate-700 hover:text-slate-900"
                }`}
              >
                {SPACE_TYPE_LABELS[type]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A page of results as the page gets it: each card with what it shows. */
type SearchPage = Omit<SearchResult, "results"> & { results: SpaceCardData[] };

/** The map's markers: each card with a point and a monthly price, labelled with that price, linking to its page. */
function searchMarkers(results: readonly SpaceCardData[]): MapMarker[] {
  return results.flatMap((space) =>
    space.approximateLocation && space.perMonthPrice !== null
      ? [
          {
            id: space._id,
            ...space.approximateLocation,
            label: markerPrice(space.perMonthPrice),
            href: space.path,
            title: space.spaceTitle,
          },
        ]
      : [],
  );
}

function Results({
  query,
  result,
  mapCenter,
  returnTo,
}: {
  query: SearchQuery;
  result: SearchPage;
  mapCenter: { latitude: number; longitude: number } | null;
  returnTo: string;
}) {
  const { total, page, pages, results } = result;
  const first = (page - 1) * result.pageSize + 1;
  const hydrated = useHydrated();
  const wide = useMediaQuery(WIDE_SCREEN);
  const [mapOpen, setMapOpen] = useState(false);
  const markers = useMemo(() => searchMarkers(results), [results]);
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p role="status" className="font-semibold text-slate-900">
          {total === 0
            ? "No spaces found"
            : `${total.toLocaleString("en-PH")} ${total === 1 ? "space" : "spaces"} found${
                pages > 1 ? ` · ${first}–${first + results.length - 1} shown` : ""
              }`}
        </p>
        {query.bounds ? (
          <Link
            to={searchPath({ ...query, bounds: undefined })}
            className="text-sm font-semibold text-brand-700 underline"
          >
            Search beyond the map area
          </Link>
        ) : null}
      </div>
      {hydrated && !wide ? (
        <button
          type="button"
          onClick={() => setMapOpen((open) => !open)}
          aria-expanded={mapOpen}
          className="rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm font-semibold text-slate-800"
        >
          {mapOpen ? "Hide the map" : "Map"}
        </button>
      ) : null}
      {/* On phones the map waits behind its button: the list is the answer, and a map drawn at zero size would
          search an empty area. */}
      {wide || mapOpen ? (
        <SearchMap
          key={`${query.storageType}-${query.city ?? ""}`}
          markers={markers}
          bounds={query.bounds ?? null}
          center={mapCenter ?? undefined}
          zoom={mapCenter ? 12 : undefined}
        />
      ) : null}
      {results.length > 0 ? (
        <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-label="Search results">
          {results.map((space, i) => (
            <li key={space._id}>
              <SpaceCard space={space} eager={i === 0} headingLevel={2}>
                <FavouriteButton
                  spaceId={space._id}
                  saved={space.favouriteSpace}
                  returnTo={returnTo}
                  title={space.spaceTitle}
                />
              </SpaceCard>
            </li>
          ))}
        </ul>
      ) : (
        <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-lg font-semibold text-slate-900">
            {total > 0 ? "There is no such page of results." : "No spaces match your search yet."}
          </h2>
          <p className="mt-2 text-slate-700">
            {total > 0
              ? "The results end earlier."
              : "Try fewer filters, a wider price range or a bigger map area."}
          </p>
          <Link
            to={total > 0 ? searchPath(query) : searchPath({ ...emptyFilters(query) })}
            className="mt-4 inline-block rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            {total > 0 ? "Back to the first page" : "Clear the filters"}
          </Link>
        </div>
      )}
      <Pagination page={page} pages={pages} href={(n) => searchPath(query, n)} />
    </>
  );
}

/** The same type and city with no other filter. */
function emptyFilters(query: SearchQuery): SearchQuery {
  return {
    storageType: query.storageType,
    city: query.city,
    features: [],
    quickMoveIn: false,
    firstMonthDiscount: false,
    sort: query.sort === "nearest" && !query.city ? "recommended" : query.sort,
  };
}
