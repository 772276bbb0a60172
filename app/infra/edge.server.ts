import { getEnv, publicUrlWarning } from "~/env.server";
import { log } from "./log.server";
import {
  applySecurityHeaders,
  CROSS_SITE_MESSAGE,
  isApiPath,
  isCrossOriginMutation,
  pageRefusal,
  type RequestHead,
  WEBHOOKS_PATH,
} from "./security.server";

/**
 * What our HTTP server (server/index.ts) takes from the app besides the build: the settings it needs, validated
 * with the rest of the environment, the security headers every answer carries, and the checks it makes before a
 * request reaches Remix (`edgeRefusal`). The server is plain TypeScript that Node runs as it is, so it asks the build
 * rather than parsing the environment a second time.
 */
export function serverSettings() {
  const env = getEnv();
  return {
    mode: env.NODE_ENV === "development" ? "development" : "production",
    port: env.PORT,
    host: env.HOST,
    trustProxy: env.TRUST_PROXY,
    maxBodyBytes: env.MAX_BODY_BYTES,
    securityHeaders: [...applySecurityHeaders(new Headers()).entries()],
    warning: publicUrlWarning(env),
    edgeRefusal,
  };
}

export type ServerSettings = ReturnType<typeof serverSettings>;

/** The methods screens answer: pages are read, and their forms posted. */
export const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;
/** The methods the JSON API's endpoints are declared with (each path answers its own 405 for the others). */
export const API_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;

const PAGE_MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A request refused before Remix runs, as a Response the HTTP server sends as it is; null lets it through.
 * Remix would answer each of these with a 500 and a stack trace in the log (ADR 0042):
 * - an address that cannot be read (a Host with a space): 400;
 * - a method the path does not take (TRACE, PROPFIND, OPTIONS, or PUT to a page): 405 with Allow, where Remix's
 *   Request could not even be made (TRACE) or its router throws;
 * - a cross-site POST to a page, which Remix's own origin check aborts before any action guard runs: 403, as every
 *   other cross-site post; and so is a post to a page whose Origin names another host than the one it was sent to,
 *   the very case that check aborts.
 * `url` is the request's address as Remix's Express adapter makes it.
 */
export function edgeRefusal(request: RequestHead): Response | null {
  let pathname: string;
  try {
    pathname = new URL(request.url).pathname;
  } catch {
    return pageRefusal({ url: "http://localhost/" }, 400, "The address of the request could not be read.");
  }
  const allowed: readonly string[] = isApiPath(pathname) ? API_METHODS : PAGE_METHODS;
  if (!allowed.includes(request.method)) {
    const shown = isApiPath(pathname) ? pathname.slice("/api".length) || "/" : pathname;
    return pageRefusal(request, 405, `${request.method} is not allowed on ${shown}.`, {
      Allow: allowed.join(", "),
    });
  }
  if (isCrossOriginMutation(request) || originNamesAnotherHost(request, pathname)) {
    log.warn(`[security] refused a cross-site ${request.method} to ${pathname}`);
    return pageRefusal(request, 403, CROSS_SITE_MESSAGE);
  }
  return null;
}

/**
 * Remix's own check of a post to a page (its document and `.data` requests; the API and webhooks are resource
 * routes it does not check): an Origin whose host is not the X-Forwarded-Host, else the Host, the request names.
 */
function originNamesAnotherHost(request: RequestHead, pathname: string): boolean {
  if (!PAGE_MUTATIONS.has(request.method) || isApiPath(pathname) || pathname.startsWith(WEBHOOKS_PATH)) {
    return false;
  }
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  const host =
    request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim() || request.headers.get("Host") || "";
  try {
    return origin === "null" || new URL(origin).host !== host;
  } catch {
    return true;
  }
}
