import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { CityListItem } from "~/api/user.server";
import { listWithUsPath } from "~/components/enquiries/paths";
import { cityPagePath, featuredCities, groupByProvince } from "~/content/cities";
import { LANDINGS } from "~/content/landing";
import { SPACE_TYPE_LABELS, SPACE_TYPES } from "~/domain/vocabulary";
import { api } from "~/services/api.server";
import { PATHS } from "~/utils/menu";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

export const handle: ShellHandle = { headerStyle: "home" };

export const meta: MetaFunction = () => pageMeta();

export async function loader({ request }: LoaderFunctionArgs) {
  const client = api(request);
  const cities = await client.get<CityListItem[]>("/user/cityList");
  return data(
    {
      cities: cities.ok ? cities.result.map(({ name, slug, province }) => ({ name, slug, province })) : [],
      toast: cities.ok ? null : cities.toast,
    },
    { headers: client.headers },
  );
}

export default function HomePage() {
  const { cities } = useLoaderData<typeof loader>();
  const provinces = groupByProvince(cities);
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
            <div>
              <label htmlFor="home-city" className="mb-1 block text-sm font-semibold">
                City
              </label>
              <select
                id="home-city"
                name="city"
                className="w-full rounded-md border border-slate-300 bg-white px-3 py-2.5"
                defaultValue=""
              >
                <option value="">Any city</option>
                {provinces.map(([province, group]) => (
                  <optgroup key={province} label={province}>
                    {group.map((city) => (
                      <option key={city.slug} value={city.slug}>
                        {city.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </div>
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
          <Steps
            title="Renting a space"
            steps={[
              [
                "Search",
                "Choose storage or parking, your city and your budget; compare sizes, prices and reviews.",
              ],
              ["Ask and visit", "Chat with the host and schedule a visit before you decide."],
              ["Book and pay", "Reserve online and pay by card, GCash or Maya; your deposit is held safely."],
            ]}
          />
          <Steps
            title="Listing a space"
            steps={[
              [
                "List it free",
                "Describe your room, garage or slot, add photos and set your price in a few minutes.",
              ],
              ["Approve renters", "You choose who rents your space and when they can move in."],
              ["Get paid", "Rent is paid to your bank, GCash or Maya account every billing period."],
            ]}
          />
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
                  <Link to={`/${type}`} className="underline">
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

      <section className="bg-brand-50">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-6 py-14 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-2xl font-bold">Have a spare room, garage or parking slot?</h2>
            <p className="mt-2 text-slate-700">Turn the space you do not use into monthly income.</p>
          </div>
          <div className="flex flex-col items-start gap-3 md:items-end">
            <Link
              to={PATHS.listSpace}
              className="rounded-md bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
            >
              List a space
            </Link>
            <Link to={listWithUsPath()} className="text-brand-700 underline">
              Questions first? Talk to our team
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

function Steps({ title, steps }: { title: string; steps: [string, string][] }) {
  return (
    <div>
      <h3 className="text-lg font-semibold text-brand-700">{title}</h3>
      <ol className="mt-4 space-y-4">
        {steps.map(([name, text], index) => (
          <li key={name} className="flex gap-4">
            <span
              className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <div>
              <p className="font-semibold">{name}</p>
              <p className="text-slate-700">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
