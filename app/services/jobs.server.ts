import { sql } from "drizzle-orm";
import {
  type DrizzleTransactionLike,
  fromDrizzle,
  type Job,
  type JobResult,
  PgBoss,
  type QueuePolicy,
} from "pg-boss";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";

/**
 * Durable background jobs, stored in the app's own Postgres (embedded or server) by pg-boss
 * (docs/decisions/0006-job-queue.md, docs/decisions/0018-jobs-webhooks-streams-notify.md). A request only enqueues;
 * a worker does the slow part with retries, so a slow mail server never slows a request down.
 *
 * A module that owns a job declares its queue with `defineQueue` (a plain value: nothing happens at import); the
 * list in ./queues.server.ts names the queues this app works, and the lifecycle registers them at boot.
 */
export type JobHandler<T> = (data: T) => Promise<void>;

export type Queue<T extends object = object> = {
  name: string;
  handler: JobHandler<T>;
  retryLimit: number;
  /** Seconds before the first retry; later retries back off exponentially. */
  retryDelay: number;
  /**
   * pg-boss's queue policy: "standard" (the default) lets any number of jobs wait; "exclusive" keeps at most one job
   * per singleton key queued or running, "short" at most one waiting.
   */
  policy: QueuePolicy;
};

export function defineQueue<T extends object>(
  name: string,
  handler: JobHandler<T>,
  options: { retryLimit?: number; retryDelay?: number; policy?: QueuePolicy } = {},
): Queue<T> {
  return {
    name,
    handler,
    retryLimit: options.retryLimit ?? 5,
    retryDelay: options.retryDelay ?? 30,
    policy: options.policy ?? "standard",
  };
}

export type SendOptions = {
  /** Not before this moment, or this many seconds from now. */
  startAfter?: Date | number;
  /**
   * No second job with this key: while one waits (or runs) on a queue whose policy says so, or, with
   * `singletonSeconds`, within the same window of that many seconds on any queue. A refused send answers null.
   */
  singletonKey?: string;
  singletonSeconds?: number;
  /**
   * The caller's database transaction: the job is written with the caller's rows, so it exists only if the
   * transaction commits (a booking's deadline job, a webhook's work).
   */
  transaction?: Database;
};

/** Cron schedules run on Manila time, the product's time zone (PRODUCT.md, "Locale and money"). */
export const SCHEDULE_TIME_ZONE = "Asia/Manila";

/** How many waiting jobs of a queue a worker takes at once (see startJobs). */
const JOBS_PER_FETCH = 10;

let registered: readonly Queue<never>[] = [];
let running: Promise<PgBoss> | undefined;
let started: PgBoss | undefined;
/**
 * Set while the workers stop: a job still running past the stop's grace period finds its database closed, and what
 * it then reports is noise, not news (the job was not completed, so pg-boss runs it again after the next start).
 */
let stopping = false;

/**
 * Names the queues this process works (the list in ./queues.server.ts, at boot; tests name their own). pg-boss
 * starts with them at `startJobs()`, or at the first send.
 */
export function registerQueues(queues: readonly Queue<never>[]): void {
  registered = queues;
}

/** Starts pg-boss on the app's database, creates the registered queues and starts their workers (once). */
export function startJobs(): Promise<PgBoss> {
  running ??= (async () => {
    const handle = await getDatabase();
    const boss = new PgBoss({ ...handle.jobsConnection, schema: "pgboss" });
    stopping = false;
    boss.on("error", (error) => {
      if (!stopping) console.error("[jobs]", error);
    });
    await boss.start();
    for (const queue of registered) {
      // Creating a queue that exists changes nothing, so every instance can do it at boot.
      await boss.createQueue(queue.name, {
        policy: queue.policy,
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelay,
        retryBackoff: true,
      });
      const handler = queue.handler as JobHandler<object>;
      // Up to JOBS_PER_FETCH jobs a fetch, fetched again at once while fetches come back full: a worker takes one
      // fetch per polling interval, so one job a fetch would deliver at most one mail a second while a backlog
      // waits. Each job still succeeds or fails (and is retried) on its own.
      await boss.work(
        queue.name,
        {
          pollingIntervalSeconds: 1,
          batchSize: JOBS_PER_FETCH,
          burstWhenBatchFull: true,
          perJobResults: true,
        },
        async (jobs: Job<object>[]) => {
          const results: JobResult[] = [];
          for (const job of jobs) {
            try {
              await handler(job.data);
              results.push({ id: job.id, status: "completed" });
            } catch (error) {
              if (!stopping) console.error(`[jobs] ${queue.name} ${job.id} failed:`, error);
              results.push({
                id: job.id,
                status: "failed",
                output: { message: error instanceof Error ? error.message : String(error) },
              });
            }
          }
          return results;
        },
      );
      // Loads the queue into pg-boss's cache now: an enqueue inside a transaction on the embedded database must not
      // look the queue up, since that lookup would wait for the transaction's own (single) connection.
      await boss.getQueueStats(queue.name);
    }
    started = boss;
    return boss;
  })().catch((error) => {
    running = undefined;
    throw error;
  });
  return running;
}

/** Enqueues one job; answers its id, or null when a singleton key refused it. */
export async function send<T extends object>(
  queue: Queue<T>,
  data: T,
  options: SendOptions = {},
): Promise<string | null> {
  const { transaction, ...timing } = options;
  // Starting pg-boss, or looking up a queue it has not started with, would wait on the embedded database for the
  // very transaction that is waiting for us: refuse rather than hang.
  if (transaction && !(started && registered.includes(queue as Queue<never>)))
    throw new Error(`Enqueue "${queue.name}" in a transaction only once the job queue has started with it.`);
  const boss = started ?? (await startJobs());
  return boss.send(queue.name, data, {
    ...timing,
    // Our one Database type leaves the driver's result type open; both drivers answer `execute` with `{ rows }`.
    ...(transaction ? { db: fromDrizzle(transaction as unknown as DrizzleTransactionLike, sql) } : {}),
  });
}

/**
 * Runs `data` on `queue` at every time `cron` names, on Philippine time. A schedule is one row per queue and `key`
 * (rewritten, not added, when every instance declares it at boot), so two instances never send it twice.
 */
export async function schedule<T extends object>(
  queue: Queue<T>,
  cron: string,
  data: T,
  options: { key?: string } = {},
): Promise<void> {
  const boss = await startJobs();
  await boss.schedule(queue.name, cron, data, { ...options, tz: SCHEDULE_TIME_ZONE });
}

/** Lets the jobs in progress finish (a few seconds at most), then stops the workers. */
export async function stopJobs(): Promise<void> {
  const boss = await running?.catch(() => undefined);
  running = undefined;
  started = undefined;
  stopping = true;
  await boss?.stop({ graceful: true, timeout: 5_000, close: true });
}
