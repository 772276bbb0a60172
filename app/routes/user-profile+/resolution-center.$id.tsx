import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod/v4";
import { replyResolution, viewResolution, withdrawResolution } from "~/api/resol/resolutions.server";
import { imageUploadResolution } from "~/api/space/resolution-files.server";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { CasePhotosInput, CaseStateBadge } from "~/components/resolutions/case-parts";
import { Card } from "~/components/ui/card";
import { ErrorList, TextAreaField } from "~/components/ui/field";
import { PendingButton } from "~/components/ui/pending-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatCalendarDate, formatMoment } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import { amountAskedText, CASE_NOT_FOUND, MESSAGE_MAX_LENGTH, NOT_YOUR_CASE } from "~/domain/resolution";
import { log } from "~/infra/log.server";
import { requireProfile } from "~/screens/auth.server";
import { formFailure, readUploadForm, uploadFailure } from "~/screens/form.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import { errorToast, makeToast } from "~/utils/toast";

/**
 * One case (docs/product.md, Screens and routes: user-profile resolution-center) for its renter or host: what was asked
 * and why, the photos, the thread, and — while it holds — a reply form (text and photos in one multipart POST) and, for
 * its opener, a withdrawal; once decided, the operator's award and note. Forms post to this route's action (an `intent`
 * each), so it works without JavaScript. Anyone else gets a 403 saying the case is not theirs.
 */
export const meta: MetaFunction = () =>
  pageMeta("Resolution case", "A case about a booking and its decision.");

const CENTER = "/user-profile/resolution-center";
const WRITE_OR_ADD = "Please write your message or add a photo.";
const UPLOAD_FAILED = "Upload failed.";

/** A reply: a message, or photos only. */
const ReplySchema = z.object({
  message: z
    .string()
    .trim()
    .max(MESSAGE_MAX_LENGTH, `A message can be at most ${MESSAGE_MAX_LENGTH} characters.`)
    .optional(),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const answer = await client.call(viewResolution, { query: { resolutionId: params.id ?? "" } });
  if (!answer.ok) {
    if (answer.status === 400) throw new Response("Not found", { status: 404 });
    throw new Response(answer.message, { status: answer.status });
  }
  return data({ resolution: answer.result });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const resolutionId = params.id ?? "";
  const here = `${CENTER}/${resolutionId}`;
  const read = await readUploadForm(request);
  if (!read) {
    const submission = parseWithZod(new FormData(), { schema: ReplySchema });
    return formFailure(submission, {
      failure: uploadFailure("The photos are too large. Please send at most 15 MB at once.", 413),
    });
  }
  if (read.text.get("intent") === "withdraw") {
    const answer = await client.call(withdrawResolution, { body: { resolutionId } });
    if (!answer.ok) return data({ result: undefined, toast: answer.toast }, { status: answer.status });
    return redirectWithToast(here, makeToast("success", answer.message));
  }
  const submission = parseWithZod(read.text, { schema: ReplySchema });
  if (submission.status !== "success") return formFailure(submission);
  const message = submission.value.message ?? "";
  const photos = read.files;
  if (!message && photos.length === 0)
    return formFailure(submission, {
      failure: {
        ok: false,
        status: 400,
        message: WRITE_OR_ADD,
        errors: [{ field: "message", message: WRITE_OR_ADD }],
        toast: errorToast(WRITE_OR_ADD),
      },
    });
  let done = "Your photos were added.";
  if (photos.length > 0) {
    const upload = new FormData();
    upload.append("resolutionId", resolutionId);
    for (const photo of photos) upload.append("image", photo, photo.name);
    try {
      const answer = await client.call(imageUploadResolution, { body: upload });
      if (!answer.ok) return formFailure(submission, { failure: answer });
    } catch (error) {
      if (error instanceof Response) throw error;
      log.error({ err: error }, "[resolution-center] the photos did not reach the API");
      return formFailure(submission, { failure: uploadFailure(UPLOAD_FAILED) });
    }
  }
  if (message) {
    const answer = await client.call(replyResolution, { body: { resolutionId, message } });
    if (!answer.ok) return formFailure(submission, { failure: answer });
    done = answer.message;
  }
  return redirectWithToast(here, makeToast("success", done));
}

const SIDE = { host: "Host", renter: "Renter" } as const;

export default function ResolutionCase() {
  const { resolution: item } = useLoaderData<typeof loader>();
  const asked = amountAskedText(item.amountAsked);
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm<{ message?: string; image?: File }>({
    id: "reply",
    lastResult: actionData?.result,
  });
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <p className="text-sm">
        <Link to={CENTER} className="font-semibold text-brand-700 underline">
          Resolution center
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{item.reasonLabel}</h1>
        <CaseStateBadge state={item.state} />
      </div>
      <p className="mt-1 text-slate-700">
        {item.spaceTitle}, {formatCalendarDate(item.booking.startDate)} to{" "}
        {formatCalendarDate(item.booking.endDate)}
        {" · "}
        <Link to={`/bookings/${item.bookingId}`} className="text-brand-700 underline">
          See the booking
        </Link>
      </p>

      {item.state === "decided" ? (
        <Card as="section" className="mt-6 border-l-4 border-emerald-600" aria-labelledby="decision">
          <h2 id="decision" className="text-lg font-bold text-slate-900">
            Decision
          </h2>
          <p className="mt-1 text-slate-800" data-testid="award">
            {formatPeso(item.award ?? 0)} awarded to the {item.openerSide}
            {asked ? ` (of ${asked} asked)` : ""}.
          </p>
          {item.decisionNote ? <p className="mt-1 text-slate-700">“{item.decisionNote}”</p> : null}
          {item.decidedAt ? (
            <p className="mt-1 text-sm text-slate-600">Decided on {formatMoment(item.decidedAt)}.</p>
          ) : null}
        </Card>
      ) : null}
      {item.state === "withdrawn" ? (
        <p className="mt-6 rounded-md bg-slate-100 p-4 text-slate-700">
          {item.openedByMe ? "You withdrew this case." : `The ${item.openerSide} withdrew this case.`}
        </p>
      ) : null}

      <Card as="section" className="mt-6" aria-labelledby="details">
        <h2 id="details" className="text-lg font-bold text-slate-900">
          The case
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold text-slate-700">Opened by</dt>
          <dd>
            {item.openedByMe ? "You" : item.openerName} ({item.openerSide}) on {formatMoment(item.createdAt)}
          </dd>
          <dt className="font-semibold text-slate-700">Asked</dt>
          <dd>{asked ?? "No amount"}</dd>
        </dl>
        <p className="mt-3 whitespace-pre-line text-slate-800">{item.description}</p>
      </Card>

      <Card as="section" className="mt-6" aria-labelledby="photos">
        <h2 id="photos" className="text-lg font-bold text-slate-900">
          Photos
        </h2>
        {item.photos.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">No photos yet.</p>
        ) : (
          <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {item.photos.map((photo, i) => (
              <li key={photo.uploadId}>
                <a href={photo.url}>
                  <img
                    src={photo.url}
                    alt={`Evidence ${i + 1}, added by the ${photo.addedBySide}`}
                    width={photo.width ?? undefined}
                    height={photo.height ?? undefined}
                    loading="lazy"
                    className="aspect-square w-full rounded-md object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card as="section" className="mt-6" aria-labelledby="thread">
        <h2 id="thread" className="text-lg font-bold text-slate-900">
          Thread
        </h2>
        {item.messages.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">
            {item.openedByMe
              ? `No answer yet from ${item.otherName}.`
              : "No messages yet. Give your side of the story below."}
          </p>
        ) : (
          <ol className="mt-2 space-y-3">
            {item.messages.map((message) => (
              <li
                key={message.messageId}
                className={`rounded-md p-3 ${message.mine ? "bg-brand-50" : "bg-slate-100"}`}
              >
                <p className="text-sm font-semibold text-slate-800">
                  {message.mine ? "You" : message.name} ({SIDE[message.side].toLowerCase()}) ·{" "}
                  <span className="font-normal text-slate-700">{formatMoment(message.createdAt)}</span>
                </p>
                <p className="mt-1 whitespace-pre-line text-slate-900">{message.body}</p>
              </li>
            ))}
          </ol>
        )}
        {item.canReply ? (
          <Form
            method="post"
            encType="multipart/form-data"
            {...getFormProps(form)}
            className="mt-4 space-y-4 border-t border-slate-200 pt-4"
          >
            <TextAreaField
              field={fields.message}
              label="Your reply"
              hint={`Up to ${MESSAGE_MAX_LENGTH} characters. The operator reads the thread to decide.`}
              rows={4}
              maxLength={MESSAGE_MAX_LENGTH}
            />
            {item.canAddPhotos ? (
              <CasePhotosInput field={fields.image} label="Add photos (optional)" />
            ) : null}
            <ErrorList id={form.errorId} errors={form.errors} />
            <PendingButton pending={pending} pendingLabel="Sending…" name="intent" value="reply">
              Send reply
            </PendingButton>
          </Form>
        ) : null}
      </Card>

      {item.canWithdraw ? (
        <Form method="post" className="mt-6">
          <p className="text-sm text-slate-700">
            Settled it between you? Withdrawing closes the case; the booking's money goes on as if there had
            been none.
          </p>
          <PendingButton
            pending={pending}
            pendingLabel="Withdrawing…"
            variant="secondary"
            className="mt-2"
            name="intent"
            value="withdraw"
          >
            Withdraw the case
          </PendingButton>
        </Form>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        403: () => <ErrorPage status={403} message={NOT_YOUR_CASE} />,
        404: () => <ErrorPage status={404} message={CASE_NOT_FOUND} />,
      }}
    />
  );
}
