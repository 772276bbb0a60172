import type { FieldMetadata } from "@conform-to/react";
import { ErrorList } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  isSpaceType,
  kindOptionsFor,
  SPACE_TYPE_LABELS,
  SPACE_TYPES,
  type SpaceType,
} from "~/domain/vocabulary";
import { RadioGroupField, SharedRadioGroup } from "./choice-fields";

/** The fields of the kind step, as a conform form names them. */
export type KindFieldset = {
  storageType: FieldMetadata<string | null | undefined>;
  kind: FieldMetadata<string | null | undefined>;
};

const TYPE_DESCRIPTIONS: Record<SpaceType, string> = {
  storage: "A room, garage, shelf or warehouse where renters keep their things.",
  parking: "A slot where renters park a car, motorcycle or van.",
};

/** The legend of each type's kinds (also how tests and screen readers find the group). */
export const KIND_LEGENDS: Record<SpaceType, string> = {
  storage: "Kind of storage space",
  parking: "Kind of parking space",
};

/**
 * Storage or parking, then the kind of that type. Both kind groups share the field `kind`, so only one kind is
 * ever checked. Without JavaScript both groups show and the server checks that the kind belongs to the type; with
 * JavaScript only the chosen type's group shows (the other is hidden and disabled, so it sends nothing), and none
 * before a type is chosen. `garage` is in both lists: `savedType` says which of the two starts checked.
 */
export function KindFields({ fields, savedType }: { fields: KindFieldset; savedType: SpaceType | null }) {
  const hydrated = useHydrated();
  const chosen = fields.storageType.value;
  const type = isSpaceType(chosen) ? chosen : null;
  // The type the initial kind goes with: the one the form started with (after a failed save, the one sent).
  const initialType = isSpaceType(fields.storageType.initialValue)
    ? fields.storageType.initialValue
    : savedType;
  const initialKind = typeof fields.kind.initialValue === "string" ? fields.kind.initialValue : null;
  return (
    <div className="space-y-6">
      <RadioGroupField
        field={fields.storageType}
        legend="Type of space"
        choices={SPACE_TYPES.map((each) => ({
          value: each,
          label: SPACE_TYPE_LABELS[each],
          description: TYPE_DESCRIPTIONS[each],
        }))}
        hint="Storage continues with its size; parking with the largest vehicle that fits."
      />
      {hydrated && !type ? (
        <p className="text-sm text-slate-600">Choose storage or parking to see its kinds.</p>
      ) : null}
      {SPACE_TYPES.map((each) => (
        <SharedRadioGroup
          key={each}
          field={fields.kind}
          groupId={each}
          legend={KIND_LEGENDS[each]}
          hint={hydrated ? undefined : `Choose one of these if your space is ${each}.`}
          choices={kindOptionsFor(each)}
          checked={initialType === each ? initialKind : null}
          hidden={hydrated && type !== each}
        />
      ))}
      <ErrorList id={fields.kind.errorId} errors={fields.kind.errors} />
    </div>
  );
}
