import type { ReviewView, SpaceReviews } from "~/api/rating/reviews.server";
import { formatMoment } from "~/domain/moments";
import { DEFAULT_PROFILE_PHOTO } from "~/utils/menu";
import { ratingSummary, starsLabel } from "~/utils/reviews";
import type { ListingReviewsWords } from "./listing-reviews";
import type { ReviewWords } from "./review-card";

/** A review put into words for ReviewCard; `show` says whose name leads: the author, or the person reviewed. */
export function reviewWords(review: ReviewView, show: "author" | "subject" = "author"): ReviewWords {
  const who = show === "author" ? review.author : review.subject;
  const about =
    review.authorRole === "renter" ? `Stay at ${review.space.spaceTitle ?? "a space"}` : "As a renter";
  return {
    reviewId: review.reviewId,
    label: `Review by ${review.author.name}`,
    photo: who.profilePic || DEFAULT_PROFILE_PHOTO,
    name: show === "subject" ? `About ${who.name}` : who.name,
    about: `${about} · ${formatMoment(review.createdAt)}`,
    stars: review.stars,
    starsLabel: starsLabel(review.stars),
    text: review.review,
    answer: review.answer ? { by: review.subject.name, text: review.answer } : null,
  };
}

/** A listing's reviews for its page (ListingReviews): the average and count, and each review's words. */
export function listingReviewsWords(
  reviews: SpaceReviews,
  viewerId: string | null = null,
): ListingReviewsWords {
  return {
    summary: ratingSummary(reviews.rating, reviews.totalNumberofReviews),
    reviews: reviews.reviews.map((review) => ({
      ...reviewWords(review),
      byViewer: review.author.userId === viewerId,
    })),
  };
}
