import { CENTAVOS_PER_PESO, formatPeso } from "./money";
import type { SearchQuery } from "./search";
import { kindLabel, SPACE_TYPE_LABELS } from "./vocabulary";

// Apart from ./search, which the search page's browser code uses: these words need the vocabularies, and only the
// server makes them.

/**
 * A short description of a search for a list of recent searches: "Storage in Makati · Garage · ₱1,000.00 to
 * ₱3,000.00 · 2 more filters". `cityName` is the city's name (else its slug is shown).
 */
export function describeSearch(query: SearchQuery, cityName?: string | null): string {
  const where = query.city ? ` in ${cityName ?? query.city}` : "";
  const parts = [`${SPACE_TYPE_LABELS[query.storageType]}${where}`];
  if (query.kind) parts.push(kindLabel(query.kind));
  const pesos = (value: number) => formatPeso(Math.round(value * CENTAVOS_PER_PESO));
  if (query.minPrice !== undefined && query.maxPrice !== undefined)
    parts.push(`${pesos(query.minPrice)} to ${pesos(query.maxPrice)}`);
  else if (query.minPrice !== undefined) parts.push(`from ${pesos(query.minPrice)}`);
  else if (query.maxPrice !== undefined) parts.push(`up to ${pesos(query.maxPrice)}`);
  const others = [
    query.minArea,
    query.minUnits,
    query.vehicleSize,
    query.rentalDuration,
    query.accessOption,
    query.startDate,
    query.bounds,
    query.quickMoveIn || undefined,
    query.firstMonthDiscount || undefined,
    query.floodSafe || undefined,
  ].filter((value) => value !== undefined).length;
  const filters = others + query.features.length;
  if (filters > 0) parts.push(`${filters} more ${filters === 1 ? "filter" : "filters"}`);
  return parts.join(" · ");
}
