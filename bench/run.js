/**
 * Throughput and page-weight benchmark of the production build (see bench/README.md).
 *
 *   npm run bench [-- --no-build] [-- --duration N]
 *
 * Builds the app, starts `remix-serve build/index.js` on a free port with a fresh data directory,
 * drives the home page, a JSON API call and the home page's stylesheet with autocannon, measures the
 * gzip size of what the home page loads, prints a table and writes bench/results/latest.json.
 * With BENCH_DATABASE_URL set, the load test is repeated against PostgreSQL.
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

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const RESULTS_FILE = path.join(ROOT, "bench", "results", "latest.json");

const CONNECTIONS = 10;
const PIPELINING = 1;
const WARM_UP_REQUESTS = 10;
const READY_POLL_MS = 200;
const READY_TIMEOUT_MS = 60_000;
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

/** Servers still running, so that a failure or Ctrl-C can stop them. */
const running = new Set();
/** The autocannon run under way, and whether Ctrl-C was pressed. */
let currentRun;
let interrupted = false;

// ---------------------------------------------------------------------------------------------------------
// Main

async function main() {
  const options = readOptions();
  if (options.build) await runBuild();

  const databases = {};
  const embedded = await startServer({ label: "embedded", database: "PGlite (embedded)" });
  let targets;
  let bytes;
  try {
    targets = await findTargets(embedded.url);
    bytes = await measureBytes(embedded.url);
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

  const passwordHash = await measurePasswordHash();

  const report = {
    date: new Date().toISOString(),
    node: process.version,
    machine: { cpus: os.cpus().length, memoryGiB: round(os.totalmem() / KB ** 3, 1) },
    durationSeconds: options.duration,
    connections: CONNECTIONS,
    databases,
    bytes,
    passwordHash,
  };
  writeReport(report);
  printReport(report);
}

/** `--no-build` skips `npm run build`; `--duration N` sets the seconds each route is driven for. */
function readOptions() {
  const { values } = parseArgs({
    options: {
      build: { type: "boolean", default: true },
      duration: { type: "string", default: "10" },
    },
    allowNegative: true, // gives --no-build
    strict: true,
  });
  const duration = Number(values.duration);
  if (!Number.isFinite(duration) || duration <= 0) {
    throw new Error(`--duration must be a positive number of seconds, got "${values.duration}"`);
  }
  return { build: values.build, duration };
}

// ---------------------------------------------------------------------------------------------------------
// Build and server

async function runBuild() {
  console.log("> npm run build");
  const child = spawn("npm", ["run", "build"], {
    cwd: ROOT,
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  const [code, signal] = await once(child, "exit");
  if (code !== 0) throw new Error(`npm run build failed (${signal ?? `exit code ${code}`})`);
}

/**
 * Starts remix-serve with its own port and data directory. Its output goes to a file in that directory
 * rather than a pipe: remix-serve logs every request, and reading that here would steal CPU from autocannon.
 */
async function startServer({ label, database, databaseUrl }) {
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "space-solution-bench-"));
  const logFile = path.join(dataDir, "server.log");
  const logFd = openSync(logFile, "a");

  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1", // remix-serve listens on every interface otherwise
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    SEED_DEMO_DATA: "true", // the login target needs the demo accounts, on PostgreSQL too
    SESSION_SECRET: randomBytes(36).toString("base64url"), // 48 characters
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  // Run the bin script with this very Node (not through npx, which would add a process in between).
  const child = spawn(
    process.execPath,
    [path.join("node_modules", ".bin", "remix-serve"), "build/index.js"],
    {
      cwd: ROOT,
      env,
      stdio: ["ignore", logFd, logFd],
    },
  );
  closeSync(logFd); // the child has its own copy
  const exited = once(child, "exit");
  const server = { label, database, child, exited, dataDir, logFile, url: `http://127.0.0.1:${port}` };
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

/** SIGTERM, then SIGKILL if it has not exited 15 s later; removes its data directory either way. */
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
  rmSync(server.dataDir, { recursive: true, force: true });
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
  return { database: server.database, routes };
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

/** A few sequential requests per route, so that caches, JIT and the database pool are warm. */
async function warmUp(baseUrl, targets) {
  for (const target of targets) {
    for (let i = 0; i < WARM_UP_REQUESTS; i++) {
      const response = await fetch(baseUrl + target.path, request(target));
      await response.arrayBuffer();
      if (!response.ok && i === 0) console.warn(`  warm-up: ${target.path} answered ${response.status}`);
    }
  }
}

/** The fetch / autocannon request options of a target: GET, or a JSON POST. */
function request(target) {
  return target.method === "POST"
    ? { method: "POST", headers: { "Content-Type": "application/json" }, body: target.body }
    : { method: "GET" };
}

/** One autocannon run; a rejected run (bad options, unreachable server) fails the benchmark. */
async function drive(url, target, { duration }) {
  currentRun = autocannon({
    url,
    duration,
    connections: CONNECTIONS,
    pipelining: PIPELINING,
    ...request(target),
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

function printReport(report) {
  const { machine, durationSeconds, connections } = report;
  console.log("");
  console.log(
    `Node ${report.node}, ${machine.cpus} CPUs, ${machine.memoryGiB} GiB; ` +
      `${durationSeconds} s per route, ${connections} connections, pipelining ${PIPELINING}`,
  );
  for (const [key, result] of Object.entries(report.databases)) {
    console.log(`\n${key}: ${result.database}`);
    printRoutes(result.routes);
  }
  console.log(`\nHome page weight (${report.bytes.compression}; 1 KB = 1024 bytes)`);
  printBytes(report.bytes);
  const { passwordHash: hash } = report;
  console.log(
    `\nPassword hash (argon2id, ${hash.memoryKiB / 1024} MiB, ${hash.passes} passes): ` +
      `${hash.medianMs} ms median of ${hash.samples} (target 50–150 ms): ${hash.withinTarget ? "within target" : "OFF target"}`,
  );
  console.log(`\nWrote ${path.relative(ROOT, RESULTS_FILE)}`);
}

function printRoutes(routes) {
  const rows = Object.entries(routes).map(([route, r]) => [
    route,
    r.requestsPerSecond.toFixed(1),
    String(r.latencyP50Ms),
    String(r.latencyP99Ms),
    String(r.non2xx),
    String(r.errors),
    r.ratioToStatic === null ? "-" : r.ratioToStatic.toFixed(2),
  ]);
  printTable(["route", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "vs static"], rows);
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
  await Promise.all([...running].map((server) => stopServer(server)));
}

// Ctrl-C (or a SIGTERM from a CI runner) stops the servers before leaving.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    console.error(`\n${signal}: stopping the server ...`);
    interrupted = true;
    // End the load first: remix-serve only exits once its keep-alive connections are closed.
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
