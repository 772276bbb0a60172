import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startJobs } from "~/infra/jobs.server";
import { type RunningApp, startApp } from "./app-server";

/**
 * The operators' metrics (docs/decisions/0056-metrics.md) over HTTP through the whole app: no /metrics without a
 * token, only its bearer gets them, and requests are counted by their route's pattern, never their URL.
 */
const TOKEN = "a-token-for-the-metrics-scraper";

describe("without METRICS_TOKEN", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("/metrics is a page that does not exist, whatever the caller sends", async () => {
    expect((await app.send("GET", "/metrics")).status).toBe(404);
    const guessed = await app.send("GET", "/metrics", { headers: { Authorization: "Bearer " } });
    expect(guessed.status).toBe(404);
    expect(guessed.body).not.toContain("http_requests_total");
  });
});

describe("with METRICS_TOKEN", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ metricsToken: TOKEN });
    // As at boot: the job queue runs, so its tables are there to count.
    await startJobs();
  });
  afterAll(async () => {
    await app?.close();
  });

  const scrape = () => app.send("GET", "/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } });

  it("refuses a caller without the token, or with another", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: "Bearer not-the-token-at-all" },
      { Authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const refused = await app.send("GET", "/metrics", { headers });
      expect(refused.status).toBe(401);
      expect(refused.headers["www-authenticate"]).toBe("Bearer");
      expect(refused.body).not.toContain("http_requests_total");
    }
  });

  it("answers its bearer in Prometheus' text format, with every metric named", async () => {
    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers["cache-control"]).toBe("no-store");
    for (const name of [
      "http_requests_total",
      "http_request_duration_seconds",
      "jobs_queued",
      "jobs_active",
      "jobs_failed",
      "jobs_oldest_queued_seconds",
      "webhook_events_unprocessed",
      "webhook_events_received_total",
      "payment_events_unapplied",
      "event_streams_open",
      "db_pool_connections",
      "ledger_balanced",
      "process_resident_memory_bytes",
    ])
      expect(answer.body, name).toContain(`# TYPE ${name} `);
    // One sample of `name` whose labels include `labels` (every series also carries the process's worker number).
    const sample = (name: string, labels: string, value = "\\d+(\\.\\d+)?(e[+-]?\\d+)?") =>
      new RegExp(`^${name}\\{(.*,)?${labels.replace(/[{}]/g, "\\$&")}(,.*)?\\} ${value}$`, "m");
    expect(answer.body).toMatch(sample("jobs_queued", 'queue="mail"'));
    expect(answer.body).toMatch(sample("jobs_oldest_queued_seconds", 'queue="payment-events"'));
    expect(answer.body).toMatch(sample("webhook_events_unprocessed", 'worker="0"'));
    expect(answer.body).toMatch(sample("event_streams_open", 'worker="0"'));
    expect(answer.body).toMatch(sample("db_pool_connections", 'state="total"'));
    expect(answer.body).toMatch(sample("ledger_balanced", 'worker="0"', "1"));
  });

  it("counts requests under their route's pattern, not their URL", async () => {
    for (const n of ["1", "2"])
      await app.send("POST", `/api/space/newSpaceSearch/${n}?storageType=storage`, {
        headers: { "Content-Type": "application/json" },
        body: "{}",
      });
    for (const id of ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"])
      await app.send("GET", `/storage/listings/${id}`);
    const body = (await scrape()).body;
    const series = (route: string) =>
      body
        .split("\n")
        .filter((line) => line.startsWith("http_requests_total{") && line.includes(`route="${route}"`));
    const api = series("/api/space/newSpaceSearch/{n}");
    expect(api).toHaveLength(1);
    expect(api[0]).toMatch(/ 2$/);
    const page = series("routes/storage.listings.$id.($slug)");
    expect(page).toHaveLength(1);
    expect(page[0]).toMatch(/ 2$/);
    expect(body).not.toContain("newSpaceSearch/1");
    expect(body).not.toContain("00000000-0000-4000-8000-000000000001");
    expect(body).toMatch(
      /^http_request_duration_seconds_count\{[^}]*route="\/api\/space\/newSpaceSearch\/\{n\}"/m,
    );
  });
});
