import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { BookingFeedbackFieldsSchema, giveFeedback } from "~/api/feedback/feedback.server";
import { retrieveBookingData } from "~/api/reserve/bookings.server";
import { imageUploadBookingFeedback } from "~/api/reserve/deposit-checklist.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, SelectField, SubmitButton, TextAreaField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { FEEDBACK_MAX_LENGTH, MAX_FEEDBACK_PHOTOS, TOO_MANY_FEEDBACK_PHOTOS } from "~/domain/feedback";
import { requireProfile } from "~/screens/auth.server";
import { formFailure, readUploadForm, uploadFailure } from "~/screens/form.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import { makeToast } from "~/utils/toast";

/**
 * Feedback on a booking (docs/product.md, Screens and routes: bookings/give-feedback): a rating of the service, a short
 * message and optional photos, private to the Space Solution team (stored and e-mailed to support). One multipart form
 * that works without JavaScript: the action uploads the photos (POST /space/imageUploadBookingFeedback with the
 * booking), then sends the feedback with their ids (POST /feedback/giveFeedback with the booking). Only the booking's
 * renter and host.
 */
export const meta: MetaFunction = () =>
  pageMeta("Give feedback on a booking", "Rate the service of a booking for the Space Solution team.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const answer = await client.call(retrieveBookingData, { params: { id: params.bookingId ?? "" } });
  if (!answer.ok) {
    if (answer.status === 404 || answer.status === 400) throw new Response("Not found", { status: 404 });
    throw new Response(answer.message, { status: answer.status });
  }
  return data({ bookingId: answer.result.bookingId, spaceTitle: answer.result.space.spaceTitle });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const bookingId = params.bookingId ?? "";
  const form = await readUploadForm(request);
  if (!form) {
    const submission = parseWithZod(new FormData(), { schema: BookingFeedbackFieldsSchema });
    return formFailure(submission, {
      failure: uploadFailure("The photos are too large. Please send at most 15 MB.", 413),
    });
  }
  const submission = parseWithZod(form.text, { schema: BookingFeedbackFieldsSchema });
  if (submission.status !== "success") return formFailure(submission);

  const photos = form.files;
  if (photos.length > MAX_FEEDBACK_PHOTOS)
    return formFailure(submission, { failure: uploadFailure(TOO_MANY_FEEDBACK_PHOTOS) });
  let photoUploadIds: string[] | undefined;
  if (photos.length) {
    const upload = new FormData();
    for (const photo of photos) upload.append("image", photo, photo.name);
    upload.append("bookingId", bookingId);
    const uploaded = await client.call(imageUploadBookingFeedback, { body: upload });
    if (!uploaded.ok) return formFailure(submission, { failure: uploaded });
    photoUploadIds = (uploaded.result as { uploads: { uploadId: string }[] }).uploads.map(
      (row) => row.uploadId,
    );
  }
  const answer = await client.call(giveFeedback, {
    body: { ...submission.value, bookingId, photoUploadIds },
  });
  if (!answer.ok) return formFailure(submission, { failure: answer });
  return redirectWithToast(`/bookings/${bookingId}`, makeToast("success", answer.message));
}

const RATINGS = [
  { value: "5", label: "5 – Excellent" },
  { value: "4", label: "4 – Good" },
  { value: "3", label: "3 – Okay" },
  { value: "2", label: "2 – Poor" },
  { value: "1", label: "1 – Very poor" },
] as const;

export default function GiveBookingFeedback() {
  const { bookingId, spaceTitle } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const sending = useIsPending();
  const [form, fields] = useForm<{ message: string; rating: string; image?: File[] }>({
    id: "give-booking-feedback",
    lastResult: actionData?.result,
  });
  return (
    <article className="mx-auto w-full max-w-2xl px-4 py-6 md:py-10">
      <Link to={`/bookings/${bookingId}`} className="text-sm font-semibold text-brand-700 underline">
        ← Back to the booking
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">Give feedback</h1>
      <p className="mt-1 text-slate-700">
        How was Space Solution's service for {spaceTitle ?? "this booking"}? Only our team reads this.
      </p>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-6 space-y-5">
        <SelectField
          field={fields.rating}
          label="Your rating of the service"
          placeholder="Choose a rating"
          options={RATINGS}
        />
        <TextAreaField
          field={fields.message}
          label="Your feedback"
          hint={`Up to ${FEEDBACK_MAX_LENGTH} characters.`}
          rows={5}
          maxLength={FEEDBACK_MAX_LENGTH}
        />
        <div>
          <label htmlFor={fields.image.id} className="block text-sm font-semibold text-slate-800">
            Photos (optional)
          </label>
          <input
            id={fields.image.id}
            name={fields.image.name}
            type="file"
            multiple
            accept="image/jpeg,image/png,.jpg,.jpeg,.png"
            aria-invalid={fields.image.errors ? true : undefined}
            aria-describedby={`${fields.image.id}-hint`}
            className="mt-1 block w-full text-sm file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800"
          />
          <p id={`${fields.image.id}-hint`} className="mt-1 text-sm text-slate-600">
            Up to {MAX_FEEDBACK_PHOTOS} photos, JPEG or PNG, 15 MB in all.
          </p>
          <ErrorList id={fields.image.errorId} errors={fields.image.errors} />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton pending={sending}>{sending ? "Sending…" : "Send feedback"}</SubmitButton>
      </Form>
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
