import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import { FavouriteButton } from "~/components/favourite-button";
import type { MapMarker } from "~/components/map/map";
import { ActiveFilters } from "~/components/search/active-filters";
import { Pagination } from "~/components/search/pagination";
import { RecentSearches } from "~/components/search/recent-searches";
import { SearchFilters } from "~/components/search/search-filters";
import { SpaceCard } from "~/components/space-card";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useMediaQuery, WIDE_SCREEN } from "~/components/ui/use-media-query";
import { SEARCH_PATH, type SearchQuery, searchPath } from "~/domain/search";
import type { SpaceType } from "~/domain/space-types";
import { loadSearchPage, type SearchResultPage } from "~/screens/search/search-page.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import type { VisitorPageHandle } from "~/utils/visitor-page";

/**
 * search-space (storage and parking): a GET form of every filter and sort, the results as cards 20 a page with
 * page links, the budget meter above the price inputs, recent searches, and with JavaScript a map of price markers
 * that can search as it moves. Every search is a URL: the page redirects to the tidy form of its query
 * (searchParamsOf), so a search has one address to share, and a visitor lands on it with the back button.
 * Results come from POST /space/newSpaceSearch/{n}; the meter from GET /space/getBudgetMeterFor…; a logged-in
 * user's recent searches from /space/recentSearch, a visitor's from a cookie.
 */
export const handle: ShellHandle & VisitorPageHandle = { hideHeader: true, visitorPage: true };

/**
 * The map exists only in the browser, after hydration (without JavaScript the list is the whole answer), so its code
 * loads then rather than with the page.
 */
const SearchMap = lazy(() =>
  import("~/components/search/search-map").then((module) => ({ default: module.SearchMap })),
);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(
    data?.heading ?? "Find a space",
    "Search storage and parking space for rent across the Philippines by city, size, price and features.",
  );

export const loader = ({ request }: LoaderFunctionArgs) => loadSearchPage(request);

export default function SearchSpace() {
  const loaded = useLoaderData<typeof loader>();
  const { storageType, values, cities, unit, heading, recent } = loaded;
  const chips = loaded.ok ? loaded.chips : [];
  return (
    <div className="mx-auto max-w-7xl px-4 pb-12 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/" className="text-lg font-bold text-brand-700">
          Space Solution
        </Link>
        <TypeTabs current={storageType} query={loaded.ok ? loaded.query : null} tabs={loaded.tabs} />
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
              options={loaded.options}
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
              markers={loaded.markers}
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
            <Link to={loaded.missingSpaceTo} className="font-semibold text-brand-700 underline">
              Tell us what you need
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}

/** Storage or parking: a search of the other type keeps the filters both have. */
function TypeTabs({
  current,
  query,
  tabs,
}: {
  current: SpaceType;
  query: SearchQuery | null;
  tabs: readonly { type: SpaceType; label: string }[];
}) {
  return (
    <nav aria-label="Type of space">
      <ul className="flex rounded-lg bg-slate-200 p-1">
        {tabs.map(({ type, label }) => {
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
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Results({
  query,
  result,
  markers,
  mapCenter,
  returnTo,
}: {
  query: SearchQuery;
  result: SearchResultPage;
  markers: readonly MapMarker[];
  mapCenter: { latitude: number; longitude: number } | null;
  returnTo: string;
}) {
  const { total, page, pages, results } = result;
  const first = (page - 1) * result.pageSize + 1;
  const hydrated = useHydrated();
  const wide = useMediaQuery(WIDE_SCREEN);
  const [mapOpen, setMapOpen] = useState(false);
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
      {hydrated && (wide || mapOpen) ? (
        <Suspense fallback={null}>
          <SearchMap
            key={`${query.storageType}-${query.city ?? ""}`}
            markers={markers}
            bounds={query.bounds ?? null}
            center={mapCenter ?? undefined}
            zoom={mapCenter ? 12 : undefined}
          />
        </Suspense>
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
    floodSafe: false,
    sort: query.sort === "nearest" && !query.city ? "recommended" : query.sort,
  };
}
