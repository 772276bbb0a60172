/**
 * billing: the daily billing run over 10,000 active bookings whose second month is due to be billed, on PGlite and
 * PostgreSQL (the worker bench/billing.ts): its time and peak memory, and a rerun that issues nothing.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchDatabases, createPostgresDatabase, postgresSkipReason, runWorker } from "../workers.ts";

/** Active bookings billed by one daily run. */
const BILLING_BOOKINGS = 10_000;

export type BillingFigures = {
  database: string;
  bookings: number;
  issued: number;
  billsStored: number;
  seconds: number;
  cpuSeconds: number;
  peakRssMb: number;
  rerunIssued: number;
  rerunSeconds: number;
  loadAverage: number[];
  status: "within target" | "OFF target";
};

export type BillingResult = {
  date: string;
  bookings: number;
  target: string;
  databases: Record<string, BillingFigures>;
  postgresSkipped?: string;
};

/** The daily billing run on a fresh PGlite data directory and a fresh PostgreSQL database (bench/billing.ts). */
export async function benchmarkBilling(): Promise<BillingResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "space-solution-bench-billing-"));
  const postgres = await createPostgresDatabase();
  const billing: BillingResult = {
    date: new Date().toISOString(),
    bookings: BILLING_BOOKINGS,
    target: "one bill per booking, none on a rerun",
    databases: {},
  };
  try {
    const runs = benchDatabases(dataDir, postgres);
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
    if (!postgres) billing.postgresSkipped = postgresSkipReason();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
  return billing;
}
