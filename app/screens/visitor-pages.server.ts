import { createHash } from "node:crypto";
import type { EntryContext } from "@remix-run/node";
import { hasSessionCookie } from "~/infra/session.server";
import type { VisitorPageHandle } from "~/utils/visitor-page";

/**
 * Pages a shared cache may keep (ADR 0045). The server keeps no rendered page itself: a visitor's page says how long
 * a CDN or the reverse proxy in front may keep it, carries an ETag made from its body, and a request that already
 * has that body (If-None-Match) is answered 304 without it.
 *
 * Its Content-Security-Policy must stay valid for every visitor the kept copy is served to, and a nonce in a page
 * served to many is a secret no longer. So such a page lists the hashes of its inline scripts instead: the scripts
 * the render gave this answer's nonce (React's and Remix's, never markup that merely looks like a script), their
 * nonce then taken out, so the same data gives the same bytes, hence the same ETag.
 */

/**
 * Browsers ask again every time (and get a 304 while nothing changed); shared caches keep the page a minute and may
 * serve it up to ten minutes more while they fetch a fresh one. A listing's changes show within that minute.
 */
export const VISITOR_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

/**
 * Whether this answer may be kept by a shared cache: a GET answered 200 without errors, where the leaf route says so
 * (`handle.visitorPage`), for a visitor (no session cookie, no user, no toast) whose answer sets no cookie.
 */
export function isSharedVisitorPage(
  request: Request,
  statusCode: number,
  context: EntryContext,
  headers: Headers,
): boolean {
  const { staticHandlerContext: state, routeModules } = context;
  if (request.method !== "GET" || statusCode !== 200 || state.errors || state.actionData) return false;
  const leaf = state.matches.at(-1)?.route.id;
  const handle = leaf ? (routeModules[leaf]?.handle as VisitorPageHandle | undefined) : undefined;
  if (!handle?.visitorPage) return false;
  if (hasSessionCookie(request) || headers.has("Set-Cookie")) return false;
  const root = state.loaderData.root as { user?: unknown; toast?: unknown } | undefined;
  return root?.user === null && root.toast === null;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * The page without its nonce, and the CSP hashes (`sha256-…`) of the inline scripts that carried it, in the order
 * they appear.
 */
export function hashScripts(html: string, nonce: string): { html: string; hashes: string[] } {
  const attribute = ` nonce="${nonce}"`;
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (!attributes?.includes(attribute)) continue;
    const hash = `sha256-${createHash("sha256")
      .update(body ?? "", "utf8")
      .digest("base64")}`;
    if (!hashes.includes(hash)) hashes.push(hash);
  }
  return { html: html.replaceAll(attribute, ""), hashes };
}

/**
 * A weak ETag of a page's body: weak, as the same page goes out compressed or not (compression/Vary say which).
 */
export function entityTag(body: string): string {
  return `W/"${createHash("sha256").update(body, "utf8").digest("base64url")}"`;
}

/** Whether If-None-Match names this ETag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function isNotModified(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}
