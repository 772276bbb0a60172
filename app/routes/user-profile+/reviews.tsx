import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  answerReview,
  getReviewsAboutYou,
  getReviewsByMe,
  type ReviewToWrite,
  type ReviewView,
  reviewsToWrite,
} from "~/api/rating/reviews.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ReviewItem } from "~/components/reviews/review-item";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { TabLinks } from "~/components/ui/tab-links";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatMoment } from "~/domain/dates";
import { ANSWER_MAX_CHARS } from "~/domain/reviews";
import { requireProfile } from "~/screens/auth.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import { reportPath } from "~/utils/report-path";
import { ratingSummary } from "~/utils/reviews";
import { makeToast } from "~/utils/toast";

/**
 * The user's reviews (the profile's Reviews): about you (with your rating, and an answer form under each review you
 * have not answered), by me (hidden ones say until when) and to write (each with its deadline and a link to
 * bookings/space-review). Each tab is its own URL and the answer a plain form, so it all works without JavaScript.
 */
export const meta: MetaFunction = () => pageMeta("Reviews", "Reviews about you, by you, and still to write.");

const TABS = [
  { id: "about", label: "About you" },
  { id: "by-me", label: "By me" },
  { id: "to-write", label: "To write" },
] as const;
type Tab = (typeof TABS)[number]["id"];

type Loaded =
  | { tab: "about"; rating: number | null; total: number; reviews: ReviewView[] }
  | { tab: "by-me"; reviews: ReviewView[] }
  | { tab: "to-write"; toWrite: ReviewToWrite[] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const asked = new URL(request.url).searchParams.get("tab");
  const tab: Tab = TABS.find((known) => known.id === asked)?.id ?? "about";
  let loaded: Loaded;
  if (tab === "about") {
    const answer = await client.call(getReviewsAboutYou);
    if (!answer.ok) throw await redirectWithToast("/", answer.toast);
    const { rating, totalNumberofReviews, reviews } = answer.result;
    loaded = { tab, rating, total: totalNumberofReviews, reviews };
  } else if (tab === "by-me") {
    const answer = await client.call(getReviewsByMe);
    if (!answer.ok) throw await redirectWithToast("/", answer.toast);
    loaded = { tab, reviews: answer.result.reviews };
  } else {
    const answer = await client.call(reviewsToWrite);
    if (!answer.ok) throw await redirectWithToast("/", answer.toast);
    loaded = { tab, toWrite: answer.result.reviews };
  }
  return data(loaded);
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const form = await request.formData();
  const reviewId = String(form.get("reviewId") ?? "");
  const answer = await client.call(answerReview, {
    body: { reviewId, answer: String(form.get("answer") ?? "") },
  });
  if (!answer.ok) return data({ reviewId, toast: answer.toast }, { status: answer.status });
  return redirectWithToast("/user-profile/reviews?tab=about", makeToast("success", answer.message));
}

export default function Reviews() {
  const loaded = useLoaderData<typeof loader>() as Loaded;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold text-slate-900">Reviews</h1>
      <TabLinks
        label="Reviews"
        tabs={TABS.map((tab) => ({
          key: tab.id,
          to: `?tab=${tab.id}`,
          label: tab.label,
          current: tab.id === loaded.tab,
        }))}
      />
      <div className="mt-5 space-y-4">
        {loaded.tab === "about" ? <AboutYou loaded={loaded} /> : null}
        {loaded.tab === "by-me" ? <ByMe reviews={loaded.reviews} /> : null}
        {loaded.tab === "to-write" ? <ToWrite toWrite={loaded.toWrite} /> : null}
      </div>
    </div>
  );
}

function AboutYou({ loaded }: { loaded: Extract<Loaded, { tab: "about" }> }) {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  return (
    <>
      <p className="text-lg font-semibold text-slate-900" data-testid="my-rating">
        Your rating: {ratingSummary(loaded.rating, loaded.total)}
      </p>
      {loaded.reviews.length === 0 ? (
        <EmptyState
          message="No reviews about you are shown yet. A review shows once you have both written yours, or 14 days after the booking's review opened."
          action={{ to: "/user-profile/reviews?tab=to-write", label: "Reviews to write" }}
        />
      ) : null}
      {loaded.reviews.map((review) => (
        <ReviewItem
          key={review.reviewId}
          review={review}
          reportTo={reportPath("review", review.reviewId, "/user-profile/reviews")}
        >
          {review.canAnswer ? (
            <Form method="post" className="mt-3 space-y-2">
              <input type="hidden" name="reviewId" value={review.reviewId} />
              <label
                htmlFor={`answer-${review.reviewId}`}
                className="block text-sm font-semibold text-slate-800"
              >
                Answer {review.author.name} (once, shown under the review)
              </label>
              <textarea
                id={`answer-${review.reviewId}`}
                name="answer"
                rows={3}
                required
                maxLength={ANSWER_MAX_CHARS}
                aria-invalid={actionData?.reviewId === review.reviewId ? true : undefined}
                aria-describedby={
                  actionData?.reviewId === review.reviewId ? `answer-error-${review.reviewId}` : undefined
                }
                className="block w-full rounded-md border border-slate-300 px-3 py-2"
              />
              {actionData?.reviewId === review.reviewId ? (
                <p id={`answer-error-${review.reviewId}`} className="text-sm text-red-700">
                  {actionData.toast.description}
                </p>
              ) : null}
              <Button type="submit" size="sm" disabled={pending}>
                Post answer
              </Button>
            </Form>
          ) : null}
        </ReviewItem>
      ))}
    </>
  );
}

function ByMe({ reviews }: { reviews: ReviewView[] }) {
  if (reviews.length === 0)
    return (
      <EmptyState
        message="You have not written a review yet."
        action={{ to: "/user-profile/reviews?tab=to-write", label: "Reviews to write" }}
      />
    );
  return (
    <>
      {reviews.map((review) => (
        <ReviewItem key={review.reviewId} review={review} show="subject" />
      ))}
    </>
  );
}

function ToWrite({ toWrite }: { toWrite: ReviewToWrite[] }) {
  if (toWrite.length === 0)
    return (
      <EmptyState
        message="Nothing to review now. After a booking ends (and 30 days into a long one) you have 14 days to review the other side."
        action={{ to: "/bookings", label: "See your bookings" }}
      />
    );
  return (
    <ul className="space-y-3">
      {toWrite.map((item) => (
        <Card as="li" key={`${item.bookingId}-${item.round}`}>
          <p className="font-semibold text-slate-900">
            {item.role === "renter"
              ? `${item.space.spaceTitle ?? "Your space"}, hosted by ${item.subject.name}`
              : `${item.subject.name}, who rented ${item.space.spaceTitle ?? "your space"}`}
          </p>
          <p className="text-sm text-slate-600">
            {item.round === "midway" ? "30 days into the booking" : "The booking has ended"} · write it before{" "}
            {formatMoment(item.closesAt)}
          </p>
          <p className="mt-3 flex flex-wrap gap-3">
            <ButtonLink to={`/bookings/space-review?bookingId=${item.bookingId}`} size="sm">
              Write a review
            </ButtonLink>
            <Link
              to={`/bookings/${item.bookingId}`}
              className="self-center text-sm font-semibold text-brand-700 underline"
            >
              The booking
            </Link>
          </p>
        </Card>
      ))}
    </ul>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
