import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { openDatabase } from "~/db/client.server";
import { closeDatabase, setDatabase } from "~/db/db.server";
import { seedReferenceData } from "~/db/seed/seed.server";
import { registerQueues, stopJobs } from "~/services/jobs.server";
import { closeLiveBus } from "~/services/live.server";
import { QUEUES } from "~/services/queues.server";

/**
 * Every API test file gets a database of its own, migrated and loaded with the reference data:
 * an in-memory PGlite, or with TEST_DB=postgres a fresh database on TEST_DATABASE_URL's server, dropped afterwards.
 */
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  let url: string | undefined;
  if (process.env.TEST_DB === "postgres") {
    const serverUrl = process.env.TEST_DATABASE_URL as string;
    const name = `ss_test_${randomBytes(6).toString("hex")}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    dropDatabase = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  }
  const handle = await openDatabase({ url, poolSize: 4 });
  await handle.migrate();
  await seedReferenceData(handle.db);
  setDatabase(handle);
  // As at boot (app/services/lifecycle.server.ts); pg-boss itself starts at a file's first job.
  registerQueues(QUEUES);
});

afterAll(async () => {
  await stopJobs();
  await closeLiveBus();
  await closeDatabase();
  await dropDatabase?.();
});

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
