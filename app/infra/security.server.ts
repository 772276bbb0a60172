import { randomBytes } from "node:crypto";
import { getEnv } from "~/env.server";
import { hasSessionCookie, SESSION_COOKIE_NAME } from "~/infra/session.server";

/** The security baseline every response carries (docs/architecture.md, "Security"). */

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The page's inline scripts that may run: hashes of each, for a page a shared cache may keep (ADR 0045). */
export type ScriptHashes = { hashes: readonly string[] };

/**
 * The policy of an answer. `scripts` is what lets the page's own scripts run: this answer's nonce, or the hashes of
 * the inline scripts of a page that others may be served (a nonce in it would be known to all); null runs none.
 */
export function contentSecurityPolicy(scripts: string | ScriptHashes | null): string {
  const env = getEnv();
  const trusted =
    typeof scripts === "string" ? [`'nonce-${scripts}'`] : scripts?.hashes.map((hash) => `'${hash}'`);
  const https = env.PUBLIC_URL?.startsWith("https:") ?? false;
  const directives = [
    "default-src 'self'",
    // With a nonce or hashes, only our own script tags run ('strict-dynamic' lets them load the modules they import).
    trusted?.length ? `script-src ${trusted.join(" ")} 'strict-dynamic' 'self'` : "script-src 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    // remix dev's live reload talks over a WebSocket.
    env.NODE_ENV === "development" ? "connect-src 'self' ws:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${env.REDIRECT_ALLOWED_ORIGINS.join(" ")}`.trim(),
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

export function applySecurityHeaders(
  headers: Headers,
  scripts: string | ScriptHashes | null = null,
): Headers {
  headers.set("Content-Security-Policy", contentSecurityPolicy(scripts));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), payment=(), geolocation=(self)");
  if (getEnv().PUBLIC_URL?.startsWith("https:")) {
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
  return headers;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Where providers' webhooks arrive (app/routes/webhooks+/). Each is cross-site by nature and proves itself with its
 * provider's signature instead (app/infra/webhooks.server.ts, ADR 0018).
 */
export const WEBHOOKS_PATH = "/webhooks/";

/** Whether a path is the JSON API's (answers in its envelope, not pages). */
export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/**
 * What the checks before any loader or action read of a request: a Fetch Request, or what the HTTP server knows of
 * one before Remix makes it (app/infra/edge.server.ts).
 */
export type RequestHead = { method: string; url: string; headers: { get(name: string): string | null } };

/**
 * True for a POST, PUT or DELETE that a page of another site sent: the browser says so with Sec-Fetch-Site,
 * or (older browsers) with an Origin that is not ours. Calls without either header (curl, servers, apps) pass, and so
 * do webhooks, whose signature is the check that counts: a forged one fails it whatever headers it carries.
 */
export function isCrossOriginMutation(request: RequestHead): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (new URL(request.url).pathname.startsWith(WEBHOOKS_PATH)) return false;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  const own = new Set([new URL(request.url).origin]);
  const publicUrl = getEnv().PUBLIC_URL;
  if (publicUrl) own.add(new URL(publicUrl).origin);
  return !own.has(origin);
}

export const CROSS_SITE_MESSAGE = "Requests from other sites are not allowed.";

/** How long a caller is asked to wait (Retry-After) while the database cannot be reached. */
export const RETRY_AFTER_SECONDS = 30;
export const UNAVAILABLE_MESSAGE =
  "Space Solution is unavailable for a moment. Please try again in a minute.";

/**
 * A refusal before, or instead of, what a loader or action would answer: the API's envelope under /api/, plain text
 * elsewhere (thrown from a loader or action, Remix shows its message on the app's error page). Never cached.
 */
export function refusal(
  request: Pick<RequestHead, "url">,
  status: number,
  message: string,
  init: HeadersInit = {},
): Response {
  const headers = applySecurityHeaders(new Headers(init));
  headers.set("Cache-Control", "no-store");
  if (isApiPath(new URL(request.url).pathname))
    return Response.json(
      { responseCode: status, responseMessage: message, result: null },
      { status, headers },
    );
  headers.set("Content-Type", "text/plain; charset=utf-8");
  return new Response(message, { status, headers });
}

/**
 * A refusal that no Remix page will show (the HTTP server's, before Remix runs): a browser asking for a page gets a
 * small page of its own; the API and a screen's data request (`.data`) get what `refusal` gives.
 */
export function pageRefusal(
  request: Pick<RequestHead, "url">,
  status: number,
  message: string,
  init: HeadersInit = {},
): Response {
  const { pathname } = new URL(request.url);
  if (isApiPath(pathname) || pathname.endsWith(".data")) return refusal(request, status, message, init);
  const headers = applySecurityHeaders(new Headers(init));
  headers.set("Cache-Control", "no-store");
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(refusalPage(status, message), { status, headers });
}

/** The page of a refusal: its status and message in the words of the app's error page, and a way home. */
function refusalPage(status: number, message: string): string {
  return `<!DOCTYPE html>
<html lang="en-PH">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Error ${status} | Space Solution</title>
<style>body{font-family:system-ui,sans-serif;color:#0f172a;margin:0}main{max-width:36rem;margin:0 auto;padding:5rem 1.5rem;text-align:center}a{display:inline-block;margin-top:2rem;padding:.75rem 1.25rem;border-radius:.375rem;background:#0d5fae;color:#fff;font-weight:600;text-decoration:none}</style>
</head>
<body>
<main>
<p>Error ${status}</p>
<h1>We could not show this page</h1>
<p>${escapeHtml(message)}</p>
<a href="/">Go to the home page</a>
</main>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Answers that show a logged-in user's data (their name in the shell, their profile) are theirs alone: no shared
 * cache may keep them, and the browser keeps no copy after logout. A request is taken as logged in when it carries a
 * session cookie or its answer sets one (the login itself).
 */
export function keepPrivate(request: Request, headers: Headers): void {
  const sets = headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE_NAME}=`));
  if (sets || hasSessionCookie(request)) headers.set("Cache-Control", "private, no-store");
}

/** The most a multipart/form-data body (an upload) may carry: photos straight from a phone fit. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data\s*;/i.test(request.headers.get("Content-Type") ?? "");
}

/** The body cap of a request: MAX_UPLOAD_BYTES for uploads (multipart), MAX_BODY_BYTES for everything else. */
export function bodyLimit(request: Request): number {
  const { MAX_BODY_BYTES } = getEnv();
  return isMultipart(request) ? Math.max(MAX_UPLOAD_BYTES, MAX_BODY_BYTES) : MAX_BODY_BYTES;
}

/** True when the request says its body is over its cap (readers then count the bytes they read, too). */
export function isBodyTooLarge(request: Request): boolean {
  const length = Number(request.headers.get("Content-Length") ?? "0");
  return Number.isFinite(length) && length > bodyLimit(request);
}

export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  constructor(readonly limit: number) {
    super(`The request is larger than ${describeBytes(limit)}.`);
  }
}

/** "15 MB", "1 MB", "512 KB", "900 bytes": a cap as people say it (1 KB = 1024 bytes). */
export function describeBytes(bytes: number): string {
  const units = [
    [1024 * 1024, "MB"],
    [1024, "KB"],
  ] as const;
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

/** Reads a body, refusing more than `limit` bytes (BodyTooLargeError) whether or not Content-Length tells the truth. */
export async function readBodyWithin(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit) throw new BodyTooLargeError(limit);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Let go of the rest unread rather than cancel: cancelling a body that Node's fetch builds from a FormData
      // makes it fail later, unhandled, while it still pushes the rest.
      reader.releaseLock();
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * The request an action gets: the same request with its body already read, counted as it streamed in and cut at
 * `limit` (BodyTooLargeError past it), whatever Content-Length or Transfer-Encoding said. An action can then call
 * request.formData() or request.json() freely: nobody can make the server hold more than the cap for it.
 */
export async function withBodyWithin(request: Request, limit = bodyLimit(request)): Promise<Request> {
  if (!request.body) return request;
  const bytes = await readBodyWithin(request, limit);
  const headers = new Headers(request.headers);
  headers.delete("Transfer-Encoding");
  headers.set("Content-Length", String(bytes.byteLength));
  return new Request(request.url, {
    method: request.method,
    headers,
    body: new Uint8Array(bytes),
    signal: request.signal,
  });
}

/** A screen action's form (uploads included), read within the request's cap; over it, BodyTooLargeError. */
export async function readFormWithin(request: Request, limit = bodyLimit(request)): Promise<FormData> {
  const read = readForms.get(request);
  if (read) return read;
  const bytes = await readBodyWithin(request, limit);
  const type = request.headers.get("Content-Type") ?? "application/x-www-form-urlencoded";
  return new Response(new Uint8Array(bytes), { headers: { "Content-Type": type } }).formData();
}

/** The types a form arrives in: what a browser sends for `<form method="post">`, files or not. */
const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

export const NOT_A_FORM_MESSAGE = "This page takes a form, and what was sent is not one.";
export const UNREADABLE_FORM_MESSAGE = "The form could not be read. Please send it again.";

/** The forms `withForm` read, by the request they were read from. */
const readForms = new WeakMap<Request, FormData>();

/**
 * The request a screen's action gets: its body, already read within its cap (withBodyWithin), read as a form here,
 * once, so that every action reads a form it can trust is one. A body of another type (JSON, text) is refused with
 * 415, a form that cannot be read (a broken multipart body) with 400: as Responses to throw, never as errors Remix
 * would answer with a 500 and a stack trace. A body that says no type is taken as a plain form, as browsers send.
 */
export async function withForm(request: Request): Promise<Request> {
  const type = request.headers.get("Content-Type");
  if (type !== null && !FORM_TYPE.test(type)) throw refusal(request, 415, NOT_A_FORM_MESSAGE);
  let typed = request;
  if (type === null) {
    const headers = new Headers(request.headers);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    typed = new Request(request, { headers });
  }
  let form: FormData;
  try {
    form = await typed.clone().formData();
  } catch {
    throw refusal(request, 400, UNREADABLE_FORM_MESSAGE);
  }
  // Its formData() gives this form back, so no action reads the body a second time; its body is still there for
  // what reads the bytes. (An own property, not a subclass: the Request class in use is the one at hand now.)
  readForms.set(typed, form);
  Object.defineProperty(typed, "formData", { value: () => Promise.resolve(form) });
  return typed;
}
