import type { ReactNode } from "react";
import type { ReviewView } from "~/api/rating/reviews.server";
import { Badge } from "~/components/ui/badge";
import { formatMoment } from "~/domain/moments";
import { ReviewCard } from "./review-card";
import { reviewWords } from "./review-words";

/**
 * One review: who wrote it (or whom it is about, in the author's own list), the stars and words, whether it is still
 * hidden, and the answer. `children` is what the reader may do with it (the answer form).
 */
export function ReviewItem({
  review,
  show = "author",
  reportTo,
  children,
}: {
  review: ReviewView;
  /** Whose name leads: the author (about you, a listing) or the person reviewed (by me). */
  show?: "author" | "subject";
  /** The report page of this review, for reviews the reader did not write. */
  reportTo?: string;
  children?: ReactNode;
}) {
  return (
    <ReviewCard
      words={reviewWords(review, show)}
      reportTo={reportTo}
      note={
        review.shown ? null : (
          <Badge tone="warning">Hidden until they review you, or {formatMoment(review.closesAt)}</Badge>
        )
      }
    >
      {children}
    </ReviewCard>
  );
}
