import path from "node:path";
import { getEnv } from "~/env.server";
import { type Database, type DatabaseHandle, openDatabase } from "./client.server";

/**
 * The process's database: opened on first use, migrated, given its reference (and demo) data when empty (by the
 * fill the server hands over, below), and listened to for changes to the catalogue (app/db/catalogue.server.ts).
 * Tests put their own fresh database in its place with `setDatabase`.
 */
let current: Promise<DatabaseHandle> | undefined;
/**
 * What fills an empty database at its first start: the reference data, and the demo accounts and listings where
 * SEED_DEMO_DATA asks for them (app/seed/seed.server.ts). The seed stores pictures and hashes passwords through the
 * layers above this one, so the server hands it over at boot (app/lifecycle.server.ts) rather than this module
 * importing it; a process that never hands it over (a test, a tool) opens the database as it is.
 */
type Fill = (db: Database, options: { demo: boolean }) => Promise<void>;
let fill: Fill | undefined;

export function fillWhenEmpty(fillEmpty: Fill): void {
  fill = fillEmpty;
}

/** Set when the server shuts down: a late request must not open the database again (it would keep the process alive). */
let shutDown = false;

export function getDatabase(): Promise<DatabaseHandle> {
  if (shutDown) return Promise.reject(new Error("The server is shutting down."));
  current ??= startDatabase().catch((error) => {
    current = undefined;
    throw error;
  });
  return current;
}

async function startDatabase(): Promise<DatabaseHandle> {
  const env = getEnv();
  const handle = await openDatabase(
    env.DATABASE_URL
      ? { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { dataDir: path.resolve(env.DATA_DIR, "pglite") },
  );
  const demo = env.SEED_DEMO_DATA === "auto" ? handle.kind === "pglite" : env.SEED_DEMO_DATA === "true";
  const filling = fill;
  await handle.migrate(filling && (() => filling(handle.db, { demo })));
  await handle.watchCatalogue();
  return handle;
}

export function setDatabase(handle: DatabaseHandle): void {
  current = Promise.resolve(handle);
}

/** Closes the database; `forGood` (server shutdown) also stops it from being opened again. */
export async function closeDatabase(options: { forGood?: boolean } = {}): Promise<void> {
  if (options.forGood) shutDown = true;
  const handle = await current?.catch(() => undefined);
  current = undefined;
  await handle?.close();
}
