/**
 * race: 100 renters send POST /reserve/BookSpace for the last free space at once, on PGlite and PostgreSQL (the
 * worker bench/booking-race.ts): exactly one booking, with the requests' p50/p99.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchDatabases, createPostgresDatabase, postgresSkipReason, runWorker } from "../workers.ts";

/** Renters racing for the last free space. */
const RACE_RENTERS = 100;

export type RaceFigures = {
  database: string;
  requests: number;
  won: number;
  refused: number;
  other: number[];
  bookings: number;
  p50Ms: number;
  p99Ms: number;
  loadAverage: number[];
  status: "within target" | "OFF target";
};

export type RaceResult = {
  date: string;
  renters: number;
  target: string;
  databases: Record<string, RaceFigures>;
  postgresSkipped?: string;
};

/** The booking race on a fresh PGlite data directory and a fresh PostgreSQL database (bench/booking-race.ts). */
export async function benchmarkBookingRace(): Promise<RaceResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "space-solution-bench-race-"));
  const postgres = await createPostgresDatabase();
  const race: RaceResult = {
    date: new Date().toISOString(),
    renters: RACE_RENTERS,
    target: "exactly 1 booking",
    databases: {},
  };
  try {
    const runs = benchDatabases(dataDir, postgres);
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
    if (!postgres) race.postgresSkipped = postgresSkipReason();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
  return race;
}
