import { createCookie } from "@remix-run/node";
import { parseSearchQuery } from "~/domain/search-rules.server";
import { getEnv } from "~/env.server";

/**
 * A visitor's recent searches, kept in a cookie (a logged-in user's are kept by the API, GET and POST
 * /space/recentSearch): the last 10 normalized query strings, newest first. What the cookie holds is checked
 * again when it is read, so a changed cookie can only hold valid searches.
 */
export const VISITOR_RECENT_SEARCHES_COOKIE = "ss_recent_searches";
const KEPT = 10;
const LONGEST = 600;

function recentSearchesCookie() {
  return createCookie(VISITOR_RECENT_SEARCHES_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().secureCookies,
    path: "/",
    maxAge: 60 * 60 * 24 * 90,
  });
}

/** The visitor's recent searches (normalized query strings), newest first; none when the cookie is missing or bad. */
export async function readVisitorSearches(request: Request): Promise<string[]> {
  const value: unknown = await recentSearchesCookie()
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is string => typeof item === "string" && item.length <= LONGEST)
    .filter((item) => parseSearchQuery(item).ok)
    .slice(0, KEPT);
}

/** The Set-Cookie that puts `query` at the top of the visitor's searches (a repeat moves up), and the new list. */
export async function keepVisitorSearch(
  current: readonly string[],
  query: string,
): Promise<{ searches: string[]; setCookie: string | null }> {
  if (query.length > LONGEST) return { searches: [...current], setCookie: null };
  const searches = [query, ...current.filter((item) => item !== query)].slice(0, KEPT);
  return { searches, setCookie: await recentSearchesCookie().serialize(searches) };
}
