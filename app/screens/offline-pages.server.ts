import { createHmac } from "node:crypto";
import type { EntryContext } from "@remix-run/node";
import { getEnv } from "~/env.server";
import { sessionCookieValue } from "~/infra/session.server";

/**
 * The header that tells the service worker (public/sw.js) whose page this is: a value of the session that rendered it,
 * on every page of someone logged in, absent for visitors. The worker keeps its offline copies under it and deletes
 * them all when a page comes with another value or none (docs/decisions/0082-offline-pages-by-our-own-service-worker.md).
 */
export const OFFLINE_KEY_HEADER = "X-Offline-Key";

/**
 * The page's offline key: an HMAC of the session cookie under the session secret, so it names the session without
 * giving away anything that opens it; null when nobody is logged in on this page.
 */
export function offlineKey(request: Request, context: EntryContext): string | null {
  const root = context.staticHandlerContext.loaderData.root as { user?: unknown } | undefined;
  if (!root?.user) return null;
  const session = sessionCookieValue(request.headers.get("Cookie") ?? "");
  if (!session) return null;
  return createHmac("sha256", getEnv().SESSION_SECRET)
    .update(`offline-pages:${session}`)
    .digest("base64url")
    .slice(0, 32);
}

/**
 * The script that registers the service worker once the page has loaded, so it never competes with the page itself
 * (docs/decisions/0082-offline-pages-by-our-own-service-worker.md). React writes it after the page's shell, with the
 * page's nonce (`bootstrapScriptContent` in app/entry.server.tsx): a few bytes in the HTML, nothing in the browser's
 * bundles, no part of what React hydrates. The build's version goes in the worker's address, so each deployment
 * installs a new worker. Browsers without service workers, and pages with JavaScript off, simply work as before.
 * Production only: the development server's live reload has no use for offline copies.
 */
export function offlineWorkerScript(): string | undefined {
  if (getEnv().NODE_ENV !== "production") return undefined;
  return 'if("serviceWorker"in navigator)addEventListener("load",function(){navigator.serviceWorker.register("/sw.js?v="+encodeURIComponent((window.__remixManifest||{}).version||""))})';
}
