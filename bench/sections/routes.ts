/**
 * routes: the load test of the home page, a JSON call, the login and a static file on the embedded server (and on
 * BENCH_DATABASE_URL's PostgreSQL when set), the server's memory, and the weight of the pages a visitor reaches first.
 */
import { CONNECTIONS, drive, type LoadFigures, type Target, warmUp } from "../load.ts";
import {
  type FirstPageWeight,
  findAssets,
  findDemoListing,
  type HomePageWeight,
  type ListingPageWeight,
  measureBytes,
  measureFirstPages,
  measureListingPage,
} from "../page-weight.ts";
import {
  assertAlive,
  type ResidentMemory,
  residentMemory,
  type Server,
  startServer,
  stopServer,
} from "../server.ts";
import { fetchText, HOME, round, sleep, throwIfInterrupted } from "../shared.ts";

const API = "/api/user/cityList";
const LOGIN = "/api/user/login";
/** A demo account (the bench servers load the demo data); every request is a real argon2id verification. */
const LOGIN_BODY = JSON.stringify({
  email: "maria.host@demo.spacesolution.ph",
  password: "spacesolution-demo",
});
/** V8's memory reducer starts 8 s after the allocations stop. */
export const IDLE_AFTER_LOAD_MS = 10_000;
const SERVER_RSS_TARGET_MIB = 350;

export type RouteFigures = LoadFigures & { kind: Target["kind"]; ratioToStatic?: number | null };

export type ServerMemory = {
  afterStart: ResidentMemory | null;
  afterLoad?: ResidentMemory | null;
  afterIdle?: ResidentMemory | null;
  targetMiB?: number | null;
};

export type DatabaseRoutes = { database: string; routes: Record<string, RouteFigures>; memory: ServerMemory };

export type RoutesResult = {
  durationSeconds: number;
  connections: number;
  databases: Record<string, DatabaseRoutes>;
  bytes: HomePageWeight & { listingPage?: ListingPageWeight; firstPages?: FirstPageWeight[] };
};

/** The load test of the home page, a JSON call, the login and a static file, and the home page's weight. */
export async function benchmarkRoutes(options: { duration: number }): Promise<RoutesResult> {
  const databases: Record<string, DatabaseRoutes> = {};
  const embedded = await startServer({ label: "embedded", database: "PGlite (embedded)" });
  let targets: Target[];
  let bytes: RoutesResult["bytes"];
  try {
    targets = await findTargets(embedded.url);
    bytes = await measureBytes(embedded.url);
    // The listing page's JavaScript (its budget: 100 KB gzip), on a demo listing: it does not depend on the data.
    const listing = await findDemoListing(embedded.url);
    if (listing) bytes.listingPage = await measureListingPage(embedded.url, listing);
    bytes.firstPages = await measureFirstPages(embedded.url, listing);
    databases.embedded = await benchmarkServer(embedded, targets, options);
  } finally {
    await stopServer(embedded);
  }

  const postgresUrl = process.env.BENCH_DATABASE_URL?.trim();
  if (postgresUrl) {
    const postgres = await startServer({
      label: "postgres",
      database: "PostgreSQL",
      databaseUrl: postgresUrl,
    });
    try {
      databases.postgres = await benchmarkServer(postgres, targets, options);
    } finally {
      await stopServer(postgres);
    }
  }
  return { durationSeconds: options.duration, connections: CONNECTIONS, databases, bytes };
}

/** The routes driven: the home page, a JSON API call, the login and the home page's (first) stylesheet. */
async function findTargets(baseUrl: string): Promise<Target[]> {
  const html = await fetchText(baseUrl, HOME);
  const stylesheet = findAssets(html).css[0];
  if (!stylesheet) throw new Error("The home page links no stylesheet to use as the static asset.");
  return [
    { path: HOME, kind: "html" },
    { path: API, kind: "json" },
    { path: LOGIN, kind: "login", method: "POST", body: LOGIN_BODY },
    { path: stylesheet, kind: "static" },
  ];
}

/** Warms each route up, drives each in turn, and compares each route's throughput with the static asset's. */
async function benchmarkServer(
  server: Server,
  targets: readonly Target[],
  options: { duration: number },
): Promise<DatabaseRoutes> {
  const memory: ServerMemory = { afterStart: residentMemory(server) };
  await warmUp(server.url, targets);
  const routes: Record<string, RouteFigures> = {};
  for (const target of targets) {
    throwIfInterrupted();
    console.log(`  ${server.label}: ${target.path} for ${options.duration} s ...`);
    routes[target.path] = { kind: target.kind, ...(await drive(server.url + target.path, target, options)) };
    await assertAlive(server, target.path);
  }
  const staticTarget = targets.find((target) => target.kind === "static");
  const staticRate = staticTarget ? (routes[staticTarget.path]?.requestsPerSecond ?? 0) : 0;
  for (const route of Object.values(routes)) {
    route.ratioToStatic = staticRate > 0 ? round(route.requestsPerSecond / staticRate, 2) : null;
  }
  memory.afterLoad = residentMemory(server);
  // What the server keeps between bursts of visitors: V8 gives memory back only once requests stop for a while.
  await sleep(IDLE_AFTER_LOAD_MS);
  memory.afterIdle = residentMemory(server);
  // The target is the embedded default's: the app on a PostgreSQL server leaves the database's memory to it.
  memory.targetMiB = server.database === "PGlite (embedded)" ? SERVER_RSS_TARGET_MIB : null;
  return { database: server.database, routes, memory };
}
