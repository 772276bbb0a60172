import { parseWithZod } from "@conform-to/zod/v4";
import { STEP_RULES } from "~/domain/listing-rules.server";
import type { ListingStep } from "~/domain/space";
import type { SpaceType } from "~/domain/vocabulary";

/**
 * The one-page edit of a published listing (storage-list-form) checks its form with the rules of each step it
 * shows — the same rules as the wizard's steps and POST /space/editSpace — and sends the fields of all of them to
 * editSpace in one call. The photos are not among them: they are changed on the add-more-details step.
 */

/** The steps the edit page shows, in the wizard's order, for a listing of this type. */
export function editedSteps(type: SpaceType): ListingStep[] {
  return [
    "location",
    "pin-location-on-map",
    "kind-of-space-are-you-listing",
    type === "parking" ? "vehicle-size-measurements" : "storage-space-size-measurements",
    "features",
    "flood-readiness",
    "describe-your-space",
    "list-your-space-frequency",
    "set-your-space-price",
    "deposit",
    "contract-facility",
    "discount",
  ];
}

/**
 * Every shown step's rules applied to the form. Success: the fields of all steps, ready for editSpace. Otherwise
 * one submission-like answer carrying every step's errors, in the steps' order (so the first is the toast), for
 * `formFailure`.
 */
export function parseListingEdit(form: FormData, type: SpaceType) {
  const submissions = editedSteps(type).map((step) => parseWithZod(form, { schema: STEP_RULES[step].form }));
  const errors: Record<string, string[]> = {};
  const value: Record<string, unknown> = {};
  for (const submission of submissions) {
    if (submission.status === "success") Object.assign(value, submission.value);
    else
      for (const [name, messages] of Object.entries(submission.error ?? {}))
        if (messages?.length) errors[name] = messages;
  }
  const [base] = submissions;
  if (!base) throw new Error("no steps to check");
  const submission = {
    status: Object.keys(errors).length ? ("error" as const) : ("success" as const),
    error: errors,
    reply: (options?: Parameters<typeof base.reply>[0]) =>
      base.reply({
        ...options,
        fieldErrors: { ...errors, ...(options && "fieldErrors" in options ? options.fieldErrors : {}) },
      }),
  };
  return { submission, value };
}
