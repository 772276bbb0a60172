import type { FieldMetadata } from "@conform-to/react";
import { ACCESS_OPTION_LABELS, ACCESS_OPTIONS, featureOptionsFor, type SpaceType } from "~/domain/vocabulary";
import { CheckboxGroupField, RadioGroupField } from "./choice-fields";

/** The fields of the features step, as a conform form names them. */
export type FeaturesFieldset = {
  features: FieldMetadata<string[] | null | undefined>;
  accessOption: FieldMetadata<string | null | undefined>;
};

/** What a space of this type offers (check boxes of its type's list) and when renters can get in (one choice). */
export function FeaturesFields({ fields, type }: { fields: FeaturesFieldset; type: SpaceType }) {
  return (
    <div className="space-y-6">
      <CheckboxGroupField
        field={fields.features}
        legend="Features"
        hint="Tick everything your space has. Renters can filter by these."
        choices={featureOptionsFor(type)}
      />
      <RadioGroupField
        field={fields.accessOption}
        legend="When can renters get in?"
        choices={ACCESS_OPTIONS.map((option) => ({ value: option, label: ACCESS_OPTION_LABELS[option] }))}
        columns={2}
      />
    </div>
  );
}
