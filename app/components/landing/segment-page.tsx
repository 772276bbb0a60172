import { Link } from "@remix-run/react";
import type { CityOption } from "~/content/cities";
import { landingPath } from "~/content/home";
import type { Segment } from "~/content/solutions";
import { SPACE_TYPE_LABELS } from "~/domain/space-types";
import { KindsList } from "./kinds-list";
import { SpaceSearchForm } from "./search-form";
import { type SegmentCard, SegmentCards } from "./segment-cards";

/**
 * A use case's page (/storage/household, /parking/full-month): what it is, the search preset to its type of space,
 * what it is good for, the kinds of space that fit, tips, and the other use cases.
 */
export function SegmentPage({
  segment,
  pricing,
  others,
  cities,
}: {
  segment: Segment;
  pricing: readonly string[];
  others: readonly SegmentCard[];
  cities: readonly CityOption[];
}) {
  const typeLabel = SPACE_TYPE_LABELS[segment.type];
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-6xl px-6 py-12 md:py-16">
          <nav aria-label="Breadcrumb" className="text-sm">
            <Link to={landingPath(segment.type)} className="text-brand-100 underline">
              {typeLabel}
            </Link>
            <span aria-hidden="true"> / </span>
            <span aria-current="page">{segment.name}</span>
          </nav>
          <h1 className="mt-3 max-w-2xl text-3xl font-bold leading-tight md:text-4xl">{segment.heading}</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">{segment.intro}</p>
          <div className="mt-8 max-w-2xl">
            <SpaceSearchForm type={segment.type} cities={cities} />
          </div>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-10 px-6 py-14 md:grid-cols-2">
        <section aria-labelledby="good-for-heading">
          <h2 id="good-for-heading" className="text-2xl font-bold">
            Good for
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-700">
            {segment.goodFor.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <h3 className="mt-8 text-lg font-semibold">Spaces that fit</h3>
          <KindsList kinds={segment.kinds} />
        </section>
        <section aria-labelledby="tips-heading">
          <h2 id="tips-heading" className="text-2xl font-bold">
            Before you book
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-700">
            {segment.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </section>
      </div>

      <section className="bg-white" aria-labelledby="price-heading">
        <div className="mx-auto max-w-6xl px-6 py-14">
          <h2 id="price-heading" className="text-2xl font-bold">
            What it costs
          </h2>
          <ul className="mt-4 max-w-3xl list-disc space-y-2 pl-5 text-slate-700">
            {pricing.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-6 py-14" aria-labelledby="more-heading">
        <h2 id="more-heading" className="text-2xl font-bold">
          More about {typeLabel.toLowerCase()}
        </h2>
        {others.length > 0 ? <SegmentCards segments={others} /> : null}
        <p className="mt-6">
          <Link to={landingPath(segment.type)} className="font-semibold text-brand-700 underline">
            All about {typeLabel.toLowerCase()} on Space Solution
          </Link>
        </p>
      </section>
    </>
  );
}
