import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { type CityOption, groupByProvince } from "~/content/cities";
import { type RawSearch, SEARCH_PATH, SEARCH_SORT_LABELS, SEARCH_SORTS } from "~/domain/search";
import type { SpaceType } from "~/domain/space-types";
import type { LengthUnit, Option } from "~/domain/vocabulary";
import { BudgetMeterChart } from "./budget-meter";
import type { BudgetMeterView } from "./budget-meter-words";
import { control, FilterSelect, labelClass } from "./filter-select";

/**
 * The search's filters: a GET form to /search-space, so every search is a URL and the form works without
 * JavaScript. The common filters show; the rest fold into "More filters", open when one of them is in use. Empty
 * fields are sent empty and mean "any" (the page then redirects to the tidy URL).
 */

/** The filters folded into "More filters". */
const MORE = [
  "kind",
  "minArea",
  "minUnits",
  "vehicleSize",
  "rentalDuration",
  "accessOption",
  "features",
  "quickMoveIn",
  "firstMonthDiscount",
  "floodSafe",
  "startDate",
] as const;

function text(values: RawSearch, name: string): string {
  const value = values[name];
  return typeof value === "string" ? value : "";
}

function list(values: RawSearch, name: string): string[] {
  const value = values[name];
  return Array.isArray(value) ? value : value ? [value] : [];
}

/**
 * The choices of the filters, in words: the search page's loader makes them (filterOptions) for the type searched,
 * so the page's JavaScript does not carry the vocabularies.
 */
export type FilterOptions = {
  kinds: readonly Option<string>[];
  vehicleSizes: readonly Option<string>[];
  durations: readonly Option<string>[];
  access: readonly Option<string>[];
  features: readonly Option<string>[];
};

export function SearchFilters({
  type,
  options,
  values,
  cities,
  budget,
  unit,
}: {
  type: SpaceType;
  options: FilterOptions;
  /** The search's parameters as the URL has them (also when they are not valid, to correct them). */
  values: RawSearch;
  cities: readonly CityOption[];
  budget: BudgetMeterView | null;
  unit: LengthUnit;
}) {
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === SEARCH_PATH;
  const moreInUse = MORE.some((name) => values[name] !== undefined);
  const _number = (name: string) => {
    const value = Number(text(values, name));
    return text(values, name) && Number.isFinite(value) ? value : undefined;
  };
  // The form is keyed by its values, so going back to an older search shows that search's filters.
  return (
    <Form
      key={JSON.stringify(values)}
      method="get"
      action={SEARCH_PATH}
      aria-label="Search filters"
      className="space-y-5 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <input type="hidden" name="storageType" value={type} />
      {values.bounds ? <input type="hidden" name="bounds" value={text(values, "bounds")} /> : null}
      {values.near ? <input type="hidden" name="near" value={text(values, "near")} /> : null}

      <FilterSelect
        id="search-city"
        name="city"
        label="City"
        value={text(values, "city")}
        any="Any city"
        options={groupByProvince(cities).map(
          ([province, group]) =>
            [province, group.map((city) => ({ value: city.slug, label: city.name }))] as const,
        )}
      />

      <FilterSelect
        id="search-sort"
        name="sort"
        label="Sort by"
        value={text(values, "sort") || "recommended"}
        options={SEARCH_SORTS.map((sort) => ({ value: sort, label: SEARCH_SORT_LABELS[sort] }))}
      >
        <p className="mt-1 text-xs text-slate-600">
          Nearest measures from the map's center, else the city's.
        </p>
      </FilterSelect>

      <fieldset>
        <legend className={labelClass}>Monthly budget (₱)</legend>
        {budget ? <BudgetMeterChart id="budget-meter" view={budget} /> : null}
        <div className="grid grid-cols-2 gap-3">
          <NumberInput
            id="search-min-price"
            name="minPrice"
            label="From"
            value={text(values, "minPrice")}
            step="0.01"
            describedBy={budget ? "budget-meter" : undefined}
          />
          <NumberInput
            id="search-max-price"
            name="maxPrice"
            label="To"
            value={text(values, "maxPrice")}
            step="0.01"
            describedBy={budget ? "budget-meter" : undefined}
          />
        </div>
      </fieldset>

      <details open={moreInUse} className="group rounded-md border border-slate-200 p-3">
        <summary className="cursor-pointer font-semibold text-brand-700">More filters</summary>
        <div className="mt-4 space-y-5">
          <FilterSelect
            id="search-kind"
            name="kind"
            label="Kind of space"
            value={text(values, "kind")}
            any="Any kind"
            options={options.kinds}
          />

          {type === "storage" ? (
            <NumberInput
              id="search-min-area"
              name="minArea"
              label="Floor area of at least (sq m)"
              value={text(values, "minArea")}
              step="0.1"
              hint={unit === "feet" ? "In square meters: 1 sq m is 10.764 sq ft." : undefined}
            />
          ) : (
            <>
              <FilterSelect
                id="search-vehicle"
                name="vehicleSize"
                label="Fits a vehicle up to"
                value={text(values, "vehicleSize")}
                any="Any vehicle"
                options={options.vehicleSizes}
              />
              <NumberInput
                id="search-min-units"
                name="minUnits"
                label="Parking slots, at least"
                value={text(values, "minUnits")}
                step="1"
              />
            </>
          )}

          <FilterSelect
            id="search-duration"
            name="rentalDuration"
            label="Rental duration"
            value={text(values, "rentalDuration")}
            any="Any duration"
            options={options.durations}
          />

          <FilterSelect
            id="search-access"
            name="accessOption"
            label="Access"
            value={text(values, "accessOption")}
            any="Any access"
            options={options.access}
          />

          <div>
            <label htmlFor="search-start" className={labelClass}>
              Available from
            </label>
            <input
              id="search-start"
              name="startDate"
              type="date"
              defaultValue={text(values, "startDate")}
              className={control}
            />
          </div>

          <fieldset>
            <legend className={labelClass}>Features (all of them)</legend>
            <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-1">
              {options.features.map((option) => (
                <Checkbox
                  key={option.value}
                  id={`search-feature-${option.value}`}
                  name="features"
                  value={option.value}
                  checked={list(values, "features").includes(option.value)}
                >
                  {option.label}
                </Checkbox>
              ))}
            </div>
          </fieldset>

          <fieldset>
            <legend className={labelClass}>Offers</legend>
            <div className="mt-2 space-y-2">
              <Checkbox
                id="search-quick"
                name="quickMoveIn"
                value="true"
                checked={Boolean(values.quickMoveIn)}
              >
                Quick move-in
              </Checkbox>
              <Checkbox
                id="search-discount"
                name="firstMonthDiscount"
                value="true"
                checked={Boolean(values.firstMonthDiscount)}
              >
                First-month discount
              </Checkbox>
            </div>
          </fieldset>

          <fieldset>
            <legend className={labelClass}>Typhoon season</legend>
            <div className="mt-2">
              <Checkbox
                id="search-flood-safe"
                name="floodSafe"
                value="true"
                checked={Boolean(values.floodSafe)}
              >
                Flood-safe
              </Checkbox>
            </div>
          </fieldset>
        </div>
      </details>

      <button
        type="submit"
        className="w-full rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
      >
        {searching ? "Searching…" : "Search"}
      </button>
    </Form>
  );
}

function NumberInput({
  id,
  name,
  label,
  value,
  step,
  hint,
  describedBy,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  step: string;
  hint?: string;
  describedBy?: string;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        min="0"
        step={step}
        inputMode="decimal"
        defaultValue={value}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(" ") || undefined}
        className={control}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function Checkbox({
  id,
  name,
  value,
  checked,
  children,
}: {
  id: string;
  name: string;
  value: string;
  checked: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        name={name}
        type="checkbox"
        value={value}
        defaultChecked={checked}
        className="mt-0.5 h-5 w-5 rounded border-slate-400"
      />
      <label htmlFor={id} className="text-sm text-slate-800">
        {children}
      </label>
    </div>
  );
}
