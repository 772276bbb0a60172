import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { eq, type SQL, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { runBilling, settleBillPayment } from "~/core/billing.server";
import { bookingTransaction } from "~/core/booking-service.server";
import { checkLedger } from "~/core/ledger.server";
import { runPayoutBatch } from "~/core/payout-runs.server";
import { type Database, openDatabase } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";
import { bills } from "~/db/schema";
import { billSchedule } from "~/domain/billing";
import { addDays, startOfManilaDay } from "~/domain/dates";
import {
  restoreEmbedded,
  restorePostgres,
  versionMismatch,
  writeEmbeddedBackup,
} from "~/infra/backups.server";
import { stopJobs } from "~/infra/jobs.server";
import { adminQuery } from "./admin-query";
import { anActiveBooking } from "./booking-fixtures";
import { call, expectStatus, runOps } from "./helpers";

/**
 * Backups that restore (`npm run ops -- backup FILE` / `restore FILE`, docs/deploy.md): a database holding
 * bookings, a bill and a payout is backed up, restored into a fresh database (PGlite: a new DATA_DIR; PostgreSQL: a
 * new database on the same server, dropped afterwards), and the restored one has the same rows in every table and
 * a ledger that balances.
 */

const scratch = mkdtempSync(path.join(tmpdir(), "ss-backups-"));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

/** 06:00 Manila on `date`: when the daily billing run goes. */
const morningOf = (date: string) => new Date(startOfManilaDay(date).getTime() + 6 * 3_600_000);

/** Two running bookings, the second month of one billed and paid, and the week's payout batch to their hosts. */
async function bookingsBillsAndAPayout(db: Database) {
  const first = await anActiveBooking();
  await anActiveBooking();
  expectStatus(
    await call("POST", "/payment/payoutSettings", {
      cookie: first.host.cookie,
      body: { method: "gcash", accountName: "Bea Villanueva", accountNumber: "09171234567" },
    }),
    200,
  );
  const [second] = billSchedule(first.booking);
  if (!second) throw new Error("no second month");
  await runBilling(db, morningOf(second.issueOn));
  const [bill] = await db.select().from(bills).where(eq(bills.bookingId, first.bookingId));
  if (!bill) throw new Error("no bill");
  await bookingTransaction(db, (tx) =>
    settleBillPayment(tx, { bookingId: first.bookingId, billId: bill.id }, bill.total, "pay_backup"),
  );
  // Monday 09:00 Manila after the second month started: the batch pays both months.
  let day = addDays(second.periodStart, 3);
  while (startOfManilaDay(day).getUTCDay() !== 0) day = addDays(day, 1);
  const run = await runPayoutBatch(db, new Date(startOfManilaDay(day).getTime() + 9 * 3_600_000));
  expect(run.batchId).not.toBeNull();
  // The workers stop, as the app is stopped for a backup of the embedded database: what is counted is what is saved.
  await stopJobs();
}

/** The rows of a raw query (PGlite and node-postgres both answer with `rows`). */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every table of the app (schema public) and its number of rows. */
async function rowCounts(db: Database): Promise<Record<string, number>> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(name)}`,
    );
    counts[name] = Number(row?.n);
  }
  return counts;
}

/** What the restored database must show: the same rows everywhere, and the money rows that were made. */
function expectSameRows(restored: Record<string, number>, original: Record<string, number>) {
  for (const table of ["bookings", "bills", "payments", "payouts", "ledger_entries"])
    expect(original[table], table).toBeGreaterThan(0);
  expect(restored).toEqual(original);
}

describe("npm run ops -- backup and restore", () => {
  it("restores the embedded database's backup into a fresh DATA_DIR, and refuses to overwrite it unless --force", async (context) => {
    const handle = await getDatabase();
    if (handle.kind !== "pglite") context.skip();
    const { db } = handle;
    await bookingsBillsAndAPayout(db);
    expect(await checkLedger(db)).toEqual([]);
    const original = await rowCounts(db);

    // This file's database lives in memory: it is backed up as `backup` backs up the one in DATA_DIR.
    const file = path.join(scratch, "embedded.tar.gz");
    await writeEmbeddedBackup((db as unknown as { $client: PGlite }).$client, file);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const dataDir = path.join(scratch, "restored");
    const restoredOk = await runOps(["restore", file], undefined, dataDir);
    expect(restoredOk.code, restoredOk.stderr).toBe(0);
    const restored = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      expectSameRows(await rowCounts(restored.db), original);
      expect(await checkLedger(restored.db)).toEqual([]);
    } finally {
      await restored.close();
    }

    // The command's refusal and --force, as `restore` calls them.
    const folder = path.join(dataDir, "pglite");
    await expect(restoreEmbedded(folder, file)).rejects.toThrow(
      `${folder} already holds a database: stop the app and pass --force to keep it aside and restore`,
    );
    const forced = await restoreEmbedded(folder, file, {
      force: true,
      now: new Date("2026-01-02T03:04:05Z"),
    });
    expect(forced.keptAside).toBe(`${folder}.before-restore-2026-01-02T03-04-05-000Z`);
    expect(existsSync(path.join(forced.keptAside as string, "PG_VERSION"))).toBe(true);
    expect(existsSync(path.join(folder, "PG_VERSION"))).toBe(true);
  }, 120_000);

  it("restores a PostgreSQL backup (pg_dump of the server's version) into a new database on the server", async (context) => {
    const handle = await getDatabase();
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (handle.kind !== "postgres" || !handle.url || !serverUrl) context.skip();
    const { db } = handle;
    await bookingsBillsAndAPayout(db);
    expect(await checkLedger(db)).toEqual([]);
    const original = await rowCounts(db);

    const file = path.join(scratch, "server.dump");
    const backedUp = await runOps(["backup", file], handle.url);
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}.partial`)).toBe(false);

    const name = `ss_restore_${randomBytes(6).toString("hex")}`;
    await adminQuery(serverUrl as string, `create database ${name}`);
    cleanups.push(() => adminQuery(serverUrl as string, `drop database if exists ${name} with (force)`));
    const target = new URL(serverUrl as string);
    target.pathname = `/${name}`;
    const restoredOk = await runOps(["restore", file], target.toString());
    expect(restoredOk.code, restoredOk.stderr).toBe(0);
    const restored = await openDatabase({ url: target.toString(), poolSize: 2 });
    try {
      expectSameRows(await rowCounts(restored.db), original);
      expect(await checkLedger(restored.db)).toEqual([]);
    } finally {
      await restored.close();
    }
    // A database in use is never restored over: the backup goes into a new one beside it.
    await expect(restorePostgres(target.toString(), file)).rejects.toThrow(
      /^the target database already holds \d+ table\(s\): create a new one \(createdb NAME\)/,
    );
  }, 120_000);
});

describe("the PostgreSQL tools' version", () => {
  it("must be the server's major version, else the refusal says which of each", () => {
    const tool = "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)\n";
    expect(versionMismatch("pg_dump", tool, 150_020)).toBeUndefined();
    expect(versionMismatch("pg_dump", tool, 160_004)).toBe(
      "pg_dump is PostgreSQL 15 but the server runs PostgreSQL 16: put the pg_dump of version 16 first on PATH (on Debian: /usr/lib/postgresql/16/bin) and run this again",
    );
    expect(versionMismatch("pg_restore", "pg_restore (PostgreSQL) 17.1\n", 150_020)).toContain(
      "pg_restore is PostgreSQL 17 but the server runs PostgreSQL 15",
    );
  });
});
