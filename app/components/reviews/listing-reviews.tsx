import type { SpaceReviews } from "~/api/rating/reviews.server";
import { ratingSummary } from "~/utils/reviews";
import { ReviewItem } from "./review-item";

/** A listing's reviews on its page: the average and count, and what renters wrote (shown reviews only). */
export function ListingReviews({ reviews }: { reviews: SpaceReviews }) {
  return (
    <section aria-labelledby="reviews-title" className="space-y-3">
      <h2 id="reviews-title" className="text-lg font-semibold text-slate-900">
        Reviews
      </h2>
      <p className="font-semibold text-slate-800" data-testid="listing-rating">
        {ratingSummary(reviews.rating, reviews.totalNumberofReviews)}
      </p>
      {reviews.reviews.map((review) => (
        <ReviewItem key={review.reviewId} review={review} />
      ))}
    </section>
  );
}
