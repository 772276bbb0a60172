/**
 * Cities on the landing pages: which to feature, how to group the rest, and where a city's links lead (the city
 * pages /storage-city/<slug> and /parking-city/<slug>). Plain data and functions, browser-safe.
 */
import type { SpaceType } from "~/domain/vocabulary";

/** What the landing pages need of a city from GET /user/cityList. */
export type CityOption = { name: string; slug: string; province: string };

/** The largest cities by population (PSA 2020 census), largest first: the ones the landing pages feature. */
export const FEATURED_CITY_SLUGS = [
  "quezon-city",
  "manila",
  "davao-city",
  "caloocan",
  "zamboanga-city",
  "cebu-city",
  "antipolo",
  "taguig",
  "pasig",
  "cagayan-de-oro",
  "valenzuela",
  "dasmarinas",
] as const;

/**
 * Up to `limit` cities to feature: the {@link FEATURED_CITY_SLUGS} the list has, in that order, then others from
 * the list in its own order when some are missing.
 */
export function featuredCities<T extends CityOption>(cities: readonly T[], limit = 12): T[] {
  const bySlug = new Map(cities.map((city) => [city.slug, city]));
  const featured = FEATURED_CITY_SLUGS.flatMap((slug) => bySlug.get(slug) ?? []);
  const others = cities.filter((city) => !featured.includes(city));
  return [...featured, ...others].slice(0, limit);
}

/** Cities grouped by province, Metro Manila first, then the provinces alphabetically; cities keep their order. */
export function groupByProvince<T extends CityOption>(cities: readonly T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const city of cities) groups.set(city.province, [...(groups.get(city.province) ?? []), city]);
  return [...groups].sort(([a], [b]) =>
    a === "Metro Manila" ? -1 : b === "Metro Manila" ? 1 : a.localeCompare(b),
  );
}

/** A city's page for a type of space: /storage-city/<slug> or /parking-city/<slug>. */
export function cityPagePath(type: SpaceType, slug: string): string {
  return `/${type}-city/${encodeURIComponent(slug)}`;
}
