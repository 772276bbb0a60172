/**
 * Whether an error says the database cannot be reached now — not that a query was wrong — so that callers answer
 * 503 with Retry-After rather than 500 (ADR 0042). drizzle wraps the driver's error (`cause`); a connection to
 * "localhost" that tried two addresses fails with an AggregateError of both (`errors`).
 */

/** SQLSTATEs of a server that is there but will not serve this connection. */
const UNAVAILABLE_STATES = new Set([
  "57P01", // admin_shutdown: the connection was ended (a restart, a dropped database, pg_terminate_backend)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "53300", // too_many_connections
  "3D000", // invalid_catalog_name: the database is not there (dropped, or not made yet)
]);

/** Network failures of a connection (node's error codes). */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
]);

/** What node-postgres, its pool and PGlite say when the connection is gone (they give these no code). */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /not queryable/,
  /^Cannot use a pool after calling end on the pool/,
  /^PGlite is closed/,
  /^The server is shutting down\.$/,
];

/** The error, its causes and the errors it aggregates, each once. */
function* chain(error: unknown, seen = new Set<unknown>()): Generator<unknown> {
  if (error === null || error === undefined || seen.has(error)) return;
  seen.add(error);
  yield error;
  if (typeof error !== "object") return;
  yield* chain((error as { cause?: unknown }).cause, seen);
  const errors = (error as { errors?: unknown }).errors;
  if (Array.isArray(errors)) for (const inner of errors) yield* chain(inner, seen);
}

function unavailableCause(error: unknown): Error | undefined {
  for (const link of chain(error)) {
    if (!(link instanceof Error)) continue;
    const code = (link as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("08")) return link; // connection_exception
    if (typeof code === "string" && (UNAVAILABLE_STATES.has(code) || NETWORK_CODES.has(code))) return link;
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(link.message))) return link;
  }
  return undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableCause(error) !== undefined;
}

/**
 * Why the database cannot be reached, for the log: the driver's own words, never the failed query with its
 * parameters (drizzle's message quotes them, and they may be someone's e-mail or phone).
 */
export function unavailableReason(error: unknown): string {
  const cause = unavailableCause(error);
  const code = (cause as { code?: unknown } | undefined)?.code;
  return cause ? `${cause.message || cause.name}${typeof code === "string" ? ` (${code})` : ""}` : "";
}
