/**
 * The part of autocannon (which ships no types) that the benchmark uses: one run, awaited for its figures or stopped
 * on Ctrl-C.
 */
declare module "autocannon" {
  type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request) => Request;
  };
  type Options = Request & {
    url: string;
    duration: number;
    connections: number;
    pipelining: number;
    requests?: Request[];
  };
  type Result = {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  type Run = PromiseLike<Result> & { stop(): void };
  export default function autocannon(options: Options): Run;
}
