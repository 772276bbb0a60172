import { randomBytes } from "node:crypto";
import { getEnv } from "~/env.server";

/** The security baseline every response carries (docs/architecture.md, "Security"). */

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export function contentSecurityPolicy(nonce: string | null): string {
  const env = getEnv();
  const https = env.PUBLIC_URL?.startsWith("https:") ?? false;
  const directives = [
    "default-src 'self'",
    // With a nonce, only our own script tags run ('strict-dynamic' lets them load the route modules they import).
    nonce ? `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'` : "script-src 'none'",
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

export function applySecurityHeaders(headers: Headers, nonce: string | null = null): Headers {
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
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
 * True for a POST, PUT or DELETE that a page of another site sent: the browser says so with Sec-Fetch-Site,
 * or (older browsers) with an Origin that is not ours. Calls without either header (curl, servers, apps) pass.
 */
export function isCrossOriginMutation(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  const own = new Set([new URL(request.url).origin]);
  const publicUrl = getEnv().PUBLIC_URL;
  if (publicUrl) own.add(new URL(publicUrl).origin);
  return !own.has(origin);
}

/** True when the request says its body is over the cap (the API also counts the bytes it reads). */
export function isBodyTooLarge(request: Request): boolean {
  const length = Number(request.headers.get("Content-Length") ?? "0");
  return Number.isFinite(length) && length > getEnv().MAX_BODY_BYTES;
}
