import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";

/**
 * A review in words, as reviewWords (review-words.ts) makes it: on the server for the listing page, whose
 * JavaScript then carries no date formats or rating rules, and in ReviewItem on the reviews page.
 */
export type ReviewWords = {
  reviewId: string;
  /** Who wrote it, for the review's accessible name: "Review by Ana". */
  label: string;
  /** The photo of whoever leads (author or subject), or the default one. */
  photo: string;
  /** The leading line: the author's name, or "About Ana" in the author's own list. */
  name: string;
  /** What it was about and when: "Stay at Secure storage room · Nov 25, 11:57 PM". */
  about: string;
  stars: number;
  /** The stars as a screen reader should hear them: "4 of 5 stars". */
  starsLabel: string;
  text: string;
  answer: { by: string; text: string } | null;
};

/** Stars drawn as ★ and ☆, read as `label` ("4 of 5 stars"). */
export function Stars({ stars, label }: { stars: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="text-amber-600">
      {"★".repeat(stars)}
      <span className="text-slate-300">{"☆".repeat(5 - stars)}</span>
    </span>
  );
}

/**
 * One review from its words: who, the stars and words, and the answer. `note` follows the stars (the reviews page's
 * "Hidden until…"); `children` is what the reader may do with it (the answer form).
 */
export function ReviewCard({
  words,
  note,
  reportTo,
  children,
}: {
  words: ReviewWords;
  note?: ReactNode;
  /** The report page of this review (app/utils/report-path.ts), where the reader may report it. */
  reportTo?: string;
  children?: ReactNode;
}) {
  return (
    <Card as="article" aria-label={words.label}>
      <div className="flex items-center gap-3">
        <img
          src={words.photo}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          className="h-10 w-10 rounded-full bg-slate-200 object-cover"
        />
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{words.name}</p>
          <p className="text-sm text-slate-600">{words.about}</p>
        </div>
      </div>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <Stars stars={words.stars} label={words.starsLabel} />
        {note}
      </p>
      <p className="mt-2 whitespace-pre-line text-slate-800">{words.text}</p>
      {words.answer ? (
        <div className="mt-3 border-l-4 border-slate-200 pl-3">
          <p className="text-sm font-semibold text-slate-700">Answer from {words.answer.by}</p>
          <p className="whitespace-pre-line text-slate-800">{words.answer.text}</p>
        </div>
      ) : null}
      {reportTo ? (
        <p className="mt-2 text-right text-sm">
          <a
            href={reportTo}
            className="text-slate-600 underline"
            aria-label={`Report this review (${words.label})`}
          >
            Report
          </a>
        </p>
      ) : null}
      {children}
    </Card>
  );
}
