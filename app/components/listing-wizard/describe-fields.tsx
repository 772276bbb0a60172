import type { FieldMetadata } from "@conform-to/react";
import { TextAreaField, TextField } from "~/components/ui/field";
import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH, MIN_TITLE_LENGTH } from "~/domain/space";

/**
 * The describe-your-space fields (the wizard's step and the edit page): the title, typed through the product's "label"
 * key-press filter (letters, digits, spaces, hyphens, underscores; the server checks the same rule), and the
 * description.
 */
export function DescribeFields({
  fields,
}: {
  fields: {
    spaceTitle: FieldMetadata<string | null | undefined>;
    description: FieldMetadata<string | null | undefined>;
  };
}) {
  return (
    <div className="space-y-5">
      <TextField
        field={fields.spaceTitle}
        label="Title"
        keyFilter="label"
        hint={`What renters see first, ${MIN_TITLE_LENGTH} to ${MAX_TITLE_LENGTH} characters: letters, numbers, spaces, hyphens and underscores. For example "Dry garage near Ayala Avenue".`}
      />
      <TextAreaField
        field={fields.description}
        label="Description (optional)"
        rows={6}
        maxLength={MAX_DESCRIPTION_LENGTH}
        hint={`Up to ${MAX_DESCRIPTION_LENGTH.toLocaleString("en-PH")} characters. How to get in, what fits, what renters should know.`}
      />
    </div>
  );
}
