/**
 * The benchmark's report: bench/results/latest.json (sections not run keep their last figures) and the tables
 * printed at the end, each figure next to its target.
 */

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PIPELINING } from "./load.ts";
import type { Budget, FilesWeight, FirstPageWeight, ListingPageWeight } from "./page-weight.ts";
import type { BillingResult } from "./sections/billing.ts";
import type { DayResult } from "./sections/day.ts";
import type { ImageResult } from "./sections/image.ts";
import type { LighthouseResult } from "./sections/lighthouse.ts";
import type { PasswordHashResult } from "./sections/password.ts";
import type { RaceResult } from "./sections/race.ts";
import {
  IDLE_AFTER_LOAD_MS,
  type RouteFigures,
  type RoutesResult,
  type ServerMemory,
} from "./sections/routes.ts";
import type { ExplainResult, SearchPageResult, SearchResult, SearchTimings } from "./sections/search.ts";
import type { StreamsResult } from "./sections/streams.ts";
import { EXPLAIN_FILE, HOME, KB, RESULTS_FILE, ROOT } from "./shared.ts";
import { postgresSkipReason } from "./workers.ts";

/** latest.json: the machine, then each section's figures (the last run's, for a section not run this time). */
export type Report = {
  date: string;
  node: string;
  machine: { cpus: number; memoryGiB: number };
  passwordHash?: PasswordHashResult;
  image?: ImageResult;
  bookingRace?: RaceResult;
  billing?: BillingResult;
  liveStreams?: StreamsResult;
  lighthouse?: LighthouseResult;
  day?: DayResult;
} & Partial<RoutesResult> &
  SearchResult;

/** A decompression bomb is refused from its header, well before it could be decoded. */
const BOMB_TARGET_MS = 2000;

export function readPreviousReport(): Partial<Report> {
  try {
    return JSON.parse(readFileSync(RESULTS_FILE, "utf8"));
  } catch {
    return {};
  }
}

export function writeReport(report: Report): void {
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
}

/** Prints the sections run this time, each figure next to its target. */
export function printReport(report: Report, sections: ReadonlySet<string>): void {
  const { machine } = report;
  console.log("");
  console.log(
    `Node ${report.node}, ${machine.cpus} CPUs, ${machine.memoryGiB} GiB; load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")}`,
  );
  if (sections.has("routes") && report.databases && report.bytes) {
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
  if (sections.has("password") && report.passwordHash) {
    const { passwordHash: hash } = report;
    console.log(
      `\nPassword hash (argon2id, ${hash.memoryKiB / 1024} MiB, ${hash.passes} passes): ` +
        `${hash.medianMs} ms median of ${hash.samples} (target 50–150 ms): ${hash.withinTarget ? "within target" : "OFF target"}`,
    );
  }
  if (sections.has("image") && report.image) printImage(report.image);
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

function printImage(image: ImageResult): void {
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

function printLighthouse(lighthouse: LighthouseResult): void {
  const categories = Object.keys(lighthouse.targets);
  const runs = lighthouse.runsPerPage ?? 1;
  console.log(
    `\nLighthouse (${lighthouse.tool}; ${lighthouse.profile}; the median of ${runs} runs per page)`,
  );
  const score = (page: LighthouseResult["pages"][number], category: string) =>
    (page.scores as Record<string, number>)[category] as number;
  printTable(
    ["page", ...categories, "LCP ms", "TBT ms", "performance of each run"],
    [
      ["target", ...categories.map((category) => `>= ${lighthouse.targets[category]}`), "", "", ""],
      ...lighthouse.pages.map((page) => [
        page.path,
        ...categories.map((category) => String(score(page, category))),
        String(page.largestContentfulPaintMs),
        String(page.totalBlockingTimeMs),
        (page.performanceRuns ?? [page.scores.performance]).join(", "),
      ]),
    ],
  );
  const missed = lighthouse.pages.flatMap((page) =>
    categories
      .filter((category) => score(page, category) < (lighthouse.targets[category] as number))
      .map((category) => `${page.path} ${category} ${score(page, category)}`),
  );
  console.log(missed.length === 0 ? "  every score on target" : `  OFF target: ${missed.join("; ")}`);
}

function printLiveStreams(streams: StreamsResult): void {
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

function printBilling(billing: BillingResult): void {
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

function printBookingRace(race: RaceResult): void {
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

function printSearch(search: SearchTimings): void {
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
          q.status ?? "",
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

function printExplain(explain: ExplainResult | undefined): void {
  if (!explain) {
    console.log(`\nQuery plans: not written (${postgresSkipReason() ?? "no PostgreSQL"})`);
    return;
  }
  const seqScans = explain.explained.filter((row) => row.seqScanOnSpaces).map((row) => row.name);
  console.log(
    `\nQuery plans at ${explain.spaces.toLocaleString("en-US")} listings (seeded in ${explain.seeding.seconds} s) ` +
      `written to ${explain.file}: ${seqScans.length ? `Seq Scan on spaces in ${seqScans.join(", ")}` : "no Seq Scan on spaces"}`,
  );
}

function printSearchPage(page: SearchPageResult): void {
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
  const [first] = varied;
  if (!first) return;
  console.log(
    `Every request a different search (${first.differentSearches.searches} in turn, so nothing kept serves ` +
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

function printListingPage(listing: ListingPageWeight): void {
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

function printMemory({ afterStart, afterLoad, afterIdle, targetMiB }: ServerMemory): void {
  if (!afterStart || !afterLoad || !afterIdle) {
    console.log("  server RSS: not measured (no /proc)");
    return;
  }
  const worst = Math.max(afterStart.rssMiB, afterLoad.rssMiB, afterIdle.rssMiB);
  const processes = afterStart.processes > 1 ? `, ${afterStart.processes} processes together` : "";
  const verdict = worst <= (targetMiB as number) ? "within target" : "OVER target";
  console.log(
    targetMiB === null
      ? `\nServer memory (RSS, MiB${processes})`
      : `\nServer memory (RSS, MiB${processes}; target <= ${targetMiB} MiB): ${verdict}`,
  );
  const rows: [string, typeof afterStart][] = [
    ["after start", afterStart],
    ["after the load", afterLoad],
    [`${IDLE_AFTER_LOAD_MS / 1000} s later`, afterIdle],
  ];
  printTable(
    ["when", "RSS", "anonymous", "files", "peak so far"],
    rows.map(([when, m]) => [when, ...[m.rssMiB, m.anonymousMiB, m.filesMiB, m.peakMiB].map(String)]),
  );
}

function printFirstPages(pages: readonly FirstPageWeight[]): void {
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

function printRoutes(routes: Record<string, RouteFigures>): void {
  const rows = Object.entries(routes).map(([route, r]) => [
    route,
    String(r.requests),
    r.requestsPerSecond.toFixed(1),
    String(r.latencyP50Ms),
    String(r.latencyP99Ms),
    String(r.non2xx),
    String(r.errors),
    r.ratioToStatic === null || r.ratioToStatic === undefined ? "-" : r.ratioToStatic.toFixed(2),
  ]);
  printTable(["route", "requests", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "vs static"], rows);
  for (const [route, r] of Object.entries(routes)) {
    if (r.non2xx > 0 || r.errors > 0) {
      console.log(`  WARNING: ${route} had ${r.non2xx} non-2xx responses and ${r.errors} errors`);
    }
  }
}

function printBytes(bytes: RoutesResult["bytes"]): void {
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

function fileCount({ files }: FilesWeight): string {
  return `${files.length} file${files.length === 1 ? "" : "s"}`;
}

function budgetCells({ limitBytes, status }: Pick<Budget, "limitBytes" | "status">): string[] {
  return [`<= ${kb(limitBytes, 0)}`, status];
}

/** Left-aligns the first column and right-aligns the others, except a last column of words. */
function printTable(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => (row[i] ?? "").length)));
  const last = header.length - 1;
  const format = (row: readonly string[]) =>
    row
      .map((cell, i) =>
        i === 0 || (i === last && cell !== "" && Number.isNaN(Number(cell)))
          ? cell.padEnd(widths[i] ?? 0)
          : cell.padStart(widths[i] ?? 0),
      )
      .join("  ")
      .trimEnd();
  console.log(format(header));
  for (const row of rows) console.log(format(row));
}

function kb(bytes: number, digits = 1): string {
  return `${(bytes / KB).toFixed(digits)} KB`;
}
