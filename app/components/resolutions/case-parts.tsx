import type { FieldMetadata } from "@conform-to/react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { ErrorList } from "~/components/ui/field";
import { type CaseState, MAX_CASE_PHOTOS, STATE_LABELS } from "~/domain/resolution";

/** The resolution center's shared pieces: a case's state badge and the photo picker of its forms. */

const STATE_TONES: Record<CaseState, BadgeTone> = {
  open: "warning",
  answered: "brand",
  decided: "success",
  withdrawn: "neutral",
};

export function CaseStateBadge({ state }: { state: CaseState }) {
  return <Badge tone={STATE_TONES[state]}>{STATE_LABELS[state]}</Badge>;
}

const fieldClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm aria-[invalid=true]:border-red-600 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800";

/** Photos in the form's own multipart POST (field `image`, several at once), so it works without JavaScript. */
export function CasePhotosInput({ field, label }: { field: FieldMetadata<unknown>; label: string }) {
  const hintId = `${field.id}-hint`;
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={field.id}
        name="image"
        type="file"
        multiple
        accept="image/jpeg,image/png,.jpg,.jpeg,.png"
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={field.errors ? `${hintId} ${field.errorId}` : hintId}
        className={fieldClass}
      />
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        JPEG or PNG, up to {MAX_CASE_PHOTOS} photos in a case. Location data is removed from them.
      </p>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
