import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { SpaceCardData } from "~/components/card-words";
import { ResponsiveImage } from "~/components/listing/responsive-image";

/**
 * A listing as a card (search results, city pages, saved spaces): the cover photo, kind, title (the card's one link,
 * stretched over the whole card so it is one tap target), city, barangay and size in the viewer's unit, the host's
 * name, photo and verified badge with the rating once it has reviews, the monthly price and the offers
 * (docs/design.md, Cards). `children` go at the bottom, above the link: the favourite button.
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
  const { words, host } = space;
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
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
          {/* The card's one link: it covers the whole card, so the card is one tap target. */}
          <Link to={space.path} prefetch="intent" className="after:absolute after:inset-0 hover:underline">
            {space.spaceTitle}
          </Link>
        </Heading>
        {place || words.size ? (
          <p className="text-sm text-slate-700">{[place, words.size].filter(Boolean).join(" · ")}</p>
        ) : null}
        <p
          className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700"
          data-testid="space-card-host"
        >
          <img
            src={host.photo}
            alt=""
            width={24}
            height={24}
            loading="lazy"
            className="h-6 w-6 rounded-full bg-slate-200 object-cover"
          />
          <span className="font-semibold text-slate-900">{host.name}</span>
          {/* VerifiedBadge's look, written out: the search page's JavaScript stays within its budget (ADR 0066). */}
          {host.verified ? (
            <span
              className="rounded-full bg-emerald-50 px-2 text-xs font-semibold text-emerald-800"
              data-testid="verified-badge"
            >
              ✓ Verified
            </span>
          ) : null}
          {words.rating ? (
            // What renters said, in the listing page's own words; a listing with no reviews yet says nothing here.
            <span data-testid="space-card-rating">{words.rating}</span>
          ) : null}
        </p>
        {words.floodSafe ? (
          <p className="text-sm text-slate-700" data-testid="flood-safe-badge">
            <span className="rounded-full bg-sky-50 px-2 text-xs font-semibold text-sky-900">Flood-safe</span>{" "}
            {words.floodSafe}
          </p>
        ) : null}
        {words.monthly ? (
          <p className="mt-1 text-slate-900">
            <span className="text-lg font-bold">{words.monthly}</span>
            <span className="text-sm text-slate-700"> a month{words.basis}</span>
            {words.daily ? <span className="text-sm text-slate-700"> · {words.daily} a day</span> : null}
          </p>
        ) : null}
        {children ? <div className="relative z-10 mt-auto pt-2">{children}</div> : null}
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
