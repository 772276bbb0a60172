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
