import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { type DatabaseHandle, openDatabase, PGLITE_EXTENSIONS, pgliteDatabase } from "~/db/client.server";
import { setDatabase } from "~/db/db.server";
import { registerQueues, startJobs, stopJobs } from "~/infra/jobs.server";
import { seedReferenceData } from "~/seed/seed.server";
import { adminQuery } from "./admin-query";

/**
 * Once per API project, one database is made the way every test file wants its own: migrated, loaded with the
 * reference data, and with the job queue's schema created. Each file then starts from a copy of it
 * (tests/api/setup.ts) instead of building one: a new embedded database spends seconds creating itself, and the
 * migrations and the queue's schema cost as much again, 29 files and two databases over.
 * - PGlite: the database is dumped to a file, which each file loads (`loadDataDir`).
 * - PostgreSQL: a template database on TEST_DATABASE_URL's server, which each file copies (`create database … template`).
 */
declare module "vitest" {
  export interface ProvidedContext {
    apiDatabaseTemplate: { kind: "pglite"; dumpFile: string } | { kind: "postgres"; name: string };
  }
}

export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB === "postgres") {
    const serverUrl = process.env.TEST_DATABASE_URL as string;
    const name = `ss_template_${randomBytes(6).toString("hex")}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    const handle = await openDatabase({ url: target.toString(), poolSize: 2 });
    await prepare(handle);
    await handle.close();
    project.provide("apiDatabaseTemplate", { kind: "postgres", name });
    return () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await prepare(pgliteDatabase(client));
  const folder = path.resolve(project.config.env?.DATA_DIR ?? "data/test");
  mkdirSync(folder, { recursive: true });
  const dumpFile = path.join(folder, `api-template-${randomBytes(6).toString("hex")}.tar`);
  writeFileSync(dumpFile, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  await client.close();
  project.provide("apiDatabaseTemplate", { kind: "pglite", dumpFile });
  return () => rmSync(dumpFile, { force: true });
}

/**
 * Migrates and seeds the database, and creates the job queue's schema in it. No queue: each file's process creates
 * the queues it registers when its job queue starts, as an app does at boot.
 */
async function prepare(handle: DatabaseHandle) {
  await handle.migrate();
  await seedReferenceData(handle.db);
  setDatabase(handle);
  registerQueues([]);
  await startJobs();
  await stopJobs();
}
