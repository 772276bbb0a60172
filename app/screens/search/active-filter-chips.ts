/**
 * The search's active filters as chips, in words, each with the link that removes it: made with the search page's
 * data, so the page's JavaScript needs neither the vocabularies nor the dates.
 */
import { formatCalendarDate } from "~/domain/dates";
import { type SearchQuery, searchPath } from "~/domain/search";
import {
  ACCESS_OPTION_LABELS,
  PARKING_FEATURE_LABELS,
  PARKING_KIND_LABELS,
  RENTAL_DURATION_LABELS,
  STORAGE_FEATURE_LABELS,
  STORAGE_KIND_LABELS,
  VEHICLE_SIZE_LABELS,
} from "~/domain/vocabulary";

/** An active filter: its words, and the same search without it. */
export type FilterChip = { label: string; to: string };

type Chip = { label: string; without: SearchQuery };

/** The filters a search uses, each with the same search without it. */
export function activeFilterChips(query: SearchQuery, cityName: string | null): FilterChip[] {
  return activeFilters(query, cityName).map((chip) => ({ label: chip.label, to: searchPath(chip.without) }));
}

function activeFilters(query: SearchQuery, cityName: string | null): Chip[] {
  const without = (change: Partial<SearchQuery>): SearchQuery => ({ ...query, ...change });
  const kinds: Record<string, string> = { ...STORAGE_KIND_LABELS, ...PARKING_KIND_LABELS };
  const features: Record<string, string> = { ...STORAGE_FEATURE_LABELS, ...PARKING_FEATURE_LABELS };
  const chips: (Chip | null)[] = [
    query.city ? { label: cityName ?? query.city, without: without({ city: undefined }) } : null,
    query.kind ? { label: kinds[query.kind] ?? query.kind, without: without({ kind: undefined }) } : null,
    query.minPrice !== undefined || query.maxPrice !== undefined
      ? {
          label:
            query.minPrice !== undefined && query.maxPrice !== undefined
              ? `₱${query.minPrice.toLocaleString("en-PH")}–₱${query.maxPrice.toLocaleString("en-PH")}`
              : query.minPrice !== undefined
                ? `From ₱${query.minPrice.toLocaleString("en-PH")}`
                : `Up to ₱${(query.maxPrice as number).toLocaleString("en-PH")}`,
          without: without({ minPrice: undefined, maxPrice: undefined }),
        }
      : null,
    query.minArea !== undefined
      ? { label: `At least ${query.minArea} sq m`, without: without({ minArea: undefined }) }
      : null,
    query.minUnits !== undefined
      ? { label: `At least ${query.minUnits} units`, without: without({ minUnits: undefined }) }
      : null,
    query.vehicleSize
      ? { label: VEHICLE_SIZE_LABELS[query.vehicleSize], without: without({ vehicleSize: undefined }) }
      : null,
    query.rentalDuration
      ? {
          label: RENTAL_DURATION_LABELS[query.rentalDuration],
          without: without({ rentalDuration: undefined }),
        }
      : null,
    query.accessOption
      ? { label: ACCESS_OPTION_LABELS[query.accessOption], without: without({ accessOption: undefined }) }
      : null,
    query.startDate
      ? {
          label: `Free from ${formatCalendarDate(query.startDate)}`,
          without: without({ startDate: undefined }),
        }
      : null,
    query.quickMoveIn ? { label: "Quick move-in", without: without({ quickMoveIn: false }) } : null,
    query.firstMonthDiscount
      ? { label: "First-month discount", without: without({ firstMonthDiscount: false }) }
      : null,
    query.floodSafe ? { label: "Flood-safe", without: without({ floodSafe: false }) } : null,
    ...query.features.map((feature) => ({
      label: features[feature] ?? feature,
      without: without({ features: query.features.filter((each) => each !== feature) }),
    })),
  ];
  return chips.filter((chip): chip is Chip => chip !== null);
}
