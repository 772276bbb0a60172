import path from "node:path";
import { getEnv } from "~/env.server";
import { seedIfEmpty } from "~/seed/seed.server";
import { type DatabaseHandle, openDatabase } from "./client.server";

/**
 * The process's database: opened on first use, migrated, given its reference (and demo) data when empty, and
 * listened to for changes to the catalogue (app/db/catalogue.server.ts).
 * Tests put their own fresh database in its place with `setDatabase`.
 */
let current: Promise<DatabaseHandle> | undefined;
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
  await handle.migrate(() => seedIfEmpty(handle.db, { demo }));
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
