import type { FieldMetadata } from "@conform-to/react";
import { CheckboxField } from "~/components/ui/field";
import { FLOOD_HISTORIES, FLOOD_HISTORY_LABELS } from "~/domain/flood-readiness";
import type { SpaceType } from "~/domain/vocabulary";
import { NumberField, RadioGroupField } from "./choice-fields";

type Flag = FieldMetadata<string | boolean | null | undefined>;

/** The fields of the flood-readiness step, as a conform form names them. */
export type ReadinessFieldset = {
  elevationM: FieldMetadata<number | string | null | undefined>;
  floodHistory: FieldMetadata<string | null | undefined>;
  typhoonRatedDoor: Flag;
  raisedStorage: Flag;
  backupPower: Flag;
  aboveFloodLine: Flag;
};

/**
 * Readiness for typhoon season (docs/product.md): every answer is optional. Raised storage is asked of storage,
 * above the flood line of parking; CCTV, a guard and covered parking are features, ticked on the features step.
 */
export function ReadinessFields({ fields, type }: { fields: ReadinessFieldset; type: SpaceType }) {
  return (
    <div className="space-y-6">
      <NumberField
        field={fields.elevationM}
        label="Floor or elevation above the street"
        unit="meters"
        hint="About 3 meters per floor; 0 for street level."
        min={0}
      />
      <RadioGroupField
        field={fields.floodHistory}
        legend="Has the spot flooded?"
        choices={FLOOD_HISTORIES.map((history) => ({ value: history, label: FLOOD_HISTORY_LABELS[history] }))}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-800">What keeps things safe in a storm</legend>
        {type === "storage" ? (
          <CheckboxField field={fields.raisedStorage} label="Raised or sealed storage (pallets, shelves)" />
        ) : (
          <CheckboxField field={fields.aboveFloodLine} label="The slot is above the flood line" />
        )}
        <CheckboxField field={fields.typhoonRatedDoor} label="Typhoon-rated door or shutter" />
        <CheckboxField field={fields.backupPower} label="Backup power" />
      </fieldset>
    </div>
  );
}
