import { readinessFactLabels } from "~/domain/flood-readiness";
import { formatPeso } from "~/domain/money";
import type { ImageView, SpaceCardView } from "~/domain/space";
import { formatArea } from "~/domain/units";
import {
  kindLabel,
  type LengthUnit,
  RENTAL_UNIT_LABELS,
  SPACE_TYPE_LABELS,
  VEHICLE_SIZE_LABELS,
} from "~/domain/vocabulary";
import { DEFAULT_PROFILE_PHOTO } from "~/utils/menu";
import { ratingSummary } from "~/utils/reviews";

/**
 * A listing's card as pages send it to the browser: what the card shows, already in words, and what places it on a
 * map — not the whole SpaceCardView the API answers. The words are made where the page's data is made, so the card
 * needs none of the vocabularies, units or money rules, and a visitor's first page downloads less.
 */
export type SpaceCardData = Pick<
  SpaceCardView,
  | "_id"
  | "path"
  | "storageType"
  | "spaceTitle"
  | "city"
  | "barangay"
  | "approximateLocation"
  | "perMonthPrice"
  | "quickMoveIn"
  | "firstMonthDiscount"
  | "favouriteSpace"
> & { coverPhoto: CardPhoto | null; words: CardWords; host: CardHost };

/** The card's host: the name they go by, their photo (or the default one) and whether Space Solution verified them. */
export type CardHost = { name: string; photo: string; verified: boolean };

/** A card's photo: what the image element needs. */
export type CardPhoto = Pick<ImageView, "url" | "width" | "height" | "variants">;

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
  /** What renters said, "★ 4.5 · 2 reviews", once the listing has a shown review. */
  rating: string | null;
  /** A Flood-safe listing's badge: the facts behind it ("Never flooded · 1.5 m above the street"); else null. */
  floodSafe: string | null;
};

/** What a card's words are made from. */
type WordsSource = Pick<
  SpaceCardView,
  | "storageType"
  | "kind"
  | "size"
  | "vehicleSize"
  | "unitOfRental"
  | "rentMode"
  | "unitsAvailable"
  | "perMonthPrice"
  | "dailyPrice"
  | "rating"
  | "totalNumberofReviews"
  | "readiness"
>;

/** The card of a listing, with sizes in the viewer's measurementUnit (meters for visitors). */
export function spaceCard(space: SpaceCardView, unit: LengthUnit): SpaceCardData {
  const photo = space.coverPhoto;
  return {
    _id: space._id,
    path: space.path,
    storageType: space.storageType,
    spaceTitle: space.spaceTitle,
    city: space.city,
    barangay: space.barangay,
    approximateLocation: space.approximateLocation,
    coverPhoto: photo
      ? { url: photo.url, width: photo.width, height: photo.height, variants: photo.variants }
      : null,
    perMonthPrice: space.perMonthPrice,
    quickMoveIn: space.quickMoveIn,
    firstMonthDiscount: space.firstMonthDiscount,
    favouriteSpace: space.favouriteSpace,
    words: cardWords(space, unit),
    host: {
      name: space.host.name,
      photo: space.host.profilePic || DEFAULT_PROFILE_PHOTO,
      verified: space.host.adminVerified,
    },
  };
}

export function cardWords(space: WordsSource, unit: LengthUnit): CardWords {
  return {
    kind: `${SPACE_TYPE_LABELS[space.storageType]}${space.kind ? ` · ${kindLabel(space.kind)}` : ""}`,
    size: sizeText(space, unit),
    monthly: space.perMonthPrice === null ? null : formatPeso(space.perMonthPrice),
    basis:
      !space.rentMode.entireSpace && space.unitOfRental ? ` ${RENTAL_UNIT_LABELS[space.unitOfRental]}` : "",
    daily: space.storageType === "parking" && space.dailyPrice !== null ? formatPeso(space.dailyPrice) : null,
    rating: space.totalNumberofReviews > 0 ? ratingSummary(space.rating, space.totalNumberofReviews) : null,
    floodSafe: space.readiness.floodSafe
      ? readinessFactLabels({ ...space.readiness, storageType: space.storageType }).join(" · ")
      : null,
  };
}

function sizeText(space: WordsSource, unit: LengthUnit): string | null {
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
