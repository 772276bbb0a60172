import { closeDatabase } from "~/db/db.server";
import { stopJobs } from "./jobs.server";

/**
 * Graceful shutdown. remix-serve stops accepting connections on SIGTERM / SIGINT; here we let the loaders and
 * actions in flight finish, stop the job workers, close the database (the embedded one would keep the process alive), and make sure
 * the process is gone within 10 s.
 */
const SHUTDOWN_DEADLINE_MS = 10_000;
let inFlight = 0;
let installed = false;

export async function track<T>(work: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await work();
  } finally {
    inFlight--;
  }
}

export function installShutdownHandlers(): void {
  if (installed) return;
  installed = true;
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void shutdown(signal));
}

async function shutdown(signal: string): Promise<void> {
  console.info(`[server] ${signal}: finishing ${inFlight} request(s) in flight, then closing the database`);
  const deadline = setTimeout(() => {
    console.error(`[server] still busy after ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting now`);
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS);
  deadline.unref();
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 25));
  await stopJobs();
  await closeDatabase();
  console.info("[server] database closed; bye");
}
