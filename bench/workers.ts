/**
 * The benchmark's child processes — its TypeScript workers (bench/billing.ts, booking-race.ts, image.ts,
 * live-streams.ts, search.ts) and other commands — and the throwaway PostgreSQL databases they run on.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import path from "node:path";
import pg from "pg";
import { ROOT, type WorkerDatabase } from "./shared.ts";

/** Where a benchmark finds PostgreSQL when BENCH_DATABASE_URL is unset (a fresh database is made there). */
export const LOCAL_POSTGRES = "postgres://root@127.0.0.1:5432/postgres";

/** Worker processes under way, stopped on a failure or Ctrl-C. */
const workers = new Set<ChildProcess>();

/**
 * Runs a TypeScript worker with this Node and tsx (which resolves the app's `~/` imports). With `capture`, answers
 * what it printed; otherwise its output goes to ours.
 */
export async function runWorker(
  args: readonly string[],
  {
    capture = false,
    gc = false,
    env = {},
  }: { capture?: boolean; gc?: boolean; env?: Record<string, string> } = {},
): Promise<string> {
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

/** Runs a command to its end, its output shown; fails on a non-zero exit. */
export async function runCommand(
  command: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<void> {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: "inherit" });
  workers.add(child);
  const [code, signal] = await once(child, "exit");
  workers.delete(child);
  if (code !== 0)
    throw new Error(`${command} ${args.slice(0, 4).join(" ")} failed (${signal ?? `exit code ${code}`})`);
}

/** Stops every worker still running (after a failure or Ctrl-C). */
export function stopWorkers(): void {
  for (const child of workers) child.kill("SIGTERM");
}

let skipReason: string | undefined;

/** Why PostgreSQL was skipped, when the local one could not be reached. */
export function postgresSkipReason(): string | undefined {
  return skipReason;
}

export type PostgresDatabase = { url: string; drop: () => Promise<void> };

/** The databases a section runs its worker on, by label: PGlite in `dataDir`, and PostgreSQL when there is one. */
export function benchDatabases(
  dataDir: string,
  postgres: PostgresDatabase | null,
): [string, WorkerDatabase][] {
  return [
    ["PGlite (embedded)", { kind: "pglite", dataDir: path.join(dataDir, "pglite") }],
    ...(postgres
      ? [["PostgreSQL", { kind: "postgres", url: postgres.url }] as [string, WorkerDatabase]]
      : []),
  ];
}

/**
 * A fresh database on BENCH_DATABASE_URL's server, or on the local PostgreSQL; null (with the reason kept) when
 * the local one cannot be reached. A BENCH_DATABASE_URL that cannot be reached is an error.
 */
export async function createPostgresDatabase(): Promise<PostgresDatabase | null> {
  const given = process.env.BENCH_DATABASE_URL?.trim();
  const serverUrl = given || LOCAL_POSTGRES;
  const name = `ss_bench_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
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
    const message = (error as Error).message;
    if (given) throw new Error(`cannot create a database on BENCH_DATABASE_URL's server: ${message}`);
    skipReason = `no PostgreSQL at ${LOCAL_POSTGRES} (${message}); set BENCH_DATABASE_URL`;
    console.warn(`Search: skipping PostgreSQL: ${skipReason}`);
    return null;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      admin(`drop database if exists ${name} with (force)`).catch((error: Error) => {
        console.warn(`Could not drop the bench database ${name}: ${error.message}`);
      }),
  };
}
