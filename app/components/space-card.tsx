import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ResponsiveImage } from "~/components/listing/responsive-image";
import { formatPeso } from "~/domain/money";
import type { SpaceCardView } from "~/domain/space";
import { formatArea } from "~/domain/units";
import {
  kindLabel,
  type LengthUnit,
  RENTAL_UNIT_LABELS,
  SPACE_TYPE_LABELS,
  VEHICLE_SIZE_LABELS,
} from "~/domain/vocabulary";
import { ratingSummary } from "~/utils/reviews";

/**
 * A listing as a card (search results, city pages, saved spaces): the cover photo, kind, title (the link to the
 * listing page), city and barangay, size in the viewer's unit, the rating once it has reviews, the monthly price and
 * the offers. `children` go at the bottom, outside the link: the favourite button.
 */
export function SpaceCard({
  space,
  unit,
  children,
  eager = false,
  headingLevel = 3,
}: {
  space: SpaceCardView;
  /** The viewer's measurementUnit (meters for visitors). */
  unit: LengthUnit;
  children?: ReactNode;
  /** The first card of a page: its photo loads at once. */
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const place = [space.barangay, space.city].filter(Boolean).join(", ");
  const size = sizeText(space, unit);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="relative">
        {space.coverPhoto ? (
          <ResponsiveImage
            image={space.coverPhoto}
            alt=""
            eager={eager}
            sizes="(min-width: 1280px) 24rem, (min-width: 640px) 50vw, 100vw"
            className="aspect-[4/3] h-auto w-full bg-slate-200 object-cover"
          />
        ) : (
          <div className="aspect-[4/3] bg-slate-200" />
        )}
        <OfferBadges space={space} />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
          {SPACE_TYPE_LABELS[space.storageType]}
          {space.kind ? ` · ${kindLabel(space.kind)}` : ""}
        </p>
        <Heading className="font-semibold leading-snug text-slate-900">
          <Link to={space.path} prefetch="intent" className="hover:underline">
            {space.spaceTitle}
          </Link>
        </Heading>
        {place ? <p className="text-sm text-slate-700">{place}</p> : null}
        {size ? <p className="text-sm text-slate-700">{size}</p> : null}
        {space.totalNumberofReviews > 0 ? (
          // What renters said, in the listing page's own words; a listing with no reviews yet says nothing here,
          // so the card stays short.
          <p className="text-sm text-slate-700" data-testid="space-card-rating">
            {ratingSummary(space.rating, space.totalNumberofReviews)}
          </p>
        ) : null}
        <PriceLine space={space} />
        {children ? <div className="mt-auto pt-2">{children}</div> : null}
      </div>
    </article>
  );
}

/** Storage: the floor area (and the units, when rented by the unit); parking: the largest vehicle and the slots. */
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

/** The monthly price the search filters on, with what it is for when the space is rented by the unit. */
function PriceLine({ space }: { space: SpaceCardView }) {
  if (space.perMonthPrice === null) return null;
  const basis =
    !space.rentMode.entireSpace && space.unitOfRental ? ` ${RENTAL_UNIT_LABELS[space.unitOfRental]}` : "";
  return (
    <p className="mt-1 text-slate-900">
      <span className="text-lg font-bold">{formatPeso(space.perMonthPrice)}</span>
      <span className="text-sm text-slate-700"> a month{basis}</span>
      {space.storageType === "parking" && space.dailyPrice !== null ? (
        <span className="block text-sm text-slate-700">or {formatPeso(space.dailyPrice)} a day</span>
      ) : null}
    </p>
  );
}

function OfferBadges({ space }: { space: SpaceCardView }) {
  if (!space.quickMoveIn && !space.firstMonthDiscount) return null;
  return (
    <ul className="absolute left-2 top-2 flex flex-wrap gap-1.5" aria-label="Offers">
      {space.quickMoveIn ? (
        <li className="rounded-full bg-emerald-700 px-2.5 py-1 text-xs font-semibold text-white shadow">
          Quick move-in
        </li>
      ) : null}
      {space.firstMonthDiscount ? (
        <li className="rounded-full bg-amber-300 px-2.5 py-1 text-xs font-semibold text-slate-900 shadow">
          First-month discount
        </li>
      ) : null}
    </ul>
  );
}
