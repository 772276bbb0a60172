import type { ReactNode } from "react";
import type { ReviewView } from "~/api/rating/reviews.server";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { formatMoment } from "~/domain/moments";
import { DEFAULT_PROFILE_PHOTO } from "~/utils/menu";
import { starsLabel } from "~/utils/reviews";

/** Stars drawn as ★ and ☆, read as "4 of 5 stars". */
export function Stars({ stars }: { stars: number }) {
  return (
    <span role="img" aria-label={starsLabel(stars)} className="text-amber-600">
      {"★".repeat(stars)}
      <span className="text-slate-300">{"☆".repeat(5 - stars)}</span>
    </span>
  );
}

/**
 * One review: who wrote it (or whom it is about, in the author's own list), the stars and words, whether it is still
 * hidden, and the answer. `children` is what the reader may do with it (the answer form).
 */
export function ReviewItem({
  review,
  show = "author",
  children,
}: {
  review: ReviewView;
  /** Whose name leads: the author (about you, a listing) or the person reviewed (by me). */
  show?: "author" | "subject";
  children?: ReactNode;
}) {
  const who = show === "author" ? review.author : review.subject;
  const about =
    review.authorRole === "renter" ? `Stay at ${review.space.spaceTitle ?? "a space"}` : "As a renter";
  return (
    <Card as="article" aria-label={`Review by ${review.author.name}`}>
      <div className="flex items-center gap-3">
        <img
          src={who.profilePic || DEFAULT_PROFILE_PHOTO}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          className="h-10 w-10 rounded-full bg-slate-200 object-cover"
        />
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            {show === "subject" ? `About ${who.name}` : who.name}
          </p>
          <p className="text-sm text-slate-600">
            {about} · {formatMoment(review.createdAt)}
          </p>
        </div>
      </div>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <Stars stars={review.stars} />
        {review.shown ? null : (
          <Badge tone="warning">Hidden until they review you, or {formatMoment(review.closesAt)}</Badge>
        )}
      </p>
      <p className="mt-2 whitespace-pre-line text-slate-800">{review.review}</p>
      {review.answer ? (
        <div className="mt-3 border-l-4 border-slate-200 pl-3">
          <p className="text-sm font-semibold text-slate-700">Answer from {review.subject.name}</p>
          <p className="whitespace-pre-line text-slate-800">{review.answer}</p>
        </div>
      ) : null}
      {children}
    </Card>
  );
}
