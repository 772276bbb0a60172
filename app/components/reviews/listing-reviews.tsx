import { reportPath } from "~/utils/report-path";
import { ReviewCard, type ReviewWords } from "./review-card";

/** A listing's reviews in words (listingReviewsWords, review-words.ts, made by the page's loader). */
export type ListingReviewsWords = {
  /** The average and count: "★ 4.5 · 2 reviews", or "No reviews yet". */
  summary: string;
  /** `byViewer`: the reader wrote it, so it has no Report link (nobody reports themselves). */
  reviews: (ReviewWords & { byViewer: boolean })[];
};

/** A listing's reviews on its page: the average and count, and what renters wrote (shown reviews only). */
export function ListingReviews({ reviews, returnTo }: { reviews: ListingReviewsWords; returnTo?: string }) {
  return (
    <section aria-labelledby="reviews-title" className="space-y-3">
      <h2 id="reviews-title" className="text-lg font-semibold text-slate-900">
        Reviews
      </h2>
      <p className="font-semibold text-slate-800" data-testid="listing-rating">
        {reviews.summary}
      </p>
      {reviews.reviews.map((review) => (
        <ReviewCard
          key={review.reviewId}
          words={review}
          reportTo={
            returnTo && !review.byViewer ? reportPath("review", review.reviewId, returnTo) : undefined
          }
        />
      ))}
    </section>
  );
}
