/**
 * npm run db:migrate — applies the committed migrations (the server also does this at start-up).
 * npm run db:seed    — migrates, then loads the reference data and the demo accounts (SEED_DEMO_DATA=false skips them).
 * Both use the same configuration as the server: DATABASE_URL, else the embedded database in DATA_DIR.
 */
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { seedDemoUsers, seedReferenceData } from "~/db/seed/seed.server";
import { getEnv } from "~/env.server";

const command = process.argv[2];
if (command !== "migrate" && command !== "seed") {
  console.error("usage: tsx scripts/db.ts migrate|seed");
  process.exit(2);
}

const env = getEnv();
const handle = await openDatabase(
  env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.resolve(env.DATA_DIR, "pglite") },
);
try {
  await handle.migrate();
  console.info(`[db] migrations applied (${handle.kind})`);
  if (command === "seed") {
    await seedReferenceData(handle.db);
    if (env.SEED_DEMO_DATA !== "false") await seedDemoUsers(handle.db);
    console.info("[db] reference data and demo accounts loaded");
  }
} finally {
  await handle.close();
}
