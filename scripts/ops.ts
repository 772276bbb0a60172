/**
 * npm run ops -- <command>: what the operations team does, from a shell with the app's configuration (DATABASE_URL,
 * else the embedded database in DATA_DIR — stop the app first then: the embedded database has one user at a time).
 *
 *   ledger:check   proves the ledger: every entry balances and every booking's funds are what its renter paid
 *                  minus what was refunded; exits 1 and lists what is wrong otherwise (also `npm run ledger:check`).
 *   coupon:create  creates a coupon: --code CODE (--amount PESOS | --percent N) --until YYYY-MM-DD
 *                  [--from YYYY-MM-DD] [--limit N] (app/services/coupon-command.server.ts); exits 1 when refused.
 */
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { DomainError } from "~/domain/errors";
import { getEnv } from "~/env.server";
import { COUPON_CREATE_USAGE, createCouponCommand } from "~/services/coupon-command.server";
import { checkLedger } from "~/services/payments/ledger.server";

const USAGE = `usage: npm run ops -- ledger:check\n${COUPON_CREATE_USAGE}`;

const [command, ...rest] = process.argv.slice(2);
if (!((command === "ledger:check" && rest.length === 0) || command === "coupon:create")) {
  console.error(USAGE);
  process.exit(2);
}

const env = getEnv();
const handle = await openDatabase(
  env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.resolve(env.DATA_DIR, "pglite") },
);
try {
  await handle.migrate();
  if (command === "coupon:create") {
    try {
      console.info("[ops] coupon:create:", await createCouponCommand(handle.db, rest));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      console.error("[ops] coupon:create:", error.message);
      process.exitCode = 1;
    }
  } else {
    const problems = await checkLedger(handle.db);
    if (problems.length === 0) {
      console.info("[ops] ledger:check: every entry balances and every booking's funds match its payments");
    } else {
      for (const problem of problems) console.error("[ops] ledger:check:", JSON.stringify(problem));
      process.exitCode = 1;
    }
  }
} finally {
  await handle.close();
}
