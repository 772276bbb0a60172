/**
 * The search benchmark's worker (run by bench/sections/search.ts in a child process:
 * `node --import tsx bench/search.ts <json>`).
 *
 * On one database — embedded PGlite in a data directory, or PostgreSQL at a URL — it applies the migrations, loads
 * the reference data and N generated listings (the same seeded generator as `npm run db:seed -- --spaces N`), then
 * times `searchSpaces(db, query)` of app/api/space/search-queries.server.ts for the six representative queries, one
 * call at a time, and writes the percentiles to a JSON file. With `explainFile` it also runs EXPLAIN (ANALYZE, BUFFERS) of
 * every statement each query sends and writes them as Markdown (docs/search-performance.md).
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import os from "node:os";
import type { PGlite } from "@electric-sql/pglite";
import type { Logger } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import type { Database } from "~/db/client.server";

type Options = {
  database: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };
  spaces: number;
  runs: number;
  resultFile: string;
  explainFile?: string;
};

/**
 * The six representative searches (bench/README.md, "search"): city + type, then one more filter (Flood-safe reads
 * its own partial index, spaces_flood_safe_type_city_score_idx) or the price sort.
 */
export const SEARCH_QUERIES = [
  { name: "city + type", query: "storageType=storage&city=makati" },
  { name: "+ price range", query: "storageType=storage&city=makati&minPrice=2000&maxPrice=6000" },
  { name: "+ map bounds", query: "storageType=storage&city=makati&bounds=14.54,121.01,14.57,121.04" },
  { name: "+ features", query: "storageType=storage&city=makati&features=cctv&features=securityGuard" },
  { name: "sorted by price", query: "storageType=storage&city=makati&sort=priceAsc" },
  { name: "Flood-safe", query: "storageType=storage&city=makati&floodSafe=true" },
] as const;

const WARM_UP_RUNS = 10;

const options = JSON.parse(process.argv[2] ?? "{}") as Options;
process.env.SESSION_SECRET ??= randomBytes(36).toString("base64url");

const { openDatabase } = await import("~/db/client.server");
const schema = await import("~/db/schema");
const { seedReferenceData } = await import("~/seed/seed.server");
const { seedBulkSpaces } = await import("~/seed/bulk-spaces.server");
const { parseSearchQuery } = await import("~/domain/search-rules.server");
const search = await import("~/api/space/search-queries.server");

const handle = await openDatabase(
  options.database.kind === "pglite"
    ? { dataDir: options.database.dataDir }
    : { url: options.database.url, poolSize: 4 },
);
try {
  await handle.migrate();
  await seedReferenceData(handle.db);
  const seedStarted = performance.now();
  const cpuStarted = process.cpuUsage();
  await seedBulkSpaces(handle.db, { count: options.spaces, seed: 1 });
  const cpu = process.cpuUsage(cpuStarted);
  const seeding = {
    spaces: options.spaces,
    seconds: round((performance.now() - seedStarted) / 1000, 1),
    cpuSeconds: round((cpu.user + cpu.system) / 1e6, 1),
    loadAverage: os.loadavg().map((value) => round(value, 1)),
  };
  console.log(`  ${handle.kind}: ${options.spaces} listings seeded in ${seeding.seconds} s`);

  const queries = [];
  for (const { name, query } of options.runs > 0 ? SEARCH_QUERIES : []) {
    const parsed = parseSearchQuery(query);
    if (!parsed.ok) throw new Error(`the bench query ${query} is not valid: ${parsed.message}`);
    let total = 0;
    for (let i = 0; i < WARM_UP_RUNS; i++) total = (await search.searchSpaces(handle.db, parsed.query)).total;
    const times: number[] = [];
    for (let i = 0; i < options.runs; i++) {
      const started = performance.now();
      await search.searchSpaces(handle.db, parsed.query);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    queries.push({
      name,
      query,
      matches: total,
      runs: options.runs,
      p50Ms: round(percentile(times, 0.5), 2),
      p99Ms: round(percentile(times, 0.99), 2),
      maxMs: round(times.at(-1) ?? 0, 2),
    });
    console.log(
      `  ${handle.kind}: ${name}: p50 ${queries.at(-1)?.p50Ms} ms, p99 ${queries.at(-1)?.p99Ms} ms`,
    );
  }

  // A listing id for the listing page's weight (the page bench reuses this database).
  const [listing] = await handle.db
    .select({ id: schema.spaces.id, storageType: schema.spaces.storageType })
    .from(schema.spaces)
    .limit(1);

  let explained: { name: string; query: string; seqScanOnSpaces: boolean }[] | undefined;
  if (options.explainFile) {
    explained = await explainAll(handle.db, handle.kind, options.explainFile, seeding);
  }

  writeFileSync(
    options.resultFile,
    JSON.stringify({ database: handle.kind, seeding, queries, listing, explained }, null, 2),
  );
} finally {
  await handle.close();
}

// ---------------------------------------------------------------------------------------------------------------
// EXPLAIN

type Statement = { sql: string; params: unknown[] };

/**
 * The statements a search sends, caught by a drizzle logger on the same connection (so the SQL and parameters are
 * exactly the app's), each explained with ANALYZE and BUFFERS; written as Markdown to `file`.
 */
async function explainAll(
  db: Database,
  kind: string,
  file: string,
  seeding: { spaces: number; seconds: number },
) {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  let captured: Statement[] = [];
  const logger: Logger = { logQuery: (sql, params) => void captured.push({ sql, params }) };
  const logging = (kind === "postgres"
    ? drizzlePg({ client: client as pg.Pool, schema, logger })
    : drizzlePglite({ client: client as PGlite, schema, logger })) as unknown as Database;
  const run = async (statement: Statement) => {
    const text = `explain (analyze, buffers) ${statement.sql}`;
    const result = await (client as pg.Pool).query(text, statement.params as unknown[]);
    return (result.rows as Record<string, string>[]).map((row) => row["QUERY PLAN"] ?? "");
  };
  const [version] = (await (client as pg.Pool).query("select version() as v")).rows as { v: string }[];
  const [floodSafe] = (
    await (client as pg.Pool).query(
      "select count(*) filter (where flood_safe)::int as safe, count(*)::int as listings from spaces where status = 'active'",
    )
  ).rows as { safe: number; listings: number }[];

  const lines = [
    `# Search performance: query plans at ${seeding.spaces.toLocaleString("en-US")} listings`,
    "",
    "<!-- Generated by `npm run bench -- --only explain` (or `--only search`; bench/search.ts). Do not edit by hand. -->",
    "",
    `The plans PostgreSQL chooses for the six representative searches of bench/README.md, with`,
    `${seeding.spaces.toLocaleString("en-US")} generated active listings (\`npm run db:seed -- --spaces ${seeding.spaces}\`, seed 1)`,
    "and the indexes of app/db/schema/spaces.ts. Each search sends several statements through `searchSpaces`",
    "(app/api/space/search-queries.server.ts): the city lookup, the page of rows, the count, and the photos and cities of the",
    "page's cards; each is shown with `EXPLAIN (ANALYZE, BUFFERS)` as the app sends it, parameters included.",
    "The timings in the plans are of one warm run on the benchmark machine; `npm run bench -- --only search`",
    "measures p50 and p99 over many runs. After the bulk load the seeder runs `VACUUM (ANALYZE)`, as autovacuum",
    "would soon after, so the planner has statistics and the counts can be answered by index-only scans.",
    "",
    "A `Seq Scan on spaces` in a plan is flagged in its heading and in the summary: it would mean a filter or sort",
    "that no index of app/db/schema/spaces.ts serves. The summary's time is the sum of the statements' execution",
    "times in these plans (one warm run).",
    "",
    `The generator states readiness for typhoon season as hosts would (app/seed/generate-spaces.ts): ${(floodSafe?.safe ?? 0).toLocaleString("en-US")} of the`,
    `${(floodSafe?.listings ?? 0).toLocaleString("en-US")} listings (${percent(floodSafe?.safe ?? 0, floodSafe?.listings ?? 0)}) are Flood-safe, which the Flood-safe search reads through its partial index`,
    "`spaces_flood_safe_type_city_score_idx`.",
    "",
    `Database: ${version?.v ?? kind}. Generated ${new Date().toISOString()}.`,
    "",
  ];
  const summary: {
    name: string;
    query: string;
    seqScanOnSpaces: boolean;
    indexes: string[];
    executionMs: number;
  }[] = [];
  const sections: string[] = [];
  for (const { name, query } of SEARCH_QUERIES) {
    const parsed = parseSearchQuery(query);
    if (!parsed.ok) throw new Error(parsed.message);
    // Warm, as the timed runs are: the plans then show a running server's cache, not the first read from disk.
    for (let i = 0; i < WARM_UP_RUNS; i++) await search.searchSpaces(db, parsed.query);
    captured = [];
    await search.searchSpaces(logging, parsed.query);
    const statements = captured;
    let seqScan = false;
    let executionMs = 0;
    const indexes = new Set<string>();
    sections.push(`## ${name}`, "", `\`/search-space?${query}\``, "");
    for (const statement of statements) {
      const plan = await run(statement);
      const scansSpacesSequentially = plan.some((line) => /Seq Scan on spaces\b/.test(line));
      seqScan ||= scansSpacesSequentially;
      executionMs += executionTime(plan);
      for (const index of indexesOnSpaces(plan)) indexes.add(index);
      sections.push(
        `### ${describeStatement(statement.sql)}${scansSpacesSequentially ? " — Seq Scan on spaces" : ""}`,
        "",
        "```sql",
        statement.sql,
        "```",
        "",
        `Parameters: \`${JSON.stringify(statement.params)}\``,
        "",
        "```",
        ...plan,
        "```",
        "",
      );
    }
    summary.push({
      name,
      query,
      seqScanOnSpaces: seqScan,
      indexes: [...indexes],
      executionMs: round(executionMs, 2),
    });
  }
  lines.push(
    "## Summary",
    "",
    "| search | query | sequential scan of `spaces`? | indexes of `spaces` read | time (ms) |",
    "| --- | --- | --- | --- | --- |",
    ...summary.map(
      (row) =>
        `| ${row.name} | \`${row.query}\` | ${row.seqScanOnSpaces ? "**yes** — see the plan below" : "no: index scans only"} | ${row.indexes.map((index) => `\`${index}\``).join(", ")} | ${row.executionMs} |`,
    ),
    "",
    ...sections,
  );
  writeFileSync(file, `${lines.join("\n").trimEnd()}\n`);
  console.log(`  ${kind}: wrote ${file}`);
  return summary;
}

/** The indexes of the spaces table a plan reads (their names start with spaces_). */
function indexesOnSpaces(plan: readonly string[]): string[] {
  return plan.flatMap((line) => {
    const match =
      /(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (spaces_\w+)/.exec(line);
    return match?.[1] ? [match[1]] : [];
  });
}

/** The execution time a plan reports, in ms. */
function executionTime(plan: readonly string[]): number {
  const line = plan.find((text) => text.startsWith("Execution Time:"));
  return Number(/([\d.]+) ms/.exec(line ?? "")?.[1] ?? 0);
}

function percent(part: number, whole: number): string {
  return whole === 0 ? "0 %" : `${round((100 * part) / whole, 1)} %`;
}

/** A heading for a statement: what it reads. */
function describeStatement(sql: string): string {
  if (/^select count\(\*\)/i.test(sql)) return "The count";
  if (/from "space_photos"/.test(sql)) return "The cards' photos";
  if (/from "cities"/.test(sql) && /"slug" =/.test(sql)) return "The city lookup";
  if (/from "cities"/.test(sql)) return "The cards' cities";
  if (/from "favourite_spaces"/.test(sql)) return "The favourites";
  if (/from "spaces"/.test(sql)) return "The page of results";
  return "Statement";
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] as number;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
