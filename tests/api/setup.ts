import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase, PGLITE_EXTENSIONS, pgliteDatabase } from "~/db/client.server";
import { closeDatabase, setDatabase } from "~/db/db.server";
import { registerQueues, stopJobs } from "~/infra/jobs.server";
import { closeLiveBus } from "~/infra/live.server";
import { QUEUES } from "~/jobs/queues.server";
import { adminQuery } from "./admin-query";

/**
 * Every API test file gets a database of its own, a copy of the one tests/api/global-setup.ts migrated and loaded
 * with the reference data: an in-memory PGlite loaded from its dump, or with TEST_DB=postgres a fresh database on
 * TEST_DATABASE_URL's server made from its template, dropped afterwards.
 */
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const template = inject("apiDatabaseTemplate");
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  if (template.kind === "postgres") {
    const serverUrl = process.env.TEST_DATABASE_URL as string;
    const name = `ss_test_${randomBytes(6).toString("hex")}`;
    await adminQuery(serverUrl, `create database ${name} template ${template.name}`);
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    dropDatabase = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    handle = await openDatabase({ url: target.toString(), poolSize: 4 });
  } else {
    const dump = new Blob([readFileSync(template.dumpFile)]);
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: dump });
    handle = pgliteDatabase(client);
  }
  // As the server does once its migrations are applied: the city list is kept until the catalogue changes.
  await handle.watchCatalogue();
  setDatabase(handle);
  // As at boot (app/lifecycle.server.ts); pg-boss itself starts at a file's first job.
  registerQueues(QUEUES);
});

afterAll(async () => {
  await stopJobs();
  await closeLiveBus();
  await closeDatabase();
  await dropDatabase?.();
});
