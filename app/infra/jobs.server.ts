import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
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
import { log } from "./log.server";

/**
 * Durable background jobs, stored in the app's own Postgres (embedded or server) by pg-boss
 * (docs/decisions/0006-job-queue.md, docs/decisions/0018-jobs-webhooks-streams-notify.md). A request only enqueues;
 * a worker does the slow part with retries, so a slow mail server never slows a request down.
 *
 * A module that owns a job declares its queue with `defineQueue` (a plain value: nothing happens at import); the
 * list in ~/jobs/queues.server.ts names the queues this app works, and the lifecycle registers them at boot.
 *
 * A job may run more than once (docs/decisions/0043-jobs-survive-crashes.md): its process can die mid-run, and then
 * the job runs again once its heartbeat has stopped. So a handler's database writes go in one transaction that can
 * simply run again, and what it does outside the database goes through ./job-effects.server.ts, keyed by the job.
 */
export type RunningJob = { id: string };
export type JobHandler<T> = (data: T, job: RunningJob) => Promise<void>;

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
  /**
   * How long one job's work may take at most, in seconds (its providers' own timeouts, its largest run). A job still
   * running after JOBS_PER_FETCH times this (a worker's whole fetch) is taken as hung and run again.
   */
  jobSeconds: number;
};

export function defineQueue<T extends object>(
  name: string,
  handler: JobHandler<T>,
  options: { retryLimit?: number; retryDelay?: number; policy?: QueuePolicy; jobSeconds?: number } = {},
): Queue<T> {
  return {
    name,
    handler,
    retryLimit: options.retryLimit ?? 6,
    retryDelay: options.retryDelay ?? 10,
    policy: options.policy ?? "standard",
    jobSeconds: options.jobSeconds ?? 60,
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

/** Cron schedules run on Manila time, the product's time zone (docs/product.md, Locale and money). */
export const SCHEDULE_TIME_ZONE = "Asia/Manila";

/** How many waiting jobs of a queue a worker takes at once (see startJobs). */
const JOBS_PER_FETCH = 10;
/**
 * A running job's worker says it is alive every HEARTBEAT_SECONDS / 2 seconds; a job not heard of for HEARTBEAT_SECONDS
 * (its process died, or lost the database) is failed, and so retried, by the next supervision pass, which every
 * instance runs every SUPERVISE_SECONDS. Ten seconds is the least pg-boss allows for both: a dead worker's job is
 * back in the queue within about 20 seconds, not the 15 minutes of pg-boss's default expiry.
 */
export const HEARTBEAT_SECONDS = 10;
const SUPERVISE_SECONDS = 10;

/** The job whose handler is running in this async context (see jobEffectKey). */
const currentJob = new AsyncLocalStorage<{ id: string; counts: Map<string, number> }>();

/**
 * Within a job's run: a key for this job's n-th deed named `what` (`<job id>:<what>:<n>`), the same each time the job
 * runs again, so ./job-effects.server.ts can tell a deed already done. Outside a job: undefined.
 */
export function jobEffectKey(what: string): string | undefined {
  const job = currentJob.getStore();
  if (!job) return undefined;
  const n = (job.counts.get(what) ?? 0) + 1;
  job.counts.set(what, n);
  return `${job.id}:${what}:${n}`;
}

let registered: readonly Queue<never>[] = [];
let running: Promise<PgBoss> | undefined;
let started: PgBoss | undefined;
/**
 * Set while the workers stop: a job still running past the stop's grace period finds its database closed, and what
 * it then reports is noise, not news (the job was not completed, so pg-boss runs it again after the next start).
 */
let stopping = false;

/**
 * Names the queues this process works (the list in ~/jobs/queues.server.ts, at boot; tests name their own). pg-boss
 * starts with them at `startJobs()`, or at the first send.
 */
export function registerQueues(queues: readonly Queue<never>[]): void {
  registered = queues;
}

/** Starts pg-boss on the app's database, creates the registered queues and starts their workers (once). */
export function startJobs(): Promise<PgBoss> {
  running ??= (async () => {
    const handle = await getDatabase();
    const boss = new PgBoss({
      ...handle.jobsConnection,
      schema: "pgboss",
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      monitorIntervalSeconds: SUPERVISE_SECONDS,
    });
    stopping = false;
    boss.on("error", (error) => {
      if (!stopping) log.error({ err: error }, "[jobs]");
    });
    await boss.start();
    for (const queue of registered) {
      const options = {
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelay,
        retryBackoff: true,
        expireInSeconds: queue.jobSeconds * JOBS_PER_FETCH,
        heartbeatSeconds: HEARTBEAT_SECONDS,
      };
      // Creating a queue that exists changes nothing, so every instance can do it at boot; the update then gives a
      // queue made by an older version today's timing (its policy cannot change). Jobs take them when sent.
      await boss.createQueue(queue.name, { policy: queue.policy, ...options });
      await boss.updateQueue(queue.name, options);
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
            // The fetch outlived its expiry, or the job was taken from this worker: it runs again elsewhere, and its
            // result could no longer land. Left out, it is not settled here.
            if (job.signal.aborted) continue;
            try {
              await runJob(queue as Queue<object>, job.data, job.id);
              results.push({ id: job.id, status: "completed" });
            } catch (error) {
              if (!stopping) log.error({ err: error }, `[jobs] ${queue.name} ${job.id} failed`);
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

/**
 * Runs one job of `queue` with `data` in this process, as a worker does: a job's second run under the same `id` is
 * what a retry is (a worker also calls this). Tests call it to run a job at a moment of their choosing.
 */
export function runJob<T extends object>(queue: Queue<T>, data: T, id: string = randomUUID()): Promise<void> {
  return currentJob.run({ id, counts: new Map() }, () => queue.handler(data, { id }));
}

/**
 * Runs `work` in one transaction in which jobs may be enqueued (`send(…, { transaction })`): the job queue is started
 * first, as a send in a transaction needs. What the work writes and the jobs it enqueues are kept together or not at
 * all: a failure half-way leaves nothing, and the caller can simply try again.
 */
export async function transactionWithJobs<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  await startJobs();
  return db.transaction(work);
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

export type QueueStats = {
  name: string;
  /** Waiting to run, due now or later (retries included). */
  queued: number;
  active: number;
  /** Failed for good (retries spent), as long as pg-boss keeps them. */
  failed: number;
  /** Seconds the oldest job due now has waited; 0 when none waits. */
  oldestQueuedSeconds: number;
};

/**
 * Each registered queue's jobs by state, read from pg-boss's table in one query (what the metrics show); empty until
 * the job queue has started in this process, as its tables may not exist before.
 */
export async function queueStats(): Promise<QueueStats[]> {
  if (!started || registered.length === 0) return [];
  const { db } = await getDatabase();
  const names = registered.map((queue) => queue.name);
  const { rows } = (await db.execute(sql`
    select name,
      count(*) filter (where state in ('created', 'retry'))::int as queued,
      count(*) filter (where state = 'active')::int as active,
      count(*) filter (where state = 'failed')::int as failed,
      coalesce(extract(epoch from now() - min(created_on)
        filter (where state in ('created', 'retry') and start_after <= now())), 0)::float8 as oldest
    from pgboss.job where name in (${sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    )}) group by name`)) as unknown as {
    rows: { name: string; queued: number; active: number; failed: number; oldest: number }[];
  };
  const byName = new Map(rows.map((row) => [row.name, row]));
  return names.map((name) => {
    const row = byName.get(name);
    return {
      name,
      queued: Number(row?.queued ?? 0),
      active: Number(row?.active ?? 0),
      failed: Number(row?.failed ?? 0),
      oldestQueuedSeconds: Number(row?.oldest ?? 0),
    };
  });
}

/** Lets the jobs in progress finish (a few seconds at most), then stops the workers. */
export async function stopJobs(): Promise<void> {
  const stopped = running;
  const boss = await stopped?.catch(() => undefined);
  stopping = true;
  // Kept until it has stopped: a job finishing in the grace period that sends another job sends it through this
  // pg-boss, instead of starting a second one that nothing would stop (it then polled a closed database).
  await boss?.stop({ graceful: true, timeout: 5_000, close: true });
  if (running === stopped) {
    running = undefined;
    started = undefined;
  }
}
