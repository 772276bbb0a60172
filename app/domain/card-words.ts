import { formatPeso } from "./money";
import type { SpaceCardView } from "./space";
import { formatArea } from "./units";
import {
  kindLabel,
  type LengthUnit,
  RENTAL_UNIT_LABELS,
  SPACE_TYPE_LABELS,
  VEHICLE_SIZE_LABELS,
} from "./vocabulary";

/**
 * The words of a listing's card, made where the page's data is made: the card itself then needs none of the
 * vocabularies, units or money rules, so a visitor's first page downloads less.
 */
export type CardWords = {
  /** "Storage · Spare room". */
  kind: string;
  /** Storage: the floor area (and the units, when rented by the unit); parking: the largest vehicle and the slots. */
  size: string | null;
  /** The monthly price the search filters on ("₱4,500.00"), null when there is none. */
  monthly: string | null;
  /** What the monthly price is for, when the space is rented by the unit (" per square meter"). */
  basis: string;
  /** Parking's daily price. */
  daily: string | null;
};

/** The listing with its card's words, in the viewer's measurementUnit (meters for visitors). */
export type CardSpace<T extends SpaceCardView = SpaceCardView> = T & { words: CardWords };

export function withCardWords<T extends SpaceCardView>(space: T, unit: LengthUnit): CardSpace<T> {
  return { ...space, words: cardWords(space, unit) };
}

export function cardWords(space: SpaceCardView, unit: LengthUnit): CardWords {
  return {
    kind: `${SPACE_TYPE_LABELS[space.storageType]}${space.kind ? ` · ${kindLabel(space.kind)}` : ""}`,
    size: sizeText(space, unit),
    monthly: space.perMonthPrice === null ? null : formatPeso(space.perMonthPrice),
    basis:
      !space.rentMode.entireSpace && space.unitOfRental ? ` ${RENTAL_UNIT_LABELS[space.unitOfRental]}` : "",
    daily: space.storageType === "parking" && space.dailyPrice !== null ? formatPeso(space.dailyPrice) : null,
  };
}

function sizeText(space: SpaceCardView, unit: LengthUnit): string | null {
  const units =
    space.unitsAvailable > 1
      ? `${space.unitsAvailable} ${space.storageType === "parking" ? "slots" : "units"}`
      : null;
  if (space.storageType === "parking") {
    const fits = space.vehicleSize ? `Fits up to: ${VEHICLE_SIZE_LABELS[space.vehicleSize]}` : null;
    return [fits, units].filter(Boolean).join(" · ") || null;
  }
  const area = space.size ? formatArea(space.size.area, unit) : null;
  return [area, space.rentMode.entireSpace ? null : units].filter(Boolean).join(" · ") || null;
}
