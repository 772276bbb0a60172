import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { reservationDraft, saveReservationDraft } from "~/api/reserve/reservation-drafts.server";
import type { ApiClient, CallInput, ResultOf } from "~/screens/api.server";
import { requireProfile } from "~/screens/auth.server";
import { formFailure } from "~/screens/form.server";
import { redirectWithToast } from "~/screens/toast.server";
import { type ReservationStep, reservationPath } from "~/utils/reservation-paths";

/**
 * What every reserve-space step shares (ADR 0023): the renter's draft of the space named by `?spaceId=` (through
 * GET /reserve/reservationDraft), and saving a step through POST /reserve/saveReservationDraft before moving on.
 * The draft lives on the server, so the flow works without JavaScript and resumes on another device; the price shown
 * on each step is the API's booking quote, never computed here.
 */

export type Draft = ResultOf<typeof reservationDraft>;

type Choice = Omit<CallInput<typeof reservationDraft>["query"], "spaceId">;

const CHOICE_FIELDS = ["startDate", "duration", "quantity", "parkingMode", "weekdays"] as const;

/**
 * The dates step's choice on the page's address — sent by "See the price" without JavaScript (a GET of the step's
 * own form) or by the live price with it — to be priced without saving; null when the address has none.
 */
export function choiceOnUrl(url: URL): Choice | null {
  const given = CHOICE_FIELDS.filter((name) => url.searchParams.has(name));
  if (given.length === 0) return null;
  return Object.fromEntries(
    given.map((name) => [
      name,
      name === "weekdays" ? url.searchParams.getAll(name) : url.searchParams.get(name),
    ]),
  ) as Choice;
}

/**
 * The renter's draft of the space named by `?spaceId=`; with `choice`, priced as if that were chosen (nothing is
 * saved). A choice the API cannot read (units that are not a number) keeps the saved draft, without a price and
 * with the API's reason.
 */
export async function loadReservation(
  request: Request,
  choice: Choice | null = null,
): Promise<{ client: ApiClient; draft: Draft }> {
  const { client } = await requireProfile(request);
  const spaceId = new URL(request.url).searchParams.get("spaceId") ?? "";
  const answer = await client.call(reservationDraft, { query: { spaceId, ...choice } });
  if (answer.ok) return { client, draft: answer.result };
  if (choice && answer.status === 400) {
    const saved = await client.call(reservationDraft, { query: { spaceId } });
    if (saved.ok) return { client, draft: { ...saved.result, quote: null, quoteMessage: answer.message } };
  }
  throw await redirectWithToast("/search-space", answer.toast);
}

/** A step that needs the dates first sends the renter back to the first step of the space's type. */
export function requireDates(draft: Draft): void {
  if (!draft.values.startDate || !draft.values.duration)
    throw redirect(reservationPath(draft.space.type, draft.space.spaceId));
}

/** Every step's form is checked by the API (the booking rules); here it is only read as text fields. */
const StepForm = z.record(z.string(), z.union([z.string(), z.array(z.string())]).optional());

type Body = Omit<CallInput<typeof saveReservationDraft>["body"], "spaceId">;

/** Saves a step (the fields `pick` reads from the form) and goes to `next`, or answers the API's refusal. */
export async function saveReservationStep(
  request: Request,
  formData: FormData,
  pick: (form: Record<string, string | string[] | undefined>) => Body,
  next: (draft: Draft) => ReservationStep,
) {
  const { client } = await requireProfile(request);
  const spaceId = new URL(request.url).searchParams.get("spaceId") ?? "";
  const submission = parseWithZod(formData, { schema: StepForm });
  if (submission.status !== "success") return formFailure(submission);
  const answer = await client.call(saveReservationDraft, { body: { spaceId, ...pick(submission.value) } });
  if (!answer.ok) return formFailure(submission, { failure: answer });
  return redirect(reservationPath(next(answer.result), spaceId));
}
