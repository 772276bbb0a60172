import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { SpaceCardData } from "~/components/card-words";
import { ResponsiveImage } from "~/components/listing/responsive-image";

/**
 * A listing as a card (search results, city pages, saved spaces): the cover photo, kind, title (the link to the
 * listing page), city and barangay, size in the viewer's unit, the rating once it has reviews, the monthly price and
 * the offers. `children` go at the bottom, outside the link: the favourite button.
 */
export function SpaceCard({
  space,
  children,
  eager = false,
  headingLevel = 3,
}: {
  /** The listing as pages send it, with its words (spaceCard, where the page's data is made). */
  space: SpaceCardData;
  children?: ReactNode;
  /** The first card of a page: its photo loads at once. */
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const place = [space.barangay, space.city].filter(Boolean).join(", ");
  const { words } = space;
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
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{words.kind}</p>
        <Heading className="font-semibold leading-snug text-slate-900">
          <Link to={space.path} prefetch="intent" className="hover:underline">
            {space.spaceTitle}
          </Link>
        </Heading>
        {place ? <p className="text-sm text-slate-700">{place}</p> : null}
        {words.size ? <p className="text-sm text-slate-700">{words.size}</p> : null}
        {words.rating ? (
          // What renters said, in the listing page's own words; a listing with no reviews yet says nothing here,
          // so the card stays short.
          <p className="text-sm text-slate-700" data-testid="space-card-rating">
            {words.rating}
          </p>
        ) : null}
        {words.monthly ? (
          <p className="mt-1 text-slate-900">
            <span className="text-lg font-bold">{words.monthly}</span>
            <span className="text-sm text-slate-700"> a month{words.basis}</span>
            {words.daily ? (
              <span className="block text-sm text-slate-700">or {words.daily} a day</span>
            ) : null}
          </p>
        ) : null}
        {children ? <div className="mt-auto pt-2">{children}</div> : null}
      </div>
    </article>
  );
}

function OfferBadges({ space }: { space: Pick<SpaceCardData, "quickMoveIn" | "firstMonthDiscount"> }) {
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
