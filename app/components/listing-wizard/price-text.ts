import { formatPeso } from "~/domain/money";
import type { SpaceView } from "~/domain/space";
import { PRICE_BASIS_LABELS, priceBasisOf } from "~/domain/vocabulary";

type Priced = Pick<SpaceView, "storageType" | "unitOfRental" | "rentMode" | "listingPrice" | "dailyPrice">;

/** What a listing's monthly price is for: "per square meter", "for the entire space", "for one parking slot". */
export function priceBasisText(space: Pick<SpaceView, "storageType" | "unitOfRental" | "rentMode">): string {
  if (space.storageType === "parking") return "for one parking slot";
  if (!space.unitOfRental) return PRICE_BASIS_LABELS.entireSpace;
  return PRICE_BASIS_LABELS[
    priceBasisOf({ unitOfRental: space.unitOfRental, entireSpace: space.rentMode.entireSpace })
  ];
}

/**
 * A listing's price in one line, as its host's lists show it: "₱500.00 a month per square meter",
 * "₱4,000.00 a month · ₱200.00 a day" for parking, or null before the price step.
 */
export function priceSummary(space: Priced): string | null {
  if (space.listingPrice === null) return null;
  const monthly =
    space.storageType === "parking"
      ? `${formatPeso(space.listingPrice)} a month`
      : `${formatPeso(space.listingPrice)} a month ${priceBasisText(space)}`;
  return space.storageType === "parking" && space.dailyPrice !== null
    ? `${monthly} · ${formatPeso(space.dailyPrice)} a day`
    : monthly;
}
