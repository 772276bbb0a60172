/** Driving a route with autocannon for a fixed time, after warming it up. */
import autocannon from "autocannon";
import { round } from "./shared.ts";

export const CONNECTIONS = 10;
export const PIPELINING = 1;
const WARM_UP_REQUESTS = 10;
const WARM_UP_CONNECTIONS = 4;

/** A route driven: a page, a JSON call, the login (a JSON POST) or a static file. */
export type Target = {
  path: string;
  kind: "html" | "json" | "login" | "static";
  method?: "POST";
  body?: string;
  /** Sent with every request (a visitor's entry cookie, a session). */
  headers?: Record<string, string>;
};

export type LoadFigures = {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

/** The autocannon run under way, stopped on Ctrl-C. */
let currentRun: ReturnType<typeof autocannon> | undefined;

/** A few requests per route, so that caches, JIT and the database pool are warm in every server process. */
export async function warmUp(baseUrl: string, targets: readonly Target[]): Promise<void> {
  for (const target of targets) {
    // Over several connections at once: a server of several processes hands each connection to one of them.
    await Promise.all(
      Array.from({ length: WARM_UP_CONNECTIONS }, async (_, connection) => {
        for (let i = 0; i < WARM_UP_REQUESTS; i++) {
          const response = await fetch(baseUrl + target.path, request(target));
          await response.arrayBuffer();
          if (!response.ok && i === 0 && connection === 0)
            console.warn(`  warm-up: ${target.path} answered ${response.status}`);
        }
      }),
    );
  }
}

/** The fetch / autocannon request options of a target: GET, or a JSON POST. */
function request(target: Target): { method: string; headers?: Record<string, string>; body?: string } {
  return target.method === "POST"
    ? {
        method: "POST",
        headers: { "Content-Type": "application/json", ...target.headers },
        body: target.body,
      }
    : { method: "GET", ...(target.headers ? { headers: target.headers } : {}) };
}

/** One autocannon run; a rejected run (bad options, unreachable server) fails the benchmark. */
export async function drive(
  url: string,
  target: Target,
  {
    duration,
    connections = CONNECTIONS,
    paths,
  }: { duration: number; connections?: number; paths?: readonly string[] },
): Promise<LoadFigures> {
  let next = 0;
  currentRun = autocannon({
    url,
    duration,
    connections,
    pipelining: PIPELINING,
    ...request(target),
    // `paths`: each request the next of them, in turn.
    ...(paths
      ? { requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }] }
      : {}),
  });
  let result: Awaited<ReturnType<typeof autocannon>>;
  try {
    result = await currentRun;
  } finally {
    currentRun = undefined;
  }
  return {
    requestsPerSecond: round(result.requests.average, 1),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Ends the run under way: the server only exits once its keep-alive connections are closed. */
export function stopLoad(): void {
  currentRun?.stop();
}
