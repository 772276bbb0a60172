import type { getParkingPriceRange, getStoragePriceRange } from "~/api/space/spaces.server";
import { type Coordinates, distanceMetres } from "~/domain/geo";
import { type Centavos, formatPeso } from "~/domain/money";
import { PRICE_BASES, PRICE_BASIS_LABELS, type PriceBasis, type SpaceType } from "~/domain/vocabulary";
import type { ResultOf } from "~/screens/api.server";
import type { PriceLine } from "./city-page-words";

/**
 * The pure parts of a city page's loader (/storage-city/{city}, /parking-city/{city}): the price lines, the map's
 * markers and the nearest other cities. The loader is in city-page.server.ts, the screen in city-page.tsx and the
 * words it needs in the browser in city-page-words.ts (apart, so the browser does not download the pricing
 * vocabularies these need).
 */

/** The prices of a set of listings, as GET /space/getStoragePriceRange and getParkingPriceRange answer them. */
export type PriceRangeView = {
  count: number;
  minPrice: Centavos;
  maxPrice: Centavos;
  medianPrice: Centavos | null;
};

/** getStoragePriceRange's answer: all monthly prices, and those of each price basis (not comparable with each other). */
export type StoragePriceRange = Omit<ResultOf<typeof getStoragePriceRange>, "city" | "cityName">;
/** getParkingPriceRange's answer: monthly prices, and daily ones. */
export type ParkingPriceRange = Omit<ResultOf<typeof getParkingPriceRange>, "city" | "cityName">;

/** The most listings a city page shows (page 1 of the recommended order). */
export const CITY_PAGE_LISTINGS = 12;
/** How many other cities it links to, nearest first. */
export const NEARBY_CITIES = 8;

function range(prices: PriceRangeView, per: string): string {
  const low = formatPeso(prices.minPrice);
  return prices.minPrice === prices.maxPrice
    ? `${low} ${per}`
    : `${low} to ${formatPeso(prices.maxPrice)} ${per}`;
}

/**
 * The lines of a city's price range, one per way of pricing that has listings: for storage, the entire space
 * first, then per square meter, cubic meter and pallet; for parking, by the month and by the day. None when the
 * city has no priced listings.
 */
export function priceLines(type: SpaceType, prices: StoragePriceRange | ParkingPriceRange): PriceLine[] {
  if (prices.count === 0) return [];
  if (type === "parking") {
    const { daily } = prices as ParkingPriceRange;
    return [
      { key: "month", text: range(prices, "a month") },
      ...(daily && daily.count > 0 ? [{ key: "day", text: range(daily, "a day") }] : []),
    ];
  }
  const { byBasis } = prices as StoragePriceRange;
  const order: PriceBasis[] = ["entireSpace", ...PRICE_BASES.filter((basis) => basis !== "entireSpace")];
  return order
    .filter((basis) => (byBasis?.[basis]?.count ?? 0) > 0)
    .map((basis) => ({ key: basis, text: range(byBasis[basis], `a month ${PRICE_BASIS_LABELS[basis]}`) }));
}

/** The `limit` cities nearest to `city` (itself left out), nearest first. */
export function nearestCities<T extends Coordinates & { slug: string }>(
  city: T,
  cities: readonly T[],
  limit = NEARBY_CITIES,
): T[] {
  return cities
    .filter((other) => other.slug !== city.slug)
    .map((other) => ({ other, metres: distanceMetres(city, other) }))
    .sort((a, b) => a.metres - b.metres || a.other.slug.localeCompare(b.other.slug))
    .slice(0, limit)
    .map(({ other }) => other);
}
