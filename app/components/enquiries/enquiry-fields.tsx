import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { SelectField, TextField } from "~/components/ui/field";
import type { CityOption } from "~/content/cities";
import { SPACE_TYPE_LABELS, SPACE_TYPES } from "~/domain/vocabulary";

/**
 * The fields the operations enquiry forms share ("Can't find a space?", "List with us"): where and what (city and
 * type), and how to reach the sender (name, e-mail, phone). Plain selects and inputs: the forms post without
 * JavaScript, and the server's rules (app/domain/enquiry-rules.server.ts) say what is wrong next to each field.
 */

type Field = FieldMetadata<string | null | undefined>;

export function PlaceFields({
  city,
  storageType,
  cities,
  typeLabel,
  cityLabel,
}: {
  city: Field;
  storageType: Field;
  cities: readonly CityOption[];
  typeLabel: string;
  cityLabel: string;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <SelectField
        field={storageType}
        label={typeLabel}
        placeholder="Choose storage or parking"
        options={SPACE_TYPES.map((type) => ({ value: type, label: SPACE_TYPE_LABELS[type] }))}
      />
      <SelectField
        field={city}
        label={cityLabel}
        placeholder="Choose a city"
        options={cities.map((option) => ({
          value: option.slug,
          label: `${option.name}, ${option.province}`,
        }))}
      />
    </div>
  );
}

export function ContactFields({
  name,
  email,
  phoneNumber,
  phoneLabel,
}: {
  name: Field;
  email: Field;
  phoneNumber: Field;
  phoneLabel: string;
}) {
  return (
    <fieldset className="space-y-5">
      <legend className="text-lg font-semibold text-slate-900">How can we reach you?</legend>
      <TextField field={name} label="Your name" autoComplete="name" />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField field={email} label="Your e-mail" type="email" autoComplete="email" inputMode="email" />
        <TextField field={phoneNumber} label={phoneLabel} type="tel" autoComplete="tel" inputMode="tel" />
      </div>
    </fieldset>
  );
}

/** A form's thank-you state, in place of the form once it has been sent. */
export function ThankYou({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="thank-you-title" className="rounded-xl border border-brand-100 bg-brand-50 p-6">
      <h2 id="thank-you-title" className="text-xl font-bold text-brand-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-800">{children}</div>
    </section>
  );
}
