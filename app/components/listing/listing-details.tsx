import type { ReactNode } from "react";
import { formatPeso, roundHalfUp } from "~/domain/money";
import { deposit, firstMonthDiscount } from "~/domain/pricing";
import { coverPhoto, type ListingDetailsData } from "~/domain/space";
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
import { ResponsiveImage } from "./responsive-image";

/**
 * What renters see of a listing: photos, title, kind, size in the viewer's unit, prices, features, access, rental
 * durations, deposit and discount terms, quick move-in, floor plan and description. The public listing page and the
 * list-your-space preview both render it, so the preview is exactly what renters will see. Server-rendered; it needs
 * no JavaScript (the gallery scrolls with CSS).
 */
export function ListingDetails({
  space,
  unit,
  titleAs: Title = "h1",
}: {
  space: ListingDetailsData;
  unit: LengthUnit;
  /** The title's heading level: h1 on the listing page, h2 where the page has its own h1 (the preview). */
  titleAs?: "h1" | "h2";
}) {
  const type: SpaceType = space.storageType ?? "storage";
  const title = space.spaceTitle?.trim() || "Untitled space";
  const place = [space.address.barangay, space.address.city, space.address.province]
    .filter(Boolean)
    .join(", ");
  return (
    <article className="space-y-6" aria-labelledby="listing-title">
      <Gallery space={space} title={title} />
      <header>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
          {SPACE_TYPE_LABELS[type]}
          {space.kind ? ` · ${kindLabel(space.kind)}` : ""}
        </p>
        <Title id="listing-title" className="mt-1 text-2xl font-bold text-slate-900 md:text-3xl">
          {title}
        </Title>
        {place ? <p className="mt-1 text-slate-700">{place}</p> : null}
        {space.quickMoveIn ? (
          <p className="mt-2 inline-block rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800">
            Quick move-in
          </p>
        ) : null}
      </header>

      <Prices space={space} type={type} unit={unit} />

      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <Fact term="Size">{sizeText(space, type, unit)}</Fact>
        {type === "storage" && !space.rentMode.entireSpace && space.unitOfRental ? (
          <Fact term="Units for rent">{space.unitsAvailable}</Fact>
        ) : null}
        {type === "parking" ? <Fact term="Parking slots">{space.unitsAvailable}</Fact> : null}
        <Fact term="Access">
          {space.accessOption ? ACCESS_OPTION_LABELS[space.accessOption] : "Not stated"}
        </Fact>
        <Fact term="Rental durations">
          {space.rentalDurations.length
            ? space.rentalDurations.map((duration) => RENTAL_DURATION_LABELS[duration]).join(", ")
            : "Not stated"}
        </Fact>
        <Fact term="Deposit">{depositTerms(space, type)}</Fact>
        <Fact term="First-month discount">{discountTerms(space)}</Fact>
        <Fact term="Move-in">
          {space.quickMoveIn ? "Quick move-in: you can move in right away." : "On the start date you book."}
        </Fact>
        <Fact term="Contract">
          {space.contract.type === "uploaded"
            ? "The host's own contract, shown before you book."
            : "The Space Solution standard contract."}
        </Fact>
      </dl>

      {space.features.length ? (
        <section aria-labelledby="listing-features">
          <h2 id="listing-features" className="text-lg font-semibold text-slate-900">
            Features
          </h2>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {space.features.map((feature) => (
              <li key={feature} className="flex items-center gap-2 text-slate-800">
                <span aria-hidden="true" className="text-emerald-700">
                  ✓
                </span>
                {featureLabel(type, feature)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {space.description?.trim() ? (
        <section aria-labelledby="listing-description">
          <h2 id="listing-description" className="text-lg font-semibold text-slate-900">
            About this space
          </h2>
          {/* Text, never HTML: React escapes it; the host's line breaks are kept by white-space. */}
          <p className="mt-2 whitespace-pre-line break-words text-slate-800">{space.description}</p>
        </section>
      ) : null}

      {space.floorplan ? (
        <section aria-labelledby="listing-floorplan">
          <h2 id="listing-floorplan" className="text-lg font-semibold text-slate-900">
            Floor plan
          </h2>
          <ResponsiveImage
            image={space.floorplan}
            alt={`Floor plan of ${title}`}
            sizes="(min-width: 768px) 40rem, 100vw"
            className="mt-2 h-auto w-full max-w-2xl rounded-lg border border-slate-200 bg-white object-contain"
          />
        </section>
      ) : null}
    </article>
  );
}

/**
 * The photos: the cover first (eager: it is what the visitor sees first), the rest lazy. A row that scrolls sideways
 * with snap points on small screens, a grid on wide ones; no JavaScript needed.
 */
function Gallery({ space, title }: { space: ListingDetailsData; title: string }) {
  const cover = coverPhoto(space);
  if (!cover) {
    return (
      <div className="flex aspect-[16/9] items-center justify-center rounded-xl bg-slate-200 text-slate-600">
        No photos yet
      </div>
    );
  }
  const photos = [cover, ...space.spacePhotos.filter((photo) => photo.uploadId !== cover.uploadId)];
  return (
    <section aria-label="Photos">
      <ul className="-mx-4 flex snap-x snap-mandatory gap-2 overflow-x-auto px-4 md:mx-0 md:grid md:grid-cols-4 md:overflow-visible md:px-0">
        {photos.map((photo, index) => (
          <li
            key={photo.uploadId}
            className={`w-[85%] shrink-0 snap-center md:w-auto ${index === 0 ? "md:col-span-2 md:row-span-2" : ""}`}
          >
            <ResponsiveImage
              image={photo}
              alt={`Photo ${index + 1} of ${photos.length}: ${title}`}
              sizes={index === 0 ? "(min-width: 768px) 50vw, 85vw" : "(min-width: 768px) 25vw, 85vw"}
              eager={index === 0}
              className="aspect-[4/3] h-auto w-full rounded-lg bg-slate-200 object-cover"
            />
          </li>
        ))}
      </ul>
      {photos.length > 1 ? (
        <p className="mt-1 text-sm text-slate-600 md:hidden">
          {photos.length} photos — swipe to see them all
        </p>
      ) : null}
    </section>
  );
}

function Prices({ space, type, unit }: { space: ListingDetailsData; type: SpaceType; unit: LengthUnit }) {
  if (space.listingPrice === null) return <p className="text-slate-700">The price is not set yet.</p>;
  const rows: { label: string; amount: string }[] = [];
  if (type === "parking") {
    if (space.dailyPrice !== null) rows.push({ label: "a day", amount: formatPeso(space.dailyPrice) });
    rows.push({ label: "a month, every day", amount: formatPeso(space.listingPrice) });
  } else {
    const basis = space.rentMode.entireSpace || !space.unitOfRental ? "entireSpace" : space.unitOfRental;
    rows.push({ label: `a month ${PRICE_BASIS_LABELS[basis]}`, amount: formatPeso(space.listingPrice) });
    if (space.rentMode.entireSpace && space.pricePerSquareMeter !== null) {
      rows.push(
        unit === "feet"
          ? {
              label: "a month per square foot",
              amount: formatPeso(
                roundHalfUp(
                  space.pricePerSquareMeter * 1000,
                  Math.round(SQUARE_FEET_PER_SQUARE_METER * 1000),
                ),
              ),
            }
          : { label: "a month per square meter", amount: formatPeso(space.pricePerSquareMeter) },
      );
    }
  }
  const [main, ...others] = rows;
  return (
    <section aria-label="Price" className="rounded-xl bg-white p-4 shadow-sm">
      {main ? (
        <p className="text-slate-900">
          <span className="text-2xl font-bold">{main.amount}</span> <span>{main.label}</span>
        </p>
      ) : null}
      {others.map((row) => (
        <p key={row.label} className="text-slate-700">
          {row.amount} {row.label}
        </p>
      ))}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-slate-600">{term}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
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
