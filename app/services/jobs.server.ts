import { type Job, PgBoss } from "pg-boss";
import { getDatabase } from "~/db/db.server";

/**
 * Durable background jobs, stored in the app's own Postgres (embedded or server) by pg-boss
 * (docs/decisions/0006-job-queue.md). A request only enqueues; a worker does the slow part with retries,
 * so a slow mail server never slows a request down.
 */
export type JobHandler<T> = (data: T) => Promise<void>;

type QueueDefinition = { retryLimit: number; retryDelay: number; handler: JobHandler<never> };

const queues = new Map<string, QueueDefinition>();
let running: Promise<PgBoss> | undefined;

/** Declares a queue and its worker; done at import time by the module that owns the job. */
export function defineQueue<T extends object>(
  name: string,
  handler: JobHandler<T>,
  options: { retryLimit?: number; retryDelay?: number } = {},
): (data: T) => Promise<void> {
  queues.set(name, { retryLimit: options.retryLimit ?? 5, retryDelay: options.retryDelay ?? 30, handler });
  return async (data: T) => {
    const boss = await startJobs();
    await boss.send(name, data);
  };
}

/** Starts pg-boss on the app's database and the workers of every declared queue (once per process). */
export function startJobs(): Promise<PgBoss> {
  running ??= (async () => {
    const handle = await getDatabase();
    const boss = new PgBoss({ ...handle.jobsConnection, schema: "pgboss" });
    boss.on("error", (error) => console.error("[jobs]", error));
    await boss.start();
    for (const [name, queue] of queues) {
      await boss.createQueue(name, {
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelay,
        retryBackoff: true,
      });
      await boss.work(name, { pollingIntervalSeconds: 1 }, async (jobs: Job<object>[]) => {
        for (const job of jobs) await (queue.handler as JobHandler<object>)(job.data);
      });
    }
    return boss;
  })().catch((error) => {
    running = undefined;
    throw error;
  });
  return running;
}

/** Lets the jobs in progress finish (a few seconds at most), then stops the workers. */
export async function stopJobs(): Promise<void> {
  const boss = await running?.catch(() => undefined);
  running = undefined;
  await boss?.stop({ graceful: true, timeout: 5_000, close: true });
}
