/**
 * The metrics operators scrape (docs/decisions/0056-metrics.md), wired to what they measure: requests by route
 * pattern, the job queues, the providers' webhook events and payment events waiting for an operator, open event
 * streams, the database's connections and the ledger check. The HTTP server (server/app.ts) takes `metricsEndpoint`
 * from the build and serves it at GET /metrics, only with METRICS_TOKEN set and only to its bearer.
 */
import cluster from "node:cluster";
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "react-router-dom";
import { apiRoutePattern } from "./api/router.server";
import { checkLedger } from "./core/ledger.server";
import { paymentEventsQueue } from "./core/payment-events.server";
import { openUnapplied } from "./core/unapplied-payments.server";
import { getDatabase } from "./db/db.server";
import { type QueueStats, queueStats } from "./infra/jobs.server";
import { logRequest, requestIdFrom, runForRequest } from "./infra/log.server";
import {
  collectDefaultMetrics,
  gaugeOnScrape,
  observeRequest,
  registry,
  type Scrape,
  scrapeMetrics,
} from "./infra/metrics.server";
import { openStreamCount } from "./infra/streams.server";

export type MetricsEndpoint = {
  /** GET /metrics: null while no token is configured (the server answers as for any unknown path). */
  scrape(authorization: string | undefined): Promise<Scrape | null>;
  /** Counts one answered request under its route's pattern (`requestRoutes`). */
  observe(request: { method: string; route: string; status: number; seconds: number }): void;
};

export const METRICS_PATH = "/metrics";

export function metricsEndpoint(token: string | undefined): MetricsEndpoint {
  const scrape = (authorization: string | undefined) => scrapeMetrics(token, authorization);
  // Nobody scrapes without a token: requests are not counted.
  if (!token) return { scrape, observe: () => {} };
  collectProcessMetrics();
  return { scrape, observe: observeRequest };
}

/**
 * The route pattern of each request, the one source of it for both the metrics and the log's request lines
 * (app/infra/log.server.ts): see `routePattern`.
 */
export function requestRoutes(routes: ServerBuild["routes"]): (method: string, path: string) => string {
  const pageRoute = keptByPath(pageRoutes(routes));
  return (method, path) => routePattern(method, path, pageRoute);
}

/**
 * What the HTTP server needs to log each request (app/infra/log.server.ts): its id, its route's pattern (the same as
 * the metrics'), the context its handling runs in, and its line once the answer has gone out.
 */
export function requestLogging(routes: ServerBuild["routes"]) {
  return { idFrom: requestIdFrom, route: requestRoutes(routes), run: runForRequest, log: logRequest };
}

/** How many paths' route ids are kept: matching the app's routes costs as much as a small page's render. */
const PATHS_KEPT = 2_000;

/** `find` with its answers kept for the last PATHS_KEPT paths (emptied when full: ids in paths never pile up). */
function keptByPath(find: (path: string) => string): (path: string) => string {
  const kept = new Map<string, string>();
  return (path) => {
    let id = kept.get(path);
    if (id === undefined) {
      if (kept.size >= PATHS_KEPT) kept.clear();
      id = find(path);
      kept.set(path, id);
    }
    return id;
  };
}

/**
 * A request's route, never its URL (whose ids would make a series per space, per booking): the API endpoint's
 * declared path, the page's route id (a missing page is the catch-all route's), "/build/*" for the built assets.
 */
function routePattern(method: string, path: string, pageRoute: (path: string) => string): string {
  if (path === METRICS_PATH) return METRICS_PATH;
  if (path.startsWith("/build/")) return "/build/*";
  if (path === "/api" || path.startsWith("/api/")) return apiRoutePattern(method, path);
  return pageRoute(path);
}

/** The deepest Remix route a path matches (its id: "routes/spaces.$id"), as Remix itself matches them. */
function pageRoutes(routes: ServerBuild["routes"]): (path: string) => string {
  type Node = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: Node[] };
  const nodes = new Map<string, Node>(
    Object.values(routes).map((route) => [
      route.id,
      {
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        children: [],
      },
    ]),
  );
  const top: Node[] = [];
  for (const route of Object.values(routes)) {
    const node = nodes.get(route.id) as Node;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : top).push(node);
  }
  // An index route takes no children (react-router refuses them): leave the list out.
  const tree = (list: Node[]): object[] =>
    list.map(({ children, ...node }) => (node.index ? node : { ...node, children: tree(children) }));
  const matchable = tree(top) as Parameters<typeof matchRoutes>[0];
  return (path) => {
    const matches = matchRoutes(matchable, path);
    return (matches?.at(-1)?.route as { id?: string } | undefined)?.id ?? "unmatched";
  };
}

/** The same read for the gauges of one scrape (a query for four gauges), fresh again after `ms`. */
function sharedFor<T>(ms: number, read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > ms) {
      const value = read();
      last = { at: Date.now(), value };
      value.catch(() => {
        if (last?.value === value) last = undefined;
      });
    }
    return last.value;
  };
}

const queues = sharedFor(1_000, queueStats);

function perQueue(read: (stats: QueueStats) => number) {
  return async () => (await queues()).map((stats) => ({ labels: { queue: stats.name }, value: read(stats) }));
}

// With several server processes on one port (WEB_CONCURRENCY), a scrape is answered by whichever process takes the
// connection: each one's series carry its worker number, so one process's counters never look like another's reset.
registry.setDefaultLabels({ worker: String(cluster.worker?.id ?? 0) });

let processMetrics = false;

/**
 * Node's own metrics (memory, CPU, event-loop delay), started once and only where someone scrapes: the event-loop
 * delay is sampled all the time it runs.
 */
function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry });
}

gaugeOnScrape({
  name: "jobs_queued",
  help: "Jobs waiting in each queue, due now or later (retries included).",
  labelNames: ["queue"],
  read: perQueue((stats) => stats.queued),
});
gaugeOnScrape({
  name: "jobs_active",
  help: "Jobs running now, by queue.",
  labelNames: ["queue"],
  read: perQueue((stats) => stats.active),
});
gaugeOnScrape({
  name: "jobs_failed",
  help: "Jobs that failed for good (their retries spent), by queue, as long as the job queue keeps them (7 days).",
  labelNames: ["queue"],
  read: perQueue((stats) => stats.failed),
});
gaugeOnScrape({
  name: "jobs_oldest_queued_seconds",
  help: "How long the oldest job due now has waited, by queue (0: none waits).",
  labelNames: ["queue"],
  read: perQueue((stats) => stats.oldestQueuedSeconds),
});
gaugeOnScrape({
  name: "webhook_events_unprocessed",
  help: "Payment provider webhook events taken but not yet processed (their jobs waiting or running).",
  read: async () => {
    const stats = (await queues()).find((queue) => queue.name === paymentEventsQueue.name);
    return stats ? [{ value: stats.queued + stats.active }] : [];
  },
});
gaugeOnScrape({
  name: "payment_events_unapplied",
  help: "Provider payment events waiting for an operator (npm run ops -- payments:unapplied).",
  read: async () => [{ value: (await openUnapplied((await getDatabase()).db)).length }],
});
gaugeOnScrape({
  name: "event_streams_open",
  help: "Live-update event streams this process holds open.",
  read: async () => [{ value: openStreamCount() }],
});
gaugeOnScrape({
  name: "db_pool_connections",
  help: "This process's database connections: total, idle and waiting for one (the embedded database: total 1).",
  labelNames: ["state"],
  read: async () =>
    Object.entries((await getDatabase()).poolUse()).map(([state, value]) => ({ labels: { state }, value })),
});

/** The ledger check reads every booking's money: run at most once a minute, whatever the scrape interval. */
const LEDGER_CHECK_MS = 60_000;
const ledger = sharedFor(LEDGER_CHECK_MS, async () => (await checkLedger((await getDatabase()).db)).length);

gaugeOnScrape({
  name: "ledger_balanced",
  help: "The ledger check (npm run ledger:check): 1 when every rule holds, 0 when not; run at most once a minute.",
  read: async () => [{ value: (await ledger()) === 0 ? 1 : 0 }],
});
gaugeOnScrape({
  name: "ledger_problems",
  help: "How many problems the last ledger check found.",
  read: async () => [{ value: await ledger() }],
});
