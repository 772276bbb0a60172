/**
 * Benchmarks of the production build (see bench/README.md).
 *
 *   npm run bench [-- --no-build] [-- --duration N] [-- --only routes,password,image,search,page,explain,lighthouse]
 *
 * routes:   builds the app, starts `server/index.ts` on a free port with a fresh data directory, drives the
 *           home page, a JSON API call, the login and the home page's stylesheet with autocannon and
 *           measures the gzip size of what the home page loads and the JavaScript of every page a visitor reaches
 *           first (home, search, a listing, a city, the landing pages) against its budget, and the server's
 *           resident memory after start and after the load (with BENCH_DATABASE_URL, the load test again on
 *           PostgreSQL).
 * password: the time of one password hash.
 * image:    the time and peak memory of processing a 3 MB photo (bench/image.ts, a fresh process per run).
 * search:   searchSpaces p50/p99 at 100,000 listings for five queries, on PGlite and PostgreSQL (bench/search.ts),
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
 * Prints the figures with their targets and writes bench/results/latest.json (sections not run keep their last
 * figures).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../scripts/chromium.js";
import { SERVER_NODE_FLAGS } from "../server/node-flags.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const RESULTS_FILE = path.join(ROOT, "bench", "results", "latest.json");
const EXPLAIN_FILE = path.join(ROOT, "docs", "search-performance.md");
/** BUILD_DIR builds (and serves) somewhere else than build/, as remix.config.js does. */
const BUILD_DIR = process.env.BUILD_DIR?.trim() || "build";

const SECTIONS = [
  "routes",
  "password",
  "image",
  "search",
  "page",
  "explain",
  "race",
  "streams",
  "billing",
  "lighthouse",
];
const DEFAULT_SECTIONS = ["routes", "password", "image", "search", "page", "race", "streams", "billing"];
/** Active bookings billed by one daily run. */
const BILLING_BOOKINGS = 10_000;
/** Event-stream clients held at once, and messages whose signal is timed (under the host's hourly sending limit). */
const STREAM_CLIENTS = 500;
const STREAM_MESSAGES = 100;
/** Renters racing for the last free space. */
const RACE_RENTERS = 100;

const CONNECTIONS = 10;
const PIPELINING = 1;
const WARM_UP_REQUESTS = 10;
const WARM_UP_CONNECTIONS = 4;
const SEARCH_PAGE_WARM_UP_S = 3;
const READY_POLL_MS = 200;
/** V8's memory reducer starts 8 s after the allocations stop. */
const IDLE_AFTER_LOAD_MS = 10_000;
/** The demo data draws its photos at start: on a busy 2-core machine that alone can take a minute. */
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;
const GZIP_LEVEL = 9;
const KB = 1024;
const BUDGETS = { js: 100 * KB, css: 15 * KB };

const HOME = "/";
const API = "/api/user/cityList";
const LOGIN = "/api/user/login";
/** A demo account (the bench servers load the demo data); every request is a real argon2id verification. */
const LOGIN_BODY = JSON.stringify({
  email: "maria.host@demo.spacesolution.ph",
  password: "spacesolution-demo",
});
const HASH_SAMPLES = 10;

/** The search benchmarks: listings generated, runs per query, the page driven and its connections. */
const DEFAULT_SPACES = 100_000;
const DEFAULT_SEARCH_RUNS = 200;
const SEARCH_PAGE = "/search-space?storageType=storage&city=makati";
const SEARCH_PAGE_CONNECTIONS = 20;
const IMAGE_RUNS = 5;
/** Where the search benchmark finds PostgreSQL when BENCH_DATABASE_URL is unset (a fresh database is made there). */
const LOCAL_POSTGRES = "postgres://root@127.0.0.1:5432/postgres";
const TARGETS = { queryP99Ms: 20, searchPageP99Ms: 150, listingJsBytes: 100 * KB, serverRssMiB: 350 };
/** The pages a visitor reaches first (from a search engine, a shared link or an ad): each within the JS budget. */
const CITY_PAGE = "/storage-city/makati";
const LANDING_PAGES = ["/storage", "/parking"];
/** Pinned, and fetched by `npm exec` on first use: a 300-package tool the app itself never needs. */
const LIGHTHOUSE = "lighthouse@13.5.0";
const LIGHTHOUSE_TARGETS = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 };
/**
 * Lighthouse runs per page: its performance score varies from one run to the next on a shared machine (here 77–100
 * for the same build within the hour), so each page is run three times and its median run is the one reported, as
 * Lighthouse's own guide to variability advises.
 */
const LIGHTHOUSE_RUNS = 3;

/** Servers still running, so that a failure or Ctrl-C can stop them. */
const running = new Set();
/** Worker processes (bench/image.ts, bench/search.ts) under way, stopped the same way. */
const workers = new Set();
/** The autocannon run under way, and whether Ctrl-C was pressed. */
let currentRun;
let interrupted = false;

// ---------------------------------------------------------------------------------------------------------
// Main

async function main() {
  const options = readOptions();
  const { sections } = options;
  if (options.build && (sections.has("routes") || sections.has("page") || sections.has("lighthouse"))) {
    await runBuild();
  }

  // Sections not run this time keep their last figures.
  const report = {
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
  writeReport(report);
  printReport(report, sections);
}

/** The load test of the home page, a JSON call, the login and a static file, and the home page's weight. */
async function benchmarkRoutes(options) {
  const databases = {};
  const embedded = await startServer({ label: "embedded", database: "PGlite (embedded)" });
  let targets;
  let bytes;
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

function readPreviousReport() {
  try {
    return JSON.parse(readFileSync(RESULTS_FILE, "utf8"));
  } catch {
    return {};
  }
}

/**
 * `--no-build` skips the build; `--duration N` sets the seconds each route (and the search page) is driven for;
 * `--only a,b` runs only those sections (also repeated: `--only search --only page`); `--spaces N` and `--runs N`
 * set the listings generated and the runs per search query.
 */
function readOptions() {
  const { values } = parseArgs({
    options: {
      build: { type: "boolean", default: true },
      duration: { type: "string", default: "10" },
      only: { type: "string", multiple: true },
      spaces: { type: "string", default: String(DEFAULT_SPACES) },
      runs: { type: "string", default: String(DEFAULT_SEARCH_RUNS) },
    },
    allowNegative: true, // gives --no-build
    strict: true,
  });
  const duration = Number(values.duration);
  if (!Number.isFinite(duration) || duration <= 0) {
    throw new Error(`--duration must be a positive number of seconds, got "${values.duration}"`);
  }
  const positive = (name) => {
    const value = Number(values[name]);
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new Error(`--${name} must be a positive whole number, got "${values[name]}"`);
    }
    return value;
  };
  const only = (values.only ?? []).flatMap((value) => value.split(",")).map((value) => value.trim());
  for (const section of only) {
    if (!SECTIONS.includes(section)) {
      throw new Error(`--only takes ${SECTIONS.join(", ")}; got "${section}"`);
    }
  }
  const sections = new Set(only.length > 0 ? only : DEFAULT_SECTIONS);
  return { build: values.build, duration, sections, spaces: positive("spaces"), runs: positive("runs") };
}

// ---------------------------------------------------------------------------------------------------------
// Build and server

async function runBuild() {
  console.log(`> npm run build${BUILD_DIR === "build" ? "" : ` (BUILD_DIR=${BUILD_DIR})`}`);
  const child = spawn("npm", ["run", "build"], {
    cwd: ROOT,
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  const [code, signal] = await once(child, "exit");
  if (code !== 0) throw new Error(`npm run build failed (${signal ?? `exit code ${code}`})`);
}

/**
 * Starts the app's server (server/index.ts) with its own port and data directory. Its output goes to a file in that
 * directory rather than a pipe: reading a server's log here would steal CPU from autocannon.
 */
async function startServer({ label, database, databaseUrl, dataDir: givenDataDir }) {
  const port = await findFreePort();
  // A data directory of the caller's (with data in it) is the caller's to remove.
  const dataDir = givenDataDir ?? mkdtempSync(path.join(os.tmpdir(), "space-solution-bench-"));
  const logFile = path.join(dataDir, "server.log");
  const logFd = openSync(logFile, "a");

  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1", // the server listens on every interface otherwise
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    SEED_DEMO_DATA: "true", // the login target needs the demo accounts, on PostgreSQL too
    SESSION_SECRET: randomBytes(36).toString("base64url"), // 48 characters
    // The C allocator's settings the README ("Memory") asks production to run with, unless the caller set others.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
    MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? "131072",
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  // Run the server with this very Node (not through npm, which would add a process in between), with the flags of
  // `npm run serve`.
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, path.join("server", "index.ts"), `${BUILD_DIR}/index.js`],
    {
      cwd: ROOT,
      env,
      stdio: ["ignore", logFd, logFd],
    },
  );
  closeSync(logFd); // the child has its own copy
  const exited = once(child, "exit");
  const server = {
    label,
    database,
    child,
    exited,
    dataDir,
    ownsDataDir: !givenDataDir,
    logFile,
    url: `http://127.0.0.1:${port}`,
  };
  running.add(server);

  console.log(`Starting the ${label} server on ${server.url} ...`);
  await waitForReady(server);
  return server;
}

/** Asks the system for a free port by listening on port 0, then releases it for the server. */
async function findFreePort() {
  const probe = net.createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address();
  probe.close();
  await once(probe, "close");
  return port;
}

/** Polls /readyz until it answers 200; fails early if the server exits, and after 60 s otherwise. */
async function waitForReady(server) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited(server)) {
      throw new Error(`The ${server.label} server exited before it was ready.\n${serverOutput(server)}`);
    }
    try {
      const response = await fetch(`${server.url}/readyz`, {
        signal: AbortSignal.timeout(READY_POLL_MS * 5),
      });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(READY_POLL_MS);
  }
  throw new Error(
    `The ${server.label} server was not ready after ${READY_TIMEOUT_MS / 1000} s.\n${serverOutput(server)}`,
  );
}

/** SIGTERM, then SIGKILL if it has not exited 15 s later; removes its own data directory either way. */
async function stopServer(server) {
  if (!running.delete(server)) return;
  if (!hasExited(server)) {
    console.log(`Stopping the ${server.label} server ...`);
    server.child.kill("SIGTERM");
    let timer;
    const timeout = new Promise((resolve) => {
      timer = setTimeout(resolve, STOP_TIMEOUT_MS, "timeout");
    });
    const outcome = await Promise.race([server.exited, timeout]);
    clearTimeout(timer); // or it would keep this process alive for the full 15 s
    if (outcome === "timeout") {
      console.warn(`The ${server.label} server did not stop within ${STOP_TIMEOUT_MS / 1000} s: killing it.`);
      server.child.kill("SIGKILL");
      await server.exited;
    }
  }
  if (server.ownsDataDir) rmSync(server.dataDir, { recursive: true, force: true });
}

function hasExited(server) {
  return server.child.exitCode !== null || server.child.signalCode !== null;
}

/** The end of the server's log, for error messages. */
function serverOutput(server) {
  let log = "";
  try {
    log = readFileSync(server.logFile, "utf8");
  } catch {
    // no log yet
  }
  const tail = log.length > 8000 ? `...${log.slice(-8000)}` : log;
  return `--- server output ---\n${tail.trimEnd() || "(none)"}\n---------------------`;
}

// ---------------------------------------------------------------------------------------------------------
// Targets and load

/** The three routes driven: the home page, a JSON API call and the home page's (first) stylesheet. */
async function findTargets(baseUrl) {
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
async function benchmarkServer(server, targets, options) {
  const memory = { afterStart: residentMemory(server) };
  await warmUp(server.url, targets);
  const routes = {};
  for (const target of targets) {
    if (interrupted) throw new Error("interrupted");
    console.log(`  ${server.label}: ${target.path} for ${options.duration} s ...`);
    routes[target.path] = { kind: target.kind, ...(await drive(server.url + target.path, target, options)) };
    await assertAlive(server, target.path);
  }
  const staticTarget = targets.find((target) => target.kind === "static");
  const staticRate = routes[staticTarget.path].requestsPerSecond;
  for (const route of Object.values(routes)) {
    route.ratioToStatic = staticRate > 0 ? round(route.requestsPerSecond / staticRate, 2) : null;
  }
  memory.afterLoad = residentMemory(server);
  // What the server keeps between bursts of visitors: V8 gives memory back only once requests stop for a while.
  await sleep(IDLE_AFTER_LOAD_MS);
  memory.afterIdle = residentMemory(server);
  // The target is the embedded default's: the app on a PostgreSQL server leaves the database's memory to it.
  memory.targetMiB = server.database === "PGlite (embedded)" ? TARGETS.serverRssMiB : null;
  return { database: server.database, routes, memory };
}

/**
 * The server's resident memory (Linux: /proc), in MiB: the total, the anonymous part (JavaScript heap, the
 * embedded database's memory, the C allocator's) and the files part (mostly Node's own code), and the peak since
 * the process started; on PostgreSQL, where the server runs one process per core, summed over its processes
 * (`processes`). Null where /proc is not there.
 */
function residentMemory(server) {
  try {
    const pids = [server.child.pid, ...childProcesses(server.child.pid)];
    const statuses = pids.map((pid) => readFileSync(`/proc/${pid}/status`, "utf8"));
    const mib = (field) =>
      round(
        statuses.reduce(
          (sum, status) => sum + Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]),
          0,
        ) / KB,
        0,
      );
    return {
      processes: pids.length,
      rssMiB: mib("VmRSS"),
      anonymousMiB: mib("RssAnon"),
      filesMiB: mib("RssFile"),
      peakMiB: mib("VmHWM"),
    };
  } catch {
    return null;
  }
}

/** The process ids whose parent is `pid` (Linux). */
function childProcesses(pid) {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return children ? children.split(/\s+/).map(Number) : [];
}

/**
 * Fails if the server stopped answering during a run (it crashed, or something else signalled it):
 * autocannon would only count connection errors, and the figures would be meaningless.
 */
async function assertAlive(server, route) {
  let alive = false;
  if (!hasExited(server)) {
    try {
      const response = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      alive = response.ok;
    } catch {
      // refused or timed out
    }
  }
  if (!alive) {
    throw new Error(
      `The ${server.label} server stopped answering while ${route} was driven.\n${serverOutput(server)}`,
    );
  }
}

/** A few requests per route, so that caches, JIT and the database pool are warm in every server process. */
async function warmUp(baseUrl, targets) {
  for (const target of targets) {
    // Over several connections at once: a server of several processes hands each connection to one of them.
    await Promise.all(
      Array.from({ length: WARM_UP_CONNECTIONS }, async (_, connection) => {
        for (let i = 0; i < WARM_UP_REQUESTS; i++) {
          const response = await fetch(baseUrl + target.path, request(target));
          await response.arrayBuffer();
          if (!response.ok && i === 0 && connection === 0)
            console.warn(`  warm-up: ${target.path} answered ${response.status}`);
        }
      }),
    );
  }
}

/** The fetch / autocannon request options of a target: GET, or a JSON POST. */
function request(target) {
  return target.method === "POST"
    ? { method: "POST", headers: { "Content-Type": "application/json" }, body: target.body }
    : { method: "GET" };
}

/** One autocannon run; a rejected run (bad options, unreachable server) fails the benchmark. */
async function drive(url, target, { duration, connections = CONNECTIONS, paths }) {
  let next = 0;
  currentRun = autocannon({
    url,
    duration,
    connections,
    pipelining: PIPELINING,
    ...request(target),
    // `paths`: each request the next of them, in turn.
    ...(paths
      ? { requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }] }
      : {}),
  });
  let result;
  try {
    result = await currentRun;
  } finally {
    currentRun = undefined;
  }
  return {
    requestsPerSecond: round(result.requests.average, 1),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Password hashing

/** Times the app's own hashPassword (its real parameters, imported through tsx) one hash at a time. */
async function measurePasswordHash() {
  const { tsImport } = await import("tsx/esm/api");
  const passwords = await tsImport("../app/services/password.server.ts", import.meta.url);
  await passwords.hashPassword("warm-up");
  const times = [];
  for (let i = 0; i < HASH_SAMPLES; i++) {
    const start = performance.now();
    await passwords.hashPassword(`correct horse battery staple ${i}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const medianMs = round(times[Math.floor(times.length / 2)], 1);
  const { memoryCost, timeCost } = passwords.PASSWORD_HASH_OPTIONS;
  return {
    samples: HASH_SAMPLES,
    medianMs,
    memoryKiB: memoryCost,
    passes: timeCost,
    withinTarget: medianMs >= 50 && medianMs <= 150,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Photo processing

/**
 * Makes a ~3 MB JPEG (bench/image.ts make), then processes it IMAGE_RUNS times, each in a fresh process
 * (bench/image.ts measure), and keeps the median of each figure.
 */
async function benchmarkImage() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "space-solution-bench-image-"));
  try {
    const file = path.join(dir, "photo.jpg");
    console.log("Photo: making a 3 MB JPEG ...");
    const input = JSON.parse(await runWorker(["bench/image.ts", "make", file], { capture: true }));
    const runs = [];
    for (let i = 0; i < IMAGE_RUNS; i++) {
      if (interrupted) throw new Error("interrupted");
      runs.push(
        JSON.parse(await runWorker(["bench/image.ts", "measure", file], { capture: true, gc: true })),
      );
    }
    const median = (key) => round(medianOf(runs.map((run) => run[key])), 1);
    const bomb = JSON.parse(await runWorker(["bench/image.ts", "bomb"], { capture: true }));
    return {
      date: new Date().toISOString(),
      bomb,
      input: { ...input, megabytes: round(input.bytes / KB ** 2, 2) },
      runs: IMAGE_RUNS,
      quality: runs[0].quality,
      output: runs[0].output,
      medianMs: median("ms"),
      medianPeakRssDeltaMiB: median("peakRssDeltaMiB"),
      medianPeakHeapDeltaMiB: median("peakHeapDeltaMiB"),
      medianPeakExternalDeltaMiB: median("peakExternalDeltaMiB"),
      samples: runs.map(({ ms, peakRssDeltaMiB, peakHeapDeltaMiB, peakExternalDeltaMiB }) => ({
        ms,
        peakRssDeltaMiB,
        peakHeapDeltaMiB,
        peakExternalDeltaMiB,
      })),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs a TypeScript worker with this Node and tsx (which resolves the app's `~/` imports). With `capture`, answers
 * what it printed; otherwise its output goes to ours.
 */
async function runWorker(args, { capture = false, gc = false, env = {} } = {}) {
  const child = spawn(process.execPath, [...(gc ? ["--expose-gc"] : []), "--import", "tsx", ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", capture ? "pipe" : "inherit", "inherit"],
  });
  workers.add(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  const [code, signal] = await once(child, "exit");
  workers.delete(child);
  if (code !== 0) throw new Error(`${args.join(" ")} failed (${signal ?? `exit code ${code}`})`);
  return output;
}

// ---------------------------------------------------------------------------------------------------------
// Lighthouse

/** Lighthouse's default mobile run on the home, search and a listing page of the embedded server. */
async function benchmarkLighthouse() {
  await runCommand(process.execPath, [path.join("scripts", "ensure-chromium.js")]);
  const server = await startServer({ label: "lighthouse", database: "PGlite (embedded)" });
  try {
    const listing = await findDemoListing(server.url);
    const pages = [HOME, SEARCH_PAGE];
    // The listing's own address, with its slug, as every link to it (and every shared link) has it.
    if (listing) pages.push(listing.path);
    // A running server, as a visitor meets it: the first requests after a start pay for compiling the code.
    await warmUp(
      server.url,
      pages.map((pagePath) => ({ path: pagePath, kind: "html" })),
    );
    const results = [];
    for (const pagePath of pages) {
      const runs = [];
      for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) runs.push(await lighthouseRun(server, pagePath, run));
      // The median run by performance score; the others' scores are kept beside it.
      const median = [...runs].sort((a, b) => a.scores.performance - b.scores.performance)[
        Math.floor(runs.length / 2)
      ];
      results.push({ ...median, performanceRuns: runs.map((run) => run.scores.performance) });
    }
    return {
      date: new Date().toISOString(),
      tool: LIGHTHOUSE,
      profile: "Lighthouse's default mobile: slow 4G, 4x CPU slowdown, Debian's Chromium headless shell",
      runsPerPage: LIGHTHOUSE_RUNS,
      targets: LIGHTHOUSE_TARGETS,
      pages: results,
    };
  } finally {
    await stopServer(server);
  }
}

/** One Lighthouse run of a page: its four scores, LCP and total blocking time. */
async function lighthouseRun(server, pagePath, run) {
  if (interrupted) throw new Error("interrupted");
  console.log(`  Lighthouse (mobile): ${pagePath}, run ${run} of ${LIGHTHOUSE_RUNS} ...`);
  const outputPath = path.join(server.dataDir, `lighthouse-${run}.json`);
  // `npm exec` runs Lighthouse's own `node` shebang: put this very Node first on PATH.
  await runCommand(
    process.platform === "win32" ? "npm.cmd" : "npm",
    ["exec", "--yes", `--package=${LIGHTHOUSE}`, "--", "lighthouse", server.url + pagePath, "--quiet"].concat(
      ["--output=json", `--output-path=${outputPath}`, `--chrome-flags=${CHROMIUM_FLAGS.join(" ")}`],
    ),
    {
      CHROME_PATH: CHROMIUM_PATH,
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
    },
  );
  const lhr = JSON.parse(readFileSync(outputPath, "utf8"));
  return {
    path: pagePath,
    scores: Object.fromEntries(
      Object.keys(LIGHTHOUSE_TARGETS).map((category) => [
        category,
        Math.round(lhr.categories[category].score * 100),
      ]),
    ),
    largestContentfulPaintMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
    totalBlockingTimeMs: Math.round(lhr.audits["total-blocking-time"].numericValue),
  };
}

/** Runs a command to its end, its output shown; fails on a non-zero exit. */
async function runCommand(command, args, env = {}) {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: "inherit" });
  workers.add(child);
  const [code, signal] = await once(child, "exit");
  workers.delete(child);
  if (code !== 0)
    throw new Error(`${command} ${args.slice(0, 4).join(" ")} failed (${signal ?? `exit code ${code}`})`);
}

function printLighthouse(lighthouse) {
  const categories = Object.keys(lighthouse.targets);
  const runs = lighthouse.runsPerPage ?? 1;
  console.log(
    `\nLighthouse (${lighthouse.tool}; ${lighthouse.profile}; the median of ${runs} runs per page)`,
  );
  printTable(
    ["page", ...categories, "LCP ms", "TBT ms", "performance of each run"],
    [
      ["target", ...categories.map((category) => `>= ${lighthouse.targets[category]}`), "", "", ""],
      ...lighthouse.pages.map((page) => [
        page.path,
        ...categories.map((category) => String(page.scores[category])),
        String(page.largestContentfulPaintMs),
        String(page.totalBlockingTimeMs),
        (page.performanceRuns ?? [page.scores.performance]).join(", "),
      ]),
    ],
  );
  const missed = lighthouse.pages.flatMap((page) =>
    categories
      .filter((category) => page.scores[category] < lighthouse.targets[category])
      .map((category) => `${page.path} ${category} ${page.scores[category]}`),
  );
  console.log(missed.length === 0 ? "  every score on target" : `  OFF target: ${missed.join("; ")}`);
}

// ---------------------------------------------------------------------------------------------------------
// Billing

/** The daily billing run on a fresh PGlite data directory and a fresh PostgreSQL database (bench/billing.ts). */
async function benchmarkBilling() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "space-solution-bench-billing-"));
  const postgres = await createPostgresDatabase();
  const billing = {
    date: new Date().toISOString(),
    bookings: BILLING_BOOKINGS,
    target: "one bill per booking, none on a rerun",
    databases: {},
  };
  try {
    const runs = [
      ["PGlite (embedded)", { kind: "pglite", dataDir: path.join(dataDir, "pglite") }],
      ...(postgres ? [["PostgreSQL", { kind: "postgres", url: postgres.url }]] : []),
    ];
    for (const [label, database] of runs) {
      console.log(`Billing: ${BILLING_BOOKINGS} bookings on ${label} ...`);
      const resultFile = path.join(dataDir, `billing-${database.kind}.json`);
      await runWorker(
        ["bench/billing.ts", JSON.stringify({ database, bookings: BILLING_BOOKINGS, resultFile })],
        { env: { NODE_ENV: "production", DATABASE_URL: "" } },
      );
      const result = JSON.parse(readFileSync(resultFile, "utf8"));
      billing.databases[database.kind] = {
        ...result,
        database: label,
        status:
          result.issued === BILLING_BOOKINGS && result.rerunIssued === 0 ? "within target" : "OFF target",
      };
    }
    if (!postgres) billing.postgresSkipped = postgresSkipReason;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
  return billing;
}

// ---------------------------------------------------------------------------------------------------------
// Booking race

/** The booking race on a fresh PGlite data directory and a fresh PostgreSQL database (bench/booking-race.ts). */
async function benchmarkBookingRace() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "space-solution-bench-race-"));
  const postgres = await createPostgresDatabase();
  const race = {
    date: new Date().toISOString(),
    renters: RACE_RENTERS,
    target: "exactly 1 booking",
    databases: {},
  };
  try {
    const runs = [
      ["PGlite (embedded)", { kind: "pglite", dataDir: path.join(dataDir, "pglite") }],
      ...(postgres ? [["PostgreSQL", { kind: "postgres", url: postgres.url }]] : []),
    ];
    for (const [label, database] of runs) {
      console.log(`Booking race: ${RACE_RENTERS} renters on ${label} ...`);
      const resultFile = path.join(dataDir, `race-${database.kind}.json`);
      await runWorker(
        ["bench/booking-race.ts", JSON.stringify({ database, renters: RACE_RENTERS, resultFile })],
        {
          env: { NODE_ENV: "production", DATABASE_URL: "" },
        },
      );
      const result = JSON.parse(readFileSync(resultFile, "utf8"));
      race.databases[database.kind] = {
        ...result,
        database: label,
        status: result.bookings === 1 ? "within target" : "OFF target",
      };
    }
    if (!postgres) race.postgresSkipped = postgresSkipReason;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
  return race;
}

// ---------------------------------------------------------------------------------------------------------
// Live updates

/** Event streams held and the send → "changed" delay, on fresh PGlite and PostgreSQL (bench/live-streams.ts). */
async function benchmarkLiveStreams() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "space-solution-bench-streams-"));
  const postgres = await createPostgresDatabase();
  const streams = {
    date: new Date().toISOString(),
    clients: STREAM_CLIENTS,
    messages: STREAM_MESSAGES,
    databases: {},
  };
  try {
    const runs = [
      ["PGlite (embedded)", { kind: "pglite", dataDir: path.join(dataDir, "pglite") }],
      ...(postgres ? [["PostgreSQL", { kind: "postgres", url: postgres.url }]] : []),
    ];
    for (const [label, database] of runs) {
      console.log(`Live updates: ${STREAM_CLIENTS} event streams on ${label} ...`);
      const resultFile = path.join(dataDir, `streams-${database.kind}.json`);
      await runWorker(
        [
          "bench/live-streams.ts",
          JSON.stringify({ database, clients: STREAM_CLIENTS, messages: STREAM_MESSAGES, resultFile }),
        ],
        { gc: true, env: { NODE_ENV: "production", DATABASE_URL: "" } },
      );
      streams.databases[database.kind] = { ...JSON.parse(readFileSync(resultFile, "utf8")), database: label };
    }
    if (!postgres) streams.postgresSkipped = postgresSkipReason;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
  return streams;
}

// ---------------------------------------------------------------------------------------------------------
// Search

/**
 * Seeds N listings into a fresh PGlite data directory and a fresh PostgreSQL database, times the five searches on
 * each (bench/search.ts; on PostgreSQL it also writes docs/search-performance.md), then drives the search page of
 * the built server on that data and weighs a listing page. Removes the data directory and drops the database.
 */
async function benchmarkSearch(options) {
  const { sections } = options;
  const timeQueries = sections.has("search");
  const result = {};
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "space-solution-bench-search-"));
  const postgres = await createPostgresDatabase();
  try {
    const search = {
      date: new Date().toISOString(),
      spaces: options.spaces,
      runsPerQuery: timeQueries ? options.runs : 0,
      targets: { queryP99MsOnPostgres: TARGETS.queryP99Ms },
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
      search.postgresSkipped = postgresSkipReason;
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
        explained,
      };
    }

    if (sections.has("page")) {
      const page = {
        date: new Date().toISOString(),
        path: SEARCH_PAGE,
        spaces: options.spaces,
        connections: SEARCH_PAGE_CONNECTIONS,
        durationSeconds: options.duration,
        targets: { p99Ms: TARGETS.searchPageP99Ms },
        databases: {},
      };
      const servers = [
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

async function runSearchWorker(options, { label, database, dataDir, runs, explain = false }) {
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
  const result = JSON.parse(readFileSync(resultFile, "utf8"));
  for (const query of result.queries) {
    query.status =
      database.kind === "postgres"
        ? query.p99Ms < TARGETS.queryP99Ms
          ? "within target"
          : "OFF target"
        : "(target is for PostgreSQL)";
  }
  return { ...result, database: label };
}

let postgresSkipReason;

/**
 * A fresh database on BENCH_DATABASE_URL's server, or on the local PostgreSQL; null (with the reason kept) when
 * the local one cannot be reached. A BENCH_DATABASE_URL that cannot be reached is an error.
 */
async function createPostgresDatabase() {
  const given = process.env.BENCH_DATABASE_URL?.trim();
  const serverUrl = given || LOCAL_POSTGRES;
  const name = `ss_bench_${randomBytes(6).toString("hex")}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  try {
    await admin(`create database ${name}`);
  } catch (error) {
    if (given) throw new Error(`cannot create a database on BENCH_DATABASE_URL's server: ${error.message}`);
    postgresSkipReason = `no PostgreSQL at ${LOCAL_POSTGRES} (${error.message}); set BENCH_DATABASE_URL`;
    console.warn(`Search: skipping PostgreSQL: ${postgresSkipReason}`);
    return null;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      admin(`drop database if exists ${name} with (force)`).catch((error) => {
        console.warn(`Could not drop the bench database ${name}: ${error.message}`);
      }),
  };
}

/** The search page, server-rendered, driven by 20 connections; checks first that it lists results. */
async function benchmarkSearchPage(server, { duration }) {
  const html = await fetchText(server.url, SEARCH_PAGE);
  const resultLinks = html.match(/\/(storage|parking)\/listings\/[0-9a-f-]{36}/g) ?? [];
  if (resultLinks.length === 0)
    console.warn(`  ${SEARCH_PAGE} shows no listing links: is the search page done?`);
  const target = { path: SEARCH_PAGE, kind: "html" };
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
    status: figures.latencyP99Ms < TARGETS.searchPageP99Ms ? "within target" : "OFF target",
    differentSearches: { searches: searches.length, ...varied },
  };
}

/**
 * Storage searches of the page's own form (the tidy address it would redirect to), each a city with enough listings
 * for three pages, in four orders, three pages each: more than the server keeps of either kind, taken in turn.
 */
async function manySearches(baseUrl) {
  const { result: cities } = JSON.parse(await fetchText(baseUrl, "/api/user/cityList"));
  const paths = [];
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

/** An active listing of the demo data (GET /api/space/sitemapListings lists them all), as measureListingPage takes it. */
async function findDemoListing(baseUrl) {
  const { result } = JSON.parse(await fetchText(baseUrl, "/api/space/sitemapListings"));
  for (const { path: listingPath } of result?.listings ?? []) {
    const match = /^\/(storage|parking)\/listings\/([0-9a-f-]{36})(\/|$)/.exec(listingPath);
    if (match) return { storageType: match[1], id: match[2], path: listingPath };
  }
  console.warn("  GET /api/space/sitemapListings lists no listing: the listing page is not weighed");
  return null;
}

/** The gzip size of the JavaScript a listing page loads, against the 100 KB budget. */
async function measureListingPage(baseUrl, listing) {
  const pagePath = `/${listing.storageType}/listings/${listing.id}`;
  const response = await fetch(baseUrl + pagePath, { redirect: "follow" });
  const html = Buffer.from(await response.arrayBuffer());
  if (!response.ok) {
    console.warn(`  ${pagePath} answered ${response.status}: is the listing page done?`);
    return { date: new Date().toISOString(), path: pagePath, status: response.status };
  }
  const assets = findAssets(html.toString());
  const js = await measureFiles(baseUrl, assets.js);
  return {
    date: new Date().toISOString(),
    path: new URL(response.url).pathname,
    html: { rawBytes: html.length, gzipBytes: gzipSize(html) },
    js,
    budget: budget(js.gzipBytes, TARGETS.listingJsBytes),
  };
}

/** The JavaScript each first-reached page loads, gzip, against the budget. */
async function measureFirstPages(baseUrl, listing) {
  const pages = [HOME, SEARCH_PAGE, CITY_PAGE, ...LANDING_PAGES];
  if (listing) pages.splice(2, 0, `/${listing.storageType}/listings/${listing.id}`);
  const results = [];
  for (const pagePath of pages) {
    const response = await fetch(baseUrl + pagePath, { redirect: "follow" });
    if (!response.ok) throw new Error(`${pagePath} answered ${response.status}`);
    const js = await measureFiles(baseUrl, findAssets(await response.text()).js);
    results.push({
      path: pagePath,
      files: js.files.length,
      gzipBytes: js.gzipBytes,
      ...budget(js.gzipBytes, BUDGETS.js),
    });
  }
  return results;
}

function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

// ---------------------------------------------------------------------------------------------------------
// Page weight

/** The gzip size of the home page's HTML, stylesheets and scripts, each file compressed on its own. */
async function measureBytes(baseUrl) {
  const html = Buffer.from(await fetchText(baseUrl, HOME));
  const assets = findAssets(html.toString());
  const css = await measureFiles(baseUrl, assets.css);
  const js = await measureFiles(baseUrl, assets.js);
  return {
    compression: `gzip level ${GZIP_LEVEL} (zlib.gzipSync), each file on its own`,
    html: { path: HOME, rawBytes: html.length, gzipBytes: gzipSize(html) },
    css,
    js,
    budgets: {
      css: budget(css.gzipBytes, BUDGETS.css),
      js: budget(js.gzipBytes, BUDGETS.js),
    },
  };
}

async function measureFiles(baseUrl, paths) {
  const files = [];
  for (const assetPath of paths) {
    const body = Buffer.from(await (await fetchOk(baseUrl, assetPath)).arrayBuffer());
    files.push({ path: assetPath, rawBytes: body.length, gzipBytes: gzipSize(body) });
  }
  return {
    rawBytes: sum(files.map((file) => file.rawBytes)),
    gzipBytes: sum(files.map((file) => file.gzipBytes)),
    files,
  };
}

function budget(gzipBytes, limitBytes) {
  return { limitBytes, gzipBytes, status: gzipBytes <= limitBytes ? "within budget" : "OVER budget" };
}

function gzipSize(buffer) {
  return gzipSync(buffer, { level: GZIP_LEVEL }).length;
}

/**
 * The stylesheets (`<link rel="stylesheet">`) and scripts (`<script src>`, `<link rel="modulepreload">`)
 * of a page, as same-origin paths, deduplicated. Inline scripts are part of the HTML's own bytes.
 */
function findAssets(html) {
  const css = new Set();
  const js = new Set();
  for (const [tag, name] of html.matchAll(/<(link|script)\b[^>]*>/gi)) {
    const attributes = readAttributes(tag);
    const rel = (attributes.rel ?? "").toLowerCase().split(/\s+/);
    if (name.toLowerCase() === "script" && attributes.src) js.add(toPath(attributes.src));
    else if (rel.includes("stylesheet") && attributes.href) css.add(toPath(attributes.href));
    else if (rel.includes("modulepreload") && attributes.href) js.add(toPath(attributes.href));
  }
  return { css: [...css], js: [...js] };
}

function readAttributes(tag) {
  const attributes = {};
  for (const [, name, ...values] of tag.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    attributes[name.toLowerCase()] = values.find((value) => value !== undefined);
  }
  return attributes;
}

/** Resolves an href against the page; the assets are served by the app itself, so keep path and query. */
function toPath(href) {
  const url = new URL(href, "http://page.invalid/");
  return url.pathname + url.search;
}

// ---------------------------------------------------------------------------------------------------------
// Report

function writeReport(report) {
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
}

/** Prints the sections run this time, each figure next to its target. */
function printReport(report, sections) {
  const { machine } = report;
  console.log("");
  console.log(
    `Node ${report.node}, ${machine.cpus} CPUs, ${machine.memoryGiB} GiB; load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")}`,
  );
  if (sections.has("routes")) {
    const { durationSeconds, connections } = report;
    console.log(`${durationSeconds} s per route, ${connections} connections, pipelining ${PIPELINING}`);
    for (const [key, result] of Object.entries(report.databases)) {
      console.log(`\n${key}: ${result.database}`);
      printRoutes(result.routes);
      if (result.memory) printMemory(result.memory);
    }
    console.log(`\nHome page weight (${report.bytes.compression}; 1 KB = 1024 bytes)`);
    printBytes(report.bytes);
    if (report.bytes.listingPage) printListingPage(report.bytes.listingPage);
    if (report.bytes.firstPages) printFirstPages(report.bytes.firstPages);
  }
  if (sections.has("password")) {
    const { passwordHash: hash } = report;
    console.log(
      `\nPassword hash (argon2id, ${hash.memoryKiB / 1024} MiB, ${hash.passes} passes): ` +
        `${hash.medianMs} ms median of ${hash.samples} (target 50–150 ms): ${hash.withinTarget ? "within target" : "OFF target"}`,
    );
  }
  if (sections.has("image")) printImage(report.image);
  if (sections.has("search") && report.search) printSearch(report.search);
  if (sections.has("race") && report.bookingRace) printBookingRace(report.bookingRace);
  if (sections.has("billing") && report.billing) printBilling(report.billing);
  if (sections.has("streams") && report.liveStreams) printLiveStreams(report.liveStreams);
  if (sections.has("explain") && !sections.has("search")) printExplain(report.explain);
  if (sections.has("lighthouse") && report.lighthouse) printLighthouse(report.lighthouse);
  if (sections.has("page")) {
    if (report.searchPage) printSearchPage(report.searchPage);
    if (report.listingPage) printListingPage(report.listingPage);
  }
  console.log(`\nWrote ${path.relative(ROOT, RESULTS_FILE)}`);
}

/** A decompression bomb is refused from its header, well before it could be decoded. */
const BOMB_TARGET_MS = 2000;

function printImage(image) {
  console.log(
    `\nPhoto: a ${image.input.megabytes} MiB JPEG (${image.input.bytes.toLocaleString("en-US")} bytes), ` +
      `${image.input.width} × ${image.input.height}, processed by ` +
      `processImage (quality ${image.quality}, ${image.output.width} × ${image.output.height} JPEG and WebP at ` +
      `${image.output.webpWidths.join(", ")} px); median of ${image.runs} runs, each in a fresh process`,
  );
  printTable(
    ["", "median"],
    [
      ["time", `${image.medianMs} ms`],
      ["peak RSS above the baseline", `${image.medianPeakRssDeltaMiB} MiB`],
      ["peak JS heap above the baseline", `${image.medianPeakHeapDeltaMiB} MiB`],
      ["peak Buffers (external) above the baseline", `${image.medianPeakExternalDeltaMiB} MiB`],
    ],
  );
  if (image.bomb)
    console.log(
      `A 50,000 × 50,000 PNG (a decompression bomb) ${image.bomb.refused ? "refused from its header" : "NOT refused"} ` +
        `in ${image.bomb.ms} ms (target: under ${BOMB_TARGET_MS} ms)`,
    );
}

function printLiveStreams(streams) {
  console.log(
    `\nLive updates: ${streams.clients} event streams in one process; ${streams.messages} messages, send → "changed"`,
  );
  if (streams.postgresSkipped) console.log(`  PostgreSQL skipped: ${streams.postgresSkipped}`);
  printTable(
    ["database", "streams", "heap KB/client", "RSS KB/client", "p50 ms", "p99 ms"],
    Object.values(streams.databases).map((r) => [
      r.database,
      String(r.openStreams),
      r.memoryPerClientKB.heap.toFixed(1),
      r.memoryPerClientKB.rss.toFixed(1),
      r.p50Ms.toFixed(1),
      r.p99Ms.toFixed(1),
    ]),
  );
}

function printBilling(billing) {
  console.log(
    `\nBilling: the daily run over ${billing.bookings.toLocaleString("en-US")} active bookings (target: ${billing.target})`,
  );
  if (billing.postgresSkipped) console.log(`  PostgreSQL skipped: ${billing.postgresSkipped}`);
  printTable(
    ["database", "issued", "seconds", "peak RSS MB", "rerun issued", "rerun s", ""],
    Object.values(billing.databases).map((r) => [
      r.database,
      String(r.issued),
      r.seconds.toFixed(1),
      r.peakRssMb.toFixed(1),
      String(r.rerunIssued),
      r.rerunSeconds.toFixed(1),
      r.status,
    ]),
  );
}

function printBookingRace(race) {
  console.log(
    `\nBooking race: ${race.renters} concurrent BookSpace requests for the last free space (target: ${race.target})`,
  );
  if (race.postgresSkipped) console.log(`  PostgreSQL skipped: ${race.postgresSkipped}`);
  printTable(
    ["database", "bookings", "refused", "p50 ms", "p99 ms", ""],
    Object.values(race.databases).map((r) => [
      r.database,
      String(r.bookings),
      String(r.refused),
      r.p50Ms.toFixed(1),
      r.p99Ms.toFixed(1),
      r.status,
    ]),
  );
}

function printSearch(search) {
  console.log(
    `\nSearch: searchSpaces at ${search.spaces.toLocaleString("en-US")} listings, ${search.runsPerQuery} runs per query, one at a time ` +
      `(target: p99 < ${search.targets.queryP99MsOnPostgres} ms on PostgreSQL)`,
  );
  if (search.postgresSkipped) console.log(`  PostgreSQL skipped: ${search.postgresSkipped}`);
  for (const result of Object.values(search.databases)) {
    const { seeding } = result;
    console.log(
      `\n${result.database}: seeded in ${seeding.seconds} s (${seeding.cpuSeconds} s CPU, load ${seeding.loadAverage.join(" ")})`,
    );
    if (result.queries.length > 0) {
      printTable(
        ["query", "matches", "p50 ms", "p99 ms", ""],
        result.queries.map((q) => [
          q.name,
          String(q.matches),
          q.p50Ms.toFixed(2),
          q.p99Ms.toFixed(2),
          q.status,
        ]),
      );
    }
    if (result.explained) {
      const seqScans = result.explained.filter((row) => row.seqScanOnSpaces).map((row) => row.name);
      console.log(
        `  Plans written to ${path.relative(ROOT, EXPLAIN_FILE)}: ` +
          (seqScans.length ? `Seq Scan on spaces in ${seqScans.join(", ")}` : "no Seq Scan on spaces"),
      );
    }
  }
}

function printExplain(explain) {
  if (!explain) {
    console.log(`\nQuery plans: not written (${postgresSkipReason ?? "no PostgreSQL"})`);
    return;
  }
  const seqScans = explain.explained.filter((row) => row.seqScanOnSpaces).map((row) => row.name);
  console.log(
    `\nQuery plans at ${explain.spaces.toLocaleString("en-US")} listings (seeded in ${explain.seeding.seconds} s) ` +
      `written to ${explain.file}: ${seqScans.length ? `Seq Scan on spaces in ${seqScans.join(", ")}` : "no Seq Scan on spaces"}`,
  );
}

function printSearchPage(page) {
  console.log(
    `\nSearch page: ${page.path}, server-rendered, ${page.connections} connections for ${page.durationSeconds} s ` +
      `at ${page.spaces.toLocaleString("en-US")} listings (target: p99 < ${page.targets.p99Ms} ms)`,
  );
  printTable(
    ["database", "req/s", "p50 ms", "p99 ms", "non-2xx", ""],
    Object.values(page.databases).map((r) => [
      r.database,
      r.requestsPerSecond.toFixed(1),
      String(r.latencyP50Ms),
      String(r.latencyP99Ms),
      String(r.non2xx),
      r.status,
    ]),
  );
  const varied = Object.values(page.databases).filter((r) => r.differentSearches);
  if (varied.length === 0) return;
  console.log(
    `Every request a different search (${varied[0].differentSearches.searches} in turn, so nothing kept serves ` +
      "them; no target):",
  );
  printTable(
    ["database", "req/s", "p50 ms", "p99 ms", "non-2xx"],
    varied.map(({ database, differentSearches: r }) => [
      database,
      r.requestsPerSecond.toFixed(1),
      String(r.latencyP50Ms),
      String(r.latencyP99Ms),
      String(r.non2xx),
    ]),
  );
}

function printListingPage(listing) {
  if (!listing.js) {
    console.log(`\nListing page ${listing.path}: answered ${listing.status}, not weighed`);
    return;
  }
  console.log(`\nListing page weight: ${listing.path}`);
  printTable(
    ["", "files", "raw", "gzip", "budget", ""],
    [
      ["HTML", "", kb(listing.html.rawBytes), kb(listing.html.gzipBytes), "", ""],
      [
        "JS",
        fileCount(listing.js),
        kb(listing.js.rawBytes),
        kb(listing.js.gzipBytes),
        ...budgetCells(listing.budget),
      ],
    ],
  );
}

function printMemory({ afterStart, afterLoad, afterIdle, targetMiB }) {
  if (!afterStart || !afterLoad || !afterIdle) {
    console.log("  server RSS: not measured (no /proc)");
    return;
  }
  const worst = Math.max(afterStart.rssMiB, afterLoad.rssMiB, afterIdle.rssMiB);
  const processes = afterStart.processes > 1 ? `, ${afterStart.processes} processes together` : "";
  const verdict = worst <= targetMiB ? "within target" : "OVER target";
  console.log(
    targetMiB === null
      ? `\nServer memory (RSS, MiB${processes})`
      : `\nServer memory (RSS, MiB${processes}; target <= ${targetMiB} MiB): ${verdict}`,
  );
  printTable(
    ["when", "RSS", "anonymous", "files", "peak so far"],
    [
      ["after start", afterStart],
      ["after the load", afterLoad],
      [`${IDLE_AFTER_LOAD_MS / 1000} s later`, afterIdle],
    ].map(([when, m]) => [when, ...[m.rssMiB, m.anonymousMiB, m.filesMiB, m.peakMiB].map(String)]),
  );
}

function printFirstPages(pages) {
  console.log("\nJavaScript of the pages a visitor reaches first (gzip)");
  printTable(
    ["page", "files", "JS gzip", "budget", ""],
    pages.map((page) => [page.path, String(page.files), kb(page.gzipBytes), ...budgetCells(page)]),
  );
  const over = pages.filter((page) => page.gzipBytes > page.limitBytes);
  console.log(
    over.length === 0
      ? "  JS budget: every first page within budget"
      : `  JS budget: FAILED on ${over.map((page) => page.path).join(", ")}`,
  );
  if (over.length > 0) process.exitCode = 1;
}

function printRoutes(routes) {
  const rows = Object.entries(routes).map(([route, r]) => [
    route,
    String(r.requests),
    r.requestsPerSecond.toFixed(1),
    String(r.latencyP50Ms),
    String(r.latencyP99Ms),
    String(r.non2xx),
    String(r.errors),
    r.ratioToStatic === null ? "-" : r.ratioToStatic.toFixed(2),
  ]);
  printTable(["route", "requests", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "vs static"], rows);
  for (const [route, r] of Object.entries(routes)) {
    if (r.non2xx > 0 || r.errors > 0) {
      console.log(`  WARNING: ${route} had ${r.non2xx} non-2xx responses and ${r.errors} errors`);
    }
  }
}

function printBytes(bytes) {
  const rows = [
    ["HTML", HOME, kb(bytes.html.rawBytes), kb(bytes.html.gzipBytes), "", ""],
    [
      "CSS",
      fileCount(bytes.css),
      kb(bytes.css.rawBytes),
      kb(bytes.css.gzipBytes),
      ...budgetCells(bytes.budgets.css),
    ],
    [
      "JS",
      fileCount(bytes.js),
      kb(bytes.js.rawBytes),
      kb(bytes.js.gzipBytes),
      ...budgetCells(bytes.budgets.js),
    ],
  ];
  printTable(["", "files", "raw", "gzip", "budget", ""], rows);
}

function fileCount({ files }) {
  return `${files.length} file${files.length === 1 ? "" : "s"}`;
}

function budgetCells({ limitBytes, status }) {
  return [`<= ${kb(limitBytes, 0)}`, status];
}

/** Left-aligns the first column and right-aligns the others, except a last column of words. */
function printTable(header, rows) {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i].length)));
  const last = header.length - 1;
  const format = (row) =>
    row
      .map((cell, i) =>
        i === 0 || (i === last && cell !== "" && Number.isNaN(Number(cell)))
          ? cell.padEnd(widths[i])
          : cell.padStart(widths[i]),
      )
      .join("  ")
      .trimEnd();
  console.log(format(header));
  for (const row of rows) console.log(format(row));
}

// ---------------------------------------------------------------------------------------------------------
// Helpers

async function fetchOk(baseUrl, route) {
  const response = await fetch(baseUrl + route);
  if (!response.ok) throw new Error(`GET ${route} answered ${response.status}`);
  return response;
}

async function fetchText(baseUrl, route) {
  return (await fetchOk(baseUrl, route)).text();
}

function kb(bytes, digits = 1) {
  return `${(bytes / KB).toFixed(digits)} KB`;
}

function round(value, digits) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function sum(values) {
  return values.reduce((total, value) => total + value, 0);
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function stopAll() {
  for (const child of workers) child.kill("SIGTERM");
  await Promise.all([...running].map((server) => stopServer(server)));
}

// Ctrl-C (or a SIGTERM from a CI runner) stops the servers before leaving.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    console.error(`\n${signal}: stopping the server ...`);
    interrupted = true;
    // End the load first: the server only exits once its keep-alive connections are closed.
    currentRun?.stop();
    await stopAll();
    process.exit(128 + os.constants.signals[signal]);
  });
}

try {
  await main();
} catch (error) {
  // After Ctrl-C, the signal handler is already stopping the servers and will exit.
  if (!interrupted) {
    console.error(`\nBenchmark failed: ${error instanceof Error ? error.message : error}`);
    await stopAll();
    process.exitCode = 1;
  }
}
