/**
 * npm run ops -- <command>: what the operations team does, from a shell with the app's configuration (DATABASE_URL,
 * else the embedded database in DATA_DIR — stop the app first then: the embedded database has one user at a time).
 *
 *   ledger:check                         proves the ledger: every entry balances, and every booking's money is held,
 *                                        refunded, earned by its host or earned by the platform, and every deposit is
 *                                        still held whole or was paid out once; exits 1 and lists what is wrong
 *                                        otherwise (also `npm run ledger:check`).
 *   payouts:export [BATCH] [--out FILE]  writes a payout batch (the oldest open one by default) as CSV, one line per
 *                                        host's payout with the method it goes to, to FILE or to the terminal.
 *   payouts:mark-paid BATCH --reference R
 *                                        marks the batch paid with the transfer's reference R: the hosts see their
 *                                        payout, its reference and date, and are told.
 *   coupon:create --code CODE (--amount PESOS | --percent N) --until YYYY-MM-DD [--from YYYY-MM-DD] [--limit N]
 *                                        creates a coupon (app/core/coupon-command.server.ts); exits 1 when
 *                                        refused.
 *   payments:unapplied                   lists the provider events kept for an operator (a payment of no checkout of
 *                                        ours, one reported again for another amount, a refund we never asked for or
 *                                        one the provider could not make), oldest first, with the id to resolve
 *                                        each by.
 *   payments:resolve EVENT --note "what was done"
 *                                        closes one of them with what the operator did (refunded it in the provider's
 *                                        dashboard, matched it to a booking); ledger:check stops counting it.
 *   resolution:decide CASE --award CENTAVOS --note "why"
 *                                        decides an open or answered resolution case: the award (centavos, at most
 *                                        what was asked within what the booking can give) goes to its opener and the
 *                                        rest back; both sides are told (app/core/resolution-decide.server.ts). Exits 1 when
 *                                        refused.
 *   operator:grant EMAIL ROLE            makes the account EMAIL an operator of the console (/operations) with ROLE:
 *                                        support, trust, finance or admin (docs/operations.md); on the next visit
 *                                        they enrol an authenticator app. An audit row records it.
 *   operator:revoke EMAIL                takes the console away from EMAIL (their enrolment too); an audit row
 *                                        records it.
 *   backup FILE                          writes a backup of the database to FILE: PostgreSQL through pg_dump of the
 *                                        server's own version (custom format), the embedded one as its own .tar.gz
 *                                        (app/infra/backups.server.ts; how often and where to keep them: docs/deploy.md).
 *   restore FILE [--force]               restores a backup into an empty database: DATABASE_URL's (a new database;
 *                                        one holding tables is refused), else DATA_DIR's embedded one (--force replaces
 *                                        one already there, kept aside under a new name). Exits 1 when refused.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { COUPON_CREATE_USAGE, createCouponCommand } from "~/core/coupon-command.server";
import { depositNewsQueue } from "~/core/deposit-news.server";
import { checkLedger } from "~/core/ledger.server";
import { grantOperatorRole, revokeOperatorRole } from "~/core/operators.server";
import { exportBatch, markBatchPaid } from "~/core/payout-runs.server";
import { refundQueue } from "~/core/refunds.server";
import {
  decisionFromArgs,
  RESOLUTION_DECIDE_USAGE,
  resolutionDecideCommand,
} from "~/core/resolution-decide.server";
import {
  describeUnapplied,
  openUnapplied,
  RESOLVE_USAGE,
  resolveUnapplied,
} from "~/core/unapplied-payments.server";
import { keepDataDirPrivate } from "~/data-dir.server";
import { openDatabase } from "~/db/client.server";
import { setDatabase } from "~/db/db.server";
import { DomainError } from "~/domain/errors";
import { formatPeso } from "~/domain/money";
import { getEnv } from "~/env.server";
import { BackupFailed, backupDatabase, restoreDatabase } from "~/infra/backups.server";
import { registerQueues, stopJobs } from "~/infra/jobs.server";
import { closeLiveBus } from "~/infra/live.server";
import { mailQueue } from "~/infra/mail.server";
import { smsQueue } from "~/infra/sms.server";

const USAGE = [
  "usage: npm run ops -- ledger:check",
  "       npm run ops -- payouts:export [BATCH] [--out FILE]",
  "       npm run ops -- payouts:mark-paid BATCH --reference R",
  "       npm run ops -- payments:unapplied",
  RESOLVE_USAGE.replace("usage: ", "       "),
  COUPON_CREATE_USAGE.replace("usage: ", "       "),
  RESOLUTION_DECIDE_USAGE.replace("usage: ", "       "),
  "       npm run ops -- operator:grant EMAIL support|trust|finance|admin",
  "       npm run ops -- operator:revoke EMAIL",
  "       npm run ops -- backup FILE",
  "       npm run ops -- restore FILE [--force]",
].join("\n");

const [command, ...rest] = process.argv.slice(2);
if (command === "backup" || command === "restore") await backupCommand(command, rest);
let parsed: ReturnType<
  typeof parseArgs<{
    options: { out: { type: "string" }; reference: { type: "string" }; note: { type: "string" } };
    allowPositionals: true;
  }>
>;
try {
  parsed = parseArgs({
    // coupon:create and resolution:decide read their own flags.
    args: command === "coupon:create" || command === "resolution:decide" ? [] : rest,
    options: { out: { type: "string" }, reference: { type: "string" }, note: { type: "string" } },
    allowPositionals: true,
  });
} catch {
  console.error(USAGE);
  process.exit(2);
}
const { values, positionals } = parsed;
const valid =
  command === "coupon:create" ||
  command === "resolution:decide" ||
  (command === "ledger:check" && rest.length === 0) ||
  (command === "payments:unapplied" && rest.length === 0) ||
  (command === "operator:grant" && positionals.length === 2 && Object.keys(values).length === 0) ||
  (command === "operator:revoke" && positionals.length === 1 && Object.keys(values).length === 0) ||
  (command === "payments:resolve" && positionals.length === 1 && values.note !== undefined) ||
  (command === "payouts:export" &&
    positionals.length <= 1 &&
    values.reference === undefined &&
    values.note === undefined) ||
  (command === "payouts:mark-paid" &&
    positionals.length === 1 &&
    values.reference !== undefined &&
    values.out === undefined &&
    values.note === undefined);
if (!valid) {
  console.error(USAGE);
  process.exit(2);
}
if (command === "resolution:decide") {
  // A decision's arguments are checked before any database opens: a typo costs nothing.
  try {
    decisionFromArgs(rest);
  } catch (error) {
    console.error(`[ops] resolution:decide: ${(error as Error).message}\n${RESOLUTION_DECIDE_USAGE}`);
    process.exit(2);
  }
}

const env = getEnv();
// As the server does: the embedded database and the sinks are for this user only (ADR 0044).
keepDataDirPrivate(env.DATA_DIR);
const handle = await openDatabase(
  env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.resolve(env.DATA_DIR, "pglite") },
);
// Telling hosts a payout was sent goes through the app's notifications: they find the database this way, and their
// e-mails and texts are queued for the app's workers.
setDatabase(handle);
// A decided case refunds the rest of a deposit through the refund job, and tells both sides how the deposit was
// split through the deposit news job, both queued in the decision's transaction.
registerQueues([mailQueue, smsQueue, refundQueue, depositNewsQueue]);
try {
  await handle.migrate();
  if (command === "ledger:check") {
    const problems = await checkLedger(handle.db);
    if (problems.length === 0) {
      console.info("[ops] ledger:check: every entry balances and every booking's money is accounted for");
    } else {
      for (const problem of problems) console.error("[ops] ledger:check:", JSON.stringify(problem));
      process.exitCode = 1;
    }
  } else if (command === "payments:unapplied") {
    const open = await openUnapplied(handle.db);
    if (open.length === 0) console.info("[ops] payments:unapplied: no provider event waits for an operator");
    for (const row of open) console.info(describeUnapplied(row));
  } else if (command === "payments:resolve") {
    const row = await resolveUnapplied(handle.db, positionals[0] as string, values.note as string);
    console.info(`[ops] payments:resolve: ${row.id} resolved: ${row.resolutionNote}`);
  } else if (command === "operator:grant") {
    const { user, role } = await grantOperatorRole(
      handle.db,
      positionals[0] as string,
      positionals[1] as string,
    );
    console.info(`[ops] operator:grant: ${user.email} is now ${role} in the console (/operations)`);
  } else if (command === "operator:revoke") {
    const { user, before } = await revokeOperatorRole(handle.db, positionals[0] as string);
    console.info(`[ops] operator:revoke: ${user.email} is no longer an operator (was ${before})`);
  } else if (command === "coupon:create") {
    console.info("[ops] coupon:create:", await createCouponCommand(handle.db, rest));
  } else if (command === "resolution:decide") {
    console.info("[ops] resolution:decide:", await resolutionDecideCommand(handle.db, rest));
  } else if (command === "payouts:export") {
    const { batch, csv } = await exportBatch(handle.db, positionals[0]);
    if (values.out) {
      writeFileSync(values.out, csv);
      console.info(
        `[ops] payouts:export: batch ${batch.id} (week of ${batch.weekOf}, ${batch.state}) → ${values.out}`,
      );
    } else {
      process.stdout.write(csv);
    }
  } else {
    const done = await markBatchPaid(handle.db, positionals[0] as string, values.reference as string);
    console.info(
      `[ops] payouts:mark-paid: batch ${done.batch.id} paid, reference ${done.batch.reference}: ${done.payouts} payout(s), ${formatPeso(done.amount)}`,
    );
  }
} catch (error) {
  if (!(error instanceof DomainError)) throw error;
  console.error(`[ops] ${command}: ${error.message}`);
  process.exitCode = 1;
} finally {
  // A host told of their payout is also told live (the bell), which holds a connection open until closed.
  await closeLiveBus();
  await stopJobs();
  await handle.close();
}

/**
 * backup and restore work on the database's files or through PostgreSQL's own tools, never through an open handle:
 * a restore must not create (migrate) the database it is about to fill. Exits when done.
 */
async function backupCommand(name: "backup" | "restore", args: string[]): Promise<never> {
  let file: string | undefined;
  let force = false;
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { force: { type: "boolean" } },
      allowPositionals: true,
    });
    if (positionals.length === 1 && (name === "restore" || !values.force)) {
      file = path.resolve(positionals[0] as string);
      force = values.force === true;
    }
  } catch {}
  if (!file) {
    console.error(USAGE);
    process.exit(2);
  }
  const env = getEnv();
  // The embedded database's folder stays the server user's own, as at the server's start (ADR 0044).
  if (!env.DATABASE_URL) keepDataDirPrivate(env.DATA_DIR);
  const target = env.DATABASE_URL
    ? { url: env.DATABASE_URL }
    : { dataDir: path.resolve(env.DATA_DIR, "pglite") };
  try {
    if (name === "backup") console.info(`[ops] backup: ${await backupDatabase(target, file)}`);
    else
      for (const line of await restoreDatabase(target, file, { force }))
        console.info(`[ops] restore: ${line}`);
  } catch (error) {
    if (!(error instanceof BackupFailed)) throw error;
    console.error(`[ops] ${name}: ${error.message}`);
    process.exit(1);
  }
  process.exit(0);
}
