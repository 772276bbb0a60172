import { readinessFactLabels } from "~/domain/flood-readiness";
import { formatPeso, roundHalfUp } from "~/domain/money";
import { deposit, firstMonthDiscount } from "~/domain/pricing";
import { coverPhoto, type ImageView, type ListingDetailsData } from "~/domain/space";
import { spaceTypeOf } from "~/domain/space-types";
import { formatArea, formatDimensions, formatVolume, SQUARE_FEET_PER_SQUARE_METER } from "~/domain/units";
import {
  ACCESS_OPTION_LABELS,
  featureLabel,
  kindLabel,
  type LengthUnit,
  PRICE_BASIS_LABELS,
  RENTAL_DURATION_LABELS,
  SPACE_TYPE_LABELS,
  type SpaceType,
  VEHICLE_SIZE_LABELS,
} from "~/domain/vocabulary";

/**
 * What renters read about a listing, as words: labels from the vocabularies, sizes in the viewer's unit, prices in
 * pesos, the deposit and discount terms from the pricing rules. Made where the listing is loaded (the listing
 * page's loader, the list-your-space preview) so that ListingSummary only lays the words out and the browser never
 * loads the vocabularies, units and pricing for it (the listing page's JavaScript budget, bench/).
 */
export type ListingFacts = {
  /** "Storage" or "Parking". */
  typeLabel: string;
  /** "Storage · Spare room". */
  typeLine: string;
  title: string;
  /** Barangay, city, province. */
  place: string;
  quickMoveIn: boolean;
  /** The main price first ("₱3,000.00", "a month for the entire space"); none while the price is not set. */
  prices: { label: string; amount: string }[];
  /** The row of `prices` that is the month's price (the Reserve bar shows it); none while the price is not set. */
  monthlyPrice: { label: string; amount: string } | null;
  /** Size, access, durations, deposit, discount, move-in and contract, in order. */
  facts: { term: string; value: string }[];
  features: string[];
  /** Readiness for typhoon season: whether it is Flood-safe and the facts the host stated (CCTV and guard included). */
  readiness: { floodSafe: boolean; facts: string[] };
  description: string | null;
  /** The cover first. */
  photos: ImageView[];
  floorplan: ImageView | null;
};

export function listingFacts(space: ListingDetailsData, unit: LengthUnit): ListingFacts {
  const type = spaceTypeOf(space);
  const cover = coverPhoto(space);
  const facts = [
    { term: "Size", value: sizeText(space, type, unit) },
    type === "storage" && !space.rentMode.entireSpace && space.unitOfRental
      ? { term: "Units for rent", value: String(space.unitsAvailable) }
      : null,
    type === "parking" ? { term: "Parking slots", value: String(space.unitsAvailable) } : null,
    { term: "Access", value: space.accessOption ? ACCESS_OPTION_LABELS[space.accessOption] : "Not stated" },
    {
      term: "Rental durations",
      value: space.rentalDurations.length
        ? space.rentalDurations.map((duration) => RENTAL_DURATION_LABELS[duration]).join(", ")
        : "Not stated",
    },
    { term: "Deposit", value: depositTerms(space, type) },
    { term: "First-month discount", value: discountTerms(space) },
    {
      term: "Move-in",
      value: space.quickMoveIn ? "Quick move-in: you can move in right away." : "On the start date you book.",
    },
    {
      term: "Contract",
      value:
        space.contract.type === "uploaded"
          ? "The host's own contract, shown before you book."
          : "The Space Solution standard contract.",
    },
  ];
  const priced = prices(space, type, unit);
  return {
    typeLabel: SPACE_TYPE_LABELS[type],
    typeLine: `${SPACE_TYPE_LABELS[type]}${space.kind ? ` · ${kindLabel(space.kind)}` : ""}`,
    title: space.spaceTitle?.trim() || "Untitled space",
    place: [space.address.barangay, space.address.city, space.address.province].filter(Boolean).join(", "),
    quickMoveIn: space.quickMoveIn,
    prices: priced.rows,
    monthlyPrice: priced.monthly,
    facts: facts.filter((fact) => fact !== null),
    features: space.features.map((feature) => featureLabel(type, feature)),
    readiness: {
      floodSafe: space.readiness.floodSafe,
      facts: readinessFactLabels({ ...space.readiness, storageType: type, features: space.features }),
    },
    description: space.description?.trim() ? space.description : null,
    photos: cover ? [cover, ...space.spacePhotos.filter((photo) => photo.uploadId !== cover.uploadId)] : [],
    floorplan: space.floorplan,
  };
}

type PriceRow = ListingFacts["prices"][number];

/** The price rows, main first, and which of them is the month's price. */
function prices(
  space: ListingDetailsData,
  type: SpaceType,
  unit: LengthUnit,
): { rows: PriceRow[]; monthly: PriceRow | null } {
  if (space.listingPrice === null) return { rows: [], monthly: null };
  if (type === "parking") {
    const monthly = { label: "a month, every day", amount: formatPeso(space.listingPrice) };
    const daily = space.dailyPrice === null ? [] : [{ label: "a day", amount: formatPeso(space.dailyPrice) }];
    return { rows: [...daily, monthly], monthly };
  }
  const basis = space.rentMode.entireSpace || !space.unitOfRental ? "entireSpace" : space.unitOfRental;
  const monthly = { label: `a month ${PRICE_BASIS_LABELS[basis]}`, amount: formatPeso(space.listingPrice) };
  const rows = [monthly];
  if (space.rentMode.entireSpace && space.pricePerSquareMeter !== null) {
    rows.push(
      unit === "feet"
        ? {
            label: "a month per square foot",
            amount: formatPeso(
              roundHalfUp(space.pricePerSquareMeter * 1000, Math.round(SQUARE_FEET_PER_SQUARE_METER * 1000)),
            ),
          }
        : { label: "a month per square meter", amount: formatPeso(space.pricePerSquareMeter) },
    );
  }
  return { rows, monthly };
}

/** Storage: area, volume and dimensions in the viewer's unit; parking: the largest vehicle that fits. */
function sizeText(space: ListingDetailsData, type: SpaceType, unit: LengthUnit): string {
  if (type === "parking") {
    return space.vehicleSize ? `Fits up to: ${VEHICLE_SIZE_LABELS[space.vehicleSize]}` : "Not stated";
  }
  if (!space.size) return "Not stated";
  return `${formatArea(space.size.area, unit)} · ${formatVolume(space.size.volume, unit)} (${formatDimensions(space.size, unit)})`;
}

/** The fewest whole months at which a rule of app/domain/pricing.ts applies, so the terms shown never drift from it. */
function fewestMonths(applies: (months: number) => boolean): number {
  let months = 0;
  while (months < 120 && !applies(months)) months += 1;
  return months;
}

function monthsText(months: number): string {
  return `${months} month${months === 1 ? "" : "s"}`;
}

function depositTerms(space: ListingDetailsData, type: SpaceType): string {
  if (!space.depositRequired) return "No deposit.";
  const from = fewestMonths((months) => deposit({ type, asked: true, months, firstMonthPrice: 1 }) > 0);
  return `A deposit equal to the first month's price, for bookings of ${monthsText(from)} or more. It is held by Space Solution and returned after move-out.`;
}

function discountTerms(space: ListingDetailsData): string {
  if (!space.firstMonthDiscount) return "None.";
  const from = fewestMonths(
    (months) => firstMonthDiscount({ offered: true, months, monthlyPrice: 2, quantity: 1 }) > 0,
  );
  return `Half off the first month for bookings of ${monthsText(from)} or more.`;
}
