import path from "node:path";
import { getEnv } from "~/env.server";
import { type DatabaseHandle, openDatabase } from "./client.server";
import { seedIfEmpty } from "./seed/seed.server";

/**
 * The process's database: opened on first use, migrated, and given its reference (and demo) data when empty.
 * Tests put their own fresh database in its place with `setDatabase`.
 */
let current: Promise<DatabaseHandle> | undefined;

export function getDatabase(): Promise<DatabaseHandle> {
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
  await handle.migrate();
  const demo = env.SEED_DEMO_DATA === "auto" ? handle.kind === "pglite" : env.SEED_DEMO_DATA === "true";
  await seedIfEmpty(handle.db, { demo });
  return handle;
}

export function setDatabase(handle: DatabaseHandle): void {
  current = Promise.resolve(handle);
}

export async function closeDatabase(): Promise<void> {
  const handle = await current?.catch(() => undefined);
  current = undefined;
  await handle?.close();
}
