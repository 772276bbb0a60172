/**
 * The app's production server as the benchmark runs it: started on a free port with its own data directory and the
 * Node flags of `npm run serve`, polled until ready, weighed (its resident memory), and stopped.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../server/node-flags.js";
import { BUILD_DIR, KB, ROOT, round, sleep } from "./shared.ts";

const READY_POLL_MS = 200;
/** The demo data draws its photos at start: on a busy 2-core machine that alone can take a minute. */
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

export type Server = {
  label: string;
  database: string;
  child: ChildProcess;
  exited: Promise<unknown[]>;
  dataDir: string;
  ownsDataDir: boolean;
  logFile: string;
  url: string;
};

export type ServerSettings = {
  label: string;
  database: string;
  databaseUrl?: string;
  /** A data directory of the caller's (with data in it), which stays theirs to remove. */
  dataDir?: string;
};

/** Servers still running, so that a failure or Ctrl-C can stop them. */
const running = new Set<Server>();

/**
 * Starts the app's server (server/index.ts) with its own port and data directory. Its output goes to a file in that
 * directory rather than a pipe: reading a server's log here would steal CPU from autocannon.
 */
export async function startServer({
  label,
  database,
  databaseUrl,
  dataDir: givenDataDir,
}: ServerSettings): Promise<Server> {
  const port = await findFreePort();
  // A data directory of the caller's (with data in it) is the caller's to remove.
  const dataDir = givenDataDir ?? mkdtempSync(path.join(os.tmpdir(), "space-solution-bench-"));
  const logFile = path.join(dataDir, "server.log");
  const logFd = openSync(logFile, "a");

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1", // the server listens on every interface otherwise
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    SEED_DEMO_DATA: "true", // the login target needs the demo accounts, on PostgreSQL too
    SESSION_SECRET: randomBytes(36).toString("base64url"), // 48 characters
    // The C allocator's settings the README ("Memory") asks production to run with, unless the caller set others.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
    MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? "131072",
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  // Run the server with this very Node (not through npm, which would add a process in between), with the flags of
  // `npm run serve`.
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, path.join("server", "index.ts"), `${BUILD_DIR}/index.js`],
    {
      cwd: ROOT,
      env,
      stdio: ["ignore", logFd, logFd],
    },
  );
  closeSync(logFd); // the child has its own copy
  const exited = once(child, "exit");
  const server: Server = {
    label,
    database,
    child,
    exited,
    dataDir,
    ownsDataDir: !givenDataDir,
    logFile,
    url: `http://127.0.0.1:${port}`,
  };
  running.add(server);

  console.log(`Starting the ${label} server on ${server.url} ...`);
  await waitForReady(server);
  return server;
}

/** Asks the system for a free port by listening on port 0, then releases it for the server. */
async function findFreePort(): Promise<number> {
  const probe = net.createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as net.AddressInfo;
  probe.close();
  await once(probe, "close");
  return port;
}

/** Polls /readyz until it answers 200; fails early if the server exits, and after 60 s otherwise. */
async function waitForReady(server: Server): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited(server)) {
      throw new Error(`The ${server.label} server exited before it was ready.\n${serverOutput(server)}`);
    }
    try {
      const response = await fetch(`${server.url}/readyz`, {
        signal: AbortSignal.timeout(READY_POLL_MS * 5),
      });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(READY_POLL_MS);
  }
  throw new Error(
    `The ${server.label} server was not ready after ${READY_TIMEOUT_MS / 1000} s.\n${serverOutput(server)}`,
  );
}

/** SIGTERM, then SIGKILL if it has not exited 15 s later; removes its own data directory either way. */
export async function stopServer(server: Server): Promise<void> {
  if (!running.delete(server)) return;
  if (!hasExited(server)) {
    console.log(`Stopping the ${server.label} server ...`);
    server.child.kill("SIGTERM");
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise((resolve) => {
      timer = setTimeout(resolve, STOP_TIMEOUT_MS, "timeout");
    });
    const outcome = await Promise.race([server.exited, timeout]);
    clearTimeout(timer); // or it would keep this process alive for the full 15 s
    if (outcome === "timeout") {
      console.warn(`The ${server.label} server did not stop within ${STOP_TIMEOUT_MS / 1000} s: killing it.`);
      server.child.kill("SIGKILL");
      await server.exited;
    }
  }
  if (server.ownsDataDir) rmSync(server.dataDir, { recursive: true, force: true });
}

/** Stops every server still running (after a failure or Ctrl-C). */
export async function stopServers(): Promise<void> {
  await Promise.all([...running].map((server) => stopServer(server)));
}

function hasExited(server: Server): boolean {
  return server.child.exitCode !== null || server.child.signalCode !== null;
}

/** The end of the server's log, for error messages. */
function serverOutput(server: Server): string {
  let log = "";
  try {
    log = readFileSync(server.logFile, "utf8");
  } catch {
    // no log yet
  }
  const tail = log.length > 8000 ? `...${log.slice(-8000)}` : log;
  return `--- server output ---\n${tail.trimEnd() || "(none)"}\n---------------------`;
}

/**
 * Fails if the server stopped answering during a run (it crashed, or something else signalled it):
 * autocannon would only count connection errors, and the figures would be meaningless.
 */
export async function assertAlive(server: Server, route: string): Promise<void> {
  let alive = false;
  if (!hasExited(server)) {
    try {
      const response = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      alive = response.ok;
    } catch {
      // refused or timed out
    }
  }
  if (!alive) {
    throw new Error(
      `The ${server.label} server stopped answering while ${route} was driven.\n${serverOutput(server)}`,
    );
  }
}

export type ResidentMemory = {
  processes: number;
  rssMiB: number;
  anonymousMiB: number;
  filesMiB: number;
  peakMiB: number;
};

/**
 * The server's resident memory (Linux: /proc), in MiB: the total, the anonymous part (JavaScript heap, the
 * embedded database's memory, the C allocator's) and the files part (mostly Node's own code), and the peak since
 * the process started; on PostgreSQL, where the server runs one process per core, summed over its processes
 * (`processes`). Null where /proc is not there.
 */
export function residentMemory(server: Server): ResidentMemory | null {
  try {
    const pid = server.child.pid as number;
    const pids = [pid, ...childProcesses(pid)];
    const statuses = pids.map((each) => readFileSync(`/proc/${each}/status`, "utf8"));
    const mib = (field: string) =>
      round(
        statuses.reduce(
          (sum, status) => sum + Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]),
          0,
        ) / KB,
        0,
      );
    return {
      processes: pids.length,
      rssMiB: mib("VmRSS"),
      anonymousMiB: mib("RssAnon"),
      filesMiB: mib("RssFile"),
      peakMiB: mib("VmHWM"),
    };
  } catch {
    return null;
  }
}

/** The process ids whose parent is `pid` (Linux). */
function childProcesses(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return children ? children.split(/\s+/).map(Number) : [];
}
