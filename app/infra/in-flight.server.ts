/**
 * The loaders, actions and API calls this process is running, counted by the two ways in (the route guard,
 * app/screens/route-guard.server.ts, and the API's router) so that shutdown (app/lifecycle.server.ts) lets them
 * finish before the database closes.
 */
let inFlight = 0;
let lastActivity = 0;

export async function track<T>(work: () => Promise<T>): Promise<T> {
  inFlight++;
  lastActivity = Date.now();
  try {
    return await work();
  } finally {
    inFlight--;
    lastActivity = Date.now();
  }
}

/** How many are running now. */
export function requestsInFlight(): number {
  return inFlight;
}

/** Counts as activity now: the quiet time shutdown waits for starts again. */
export function markActivity(): void {
  lastActivity = Date.now();
}

/** Nothing is running, and nothing started or ended for `quietMs`. */
export function quietFor(quietMs: number): boolean {
  return inFlight === 0 && Date.now() - lastActivity >= quietMs;
}
