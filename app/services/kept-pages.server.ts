import type { EntryContext } from "@remix-run/node";
import type { KeptRenderHandle } from "~/utils/kept-render";

/**
 * Pages rendered for visitors, kept by what they were rendered from. React's render of a page is most of what a
 * request for the home page costs; a visitor without a session is shown exactly what the last one was, as long as
 * the loaders answer the same. So the markup is kept under the page's address, the year (the footer shows it) and
 * all its loaders' data, and served again only for an identical key: the same data gives the same page, so nothing
 * is ever older than the data itself (which the loaders read afresh for every request). Only
 * the script nonce differs from one answer to the next: the markup is kept cut at the nonce, and the new one put in.
 *
 * It applies where the leaf route says so (`handle.keepRendered`, app/utils/kept-render.ts), to a GET answered 200
 * without errors, for a visitor (the root's user is null) with no toast to show. Data that JSON cannot say exactly
 * (a Date, a promise of deferred data, a Map) is never keyed: such a page is rendered every time.
 */
/**
 * What kept pages may take, keys (their data) included: about sixty search pages. The one served longest ago goes
 * first, so the pages most asked for — the home page, the popular searches — stay.
 */
export const BYTES_KEPT = 8 * 1024 * 1024;

type Kept = { parts: Buffer[]; bytes: number };
const pages = new Map<string, Kept>();
let bytesKept = 0;

/** The key of a page that may be served from what was kept, or null when it must be rendered. */
export function keptPageKey(request: Request, statusCode: number, context: EntryContext): string | null {
  const { staticHandlerContext: state, routeModules } = context;
  if (request.method !== "GET" || statusCode !== 200 || state.errors || state.actionData) return null;
  const leaf = state.matches.at(-1)?.route.id;
  const handle = leaf ? (routeModules[leaf]?.handle as KeptRenderHandle | undefined) : undefined;
  if (!handle?.keepRendered) return null;
  const root = state.loaderData.root as { user?: unknown; toast?: unknown } | undefined;
  if (root?.user !== null || root.toast !== null) return null;
  const key = [request.url, new Date().getFullYear(), state.loaderData];
  return isPlain(key) ? JSON.stringify(key) : null;
}

/**
 * Whether JSON says a value exactly: null, strings, booleans, finite numbers, arrays and plain objects of them. Any
 * other value (a Date, a promise of deferred data, a Map, undefined) makes the page unkeyable.
 */
function isPlain(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) {
    for (const item of value) if (!isPlain(item)) return false;
    return true;
  }
  if (typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key in value) if (!isPlain((value as Record<string, unknown>)[key])) return false;
  return true;
}

/** The kept page of a key, with the nonce of this answer put in; undefined when there is none. */
export function keptPage(key: string, nonce: string): Uint8Array<ArrayBuffer> | undefined {
  const kept = pages.get(key);
  if (!kept) return undefined;
  // Served now: it becomes the newest.
  pages.delete(key);
  pages.set(key, kept);
  const { parts } = kept;
  const nonceBytes = Buffer.from(nonce);
  const length = parts.reduce((sum, part) => sum + part.length, nonceBytes.length * (parts.length - 1));
  const page = new Uint8Array(length);
  let at = 0;
  for (const [index, part] of parts.entries()) {
    if (index > 0) {
      page.set(nonceBytes, at);
      at += nonceBytes.length;
    }
    page.set(part, at);
    at += part.length;
  }
  return page;
}

/** Keeps a page rendered whole and without error, cut at its nonce; those served longest ago go to make room. */
export function keepPage(key: string, html: Buffer, nonce: string): void {
  const parts: Buffer[] = [];
  const nonceBytes = Buffer.from(nonce);
  let start = 0;
  for (let at = html.indexOf(nonceBytes); at !== -1; at = html.indexOf(nonceBytes, start)) {
    parts.push(html.subarray(start, at));
    start = at + nonceBytes.length;
  }
  parts.push(html.subarray(start));
  forget(key);
  const bytes = html.length + key.length;
  if (bytes > BYTES_KEPT) return;
  for (const oldest of pages.keys()) {
    if (bytesKept + bytes <= BYTES_KEPT) break;
    forget(oldest);
  }
  pages.set(key, { parts, bytes });
  bytesKept += bytes;
}

function forget(key: string): void {
  const kept = pages.get(key);
  if (!kept) return;
  pages.delete(key);
  bytesKept -= kept.bytes;
}
