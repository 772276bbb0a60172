/**
 * streams: 500 live-update event streams held by one process (memory per client), and the delay from a sent
 * message to its "changed" signal at the other side's stream (p50/p99), on PGlite and PostgreSQL (the worker
 * bench/live-streams.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchDatabases, createPostgresDatabase, postgresSkipReason, runWorker } from "../workers.ts";

/** Event-stream clients held at once, and messages whose signal is timed (under the host's hourly sending limit). */
const STREAM_CLIENTS = 500;
const STREAM_MESSAGES = 100;

export type StreamsFigures = {
  database: string;
  clients: number;
  openStreams: number;
  memoryPerClientKB: { rss: number; heap: number };
  messages: number;
  p50Ms: number;
  p99Ms: number;
  loadAverage: number[];
};

export type StreamsResult = {
  date: string;
  clients: number;
  messages: number;
  databases: Record<string, StreamsFigures>;
  postgresSkipped?: string;
};

/** Event streams held and the send → "changed" delay, on fresh PGlite and PostgreSQL (bench/live-streams.ts). */
export async function benchmarkLiveStreams(): Promise<StreamsResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "space-solution-bench-streams-"));
  const postgres = await createPostgresDatabase();
  const streams: StreamsResult = {
    date: new Date().toISOString(),
    clients: STREAM_CLIENTS,
    messages: STREAM_MESSAGES,
    databases: {},
  };
  try {
    const runs = benchDatabases(dataDir, postgres);
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
    if (!postgres) streams.postgresSkipped = postgresSkipReason();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
  return streams;
}
