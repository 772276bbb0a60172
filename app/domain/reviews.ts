import type { BookingState } from "./booking";
import { addDays, type CalendarDate, startOfManilaDay } from "./dates";
import { DomainError } from "./errors";

/**
 * Two-way reviews (docs/product.md, Reviews, ADR 0034). After a booking completes — and once, 30 days into an
 * active booking — the renter and the host each have 14 days to review the other: the renter reviews the space and
 * its host, the host reviews the renter. A review is 1–5 stars and 20–1,000 characters. It stays hidden until both
 * have written theirs or the 14 days pass, it is never edited, and the person reviewed may answer it once.
 */

export const REVIEW_WINDOW_DAYS = 14;
/** The once-only review of a running booking opens this many days after its start date. */
export const MIDWAY_REVIEW_DAYS = 30;
export const REVIEW_MIN_CHARS = 20;
export const REVIEW_MAX_CHARS = 1000;
export const ANSWER_MAX_CHARS = 1000;
export const MIN_STARS = 1;
export const MAX_STARS = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Which review of a booking: the one 30 days into it, or the one after it ended. */
export const REVIEW_ROUNDS = ["midway", "completed"] as const;
export type ReviewRound = (typeof REVIEW_ROUNDS)[number];

/** Who wrote a review: the renter (about the space and its host) or the host (about the renter). */
export type ReviewerRole = "renter" | "host";

export const REVIEW_MESSAGES = {
  starsRange: `Please choose from ${MIN_STARS} to ${MAX_STARS} stars.`,
  textRequired: "Please write your review.",
  textTooShort: `Your review needs at least ${REVIEW_MIN_CHARS} characters.`,
  textTooLong: `Your review can be at most ${REVIEW_MAX_CHARS.toLocaleString("en-PH")} characters.`,
  answerRequired: "Please write your answer.",
  answerTooLong: `Your answer can be at most ${ANSWER_MAX_CHARS.toLocaleString("en-PH")} characters.`,
  notAParty: "You can only review a booking you are part of.",
  notYet: "You can review this booking once it has ended, or 30 days after it started.",
  windowClosed: `The ${REVIEW_WINDOW_DAYS} days to review this booking have passed.`,
  alreadyWritten: "You have already reviewed this booking.",
  notYourReview: "Only the person reviewed can answer this review.",
  notShown: "You can answer this review once it is shown.",
  alreadyAnswered: "You have already answered this review.",
  written: "Thank you. Your review will be shown once the other side has written theirs, or after 14 days.",
  shown: "Thank you. Your review and theirs are now shown.",
  answered: "Your answer has been posted.",
} as const;

/** What the review rules need of a booking: its state and dates, and when it completed (its history says). */
export type ReviewableBooking = {
  state: BookingState;
  startDate: CalendarDate;
  endDate: CalendarDate;
  completedAt: Date | null;
};

/** A time both sides may write a review in: from `opensAt` (included) to `closesAt` (excluded). */
export type ReviewWindow = { round: ReviewRound; opensAt: Date; closesAt: Date };

function windowFrom(round: ReviewRound, opensAt: Date): ReviewWindow {
  return { round, opensAt, closesAt: new Date(opensAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS) };
}

/**
 * The review windows of a booking, earliest first. A booking still running 30 days after its start gets one at the
 * start of its 31st day (Manila) — only when it runs on past that window's 14 days, since a booking that ends within
 * them gets its completion review instead; a completed booking gets one from the moment it completed. Bookings that
 * never started (declined, expired, cancelled) get none.
 */
export function reviewWindows(booking: ReviewableBooking): ReviewWindow[] {
  const windows: ReviewWindow[] = [];
  const ran = booking.state === "active" || booking.state === "completed";
  if (!ran) return windows;
  const midway = windowFrom("midway", startOfManilaDay(addDays(booking.startDate, MIDWAY_REVIEW_DAYS)));
  // The booking's last day starts at or after the midway window's close, i.e. it runs past it.
  const runsPastMidway = startOfManilaDay(booking.endDate) >= midway.closesAt;
  const endedBefore = booking.completedAt !== null && booking.completedAt <= midway.opensAt;
  if (runsPastMidway && !endedBefore) windows.push(midway);
  if (booking.state === "completed" && booking.completedAt)
    windows.push(windowFrom("completed", booking.completedAt));
  return windows;
}

/** Whether a window is open at `now`. */
export function isOpen(window: ReviewWindow, now: Date): boolean {
  return window.opensAt <= now && now < window.closesAt;
}

/**
 * The window a party writes in now: the earliest open one they have not written in. Refuses, with the reason, when
 * there is none: no window has opened yet, they have written in every open one, or every window has closed.
 */
export function windowToWrite(
  windows: readonly ReviewWindow[],
  writtenRounds: readonly ReviewRound[],
  now: Date,
): ReviewWindow {
  const open = windows.filter((window) => isOpen(window, now));
  const unwritten = open.find((window) => !writtenRounds.includes(window.round));
  if (unwritten) return unwritten;
  if (open.length > 0) throw new DomainError("conflict", REVIEW_MESSAGES.alreadyWritten);
  const opened = windows.filter((window) => window.opensAt <= now);
  if (opened.length === 0) throw new DomainError("conflict", REVIEW_MESSAGES.notYet);
  // The latest window says it: written in (whatever happened to an earlier one), or let pass.
  const latest = opened[opened.length - 1] as ReviewWindow;
  if (writtenRounds.includes(latest.round)) throw new DomainError("conflict", REVIEW_MESSAGES.alreadyWritten);
  throw new DomainError("conflict", REVIEW_MESSAGES.windowClosed);
}

/** The side `userId` is on in a booking, or a refusal when they are on neither. */
export function reviewerRole(booking: { renterId: string; hostId: string }, userId: string): ReviewerRole {
  if (booking.renterId === userId) return "renter";
  if (booking.hostId === userId) return "host";
  throw new DomainError("forbidden", REVIEW_MESSAGES.notAParty);
}

/** The one each side reviews: the renter the host (and the space), the host the renter. */
export function subjectOf(booking: { renterId: string; hostId: string }, role: ReviewerRole): string {
  return role === "renter" ? booking.hostId : booking.renterId;
}

/** Characters as a person counts them (and PostgreSQL's char_length): code points, not UTF-16 units. */
function characters(text: string): number {
  return [...text].length;
}

/** The stars and words of a review, checked; the words trimmed. */
export function checkReview(input: { stars: number; text: string }): { stars: number; text: string } {
  const { stars } = input;
  if (!Number.isInteger(stars) || stars < MIN_STARS || stars > MAX_STARS)
    throw new DomainError("invalid", REVIEW_MESSAGES.starsRange, "stars");
  const text = input.text.trim();
  if (text === "") throw new DomainError("invalid", REVIEW_MESSAGES.textRequired, "review");
  if (characters(text) < REVIEW_MIN_CHARS)
    throw new DomainError("invalid", REVIEW_MESSAGES.textTooShort, "review");
  if (characters(text) > REVIEW_MAX_CHARS)
    throw new DomainError("invalid", REVIEW_MESSAGES.textTooLong, "review");
  return { stars, text };
}

/**
 * Whether a review is shown: once the other side has written theirs for the same round, or once the window closed.
 * The moment it becomes shown is recorded (reviews.shown_at); this is the rule that moment follows.
 */
export function isShownBy(review: { closesAt: Date }, otherSideWrote: boolean, now: Date): boolean {
  return otherSideWrote || now >= review.closesAt;
}

/** An answer to a review, checked: only by the person reviewed, only once it is shown, only once. */
export function checkAnswer(
  review: { subjectId: string; shownAt: Date | null; answer: string | null },
  userId: string,
  text: string,
): string {
  if (review.subjectId !== userId) throw new DomainError("forbidden", REVIEW_MESSAGES.notYourReview);
  if (review.shownAt === null) throw new DomainError("conflict", REVIEW_MESSAGES.notShown);
  if (review.answer !== null) throw new DomainError("conflict", REVIEW_MESSAGES.alreadyAnswered);
  const answer = text.trim();
  if (answer === "") throw new DomainError("invalid", REVIEW_MESSAGES.answerRequired, "answer");
  if (characters(answer) > ANSWER_MAX_CHARS)
    throw new DomainError("invalid", REVIEW_MESSAGES.answerTooLong, "answer");
  return answer;
}

/** The average of the stars received, to one decimal; null before any review is shown. */
export function averageStars(totalStars: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((totalStars / count) * 10) / 10;
}
