/** The words of a city page's headline and description (browser-safe: the page and its meta use them). */
import type { SpaceType } from "~/domain/space-types";

/** One line of a city's prices: "₱1,500.00 to ₱8,000.00 a month for the entire space". */
export type PriceLine = { key: string; text: string };

/** "1 storage space", "24 parking spaces". */
export function countText(type: SpaceType, count: number): string {
  return `${count.toLocaleString("en-PH")} ${type} ${count === 1 ? "space" : "spaces"}`;
}

/** The page's title: "Storage for rent in Makati". */
export function cityPageTitle(type: SpaceType, cityName: string): string {
  return `${type === "storage" ? "Storage" : "Parking"} for rent in ${cityName}`;
}

/** The meta description: what the city has, or an invitation to ask when it has nothing yet. */
export function cityPageDescription(
  type: SpaceType,
  city: { name: string; province: string },
  total: number,
  lines: readonly PriceLine[],
): string {
  const where = `${city.name}, ${city.province}`;
  if (total === 0)
    return `Looking for ${type} space in ${where}? Tell us what you need and we will find it, or list your own ${type} space for free.`;
  const price = lines[0] ? `, from ${lines[0].text}` : "";
  return `${countText(type, total)} for rent in ${where}${price}. Compare sizes, prices and photos, and book online with Space Solution.`;
}
