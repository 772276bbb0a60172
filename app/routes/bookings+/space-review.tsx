import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { RateUserSchema, rateUser, reviewsToWrite } from "~/api/rating/reviews.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { ErrorList, SubmitButton, TextAreaField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatMoment } from "~/domain/dates";
import { REVIEW_MAX_CHARS, REVIEW_MESSAGES, REVIEW_MIN_CHARS } from "~/domain/reviews";
import { requireProfile } from "~/screens/auth.server";
import { formFailure } from "~/screens/form.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import { makeToast } from "~/utils/toast";

/**
 * bookings/space-review?bookingId= (docs/product.md, Screens and routes): write the review of a booking — the renter
 * about the space and its host, the host about the renter — with 1–5 stars as radio buttons and 20–1,000 characters, in
 * a plain form that works without JavaScript. The review waits, hidden, until the other side has written theirs or the
 * 14 days pass.
 */
export const meta: MetaFunction = () => pageMeta("Write a review", "Review the other side of your booking.");

const STAR_WORDS = ["Very poor", "Poor", "Okay", "Good", "Excellent"] as const;
const REVIEWS_BY_ME = "/user-profile/reviews?tab=by-me";

export async function loader({ request }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const bookingId = new URL(request.url).searchParams.get("bookingId") ?? "";
  const answer = await client.call(reviewsToWrite);
  if (!answer.ok) throw await redirectWithToast("/bookings", answer.toast);
  const toWrite = answer.result.reviews.find((review) => review.bookingId === bookingId) ?? null;
  return data({ bookingId, toWrite });
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const submission = parseWithZod(await request.formData(), { schema: RateUserSchema });
  if (submission.status !== "success") return formFailure(submission);
  const answer = await client.call(rateUser, { body: submission.value });
  if (!answer.ok) return formFailure(submission, { failure: answer });
  return redirectWithToast(
    REVIEWS_BY_ME,
    makeToast("success", answer.result.shown ? REVIEW_MESSAGES.shown : REVIEW_MESSAGES.written),
  );
}

export default function SpaceReview() {
  const { bookingId, toWrite } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm<{ bookingId: string; stars: string; review: string }>({
    id: "space-review",
    lastResult: actionData?.result,
  });
  if (!toWrite) {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-6 md:py-10">
        <h1 className="text-2xl font-bold text-slate-900">Write a review</h1>
        <EmptyState
          message="There is no review to write for this booking now: you have reviewed it already, or its 14 days to review have not begun or have passed."
          action={{ to: "/user-profile/reviews?tab=to-write", label: "Reviews to write" }}
        />
        {bookingId ? (
          <p className="mt-4">
            <Link to={`/bookings/${bookingId}`} className="font-semibold text-brand-700 underline">
              Back to the booking
            </Link>
          </p>
        ) : null}
      </div>
    );
  }
  const asRenter = toWrite.role === "renter";
  const starsErrors = fields.stars.errors;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-6 md:py-10">
      <Link to={`/bookings/${toWrite.bookingId}`} className="text-sm font-semibold text-brand-700 underline">
        ← The booking
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">
        {asRenter ? `Review ${toWrite.space.spaceTitle ?? "the space"}` : `Review ${toWrite.subject.name}`}
      </h1>
      <p className="mt-1 text-slate-700">
        {asRenter
          ? `How was the space, and your host ${toWrite.subject.name}?`
          : `How was ${toWrite.subject.name} as your renter at ${toWrite.space.spaceTitle ?? "your space"}?`}{" "}
        Write it before {formatMoment(toWrite.closesAt)}. It stays hidden until {toWrite.subject.name} has
        reviewed you too or until {formatMoment(toWrite.closesAt)}, whichever comes first; once shown, it
        cannot be changed.
      </p>
      <Card padding="lg" className="mt-4">
        <Form method="post" {...getFormProps(form)} className="space-y-5">
          <input type="hidden" name={fields.bookingId.name} value={toWrite.bookingId} />
          <fieldset
            aria-invalid={starsErrors ? true : undefined}
            aria-describedby={starsErrors ? fields.stars.errorId : undefined}
          >
            <legend className="text-sm font-semibold text-slate-800">Your rating</legend>
            <div className="mt-2 flex flex-col gap-2">
              {[5, 4, 3, 2, 1].map((stars) => (
                <label
                  key={stars}
                  className="flex items-center gap-3 rounded-md border border-slate-200 px-3 py-2"
                >
                  <input
                    type="radio"
                    name={fields.stars.name}
                    value={String(stars)}
                    defaultChecked={fields.stars.initialValue === String(stars)}
                    className="h-5 w-5"
                  />
                  <span aria-hidden="true" className="text-amber-600">
                    {"★".repeat(stars)}
                    <span className="text-slate-300">{"☆".repeat(5 - stars)}</span>
                  </span>
                  <span>
                    {stars} {stars === 1 ? "star" : "stars"} – {STAR_WORDS[stars - 1]}
                  </span>
                </label>
              ))}
            </div>
            <ErrorList id={fields.stars.errorId} errors={starsErrors} />
          </fieldset>
          <TextAreaField
            field={fields.review}
            label="Your review"
            hint={`${REVIEW_MIN_CHARS} to ${REVIEW_MAX_CHARS.toLocaleString("en-PH")} characters.`}
            rows={6}
            maxLength={REVIEW_MAX_CHARS}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton pending={pending}>{pending ? "Sending…" : "Send review"}</SubmitButton>
        </Form>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
