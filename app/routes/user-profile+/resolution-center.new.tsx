import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { retrieveAllBookingData } from "~/api/reserve/bookings.server";
import { addResolution } from "~/api/resol/resolutions.server";
import { imageUploadResolution } from "~/api/space/resolution-files.server";
import { bookingsInStates } from "~/components/bookings/booking-words";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CasePhotosInput } from "~/components/resolutions/case-parts";
import { ErrorList, SelectField, SubmitButton, TextAreaField, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatCalendarDate } from "~/domain/dates";
import { parsePeso } from "~/domain/money";
import {
  CASE_BOOKING_STATES,
  CLAIM_WINDOW_HOURS,
  DESCRIPTION_MAX_LENGTH,
  REASON_LABELS,
  RESOLUTION_REASON_VALUES,
} from "~/domain/resolution";
import { log } from "~/infra/log.server";
import { requireProfile } from "~/screens/auth.server";
import { formFailure, readUploadForm, uploadFailure } from "~/screens/form.server";
import { NewCaseSchema } from "~/screens/new-case.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import { makeToast } from "~/utils/toast";

/**
 * Opening a case (docs/product.md, Screens and routes: user-profile resolution-center): the booking (one of the
 * caller's approved, running or ended bookings, as renter or host), the reason, the amount asked in pesos, a
 * description and photos, in one multipart form that works without JavaScript. `?bookingId=&reason=` prefill it (the
 * move-out checklist links here with reason=damage). The action uploads the photos (POST /space/imageUploadResolution),
 * then opens the case with their ids (POST /resol/addResolution), which judges who may open what and when.
 */
export const meta: MetaFunction = () =>
  pageMeta("Open a case", "Ask Space Solution to settle a problem with a booking.");

const CENTER = "/user-profile/resolution-center";
const UPLOAD_FAILED = "Upload failed.";
const PHOTOS_TOO_LARGE = "The photos are too large. Please send at most 15 MB at once.";

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile, client } = await requireProfile(request);
  const answer = await client.call(retrieveAllBookingData, { params: { id: profile.userId } });
  if (!answer.ok) throw await redirectWithToast(CENTER, answer.toast);
  const bookings = bookingsInStates(answer.result, CASE_BOOKING_STATES).map((booking) => ({
    value: booking.bookingId,
    label: `${booking.space.spaceTitle} — ${formatCalendarDate(booking.startDate)} to ${formatCalendarDate(booking.endDate)} (${booking.role === "host" ? `you host ${booking.counterpart.name}` : `you rent from ${booking.counterpart.name}`})`,
  }));
  const url = new URL(request.url);
  const reason = url.searchParams.get("reason") ?? "";
  return {
    bookings,
    defaults: {
      bookingId: url.searchParams.get("bookingId") ?? "",
      reason: (RESOLUTION_REASON_VALUES as readonly string[]).includes(reason) ? reason : "",
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const read = await readUploadForm(request);
  if (!read) {
    const submission = parseWithZod(new FormData(), { schema: NewCaseSchema });
    return formFailure(submission, { failure: uploadFailure(PHOTOS_TOO_LARGE, 413) });
  }
  // The text is checked first, so a missing description never costs an upload; files are never echoed back.
  const submission = parseWithZod(read.text, { schema: NewCaseSchema });
  if (submission.status !== "success") return formFailure(submission);
  const { amount, ...fields } = submission.value;
  const photos = read.files;
  let photoUploadIds: string[] = [];
  if (photos.length > 0) {
    const upload = new FormData();
    for (const photo of photos) upload.append("image", photo, photo.name);
    try {
      const answer = await client.call(imageUploadResolution, { body: upload });
      if (!answer.ok) return formFailure(submission, { failure: answer });
      const uploads = (answer.result as { uploads?: { uploadId: string }[] }).uploads ?? [];
      photoUploadIds = uploads.map((stored) => stored.uploadId);
    } catch (error) {
      if (error instanceof Response) throw error;
      log.error({ err: error }, "[resolution-center] the photos did not reach the API");
      return formFailure(submission, { failure: uploadFailure(UPLOAD_FAILED) });
    }
  }

  const answer = await client.call(addResolution, {
    body: { ...fields, amountAsked: amount ? (parsePeso(amount) ?? 0) : 0, photoUploadIds },
  });
  if (!answer.ok) {
    // The API names the amount in centavos; the form's field is `amount`, in pesos.
    const errors = answer.errors.map((error) =>
      error.field === "amountAsked" ? { ...error, field: "amount" } : error,
    );
    return formFailure(submission, { failure: { ...answer, errors } });
  }
  return redirectWithToast(`${CENTER}/${answer.result.resolutionId}`, makeToast("success", answer.message));
}

export default function NewCase() {
  const { bookings, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const sending = useIsPending();
  const [form, fields] = useForm<{
    bookingId: string;
    reason: string;
    amount?: string;
    description: string;
    image?: File;
  }>({
    id: "new-case",
    lastResult: actionData?.result,
    defaultValue: defaults,
  });
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-6 md:py-10">
      <p className="text-sm">
        <Link to={CENTER} className="font-semibold text-brand-700 underline">
          Resolution center
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Open a case</h1>
      <p className="mt-2 text-slate-700">
        Tell us what went wrong with a booking. The other side is told and can answer in the case's thread; a
        Space Solution operator then decides. Hosts: a damage claim on the deposit opens after the booking
        ends, for {CLAIM_WINDOW_HOURS} hours.
      </p>
      {bookings.length === 0 ? (
        <p className="mt-6 rounded-md bg-slate-100 p-4 text-slate-700">
          You have no approved, running or ended bookings, so there is nothing to open a case on.
        </p>
      ) : (
        <Form
          method="post"
          encType="multipart/form-data"
          {...getFormProps(form)}
          className="mt-6 space-y-5 rounded-xl bg-white p-5 shadow-sm sm:p-8"
        >
          <SelectField
            field={fields.bookingId}
            label="Booking"
            placeholder="Choose a booking"
            options={bookings}
          />
          <SelectField
            field={fields.reason}
            label="Reason"
            placeholder="Choose a reason"
            options={RESOLUTION_REASON_VALUES.map((value) => ({ value, label: REASON_LABELS[value] }))}
          />
          <TextField
            field={fields.amount}
            label="Amount you ask for (₱, optional)"
            hint="In pesos, such as 1500.00. Hosts: at most the deposit. Leave empty to ask for nothing."
            inputMode="decimal"
          />
          <TextAreaField
            field={fields.description}
            label="What happened"
            hint={`Up to ${DESCRIPTION_MAX_LENGTH} characters.`}
            rows={6}
            maxLength={DESCRIPTION_MAX_LENGTH}
          />
          <CasePhotosInput field={fields.image} label="Photos (optional)" />
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton pending={sending}>{sending ? "Opening…" : "Open the case"}</SubmitButton>
        </Form>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
