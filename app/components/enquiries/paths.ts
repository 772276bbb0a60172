import type { SpaceType } from "~/domain/vocabulary";

/**
 * The operations enquiry screens' paths, with the type and city to prefill (browser-safe: pages link here).
 * "Can't find a space?" is linked from the search and the city pages; "List with us" from the landing pages, the
 * home page and the city pages' call to hosts.
 */
export const MISSING_SPACE_PATH = "/search-space/missing-space";
export const LIST_WITH_US_PATH = "/list-with-us";

function withPrefill(
  path: string,
  prefill: { storageType?: SpaceType | null; city?: string | null },
): string {
  const params = new URLSearchParams();
  if (prefill.storageType) params.set("storageType", prefill.storageType);
  if (prefill.city) params.set("city", prefill.city);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** "Can't find a space?", prefilled: `/search-space/missing-space?storageType=storage&city=makati`. */
export function missingSpacePath(
  prefill: { storageType?: SpaceType | null; city?: string | null } = {},
): string {
  return withPrefill(MISSING_SPACE_PATH, prefill);
}

/** "List with us", prefilled: `/list-with-us?storageType=parking&city=pasig`. */
export function listWithUsPath(
  prefill: { storageType?: SpaceType | null; city?: string | null } = {},
): string {
  return withPrefill(LIST_WITH_US_PATH, prefill);
}
