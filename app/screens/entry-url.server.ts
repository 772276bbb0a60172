import { createSealedCookie } from "~/infra/sealed-cookie.server";

/**
 * The entry URL (docs/product.md, Stored data): for a visitor who is not logged in, the page they landed on and when,
 * kept in a sealed cookie. It is refreshed when absent, invalid or older than 24 hours, and stored on the user at
 * sign-up (the signup-form action passes it to /user/userSignup as entryUrl / entryUrlAt). The root loader keeps it.
 */
export const ENTRY_COOKIE_NAME = "ss_entry";
/** The entry URL is refreshed once it is older than this (docs/product.md, Stored data). */
export const ENTRY_REFRESH_MS = 24 * 60 * 60 * 1000;
/** The cookie outlives the refresh time, so a sign-up a few days later still knows where the visitor came in. */
const COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** The API keeps at most this many characters of it. */
export const ENTRY_URL_MAX = 500;
/** A saved time this far in the future is a clock gone wrong, not a landing: refreshed too. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

export type EntryRecord = { url: string; at: string };

/** What the cookie must hold: an http(s) URL of at most 500 characters and an ISO time. */
export function parseEntryRecord(value: unknown): EntryRecord | null {
  if (typeof value !== "object" || value === null) return null;
  const { url, at } = value as Record<string, unknown>;
  if (typeof url !== "string" || url.length === 0 || url.length > ENTRY_URL_MAX) return null;
  if (!/^https?:\/\//.test(url)) return null;
  if (typeof at !== "string" || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(at)) return null;
  if (Number.isNaN(Date.parse(at))) return null;
  return { url, at };
}

const entryCookie = createSealedCookie<EntryRecord>(ENTRY_COOKIE_NAME, {
  maxAgeSeconds: COOKIE_MAX_AGE_SECONDS,
  validate: parseEntryRecord,
});

/** Paths that never count as a landing: the API, built assets, development pages and the auth pages. */
const UNTRACKED = /^\/(?:api|build|dev|auth)(?:\/|$)/;

/** Whether this request may set the entry URL: a GET of a page other than the untracked ones. */
export function isTrackedRequest(request: Request): boolean {
  if (request.method !== "GET") return false;
  return !UNTRACKED.test(new URL(request.url).pathname);
}

/**
 * The page's URL as the visitor sees it: on `origin` (publicOrigin: PUBLIC_URL when set), without Remix's data-request
 * parameters, cut to 500 characters.
 */
export function landingUrl(request: Request, origin: string): string {
  const url = new URL(request.url);
  for (const param of ["_data", "_routes", "index"]) url.searchParams.delete(param);
  return `${origin}${url.pathname}${url.search}`.slice(0, ENTRY_URL_MAX);
}

/** Whether a saved entry must be replaced: absent or invalid (null), older than 24 hours, or in the future. */
export function needsRefresh(entry: EntryRecord | null, now: Date): boolean {
  if (!entry) return true;
  const age = now.getTime() - Date.parse(entry.at);
  return age > ENTRY_REFRESH_MS || age < -CLOCK_SKEW_MS;
}

/** The visitor's saved entry URL, or null when there is none (or it is not a valid sealed one). */
export function readEntry(request: Request): Promise<EntryRecord | null> {
  return entryCookie.parse(request.headers.get("Cookie"));
}

/**
 * For the root loader: the Set-Cookie that saves this page as the entry URL, when the visitor is not logged in,
 * the request is a tracked page, and the saved one is absent, invalid or older than 24 hours; otherwise null.
 */
export async function entryCookieHeader(
  request: Request,
  { loggedIn, origin, now = new Date() }: { loggedIn: boolean; origin: string; now?: Date },
): Promise<string | null> {
  if (loggedIn || !isTrackedRequest(request)) return null;
  if (!needsRefresh(await readEntry(request), now)) return null;
  return entryCookie.serialize({ url: landingUrl(request, origin), at: now.toISOString() });
}

/** The Set-Cookie that removes the entry URL (after sign-up has stored it). */
export function clearEntryCookie(): string {
  return entryCookie.clear();
}
