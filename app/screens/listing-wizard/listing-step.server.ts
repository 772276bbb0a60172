import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { addMySpace, spaceBriefHostView } from "~/api/space/spaces.server";
import { MY_LISTINGS } from "~/components/my-listings/paths";
import { STEP_RULES } from "~/domain/listing-rules.server";
import { type ListingStep, nextStep, previousStep, type SpaceView, stepsFor } from "~/domain/space";
import type { ApiClient, CallInput } from "~/screens/api.server";
import { requireProfile } from "~/screens/auth.server";
import { formFailure } from "~/screens/form.server";
import { redirectWithToast } from "~/screens/toast.server";
import { stepPath } from "~/utils/site-paths";
import { makeToast } from "~/utils/toast";

/**
 * The plumbing every list-your-space step shares (ADR 0012), so each step's route only has its fields:
 * - `loadListingStep` — the host's draft named by `?spaceId=` (through GET /space/spaceBriefHostView), or none on a
 *   fresh start at the first step; a step that does not belong to the draft's type goes to the right one.
 * - `saveListingStep` — checks the form with the step's rules, saves it through POST /space/addMySpace and moves on
 *   (Continue) or back (Back). A Back press with invalid input stays with the errors rather than drop what was typed.
 * Drafts live on the server, so a host can stop at any step and resume on another device, with or without JS.
 */

/** The `intent` of the step forms' buttons. */
export const BACK_INTENT = "back";

/** A loaded step: its draft, which only the first step can be without (every other step needs `?spaceId=`). */
export type LoadedStep<S extends ListingStep = ListingStep> = {
  client: ApiClient;
  space: S extends "location" ? SpaceView | null : SpaceView;
  measurementUnit: "meter" | "feet";
};

export async function loadListingStep<S extends ListingStep>(
  request: Request,
  step: S,
): Promise<LoadedStep<S>> {
  const { profile, client } = await requireProfile(request);
  const measurementUnit = profile.measurementUnit === "feet" ? "feet" : "meter";
  const spaceId = new URL(request.url).searchParams.get("spaceId");
  if (!spaceId) {
    if (step === "location") return { client, space: null, measurementUnit } as LoadedStep<S>;
    throw redirect(stepPath("location"));
  }
  const answer = await client.call(spaceBriefHostView, { query: { spaceId, editSpace: "true" } });
  if (!answer.ok) throw await redirectWithToast(MY_LISTINGS, answer.toast);
  const space = answer.result;
  if (!stepsFor(space.storageType).includes(step)) {
    // A size step of the other type, or a size step before the type is chosen.
    throw redirect(stepPath("kind-of-space-are-you-listing", space._id));
  }
  return { client, space, measurementUnit } as LoadedStep<S>;
}

/** The step's form rules applied to the posted form, then the draft saved and the host sent on (or back). */
export async function saveListingStep(
  request: Request,
  step: ListingStep,
  options: { formData?: FormData; extra?: Record<string, unknown> } = {},
) {
  const { client } = await requireProfile(request);
  const formData = options.formData ?? (await request.formData());
  const spaceId = new URL(request.url).searchParams.get("spaceId");
  const back = formData.get("intent") === BACK_INTENT;
  const submission = parseWithZod(formData, { schema: STEP_RULES[step].form });
  if (submission.status !== "success") {
    const failure = formFailure(submission);
    if (!back || !spaceId) return failure;
    // Back with input that does not pass: stay with the errors, and offer to leave the step unsaved.
    const draft = await client.call(spaceBriefHostView, { query: { spaceId } });
    const previous = draft.ok ? previousStep(step, draft.result.storageType) : null;
    const discardTo = previous ? stepPath(previous, spaceId) : null;
    return data({ ...failure.data, discardTo }, failure.init ?? undefined);
  }
  // The body of whichever step this is: its form rules checked it above, and the API checks it again.
  const body = { step, ...(spaceId ? { spaceId } : {}), ...submission.value, ...options.extra };
  const answer = await client.call(addMySpace, { body: body as CallInput<typeof addMySpace>["body"] });
  if (!answer.ok) return formFailure(submission, { failure: answer });
  const space = answer.result;
  const target = back ? previousStep(step, space.storageType) : nextStep(step, space.storageType);
  if (!target) return redirect(stepPath("confirmed", space._id));
  return redirect(stepPath(target, space._id));
}

/** A step's action answer when a separate intent (an upload, a delete) succeeded: stay, with a success toast. */
export function stayWithToast(message: string) {
  return data({ result: undefined, toast: makeToast("success", message) });
}
