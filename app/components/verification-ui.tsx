import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { AddressInput } from "~/domain/address-rules";
import { FirstLoginProgress } from "./first-login-progress";
import { ErrorList, SelectField, TextField } from "./ui/field";
import { provinceFollowsCity } from "./ui/province";

/**
 * The pieces of the screens that confirm who a user is (phone, address, identity, company): the card they sit in,
 * with the first-login progress when they are a step of it, and the address fields with the city chosen from
 * /user/cityList and that city's barangays offered as suggestions. No zod here: this runs in the browser.
 */
export function ProfileStepCard({
  title,
  intro,
  flowPath,
  children,
  after,
}: {
  title: string;
  intro?: ReactNode;
  /** The walk-through step this screen is, when it is shown as one (`?flow=first-login`). */
  flowPath?: string | null;
  children: ReactNode;
  /** More cards under the first one. */
  after?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 md:py-12">
      {flowPath ? <FirstLoginProgress path={flowPath} /> : null}
      <div className="rounded-xl bg-white p-6 shadow-sm md:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {intro ? <div className="mt-2 text-slate-700">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
      {after}
      {flowPath ? null : (
        <p className="mt-6 text-center text-sm">
          <Link to="/user-profile/user-profile-menu" className="font-semibold text-brand-700 underline">
            Back to my account
          </Link>
        </p>
      )}
    </div>
  );
}

/** A city of /user/cityList, as the address fields need it. */
export type CityChoice = { name: string; slug: string; province: string; barangays: string[] };

export function SecondaryButton({ children }: { children: ReactNode }) {
  return (
    <button
      type="submit"
      className="w-full rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
    >
      {children}
    </button>
  );
}

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm aria-[invalid=true]:border-red-600";

/**
 * The address (docs/product.md, Validation texts) in its order: line 1, line 2, city (a select of the cities we serve),
 * barangay (free text, with the chosen city's barangays as suggestions; every city's without a city yet), province,
 * house number, street. `field` is the address's fieldset in a conform form.
 */
export function AddressFields({
  legend,
  field,
  cities,
}: {
  legend: string;
  field: FieldMetadata<AddressInput | null | undefined, Record<string, unknown>, string[]>;
  cities: readonly CityChoice[];
}) {
  const fields = field.getFieldset();
  const chosen = cities.find((city) => city.slug === fields.city.value);
  const listId = `${field.id}-barangays`;
  const suggestions = chosen
    ? chosen.barangays.map((barangay) => ({ value: barangay, label: "" }))
    : cities.flatMap((city) => city.barangays.map((barangay) => ({ value: barangay, label: city.name })));
  const barangayProps = getInputProps(fields.barangay, { type: "text", ariaDescribedBy: `${listId}-hint` });
  return (
    <fieldset className="space-y-5">
      <legend className="text-lg font-semibold text-slate-900">{legend}</legend>
      <TextField
        field={fields.addressLine1}
        label="Address line 1"
        autoComplete="address-line1"
        hint="Unit, floor and building, for example Unit 12B, Tower 2."
      />
      <TextField
        field={fields.addressLine2}
        label="Address line 2"
        autoComplete="address-line2"
        hint="Subdivision, village or landmark."
      />
      <div onChange={provinceFollowsCity(cities, fields.province.id)}>
        <SelectField
          field={fields.city}
          label="City"
          placeholder="Choose your city"
          options={cities.map((city) => ({ value: city.slug, label: `${city.name}, ${city.province}` }))}
          hint={chosen ? `${chosen.name} is in ${chosen.province}.` : undefined}
        />
      </div>
      <div>
        <label htmlFor={fields.barangay.id} className="block text-sm font-semibold text-slate-800">
          Barangay
        </label>
        <input {...barangayProps} list={listId} autoComplete="off" className={inputClass} />
        <p id={`${listId}-hint`} className="mt-1 text-sm text-slate-600">
          {chosen
            ? `Start typing to pick one of ${chosen.name}'s barangays, or type your own.`
            : "Type your barangay."}
        </p>
        <datalist id={listId}>
          {suggestions.map((option) => (
            <option
              key={`${option.label}:${option.value}`}
              value={option.value}
              label={option.label || undefined}
            />
          ))}
        </datalist>
        <ErrorList id={fields.barangay.errorId} errors={fields.barangay.errors} />
      </div>
      <TextField field={fields.province} label="Province" autoComplete="address-level1" />
      <TextField field={fields.houseNumber} label="House number" />
      <TextField field={fields.street} label="Street" />
    </fieldset>
  );
}

/** "Skip for now" of a walk-through step that needs no saving: a link to the next step. */
export function SkipLink({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="block w-full rounded-md px-5 py-3 text-center font-semibold text-brand-700 underline hover:bg-slate-50"
    >
      Skip for now
    </Link>
  );
}
