import cluster, { type Worker } from "node:cluster";
import { log } from "../app/infra/log.server.ts";

/**
 * One server process per core (ADR 0036). A Node process renders pages on one core; on a PostgreSQL server several
 * processes can share the database, the port (node:cluster hands each new connection to one of them in turn), the
 * job queue (pg-boss), live updates and the per-user answer cache's drops (both over LISTEN/NOTIFY). The embedded
 * database belongs to one process, so there the server stays one process.
 */

const MAX_PROCESSES = 64;
/** How long the processes have to finish their requests and close after SIGTERM, before they are killed. */
const STOP_DEADLINE_MS = 15_000;
/** A process that stops on its own is replaced after this pause (a crash loop then costs little). */
const RESTART_DELAY_MS = 1_000;

/**
 * How many server processes to run: WEB_CONCURRENCY when set; else, in production on a PostgreSQL server
 * (DATABASE_URL), one per core; else one. A bad value stops the server with a message naming the variable.
 */
export function serverProcessCount(env: Readonly<Record<string, string | undefined>>, cores: number): number {
  const database = env.DATABASE_URL?.trim();
  const chosen = env.WEB_CONCURRENCY?.trim();
  if (chosen) {
    const count = Number(chosen);
    if (!Number.isInteger(count) || count < 1 || count > MAX_PROCESSES)
      throw new Error(
        `WEB_CONCURRENCY must be a whole number from 1 to ${MAX_PROCESSES} (it is "${chosen}").`,
      );
    if (count > 1 && !database)
      throw new Error(
        "WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database belongs to one process.",
      );
    return count;
  }
  const production = (env.NODE_ENV ?? "production") === "production";
  return production && database ? Math.max(1, Math.min(cores, MAX_PROCESSES)) : 1;
}

/**
 * Runs `count` server processes (each runs ./serve.ts through server/index.ts) and stays with them: they start one
 * after another (while one migrates the database, the others wait on its start-up lock); one that stops later is
 * replaced; SIGTERM or SIGINT is passed on to each, and this process ends once they all have.
 */
export function superviseServers(count: number): void {
  let started = false;
  let stopping = false;
  let exitCode = 0;
  log.info(`[server] ${count} server processes, one per core (WEB_CONCURRENCY sets another number)`);

  const startFrom = (n: number) => {
    if (n > count) {
      started = true;
      return;
    }
    cluster.fork().once("listening", () => startFrom(n + 1));
  };

  // A process that has exited may still be listed until its channel closes.
  const living = (): Worker[] =>
    Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker && !worker.isDead());

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of living()) worker.process.kill(signal);
    setTimeout(() => {
      log.error(`[server] server processes still running after ${STOP_DEADLINE_MS / 1000} s; killing them`);
      for (const worker of living()) worker.process.kill("SIGKILL");
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
  };

  cluster.on("exit", (worker, code, signal) => {
    if (!stopping && !started) {
      log.error(`[server] a server process could not start (${signal ?? `exit ${code}`}); stopping`);
      exitCode = code || 1;
      stop("SIGTERM");
    } else if (!stopping) {
      log.error(
        `[server] server process ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another`,
      );
      setTimeout(() => {
        if (!stopping) cluster.fork();
      }, RESTART_DELAY_MS);
    }
    if (stopping && living().length === 0) process.exit(exitCode);
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => stop(signal));
  startFrom(1);
}
