/**
 * search, page and explain: searchSpaces p50/p99 at 100,000 listings for six queries, on PGlite and PostgreSQL
 * (the worker bench/search.ts), on PostgreSQL the query plans in docs/search-performance.md, and the search page's
 * server render at 20 connections on that data with the listing page's JavaScript.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { drive, type LoadFigures, type Target, warmUp } from "../load.ts";
import { type ListingPageWeight, measureListingPage } from "../page-weight.ts";
import { assertAlive, type Server, type ServerSettings, startServer, stopServer } from "../server.ts";
import { EXPLAIN_FILE, fetchText, SEARCH_PAGE, type WorkerDatabase } from "../shared.ts";
import { createPostgresDatabase, postgresSkipReason, runWorker } from "../workers.ts";

const QUERY_P99_TARGET_MS = 20;
const SEARCH_PAGE_P99_TARGET_MS = 150;
const SEARCH_PAGE_CONNECTIONS = 20;
const SEARCH_PAGE_WARM_UP_S = 3;

export type SearchOptions = {
  sections: ReadonlySet<string>;
  spaces: number;
  runs: number;
  duration: number;
};

type Seeding = { spaces: number; seconds: number; cpuSeconds: number; loadAverage: number[] };
type Explained = { name: string; query: string; seqScanOnSpaces: boolean }[];

export type SearchFigures = {
  database: string;
  seeding: Seeding;
  queries: {
    name: string;
    query: string;
    matches: number;
    runs: number;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
    status?: string;
  }[];
  listing?: { id: string; storageType: string };
  explained?: Explained;
};

export type SearchTimings = {
  date: string;
  spaces: number;
  runsPerQuery: number;
  targets: { queryP99MsOnPostgres: number };
  databases: { embedded?: SearchFigures; postgres?: SearchFigures };
  postgresSkipped?: string;
};

export type ExplainResult = {
  date: string;
  spaces: number;
  file: string;
  seeding: Seeding;
  explained: Explained;
};

export type SearchPageFigures = LoadFigures & {
  database: string;
  listingLinksOnPage: number;
  status: "within target" | "OFF target";
  differentSearches: { searches: number } & LoadFigures;
};

export type SearchPageResult = {
  date: string;
  path: string;
  spaces: number;
  connections: number;
  durationSeconds: number;
  targets: { p99Ms: number };
  databases: Record<string, SearchPageFigures>;
};

export type SearchResult = {
  search?: SearchTimings;
  explain?: ExplainResult;
  searchPage?: SearchPageResult;
  listingPage?: ListingPageWeight;
};

/**
 * Seeds N listings into a fresh PGlite data directory and a fresh PostgreSQL database, times the six searches on
 * each (bench/search.ts; on PostgreSQL it also writes docs/search-performance.md), then drives the search page of
 * the built server on that data and weighs a listing page. Removes the data directory and drops the database.
 */
export async function benchmarkSearch(options: SearchOptions): Promise<SearchResult> {
  const { sections } = options;
  const timeQueries = sections.has("search");
  const result: SearchResult = {};
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "space-solution-bench-search-"));
  const postgres = await createPostgresDatabase();
  try {
    const search: SearchTimings = {
      date: new Date().toISOString(),
      spaces: options.spaces,
      runsPerQuery: timeQueries ? options.runs : 0,
      targets: { queryP99MsOnPostgres: QUERY_P99_TARGET_MS },
      databases: {},
    };
    if (timeQueries || sections.has("page")) {
      search.databases.embedded = await runSearchWorker(options, {
        label: "PGlite (embedded)",
        database: { kind: "pglite", dataDir: path.join(dataDir, "pglite") },
        dataDir,
        runs: timeQueries ? options.runs : 0,
      });
    }
    if (postgres) {
      search.databases.postgres = await runSearchWorker(options, {
        label: "PostgreSQL",
        database: { kind: "postgres", url: postgres.url },
        dataDir,
        runs: timeQueries ? options.runs : 0,
        explain: timeQueries || sections.has("explain"),
      });
    } else {
      search.postgresSkipped = postgresSkipReason();
    }
    if (timeQueries) result.search = search;
    else if (sections.has("explain") && search.databases.postgres) {
      // Only the plans were made: record when and from what, and keep the last timings as they are.
      const { seeding, explained } = search.databases.postgres;
      result.explain = {
        date: search.date,
        spaces: options.spaces,
        file: "docs/search-performance.md",
        seeding,
        explained: explained as Explained,
      };
    }

    if (sections.has("page")) {
      const page: SearchPageResult = {
        date: new Date().toISOString(),
        path: SEARCH_PAGE,
        spaces: options.spaces,
        connections: SEARCH_PAGE_CONNECTIONS,
        durationSeconds: options.duration,
        targets: { p99Ms: SEARCH_PAGE_P99_TARGET_MS },
        databases: {},
      };
      const servers: ServerSettings[] = [
        { label: "embedded", database: "PGlite (embedded)", dataDir },
        ...(postgres
          ? [{ label: "postgres", database: "PostgreSQL", dataDir, databaseUrl: postgres.url }]
          : []),
      ];
      const listing = search.databases.embedded?.listing ?? search.databases.postgres?.listing;
      for (const [i, settings] of servers.entries()) {
        const server = await startServer({ ...settings, label: `search-page ${settings.label}` });
        try {
          page.databases[settings.label] = await benchmarkSearchPage(server, options);
          if (i === 0 && listing) result.listingPage = await measureListingPage(server.url, listing);
        } finally {
          await stopServer(server);
        }
      }
      result.searchPage = page;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
  return result;
}

async function runSearchWorker(
  options: SearchOptions,
  {
    label,
    database,
    dataDir,
    runs,
    explain = false,
  }: { label: string; database: WorkerDatabase; dataDir: string; runs: number; explain?: boolean },
): Promise<SearchFigures> {
  console.log(`Search: ${options.spaces} listings on ${label} ...`);
  const resultFile = path.join(dataDir, `search-${database.kind}.json`);
  await runWorker(
    [
      "bench/search.ts",
      JSON.stringify({
        database,
        spaces: options.spaces,
        runs,
        resultFile,
        ...(explain ? { explainFile: EXPLAIN_FILE } : {}),
      }),
    ],
    // The seed's pictures go to this data directory's uploads, where the page bench's server finds them.
    { env: { DATA_DIR: dataDir, NODE_ENV: "production", DATABASE_URL: "" } },
  );
  const result = JSON.parse(readFileSync(resultFile, "utf8")) as SearchFigures;
  for (const query of result.queries) {
    query.status =
      database.kind === "postgres"
        ? query.p99Ms < QUERY_P99_TARGET_MS
          ? "within target"
          : "OFF target"
        : "(target is for PostgreSQL)";
  }
  return { ...result, database: label };
}

/** The search page, server-rendered, driven by 20 connections; checks first that it lists results. */
async function benchmarkSearchPage(
  server: Server,
  { duration }: { duration: number },
): Promise<SearchPageFigures> {
  const html = await fetchText(server.url, SEARCH_PAGE);
  const resultLinks = html.match(/\/(storage|parking)\/listings\/[0-9a-f-]{36}/g) ?? [];
  if (resultLinks.length === 0)
    console.warn(`  ${SEARCH_PAGE} shows no listing links: is the search page done?`);
  const target: Target = { path: SEARCH_PAGE, kind: "html" };
  await warmUp(server.url, [target]);
  // And a few seconds of the load itself, not counted: the page's code is compiled for speed in every process.
  await drive(server.url + SEARCH_PAGE, target, {
    duration: SEARCH_PAGE_WARM_UP_S,
    connections: SEARCH_PAGE_CONNECTIONS,
  });
  console.log(
    `  ${server.label}: ${SEARCH_PAGE} for ${duration} s, ${SEARCH_PAGE_CONNECTIONS} connections ...`,
  );
  const figures = await drive(server.url + SEARCH_PAGE, target, {
    duration,
    connections: SEARCH_PAGE_CONNECTIONS,
  });
  await assertAlive(server, SEARCH_PAGE);
  // The same page asked again and again is partly served from what the server keeps for visitors (the search's
  // answer, ADR 0037; the page is rendered each time, ADR 0045). Every request a different search shows what a page
  // costs without it.
  const searches = await manySearches(server.url);
  console.log(`  ${server.label}: ${searches.length} different searches in turn for ${duration} s ...`);
  const varied = await drive(server.url + searches[0], target, {
    duration,
    connections: SEARCH_PAGE_CONNECTIONS,
    paths: searches,
  });
  await assertAlive(server, SEARCH_PAGE);
  return {
    database: server.database,
    ...figures,
    listingLinksOnPage: new Set(resultLinks).size,
    status: figures.latencyP99Ms < SEARCH_PAGE_P99_TARGET_MS ? "within target" : "OFF target",
    differentSearches: { searches: searches.length, ...varied },
  };
}

/**
 * Storage searches of the page's own form (the tidy address it would redirect to), each a city with enough listings
 * for three pages, in four orders, three pages each: more than the server keeps of either kind, taken in turn.
 */
async function manySearches(baseUrl: string): Promise<string[]> {
  const { result: cities } = JSON.parse(await fetchText(baseUrl, "/api/user/cityList")) as {
    result: { slug: string; activeSpaces: { storage: number } }[];
  };
  const paths: string[] = [];
  for (const city of cities.filter((c) => c.activeSpaces.storage >= 60)) {
    for (const sort of [undefined, "priceAsc", "priceDesc", "newest"]) {
      for (const page of [1, 2, 3]) {
        const params = new URLSearchParams({ storageType: "storage", city: city.slug });
        if (sort) params.set("sort", sort);
        if (page > 1) params.set("page", String(page));
        paths.push(`/search-space?${params}`);
      }
    }
  }
  if (paths.length < 300)
    console.warn(`  only ${paths.length} different searches: the server may keep them all`);
  return paths;
}
