import { describe, expect, it } from "vitest";
import type { ReviewView } from "~/api/rating/reviews.server";
import { DEFAULT_PROFILE_PHOTO } from "~/utils/menu";
import { listingReviewsWords, reviewWords } from "./review-words";

const REVIEW: ReviewView = {
  reviewId: "r1",
  bookingId: "b1",
  round: "completed",
  authorRole: "renter",
  stars: 4,
  review: "Dry and secure.",
  createdAt: "2026-11-25T15:57:00.000Z",
  shown: true,
  closesAt: "2026-12-09T15:57:00.000Z",
  author: { userId: "u1", name: "Ana", profilePic: null },
  subject: { userId: "u2", name: "Maria", profilePic: "/uploads/maria.jpg" },
  space: { _id: "s1", spaceTitle: "Secure storage room in Makati", storageType: "storage" },
  answer: "Thank you!",
  answeredAt: "2026-11-26T01:00:00.000Z",
  canAnswer: false,
};

describe("reviewWords", () => {
  it("puts a renter's review into words: name, photo, what and when in Manila time, stars and the answer", () => {
    expect(reviewWords(REVIEW)).toEqual({
      reviewId: "r1",
      label: "Review by Ana",
      photo: DEFAULT_PROFILE_PHOTO,
      name: "Ana",
      about: "Stay at Secure storage room in Makati · Nov 25, 11:57 PM",
      stars: 4,
      starsLabel: "4 of 5 stars",
      text: "Dry and secure.",
      answer: { by: "Maria", text: "Thank you!" },
    });
  });

  it("leads with the person reviewed in the author's own list, and says a host's review was about a renter", () => {
    const words = reviewWords({ ...REVIEW, authorRole: "host", answer: null }, "subject");
    expect(words).toMatchObject({
      label: "Review by Ana",
      photo: "/uploads/maria.jpg",
      name: "About Maria",
      about: "As a renter · Nov 25, 11:57 PM",
      answer: null,
    });
  });
});

describe("listingReviewsWords", () => {
  it("says the listing's average and count, and each review's words", () => {
    const words = listingReviewsWords({ rating: 4.5, totalNumberofReviews: 2, reviews: [REVIEW] });
    expect(words.summary).toBe("★ 4.5 · 2 reviews");
    expect(words.reviews.map((review) => review.reviewId)).toEqual(["r1"]);
    expect(words.reviews[0]?.byViewer).toBe(false);
    // The author reading their own review: no Report link for it.
    const own = listingReviewsWords(
      { rating: 4.5, totalNumberofReviews: 2, reviews: [REVIEW] },
      REVIEW.author.userId,
    );
    expect(own.reviews[0]?.byViewer).toBe(true);
    expect(listingReviewsWords({ rating: null, totalNumberofReviews: 0, reviews: [] })).toEqual({
      summary: "No reviews yet",
      reviews: [],
    });
  });
});
