import { Form } from "@remix-run/react";
import { type CityOption, groupByProvince } from "~/content/cities";
import { SPACE_TYPE_LABELS, type SpaceType } from "~/domain/space-types";
import { PATHS } from "~/utils/menu";

/**
 * The search for one type of space: a GET form to /search-space with storageType fixed and a city to choose, so
 * it works the same with JavaScript off. `id` keeps the city field's id unique when a page has two forms.
 */
export function SpaceSearchForm({
  type,
  cities,
  id = `${type}-search`,
}: {
  type: SpaceType;
  cities: readonly CityOption[];
  id?: string;
}) {
  const label = SPACE_TYPE_LABELS[type].toLowerCase();
  return (
    <Form
      method="get"
      action={PATHS.search}
      aria-label={`Search ${label}`}
      className="grid gap-3 rounded-xl bg-white p-4 text-slate-900 shadow-xl sm:grid-cols-[1fr_auto] sm:items-end"
    >
      <input type="hidden" name="storageType" value={type} />
      <CityField id={`${id}-city`} cities={cities} />
      <button
        type="submit"
        className="rounded-md bg-accent px-6 py-3 font-semibold text-slate-900 hover:bg-amber-400"
      >
        Search {label}
      </button>
    </Form>
  );
}

/** The city to search in, the cities grouped by province, "Any city" first. */
export function CityField({ id, cities }: { id: string; cities: readonly CityOption[] }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        City
      </label>
      <select
        id={id}
        name="city"
        defaultValue=""
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2.5"
      >
        <option value="">Any city</option>
        {groupByProvince(cities).map(([province, group]) => (
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
  );
}
