import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { updateProfilePic } from "~/api/user/profile-picture.server";
import { SubmitButton } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { ProfileStepCard, SkipLink } from "~/components/verification-ui";
import { IMAGE_ONLY_MESSAGE } from "~/domain/upload-rules";
import { log } from "~/infra/log.server";
import { BodyTooLargeError, readFormWithin } from "~/infra/security.server";
import type { ApiResult } from "~/screens/api.server";
import { requireProfile } from "~/screens/auth.server";
import { redirectWithToast } from "~/screens/toast.server";
import { firstLoginEnd, isFirstLoginFlow, nextFirstLoginStep } from "~/utils/first-login";
import { shellUser } from "~/utils/menu";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { errorToast, makeToast } from "~/utils/toast";

/**
 * The profile photo: a plain multipart form (POST /user/updateProfilePic through the API client), so it works
 * without JavaScript; the API judges the file by its bytes, crops it square and strips its metadata. JavaScript
 * adds a preview of the chosen file and refuses a non-image before it is sent. Step 1 of the first-login
 * walk-through with `?flow=first-login`: on success or "Skip for now" the phone step follows.
 */
export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta("Profile photo", "Add a photo so hosts and renters know who they are dealing with.");

const PATH = "/user-profile/create-profile-photo";
const UPLOAD_FAILED = "Upload failed.";
const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
const TOO_LARGE = "This photo is too large. Please choose one of at most 15 MB.";

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile } = await requireProfile(request);
  const inFlow = isFirstLoginFlow(request.url);
  return {
    photoUrl: shellUser(profile).photoUrl,
    hasPhoto: Boolean(profile.profilePic),
    flowPath: inFlow ? PATH : null,
    next: inFlow ? (nextFirstLoginStep(PATH, request.url) ?? firstLoginEnd(request.url)) : null,
  };
}

function photoFailure(message: string, status = 400) {
  return data({ error: message, toast: errorToast(message) }, { status });
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  let form: FormData;
  try {
    form = await readFormWithin(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return photoFailure(TOO_LARGE, 413);
    throw error;
  }
  // Whatever was chosen (or nothing) goes to the API, which says what is wrong with it.
  const upload = new FormData();
  const image = form.get("image");
  if (image instanceof File && (image.size > 0 || image.name)) upload.append("image", image, image.name);
  let answer: ApiResult<{ profilePic?: string }>;
  try {
    answer = await client.call(updateProfilePic, { body: upload });
  } catch (error) {
    // Redirects (an ended session) pass; a request that did not get through is "Upload failed.".
    if (error instanceof Response) throw error;
    log.error({ err: error }, "[create-profile-photo] the upload did not reach the API");
    return photoFailure(UPLOAD_FAILED, 502);
  }
  if (!answer.ok) return photoFailure(answer.message, answer.status === 413 ? 413 : 400);
  if (!answer.result?.profilePic) return photoFailure(answer.message || UPLOAD_FAILED, 400);
  const next = isFirstLoginFlow(request.url)
    ? (nextFirstLoginStep(PATH, request.url) ?? firstLoginEnd(request.url))
    : PATH;
  return redirectWithToast(next, makeToast("success", answer.message));
}

/** What the first bytes of a chosen file say it is: the same rule the server applies, checked before sending. */
async function isJpegOrPng(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const starts = (signature: number[]) => signature.every((byte, i) => head[i] === byte);
  return starts([0xff, 0xd8, 0xff]) || starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
}

export default function CreateProfilePhoto() {
  const { photoUrl, hasPhoto, flowPath, next } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const uploading = useIsPending();
  const [preview, setPreview] = useState<string | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  // The server's word on the last upload stands until another file is chosen.
  const [answered, setAnswered] = useState(actionData);
  const input = useRef<HTMLInputElement>(null);
  const error = choiceError ?? answered?.error ?? null;
  useEffect(() => setAnswered(actionData), [actionData]);

  // A new photo on the page (after an upload) starts the form afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: photoUrl is the trigger, not a value used inside
  useEffect(() => {
    setPreview(null);
    setChoiceError(null);
    if (input.current) input.current.value = "";
  }, [photoUrl]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setPreview(null);
    setChoiceError(null);
    setAnswered(undefined);
    if (!file) return;
    if (!(await isJpegOrPng(file))) return setChoiceError(IMAGE_ONLY_MESSAGE);
    if (file.size > MAX_PHOTO_BYTES) return setChoiceError(TOO_LARGE);
    setPreview(URL.createObjectURL(file));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!choiceError) return;
    event.preventDefault();
    input.current?.focus();
  }

  return (
    <ProfileStepCard
      title="Profile photo"
      flowPath={flowPath}
      intro="A clear photo of your face helps hosts and renters trust you. Choose a JPEG or PNG photo; we crop it to a square and remove its location and camera details."
    >
      <div className="flex flex-wrap items-start justify-center gap-8">
        <figure className="text-center">
          <img
            src={photoUrl}
            alt={
              hasPhoto ? "You, as others see you now" : "The default silhouette, shown until you add yours"
            }
            width={144}
            height={144}
            className="h-36 w-36 rounded-full bg-slate-100 object-cover"
            data-testid="current-photo"
          />
          <figcaption className="mt-2 text-sm text-slate-600">
            {hasPhoto ? "Current photo" : "No photo yet"}
          </figcaption>
        </figure>
        {preview ? (
          <figure className="text-center">
            <img
              src={preview}
              alt="You, as others will see you after this upload"
              width={144}
              height={144}
              className="h-36 w-36 rounded-full object-cover ring-4 ring-brand-100"
            />
            <figcaption className="mt-2 text-sm text-slate-600">New photo</figcaption>
          </figure>
        ) : null}
      </div>

      <Form
        method="post"
        encType="multipart/form-data"
        onSubmit={submit}
        className="mt-6 space-y-5"
        aria-label="Upload a profile photo"
      >
        <div>
          <label htmlFor="image" className="block text-sm font-semibold text-slate-800">
            Choose a photo
          </label>
          <input
            ref={input}
            id="image"
            name="image"
            type="file"
            accept="image/jpeg,image/png,.jpg,.jpeg,.png"
            onChange={choose}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "image-hint image-error" : "image-hint"}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800"
          />
          <p id="image-hint" className="mt-1 text-sm text-slate-600">
            JPEG or PNG, up to 15 MB.
          </p>
          {error ? (
            <p id="image-error" role="alert" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <SubmitButton pending={uploading}>{uploading ? "Uploading…" : "Upload photo"}</SubmitButton>
      </Form>

      {next ? (
        <div className="mt-3">
          <SkipLink to={next} />
        </div>
      ) : null}
    </ProfileStepCard>
  );
}
