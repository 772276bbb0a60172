import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { ErrorList, SelectField, TextField } from "~/components/ui/field";
import { provinceFollowsCity } from "~/components/ui/province";
import type { CityChoice } from "~/components/verification-ui";
import { inputClass } from "./choice-fields";

/** The fields of the location step, as a conform form names them. */
export type LocationFieldset = {
  addressLine1: FieldMetadata<string | null | undefined>;
  addressLine2: FieldMetadata<string | null | undefined>;
  city: FieldMetadata<string | null | undefined>;
  barangay: FieldMetadata<string | null | undefined>;
  province: FieldMetadata<string | null | undefined>;
};

/**
 * Where the space is: address line 1 and 2, the city (a select of /user/cityList, values are slugs), the barangay
 * (free text with the chosen city's barangays as suggestions — the API takes only one of the city's own) and the
 * province. With JavaScript, choosing a city fills the province in (unless the host typed another); without, an
 * empty province is filled in from the city by the step's action.
 */
export function LocationFields({
  fields,
  cities,
}: {
  fields: LocationFieldset;
  cities: readonly CityChoice[];
}) {
  const chosen = cities.find((city) => city.slug === fields.city.value);
  const listId = `${fields.barangay.id}-suggestions`;
  const hintId = `${fields.barangay.id}-hint`;
  const suggestions = chosen
    ? chosen.barangays.map((barangay) => ({ value: barangay, label: "" }))
    : cities.flatMap((city) => city.barangays.map((barangay) => ({ value: barangay, label: city.name })));
  const { key: barangayKey, ...barangayProps } = getInputProps(fields.barangay, {
    type: "text",
    ariaDescribedBy: hintId,
  });

  return (
    <div className="space-y-5">
      <TextField
        field={fields.addressLine1}
        label="Address line 1"
        autoComplete="address-line1"
        hint="House or unit number, building and street, for example 12B Tower 2, 123 Ayala Avenue."
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
          placeholder="Choose the city"
          options={cities.map((city) => ({ value: city.slug, label: `${city.name}, ${city.province}` }))}
        />
      </div>
      <div>
        <label htmlFor={fields.barangay.id} className="block text-sm font-semibold text-slate-800">
          Barangay
        </label>
        <input key={barangayKey} {...barangayProps} list={listId} autoComplete="off" className={inputClass} />
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {chosen
            ? `Start typing to pick one of ${chosen.name}'s barangays.`
            : "Choose the city first, then start typing to pick its barangay."}
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
      <TextField
        field={fields.province}
        label="Province"
        autoComplete="address-level1"
        hint={
          chosen
            ? `${chosen.name} is in ${chosen.province}.`
            : "Leave it empty to use the province of the city you chose."
        }
      />
    </div>
  );
}
