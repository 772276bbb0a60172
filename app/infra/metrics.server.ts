import { createHash, timingSafeEqual } from "node:crypto";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { log } from "./log.server";

export { collectDefaultMetrics } from "prom-client";

/**
 * What operators scrape at /metrics, in Prometheus' text format (prom-client; docs/decisions/0056-metrics.md). One
 * registry per process: the request counts are this process's own, and the gauges are read when a scrape asks
 * (`gaugeOnScrape`), so nothing is polled between scrapes.
 */
export const registry = new Registry();

/** A request's route: a pattern (an API endpoint's declared path, a page's route id), never the URL it came with. */
export type ObservedRequest = { method: string; route: string; status: number; seconds: number };

const requests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status class (2xx, 3xx, 4xx, 5xx).",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});

const durations = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its answer, by method, route pattern and status class.",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** The methods we label by name; anything else is counted as "other", so a caller cannot invent label values. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function observeRequest({ method, route, status, seconds }: ObservedRequest): void {
  const labels = {
    method: METHODS.has(method) ? method : "other",
    route,
    status: `${Math.floor(status / 100)}xx`,
  };
  requests.inc(labels);
  durations.observe(labels, seconds);
}

export const webhookEventsReceived = new Counter({
  name: "webhook_events_received_total",
  help: "Provider webhook events received with a valid signature, by source and whether they were new or a repeat.",
  labelNames: ["source", "outcome"] as const,
  registers: [registry],
});

/**
 * A gauge whose values are read at each scrape: `read` answers one value per label set. A failing read leaves the
 * gauge empty for that scrape (and says why once per scrape in the log), so one broken source never hides the rest.
 */
export function gaugeOnScrape<L extends string>(options: {
  name: string;
  help: string;
  labelNames?: readonly L[];
  read: () => Promise<readonly { labels?: Partial<Record<L, string>>; value: number }[]>;
}): Gauge<L> {
  return new Gauge<L>({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames ?? [],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const { labels, value } of await options.read()) {
          if (labels) this.set(labels, value);
          else this.set(value);
        }
      } catch (error) {
        log.warn(
          `[metrics] ${options.name} could not be read: ${error instanceof Error ? error.message : error}`,
        );
      }
    },
  });
}

export type Scrape = { status: number; contentType: string; body: string };

/**
 * The answer to GET /metrics. Without a token configured there are no metrics to see (null: the server answers as
 * for any unknown path); with one, only `Authorization: Bearer <token>` is let in, compared in constant time.
 */
export async function scrapeMetrics(
  token: string | undefined,
  authorization: string | undefined,
): Promise<Scrape | null> {
  if (!token) return null;
  const given = /^Bearer\s+(.+)$/i.exec(authorization ?? "")?.[1]?.trim() ?? "";
  if (!sameSecret(given, token))
    return { status: 401, contentType: "text/plain; charset=utf-8", body: "A bearer token is required." };
  return { status: 200, contentType: registry.contentType, body: await registry.metrics() };
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
