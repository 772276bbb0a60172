import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { type DestinationStream, type LevelWithSilent, type Logger, pino } from "pino";

/**
 * The server's log (docs/decisions/0060-logs.md, docs/deploy.md "Logs"): one JSON object per line on stdout (pino),
 * which systemd's journal keeps and ships. Every HTTP request adds one "request" line when its answer has gone out
 * (`logRequest`), with the request id the proxy gave it, the route's pattern, status, duration and the user when a
 * session was found. Secrets never reach a line: the paths below are censored wherever a caller puts them, and the
 * app logs no request bodies.
 *
 * This module imports nothing of the app: the server's first process (server/index.ts) logs with it before any of the
 * build (or the environment's validation in app/env.server.ts, which names LOG_LEVEL's values) is loaded.
 */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number] & LevelWithSilent;

export const DEFAULT_LOG_LEVEL: LogLevel = "info";

/**
 * What is censored wherever it appears, at the top of a line or one object down (`err.config`, `user.password`):
 * the headers that carry a session or a token, passwords, tokens, secrets, one-time codes, and the numbers of a card
 * or of a host's payout account. (Not `code`: an error's code, ECONNREFUSED, is what an operator looks for.)
 */
const SECRET_KEYS = [
  "authorization",
  "cookie",
  "set-cookie",
  "password",
  "newPassword",
  "currentPassword",
  "passwordHash",
  "token",
  "accessToken",
  "refreshToken",
  "idToken",
  "secret",
  "clientSecret",
  "sessionSecret",
  "otp",
  "otpCode",
  "cardNumber",
  "card_number",
  "cvc",
  "accountNumber",
  "account_number",
  "payoutAccountNumber",
];

export const REDACTED_PATHS = [
  ...SECRET_KEYS.flatMap((key) => [quoted(key), `*.${quoted(key)}`]),
  ...["headers", "*.headers", "*.*.headers", "req.headers", "request.headers"].flatMap((at) =>
    ["authorization", "cookie", "set-cookie", "x-api-key"].map((key) => `${at}.${quoted(key)}`),
  ),
];

function quoted(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
}

/** The level LOG_LEVEL names, or the default ("info") when it is unset or not one of LOG_LEVELS. */
export function logLevel(value: string | undefined): LogLevel {
  const level = value?.trim().toLowerCase();
  return (LOG_LEVELS as readonly string[]).includes(level ?? "") ? (level as LogLevel) : DEFAULT_LOG_LEVEL;
}

/** A logger writing JSON lines to `destination`, secrets censored; the tests make their own to read its lines. */
export function createLogger(level: LogLevel, destination: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      // An error's type, message and stack (with its cause's), never the request it came with.
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
    },
    destination,
  );
}

/**
 * Where this process's lines go: stdout, synchronously (a line written just before the process exits is not lost).
 * The tests' setup watches the error lines through `write` (tests/fail-on-console-error.ts).
 */
export const logOutput = {
  write(line: string): void {
    process.stdout.write(line);
  },
};

/** The server's log. */
export const log: Logger = createLogger(logLevel(process.env.LOG_LEVEL), {
  write: (line: string) => logOutput.write(line),
});

/** What the request being answered now has told the log so far: its id, and its user once a session names one. */
export type RequestLogContext = { requestId: string; userId?: string };

const requests = new AsyncLocalStorage<RequestLogContext>();

/**
 * A request id the proxy in front of us (nginx's $request_id, docs/deploy.md) gave in X-Request-Id, so one id follows
 * a request through the proxy's log and ours; a new one when there is none or it does not look like an id.
 */
export function requestIdFrom(header: string | undefined | null): string {
  return header && /^[\w.:@-]{8,128}$/.test(header) ? header : randomUUID();
}

/** Runs `work` (the rest of the request's handling) with `context` as the request the log lines belong to. */
export function runForRequest<T>(context: RequestLogContext, work: () => T): T {
  return requests.run(context, work);
}

/** The request being answered now, or undefined outside one (a job, a test). */
export function currentRequest(): RequestLogContext | undefined {
  return requests.getStore();
}

/** The session of the request being answered names this user (app/infra/session.server.ts): its line says so. */
export function noteRequestUser(userId: string): void {
  const request = requests.getStore();
  if (request) request.userId = userId;
}

/** One answered request, as the HTTP server (server/app.ts) saw it go out. */
export type AnsweredRequest = {
  requestId: string;
  method: string;
  /** The route's pattern (an API endpoint's declared path, a page's route id), never the URL with its ids or query. */
  route: string;
  status: number;
  durationMs: number;
  userId?: string;
  /** The caller went away before the whole answer was sent. */
  aborted?: boolean;
};

/** The access log's line for one request: level "error" for a 5xx, "info" for anything else. */
export function logRequest(request: AnsweredRequest, logger: Logger = log): void {
  const line = {
    requestId: request.requestId,
    method: request.method,
    route: request.route,
    status: request.status,
    durationMs: Math.round(request.durationMs * 10) / 10,
    ...(request.userId ? { userId: request.userId } : {}),
    ...(request.aborted ? { aborted: true } : {}),
  };
  if (request.status >= 500) logger.error(line, "request");
  else logger.info(line, "request");
}
