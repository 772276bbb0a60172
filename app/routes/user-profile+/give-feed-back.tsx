import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { FeedbackFieldsSchema, giveFeedback } from "~/api/feedback/feedback.server";
import { imageUploadFeedback } from "~/api/space/image-uploads.server";
import { ErrorList, SelectField, SubmitButton, TextAreaField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { ProfileStepCard } from "~/components/verification-ui";
import { FEEDBACK_MAX_LENGTH } from "~/domain/feedback";
import { log } from "~/infra/log.server";
import type { ApiResult } from "~/screens/api.server";
import { requireProfile } from "~/screens/auth.server";
import { formFailure, readUploadForm, uploadFailure } from "~/screens/form.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { makeToast } from "~/utils/toast";

/**
 * Feedback to the Space Solution team: a message, an optional 1–5 rating and an optional image, in one multipart
 * form that works without JavaScript. The action uploads the image first (POST /space/imageUploadFeedback), then
 * sends the feedback with its upload id (POST /feedback/giveFeedback), which stores it and mails it to support.
 */
export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta("Give feedback", "Tell the Space Solution team what works and what does not.");

const ACCOUNT = "/user-profile/user-profile-menu";
const UPLOAD_FAILED = "Upload failed.";
const RATINGS = [
  { value: "5", label: "5 – Excellent" },
  { value: "4", label: "4 – Good" },
  { value: "3", label: "3 – Okay" },
  { value: "2", label: "2 – Poor" },
  { value: "1", label: "1 – Very poor" },
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireProfile(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const form = await readUploadForm(request);
  if (!form) {
    const submission = parseWithZod(new FormData(), { schema: FeedbackFieldsSchema });
    return formFailure(submission, {
      failure: uploadFailure("The image is too large. Please choose one of at most 15 MB.", 413),
    });
  }
  // The text fields are checked here first, so a bad message never costs an upload; the file goes separately
  // (it is never echoed back in the form's answer).
  const submission = parseWithZod(form.text, { schema: FeedbackFieldsSchema });
  if (submission.status !== "success") return formFailure(submission);

  let imageUploadId: string | undefined;
  const [image] = form.files;
  if (image) {
    const upload = new FormData();
    upload.append("image", image, image.name);
    let answer: ApiResult<{ uploadId?: string }>;
    try {
      answer = await client.call(imageUploadFeedback, { body: upload });
    } catch (error) {
      if (error instanceof Response) throw error;
      log.error({ err: error }, "[give-feed-back] the image upload did not reach the API");
      return formFailure(submission, { failure: uploadFailure(UPLOAD_FAILED) });
    }
    if (!answer.ok) return formFailure(submission, { failure: answer });
    if (!answer.result?.uploadId)
      return formFailure(submission, {
        failure: uploadFailure(answer.message || UPLOAD_FAILED),
      });
    imageUploadId = answer.result.uploadId;
  }

  const answer = await client.call(giveFeedback, { body: { ...submission.value, imageUploadId } });
  if (!answer.ok) return formFailure(submission, { failure: answer });
  return redirectWithToast(ACCOUNT, makeToast("success", answer.message));
}

const fieldClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm aria-[invalid=true]:border-red-600";

export default function GiveFeedback() {
  const actionData = useActionData<typeof action>();
  const sending = useIsPending();
  const [form, fields] = useForm<{ message: string; rating?: string; image?: File }>({
    id: "give-feedback",
    lastResult: actionData?.result,
  });
  const imageErrors = fields.image.errors;
  return (
    <ProfileStepCard
      title="Give feedback"
      intro="Something not working, or an idea to make Space Solution better? Our team reads every message."
    >
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-5">
        <TextAreaField
          field={fields.message}
          label="Your feedback"
          hint={`Up to ${FEEDBACK_MAX_LENGTH} characters.`}
          rows={6}
          maxLength={FEEDBACK_MAX_LENGTH}
        />
        <SelectField
          field={fields.rating}
          label="How would you rate Space Solution? (optional)"
          placeholder="No rating"
          options={RATINGS}
        />
        <div>
          <label htmlFor={fields.image.id} className="block text-sm font-semibold text-slate-800">
            Attach an image (optional)
          </label>
          <input
            id={fields.image.id}
            name={fields.image.name}
            type="file"
            accept="image/jpeg,image/png,.jpg,.jpeg,.png"
            aria-invalid={imageErrors ? true : undefined}
            aria-describedby={
              imageErrors ? `${fields.image.id}-hint ${fields.image.errorId}` : `${fields.image.id}-hint`
            }
            className={`${fieldClass} file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800`}
          />
          <p id={`${fields.image.id}-hint`} className="mt-1 text-sm text-slate-600">
            A screenshot or photo helps us understand. JPEG or PNG, up to 15 MB.
          </p>
          <ErrorList id={fields.image.errorId} errors={imageErrors} />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton pending={sending}>{sending ? "Sending…" : "Send feedback"}</SubmitButton>
      </Form>
    </ProfileStepCard>
  );
}
