import { VerifiedBadge } from "~/components/ui/verified-badge";
import type { HostCardWords } from "./host-card";
import type { ListingFacts } from "./listing-facts";
import { ResponsiveImage } from "./responsive-image";

/**
 * What renters see of a listing: photos, title, kind, size in the viewer's unit, prices, features, access, rental
 * durations, deposit and discount terms, quick move-in, floor plan and description; on the listing page the host
 * comes first, under the title, so who and how rated show before the long description. It lays out the words
 * listingFacts made from the listing (on the server, for the listing page); ListingDetails makes them itself. The
 * public listing page and the list-your-space preview both render it, so the preview is exactly what renters will
 * see. Server-rendered; it needs no JavaScript (the gallery scrolls with CSS).
 */
export function ListingSummary({
  facts,
  host,
  titleAs: Title = "h1",
}: {
  facts: ListingFacts;
  /** Who hosts it, shown under the title before the price and the facts (the listing page; the preview has none). */
  host?: HostCardWords;
  /** The title's heading level: h1 on the listing page, h2 where the page has its own h1 (the preview). */
  titleAs?: "h1" | "h2";
}) {
  const { title } = facts;
  return (
    <article className="space-y-6" aria-labelledby="listing-title">
      <Gallery photos={facts.photos} title={title} />
      <header>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{facts.typeLine}</p>
        <Title id="listing-title" className="mt-1 text-2xl font-bold text-slate-900 md:text-3xl">
          {title}
        </Title>
        {facts.place ? <p className="mt-1 text-slate-700">{facts.place}</p> : null}
        {facts.quickMoveIn ? (
          <p className="mt-2 inline-block rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800">
            Quick move-in
          </p>
        ) : null}
      </header>

      {host ? <HostLine host={host} /> : null}

      <Prices prices={facts.prices} />

      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {facts.facts.map((fact) => (
          <div key={fact.term}>
            <dt className="text-sm font-semibold text-slate-600">{fact.term}</dt>
            <dd className="mt-0.5 text-slate-900">{fact.value}</dd>
          </div>
        ))}
      </dl>

      {facts.features.length ? (
        <section aria-labelledby="listing-features">
          <h2 id="listing-features" className="text-lg font-semibold text-slate-900">
            Features
          </h2>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {facts.features.map((feature) => (
              <li key={feature} className="flex items-center gap-2 text-slate-800">
                <span aria-hidden="true" className="text-emerald-700">
                  ✓
                </span>
                {feature}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {facts.readiness.floodSafe || facts.readiness.facts.length ? (
        <section aria-labelledby="listing-readiness" data-testid="listing-readiness">
          <h2 id="listing-readiness" className="text-lg font-semibold text-slate-900">
            Typhoon and flood readiness
          </h2>
          {facts.readiness.floodSafe ? (
            <p className="mt-2 inline-block rounded-full bg-sky-50 px-3 py-1 text-sm font-semibold text-sky-900">
              Flood-safe
            </p>
          ) : null}
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {facts.readiness.facts.map((fact) => (
              <li key={fact} className="text-slate-800">
                {fact}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {facts.description ? (
        <section aria-labelledby="listing-description">
          <h2 id="listing-description" className="text-lg font-semibold text-slate-900">
            About this space
          </h2>
          {/* Text, never HTML: React escapes it; the host's line breaks are kept by white-space. */}
          <p className="mt-2 whitespace-pre-line break-words text-slate-800">{facts.description}</p>
        </section>
      ) : null}

      {facts.floorplan ? (
        <section aria-labelledby="listing-floorplan">
          <h2 id="listing-floorplan" className="text-lg font-semibold text-slate-900">
            Floor plan
          </h2>
          <ResponsiveImage
            image={facts.floorplan}
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
function Gallery({ photos, title }: { photos: ListingFacts["photos"]; title: string }) {
  if (!photos.length) {
    return (
      <div className="flex aspect-[16/9] items-center justify-center rounded-xl bg-slate-200 text-slate-600">
        No photos yet
      </div>
    );
  }
  return (
    <section aria-label="Photos">
      {/* On phones the row scrolls sideways: focusable, so it can be scrolled with the keyboard too. */}
      <ul
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard
        tabIndex={0}
        className="-mx-4 flex snap-x snap-mandatory gap-2 overflow-x-auto px-4 md:mx-0 md:grid md:grid-cols-4 md:overflow-visible md:px-0"
      >
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

/**
 * The host at first sight, above the price (docs/design.md, The listing page): photo, name, verified badge, and the
 * ratings of the host and of this space. The host card further down has the rest (member since, other checks).
 */
function HostLine({ host }: { host: HostCardWords }) {
  return (
    <section aria-label="Host" className="flex items-center gap-3" data-testid="listing-host">
      <img
        src={host.photo}
        alt=""
        width={48}
        height={48}
        className="h-12 w-12 shrink-0 rounded-full bg-slate-200 object-cover"
      />
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          Hosted by {host.name}
          {host.badges.includes("Verified host") ? <VerifiedBadge className="ml-2 align-middle" /> : null}
        </p>
        <p className="text-sm text-slate-700">
          {host.spaceRating ?? host.rating}
          {host.spaceRating ? ` · ${host.rating}` : ""}
        </p>
      </div>
    </section>
  );
}

function Prices({ prices }: { prices: ListingFacts["prices"] }) {
  const [main, ...others] = prices;
  if (!main) return <p className="text-slate-700">The price is not set yet.</p>;
  return (
    <section aria-label="Price" className="rounded-xl bg-white p-4 shadow-sm">
      <p className="text-slate-900">
        <span className="text-2xl font-bold">{main.amount}</span> <span>{main.label}</span>
      </p>
      {others.map((row) => (
        <p key={row.label} className="text-slate-700">
          {row.amount} {row.label}
        </p>
      ))}
    </section>
  );
}
