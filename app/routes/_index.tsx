import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { cityList } from "~/api/user/user.server";
import { HostCall } from "~/components/landing/host-call";
import { CityField } from "~/components/landing/search-form";
import { Steps } from "~/components/landing/steps";
import { cityPagePath, featuredCities } from "~/content/cities";
import { HOME, LANDINGS } from "~/content/landing";
import { landingPath } from "~/content/solutions";
import { SPACE_TYPE_LABELS, SPACE_TYPES } from "~/domain/vocabulary";
import { api } from "~/services/api.server";
import { PATHS } from "~/utils/menu";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

export const handle: ShellHandle = { headerStyle: "home" };

export const meta: MetaFunction = () => pageMeta();

export async function loader({ request }: LoaderFunctionArgs) {
  const client = api(request);
  const cities = await client.call(cityList);
  return data({
    cities: cities.ok ? cities.result.map(({ name, slug, province }) => ({ name, slug, province })) : [],
    toast: cities.ok ? null : cities.toast,
  });
}

export default function HomePage() {
  const { cities } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="relative overflow-hidden bg-brand-900 text-white">
        <div className="mx-auto max-w-6xl px-6 pb-16 pt-8 md:pt-32">
          <p className="mb-8 flex items-center gap-2 font-bold md:hidden">
            <img src="/images/logo-light.svg" alt="" width={32} height={32} className="h-8 w-8" />
            Space Solution
          </p>
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
                    {LANDINGS[type].heading}
                  </Link>
                </h3>
                <ul className="mt-4 grid grid-cols-2 gap-2">
                  {featuredCities(cities, 8).map((city) => (
                    <li key={city.slug}>
                      <Link to={cityPagePath(type, city.slug)} className="text-brand-700 underline">
                        {SPACE_TYPE_LABELS[type]} in {city.name}
                      </Link>
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
