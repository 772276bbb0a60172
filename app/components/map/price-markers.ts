import type { MapMarker } from "~/components/map/map";
import { CENTAVOS_PER_PESO, type Centavos, formatPeso } from "~/domain/money";
import type { SpaceCardView } from "~/domain/space";

/**
 * The map's markers of a page of listings: each listing with a point, labelled with its monthly price in whole pesos
 * (or "View" when it has none), linking to its page. Worked out on the server, so the page sends the labels and the
 * browser formats no money for its map.
 */
export function priceMarkers(
  listings: readonly Pick<
    SpaceCardView,
    "_id" | "approximateLocation" | "perMonthPrice" | "path" | "spaceTitle"
  >[],
): MapMarker[] {
  return listings.flatMap((card) =>
    card.approximateLocation
      ? [
          {
            id: card._id,
            latitude: card.approximateLocation.latitude,
            longitude: card.approximateLocation.longitude,
            label: card.perMonthPrice === null ? "View" : markerPrice(card.perMonthPrice),
            href: card.path,
            title: card.spaceTitle,
          },
        ]
      : [],
  );
}

/** A price on a map marker: whole pesos, "₱3,000" (₱2,999.50 shows as ₱3,000). */
export function markerPrice(centavos: Centavos): string {
  return formatPeso(Math.round(centavos / CENTAVOS_PER_PESO) * CENTAVOS_PER_PESO).replace(/\.00$/, "");
}
