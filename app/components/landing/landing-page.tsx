import { Link } from "@remix-run/react";
import type { CityOption } from "~/content/cities";
import type { Landing } from "~/content/landing";
import { kindsFor, type SpaceType } from "~/domain/vocabulary";
import { CityLinks } from "./city-links";
import { HostCall } from "./host-call";
import { KindsList } from "./kinds-list";
import { SpaceSearchForm } from "./search-form";
import type { SegmentCard } from "./segment-cards";
import { SegmentCards } from "./segment-cards";
import { Steps } from "./steps";

/**
 * A landing page for one type of space (/storage, /parking): the search, what it is, how it works for renters
 * and hosts, the use cases, the kinds of space, how the price is made up, the city pages and a call to hosts.
 */
export function LandingPage({
  type,
  landing,
  segments,
  cities,
}: {
  type: SpaceType;
  landing: Landing;
  segments: readonly SegmentCard[];
  cities: readonly CityOption[];
}) {
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-6xl px-6 py-12 md:py-16">
          <h1 className="max-w-2xl text-3xl font-bold leading-tight md:text-4xl">{landing.heading}</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">{landing.lead}</p>
          <div className="mt-8 max-w-2xl">
            <SpaceSearchForm type={type} cities={cities} />
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-6 py-14" aria-labelledby="about-heading">
        <h2 id="about-heading" className="text-2xl font-bold">
          {landing.about.title}
        </h2>
        <div className="mt-4 max-w-3xl space-y-4 text-slate-700">
          {landing.about.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </section>

      <section className="bg-white" aria-labelledby="how-heading">
        <div className="mx-auto max-w-6xl px-6 py-14">
          <h2 id="how-heading" className="text-2xl font-bold">
            How it works
          </h2>
          <div className="mt-8 grid gap-10 md:grid-cols-2">
            <Steps title="For renters" steps={landing.renterSteps} />
            <Steps title="For hosts" steps={landing.hostSteps} />
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-6 py-14" aria-labelledby="uses-heading">
        <h2 id="uses-heading" className="text-2xl font-bold">
          What people use it for
        </h2>
        <SegmentCards segments={segments} />
        <h3 className="mt-10 text-lg font-semibold">Kinds of space you can rent</h3>
        <KindsList kinds={kindsFor(type)} />
      </section>

      <section className="bg-white" aria-labelledby="price-heading">
        <div className="mx-auto max-w-6xl px-6 py-14">
          <h2 id="price-heading" className="text-2xl font-bold">
            What it costs
          </h2>
          <ul className="mt-4 max-w-3xl list-disc space-y-2 pl-5 text-slate-700">
            {landing.pricing.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="mt-4 text-slate-700">
            The details are in our{" "}
            <Link to="/policies#fees" className="text-brand-700 underline">
              fees and payments policy
            </Link>
            .
          </p>
        </div>
      </section>

      <CityLinks type={type} cities={cities} />

      <HostCall title={landing.hostCall.title} text={landing.hostCall.text} type={type} />
    </>
  );
}
