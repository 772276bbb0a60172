import { Link } from "@remix-run/react";
import { type CityOption, cityPagePath, featuredCities, groupByProvince } from "~/content/cities";
import { SPACE_TYPE_LABELS, type SpaceType } from "~/domain/space-types";

/**
 * Links to the city pages of one type of space: the largest cities first, then every city by province behind a
 * disclosure (a plain <details>, so it opens without JavaScript).
 */
export function CityLinks({ type, cities }: { type: SpaceType; cities: readonly CityOption[] }) {
  if (cities.length === 0) return null;
  const label = SPACE_TYPE_LABELS[type];
  return (
    <section className="mx-auto max-w-6xl px-6 py-14" aria-labelledby={`${type}-cities-heading`}>
      <h2 id={`${type}-cities-heading`} className="text-2xl font-bold">
        {label} in popular cities
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
        {featuredCities(cities).map((city) => (
          <li key={city.slug}>
            <Link
              to={cityPagePath(type, city.slug)}
              className="block rounded-lg border border-slate-200 bg-white px-4 py-3 hover:border-brand-600 hover:bg-brand-50"
            >
              <span className="block font-semibold text-brand-700">{city.name}</span>
              <span className="block text-sm text-slate-600">{city.province}</span>
            </Link>
          </li>
        ))}
      </ul>
      <details className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <summary className="cursor-pointer font-semibold text-brand-700">
          All {cities.length} cities with {label.toLowerCase()}
        </summary>
        <div className="mt-4 columns-1 gap-8 sm:columns-2 md:columns-3">
          {groupByProvince(cities).map(([province, group]) => (
            <div key={province} className="mb-4 break-inside-avoid">
              <h3 className="text-sm font-semibold text-slate-700">{province}</h3>
              <ul className="mt-1 space-y-1">
                {group.map((city) => (
                  <li key={city.slug}>
                    <Link to={cityPagePath(type, city.slug)} className="text-brand-700 underline">
                      {label} in {city.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </details>
    </section>
  );
}
