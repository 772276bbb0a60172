import { data, redirect } from "@remix-run/node";
import type { SearchResult } from "~/api/space/search.server";
import * as searchApi from "~/api/space/search.server";
import * as userApi from "~/api/user/user.server";
import { type SpaceCardData, spaceCard } from "~/components/card-words";
import { missingSpacePath } from "~/components/enquiries/paths";
import { priceMarkers } from "~/components/map/price-markers";
import { budgetMeterView } from "~/components/search/budget-meter-words";
import type { FilterOptions } from "~/components/search/search-filters";
import {
  isBlankSearch,
  MAX_SEARCH_PAGE,
  readSearchParams,
  recentSearchQuery,
  searchParamsOf,
  searchPath,
} from "~/domain/search";
import { parseSearchQuery, SEARCH_MESSAGES } from "~/domain/search-rules.server";
import { describeSearch } from "~/domain/search-words";
import { displayUnit } from "~/domain/units";
import {
  featureOptionsFor,
  kindOptionsFor,
  optionsOf,
  SPACE_TYPE_LABELS,
  SPACE_TYPES,
  type SpaceType,
} from "~/domain/vocabulary";
import { hasSessionCookie } from "~/infra/session.server";
import { api } from "~/screens/api.server";
import { activeFilterChips } from "./active-filter-chips";
import { keepVisitorSearch, readVisitorSearches } from "./visitor-recent-searches.server";

/** A page of results as the browser gets it: each card with what it shows (spaceCard). */
export type SearchResultPage = Omit<SearchResult, "results"> & { results: SpaceCardData[] };

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

/**
 * The search page's data (the route's comment tells the page's story): the tidy URL's redirect, the cities, the
 * page of cards in words, the budget meter, the active filters as chips, and the recent searches.
 */
export async function loadSearchPage(request: Request) {
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
  const values = readSearchParams(params);
  const common = {
    cities,
    unit: displayUnit(profile?.ok ? profile.result.measurementUnit : null),
    storageType,
    options: filterOptions(storageType),
    tabs: SPACE_TYPES.map((type) => ({ type, label: SPACE_TYPE_LABELS[type] })),
    values,
    // "Can't find a space?": what was searched goes with the request.
    missingSpaceTo: missingSpacePath({
      storageType,
      city: typeof values.city === "string" ? values.city : null,
    }),
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
  // Each card is sent with what it shows, and the map's markers with their labels.
  const result: SearchResultPage = {
    ...answer.result,
    results: answer.result.results.map((space) => spaceCard(space, common.unit)),
  };
  return data(
    {
      ...common,
      ok: true as const,
      heading,
      query,
      chips: activeFilterChips(query, city?.name ?? null),
      result,
      markers: priceMarkers(answer.result.results),
      budget: budget.ok ? budgetMeterView(budget.result, query.minPrice, query.maxPrice) : null,
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

/** The filters' choices for the type searched, in words. */
function filterOptions(type: SpaceType): FilterOptions {
  return {
    kinds: kindOptionsFor(type),
    vehicleSizes: type === "parking" ? optionsOf("vehicleSize") : [],
    durations: optionsOf("rentalDuration"),
    access: optionsOf("accessOption"),
    features: featureOptionsFor(type),
  };
}
