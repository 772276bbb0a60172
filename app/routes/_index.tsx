import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { WaitingForYou } from "~/components/bookings/waiting-for-you";
import { HostCall } from "~/components/landing/host-call";
import { CityField } from "~/components/landing/search-form";
import { Steps } from "~/components/landing/steps";
import { shareMeta } from "~/components/listing/share-meta";
import { SpaceCard } from "~/components/space-card";
import { cityPagePath } from "~/content/cities";
import { HOME, LANDING_HEADINGS, landingPath } from "~/content/home";
import { SPACE_TYPE_LABELS, SPACE_TYPES } from "~/domain/space-types";
import { loadHomePage } from "~/screens/home.server";
import { PATHS } from "~/utils/menu";
import { SITE_DESCRIPTION } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import type { VisitorPageHandle } from "~/utils/visitor-page";

// A visitor's home page is the same for the same data: shared caches may keep it (app/screens/visitor-pages.server.ts).
export const handle: ShellHandle & VisitorPageHandle = { headerStyle: "home", visitorPage: true };

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  shareMeta({
    description: SITE_DESCRIPTION,
    url: loaded?.url ?? "/",
    image: loaded
      ? {
          url: loaded.ogImage,
          width: 1200,
          height: 630,
          alt: "Space Solution: storage and parking space near you. ID-verified hosts, deposits held by Space Solution, pay by GCash, Maya or card.",
        }
      : null,
  });

export const loader = ({ request }: LoaderFunctionArgs) => loadHomePage(request);

/** Why a renter can trust us with money, in the product's words (docs/product.md, Payments and Listings). */
const TRUST_POINTS = [
  {
    title: "ID-verified hosts",
    text: "Hosts check their ID and phone number with us, and every listing's host card shows what is verified.",
  },
  {
    title: "Your deposit is held by Space Solution",
    text: "The deposit is never paid to the host. After your stay it comes back to you, unless a claim is decided.",
  },
  {
    title: "Pay by GCash, Maya or card",
    text: "You pay through a secure checkout when you send your request; if the host declines, everything is refunded.",
  },
] as const;

export default function HomePage() {
  const { cities, cityLinks, featured, featuredCity, waiting } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="relative overflow-hidden bg-brand-900 text-white">
        <div className="mx-auto max-w-6xl px-6 pb-16 pt-8 md:pt-32">
          <p className="mb-8 flex items-center gap-2 font-bold md:hidden">
            <img src="/images/logo-light.svg" alt="" width={32} height={32} className="h-8 w-8" />
            Space Solution
          </p>
          {waiting ? <WaitingForYou waiting={waiting} /> : null}
          <h1 className="max-w-2xl text-3xl font-bold leading-tight md:text-5xl">
            Storage and parking space, near you.
          </h1>
          <p className="mt-4 max-w-xl text-lg text-brand-100">
            Rent a spare room, garage, warehouse corner or parking slot from people in your city — or earn
            from the space you do not use.
          </p>
          <Form
            method="get"
            action={PATHS.search}
            className="mt-8 grid max-w-3xl gap-4 rounded-xl bg-white p-4 text-slate-900 shadow-xl md:grid-cols-[auto_1fr_auto] md:items-end"
            aria-label="Find a space"
          >
            <fieldset>
              <legend className="mb-1 text-sm font-semibold">I need</legend>
              <div className="flex gap-2">
                {(["storage", "parking"] as const).map((type) => (
                  <label
                    key={type}
                    className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                  >
                    <input type="radio" name="storageType" value={type} defaultChecked={type === "storage"} />
                    <span className="capitalize">{type}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <CityField id="home-city" cities={cities} />
            <button
              type="submit"
              className="rounded-md bg-accent px-6 py-3 font-semibold text-slate-900 hover:bg-amber-400"
            >
              Search
            </button>
          </Form>
          <p className="mt-3 text-sm text-brand-100">
            {cities.length} cities across the Philippines, from Metro Manila to Davao.
          </p>
        </div>
      </section>

      {featured.length ? (
        <section className="mx-auto max-w-6xl px-6 pt-14" aria-labelledby="featured-heading">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="featured-heading" className="text-2xl font-bold md:text-3xl">
              {featuredCity ? `Spaces in ${featuredCity}` : "Spaces renters are booking"}
            </h2>
            <Link to={PATHS.search} className="font-semibold text-brand-700 underline">
              See all spaces
            </Link>
          </div>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {featured.map((card) => (
              <li key={card._id}>
                <SpaceCard space={card} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="mx-auto max-w-6xl px-6 pt-14" aria-labelledby="trust-heading">
        <h2 id="trust-heading" className="text-2xl font-bold md:text-3xl">
          Rent with confidence
        </h2>
        <ul className="mt-6 grid gap-5 md:grid-cols-3">
          {TRUST_POINTS.map((point) => (
            <li key={point.title} className="rounded-xl bg-white p-5 shadow-sm">
              <h3 className="font-semibold text-slate-900">{point.title}</h3>
              <p className="mt-2 text-slate-700">{point.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section
        id="how-it-works"
        className="mx-auto max-w-6xl scroll-mt-20 px-6 py-16"
        aria-labelledby="how-heading"
      >
        <h2 id="how-heading" className="text-2xl font-bold md:text-3xl">
          How it works
        </h2>
        <div className="mt-8 grid gap-10 md:grid-cols-2">
          <Steps title="Renting a space" steps={HOME.renterSteps} />
          <Steps title="Listing a space" steps={HOME.hostSteps} />
        </div>
      </section>

      <section className="bg-white" aria-labelledby="cities-heading">
        <div className="mx-auto max-w-6xl px-6 py-14">
          <h2 id="cities-heading" className="text-2xl font-bold md:text-3xl">
            Storage and parking in your city
          </h2>
          <div className="mt-8 grid gap-10 md:grid-cols-2">
            {SPACE_TYPES.map((type) => (
              <div key={type}>
                <h3 className="text-lg font-semibold text-brand-700">
                  <Link to={landingPath(type)} className="underline">
                    {LANDING_HEADINGS[type]}
                  </Link>
                </h3>
                <ul className="mt-4 grid grid-cols-2 gap-2">
                  {cityLinks.map((city) => (
                    <li key={city.slug}>
                      <Link to={cityPagePath(type, city.slug)} className="text-brand-700 underline">
                        {SPACE_TYPE_LABELS[type]} in {city.name}
                      </Link>{" "}
                      <span className="text-sm text-slate-600">({city.activeSpaces[type]})</span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
      </section>

      <HostCall title={HOME.hostCall.title} text={HOME.hostCall.text} />
    </>
  );
}
