/**
 * npm run db:migrate — applies the committed migrations (the server also does this at start-up).
 * npm run db:seed    — migrates, then loads the reference data and the demo accounts with their listings
 *                      (SEED_DEMO_DATA=false skips the demo data).
 * npm run db:seed -- --spaces N [--seed S]
 *                    — also writes N generated active listings (app/seed/bulk-spaces.server.ts), the same ones
 *                      for the same seed S (default 1). Running it again adds N more.
 * All use the same configuration as the server: DATABASE_URL, else the embedded database in DATA_DIR.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { keepDataDirPrivate } from "~/data-dir.server";
import { openDatabase } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { seedBulkSpaces } from "~/seed/bulk-spaces.server";
import { seedDemoSpaces, seedDemoUsers, seedReferenceData } from "~/seed/seed.server";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { spaces: { type: "string" }, seed: { type: "string", default: "1" } },
});
const command = positionals[0];
const spaceCount = values.spaces === undefined ? 0 : Number(values.spaces);
const seed = Number(values.seed);
if (
  (command !== "migrate" && command !== "seed") ||
  positionals.length > 1 ||
  !Number.isSafeInteger(spaceCount) ||
  spaceCount < 0 ||
  !Number.isSafeInteger(seed) ||
  (command === "migrate" && values.spaces !== undefined)
) {
  console.error("usage: tsx scripts/db.ts migrate | seed [--spaces N] [--seed S]");
  process.exit(2);
}

const env = getEnv();
// As the server does: the embedded database and the sinks are for this user only (ADR 0044).
keepDataDirPrivate(env.DATA_DIR);
const handle = await openDatabase(
  env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.resolve(env.DATA_DIR, "pglite") },
);
try {
  await handle.migrate();
  console.info(`[db] migrations applied (${handle.kind})`);
  if (command === "seed") {
    await seedReferenceData(handle.db);
    if (env.SEED_DEMO_DATA !== "false") {
      await seedDemoUsers(handle.db);
      const added = await seedDemoSpaces(handle.db);
      console.info(`[db] reference data and demo accounts loaded; ${added} demo listings added`);
    } else {
      console.info("[db] reference data loaded");
    }
    if (spaceCount > 0) {
      const started = performance.now();
      let reported = 0;
      await seedBulkSpaces(handle.db, {
        count: spaceCount,
        seed,
        onProgress(written) {
          if (written - reported >= 10_000 || written === spaceCount) {
            reported = written;
            console.info(
              `[db] ${written.toLocaleString("en-PH")} of ${spaceCount.toLocaleString("en-PH")} listings`,
            );
          }
        },
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.info(`[db] ${spaceCount.toLocaleString("en-PH")} generated listings written in ${seconds} s`);
    }
  }
} finally {
  await handle.close();
}
