import { catalogueKeeper } from "~/db/catalogue.server";
import type { BudgetMeter, SearchQuery } from "~/domain/search";
import {
  budgetQuerySchema,
  parseSearchQuery,
  RecentSearchBody,
  SearchPageSchema,
  SearchQuerySchema,
} from "~/domain/search-rules.server";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";
import {
  budgetMeter,
  listRecentSearches,
  type RecentSearchView,
  type SearchResult,
  saveRecentSearch,
  searchSpaces,
} from "./search-queries.server";

/**
 * Finding spaces (the /space calls): POST /space/newSpaceSearch/{n}, the budget meters and the recent searches. The
 * SQL is in search-queries.server.ts; the rules of a query in app/domain/search*.ts.
 */

export type { RecentSearchView, SearchResult } from "./search-queries.server";

/** The visitors' searches kept at once: the most asked pages of the most asked searches. */
const VISITOR_SEARCHES_KEPT = 200;

export const newSpaceSearch = defineEndpoint({
  method: "POST",
  path: "/space/newSpaceSearch/{n}",
  auth: "optional",
  tags: ["space"],
  summary:
    "Page n (20 a page) of the active listings of a type that pass the filters in the query parameters, in the chosen order.",
  query: SearchQuerySchema,
  params: SearchPageSchema,
  changesNothing: true,
  async handler({ db, query, params, user }): Promise<SearchResult> {
    // A visitor's search shows no saved hearts, and without a start date it does not depend on the day.
    if (!user && !query.startDate) {
      const key = `${params.n} ${JSON.stringify(query)}`;
      return keepVisitorSearch(db, key, () => searchSpaces(db, query, { page: params.n }));
    }
    return searchSpaces(db, query, { userId: user?.id, page: params.n });
  },
});

/**
 * Visitors' searches (the home page's featured rows, the search and city pages) are the same for every visitor:
 * each page of each search is kept until the catalogue changes (app/db/catalogue.server.ts).
 */
const keepVisitorSearch = catalogueKeeper<SearchResult>(VISITOR_SEARCHES_KEPT);

function budgetMeterEndpoint(path: string, type: SearchQuery["storageType"]) {
  return defineEndpoint({
    method: "GET",
    path,
    auth: "none",
    tags: ["space"],
    summary: `A histogram of the monthly prices (centavos) of the ${type} listings that pass the search's filters (prices aside); ₱1 to ₱999 when none does.`,
    query: budgetQuerySchema(type),
    async handler({ db, query }): Promise<BudgetMeter> {
      return budgetMeter(db, query);
    },
  });
}

/** The product's paths, exactly (note the lower-case "for" of the parking one). */
export const getBudgetMeterForStorage = budgetMeterEndpoint("/space/getBudgetMeterForStorage", "storage");
export const getBudgetMeterforParking = budgetMeterEndpoint("/space/getBudgetMeterforParking", "parking");

export const getRecentSearches = defineEndpoint({
  method: "GET",
  path: "/space/recentSearch",
  auth: "required",
  tags: ["space"],
  summary: "The logged-in user's last 10 searches (query strings of the search page), newest first.",
  async handler({ db, user }): Promise<RecentSearchView[]> {
    return listRecentSearches(db, user.id);
  },
});

export const postRecentSearch = defineEndpoint({
  method: "POST",
  path: "/space/recentSearch",
  auth: "required",
  tags: ["space"],
  summary:
    "Saves a search (the search page's query string) at the top of the user's recent searches; answers the list.",
  body: RecentSearchBody,
  message: "Search saved.",
  async handler({ db, user, body }): Promise<RecentSearchView[]> {
    const parsed = parseSearchQuery(body.query);
    if (!parsed.ok) throw new ApiError(400, parsed.message, parsed.errors);
    await saveRecentSearch(db, user.id, parsed.query);
    return listRecentSearches(db, user.id);
  },
});

export const endpoints: Endpoint[] = [
  newSpaceSearch,
  getBudgetMeterForStorage,
  getBudgetMeterforParking,
  getRecentSearches,
  postRecentSearch,
] as Endpoint[];
