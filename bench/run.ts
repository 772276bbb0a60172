/**
 * Benchmarks of the production build (see bench/README.md).
 *
 *   npm run bench [-- --no-build] [-- --duration N] [-- --only routes,password,image,search,page,explain,lighthouse]
 *
 * Node runs this as it is (type stripping): relative imports name their .ts file, and types are imported with
 * `import type`. Each section is a module of bench/sections/; the workers they start (bench/billing.ts,
 * booking-race.ts, image.ts, live-streams.ts, search.ts) run under tsx, which resolves the app's `~/` imports.
 *
 * routes:   builds the app, starts `server/index.ts` on a free port with a fresh data directory, drives the
 *           home page, a JSON API call, the login and the home page's stylesheet with autocannon and
 *           measures the gzip size of what the home page loads and the JavaScript of every page a visitor reaches
 *           first (home, search, a listing, a city, the landing pages) against its budget, and the server's
 *           resident memory after start and after the load (with BENCH_DATABASE_URL, the load test again on
 *           PostgreSQL).
 * password: the time of one password hash.
 * image:    the time and peak memory of processing a 3 MB photo (bench/image.ts, a fresh process per run).
 * search:   searchSpaces p50/p99 at 100,000 listings for six queries, on PGlite and PostgreSQL (bench/search.ts),
 *           and on PostgreSQL the query plans in docs/search-performance.md.
 * page:     the search page's server render at 20 connections on that data, and the listing page's JavaScript.
 * explain:  only the PostgreSQL part of search, to regenerate docs/search-performance.md.
 * race:     100 renters send POST /reserve/BookSpace for the last free space at once, on PGlite and PostgreSQL
 *           (bench/booking-race.ts): exactly one booking, with the requests' p50/p99.
 * billing:  the daily billing run over 10,000 active bookings whose second month is due to be billed, on PGlite and
 *           PostgreSQL (bench/billing.ts): its time and peak memory, and a rerun that issues nothing.
 * lighthouse: Lighthouse (its default mobile profile: slow 4G, 4x CPU slowdown) on the home, search and a listing
 *           page of the embedded server, in Debian's Chromium: the four category scores, LCP and total blocking
 *           time against the targets. Lighthouse is fetched on first use (`npm exec`), not installed with the app.
 * streams:  500 live-update event streams held by one process (memory per client), and the delay from a sent
 *           message to its "changed" signal at the other side's stream (p50/p99), on PGlite and PostgreSQL
 *           (bench/live-streams.ts).
 *
 * day:      nginx (deploy/nginx.conf) in front of two instances on PostgreSQL with --spaces listings: nginx's static
 *           rate, a visitor's kept page, the uncached search page at 20 connections, then 60 s of visitors, searches,
 *           bookings paid through the sandbox's webhook, approvals and chat, p50/p99 per step (sections/day.ts).
 *
 * Prints the figures with their targets and writes bench/results/latest.json (sections not run keep their last
 * figures).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import os from "node:os";
import { stopLoad } from "./load.ts";
import { readOptions } from "./options.ts";
import { printReport, type Report, readPreviousReport, writeReport } from "./report.ts";
import { benchmarkBilling } from "./sections/billing.ts";
import { benchmarkDay } from "./sections/day.ts";
import { benchmarkImage } from "./sections/image.ts";
import { benchmarkLighthouse } from "./sections/lighthouse.ts";
import { measurePasswordHash } from "./sections/password.ts";
import { benchmarkBookingRace } from "./sections/race.ts";
import { benchmarkRoutes } from "./sections/routes.ts";
import { benchmarkSearch } from "./sections/search.ts";
import { benchmarkLiveStreams } from "./sections/streams.ts";
import { stopServers } from "./server.ts";
import { BUILD_DIR, interruption, KB, ROOT, round } from "./shared.ts";
import { stopWorkers } from "./workers.ts";

async function main(): Promise<void> {
  const options = readOptions();
  const { sections } = options;
  if (
    options.build &&
    (sections.has("routes") || sections.has("page") || sections.has("lighthouse") || sections.has("day"))
  ) {
    await runBuild();
  }

  // Sections not run this time keep their last figures.
  const report: Report = {
    ...readPreviousReport(),
    date: new Date().toISOString(),
    node: process.version,
    machine: { cpus: os.cpus().length, memoryGiB: round(os.totalmem() / KB ** 3, 1) },
  };
  if (sections.has("routes")) Object.assign(report, await benchmarkRoutes(options));
  if (sections.has("password")) report.passwordHash = await measurePasswordHash();
  if (sections.has("image")) report.image = await benchmarkImage();
  if (sections.has("search") || sections.has("page") || sections.has("explain")) {
    Object.assign(report, await benchmarkSearch(options));
  }
  if (sections.has("race")) report.bookingRace = await benchmarkBookingRace();
  if (sections.has("billing")) report.billing = await benchmarkBilling();
  if (sections.has("streams")) report.liveStreams = await benchmarkLiveStreams();
  if (sections.has("lighthouse")) report.lighthouse = await benchmarkLighthouse();
  if (sections.has("day")) report.day = (await benchmarkDay(options)) ?? report.day;
  writeReport(report);
  printReport(report, sections);
}

async function runBuild(): Promise<void> {
  console.log(`> npm run build${BUILD_DIR === "build" ? "" : ` (BUILD_DIR=${BUILD_DIR})`}`);
  const child = spawn("npm", ["run", "build"], {
    cwd: ROOT,
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  const [code, signal] = await once(child, "exit");
  if (code !== 0) throw new Error(`npm run build failed (${signal ?? `exit code ${code}`})`);
}

async function stopAll(): Promise<void> {
  stopWorkers();
  await stopServers();
}

// Ctrl-C (or a SIGTERM from a CI runner) stops the servers before leaving.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    console.error(`\n${signal}: stopping the server ...`);
    interruption.interrupted = true;
    // End the load first: the server only exits once its keep-alive connections are closed.
    stopLoad();
    await stopAll();
    process.exit(128 + os.constants.signals[signal]);
  });
}

try {
  await main();
} catch (error) {
  // After Ctrl-C, the signal handler is already stopping the servers and will exit.
  if (!interruption.interrupted) {
    console.error(`\nBenchmark failed: ${error instanceof Error ? error.message : error}`);
    await stopAll();
    process.exitCode = 1;
  }
}
