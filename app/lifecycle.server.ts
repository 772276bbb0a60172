import { billingQueue } from "~/core/billing.server";
import { earningsQueue, payoutBatchQueue } from "~/core/payout-runs.server";
import { closeDatabase, fillWhenEmpty } from "~/db/db.server";
import { log } from "~/infra/log.server";
import { depositReleaseQueue } from "~/jobs/deposit-runs.server";
import { markActivity, quietFor, requestsInFlight } from "./infra/in-flight.server";
import { registerQueues, schedule, send, startJobs, stopJobs } from "./infra/jobs.server";
import { closeLiveBus } from "./infra/live.server";
import { closeEventStreams } from "./infra/streams.server";
import { QUEUES } from "./jobs/queues.server";
import { closeCacheSharing } from "./screens/api-cache-peers.server";
import { seedIfEmpty } from "./seed/seed.server";

/**
 * Boot and graceful shutdown. At boot the app's job queues (./jobs/queues.server.ts) are registered and pg-boss starts
 * with their workers. Our server (server/index.ts) stops accepting connections on SIGTERM / SIGINT; here we end the
 * open event streams at once (they never finish by themselves), let the loaders and actions in flight finish (and
 * those accepted just before the signal start), stop the job workers, close the database for good (the embedded one
 * would keep the process alive), and make sure the process is gone within 10 s.
 */
const SHUTDOWN_DEADLINE_MS = 10_000;
/**
 * How long the server must be quiet before the database closes: a request accepted just before the signal may not
 * have reached its loader yet (on a busy machine, well over a second), and it must still find the database open.
 */
const SETTLE_MS = 2_000;
let installed = false;

/**
 * Registers the listed job queues and starts pg-boss (opening the database, which an empty one fills with its
 * first-start data) now, not on the first request. Billing runs every morning at 06:00 Manila time, and once at
 * boot, so an app that was down at 06:00 catches up. So do the
 * payout jobs: rent released daily at 00:10 Manila (periods start at Manila midnight, payable 48 h later) and the
 * weekly payout batch on Mondays at 09:00 Manila. Deposits whose host did not answer are released daily at 00:05
 * Manila: a booking ends at a Manila midnight, so its 72 hours are also over at one.
 */
export async function startBackgroundWork(): Promise<void> {
  fillWhenEmpty(seedIfEmpty);
  registerQueues(QUEUES);
  await startJobs();
  await schedule(billingQueue, "0 6 * * *", {}, { key: "daily" });
  await send(billingQueue, {}, { singletonKey: "billing-at-boot", singletonSeconds: 300 });
  await schedule(earningsQueue, "10 0 * * *", {}, { key: "daily" });
  await send(earningsQueue, {}, { singletonKey: "earnings-at-boot", singletonSeconds: 300 });
  await schedule(payoutBatchQueue, "0 9 * * 1", {}, { key: "weekly" });
  await send(payoutBatchQueue, {}, { singletonKey: "payout-batch-at-boot", singletonSeconds: 300 });
  await schedule(depositReleaseQueue, "5 0 * * *", {}, { key: "daily" });
  await send(depositReleaseQueue, {}, { singletonKey: "deposit-release-at-boot", singletonSeconds: 300 });
}

export function installShutdownHandlers(): void {
  if (installed) return;
  installed = true;
  // Once: the same signal may come twice (to every process of the group, and from the first process of several).
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void shutDown(signal);
    });
}

/** What a SIGTERM or SIGINT starts (exported for the server-level test of streams and requests in flight). */
export async function shutDown(signal: string): Promise<void> {
  const streams = closeEventStreams();
  log.info(
    `[server] ${signal}: closed ${streams} event stream(s); finishing ${requestsInFlight()} request(s) in flight, then closing the database`,
  );
  const deadline = setTimeout(() => {
    log.error(`[server] still busy after ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting now`);
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS);
  deadline.unref();
  markActivity();
  while (!quietFor(SETTLE_MS)) await new Promise((resolve) => setTimeout(resolve, 25));
  await stopJobs();
  await closeLiveBus();
  await closeCacheSharing();
  await closeDatabase({ forGood: true });
  log.info("[server] database closed; bye");
}
