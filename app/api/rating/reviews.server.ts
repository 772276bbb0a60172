import { and, desc, eq, inArray, isNotNull, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod/v4";
import {
  completedAtOf,
  completedAtOfMany,
  reviewable,
  scheduleReviewsDue,
  showRound,
} from "~/core/review-service.server";
import type { Database } from "~/db/client.server";
import { bookings, type ReviewRow, reviews, spaces, users } from "~/db/schema";
import { displayName } from "~/domain/display-name";
import {
  ANSWER_MAX_CHARS,
  averageStars,
  checkAnswer,
  checkReview,
  MAX_STARS,
  MIN_STARS,
  REVIEW_MAX_CHARS,
  REVIEW_MESSAGES,
  REVIEW_MIN_CHARS,
  type ReviewerRole,
  type ReviewRound,
  reviewerRole,
  reviewWindows,
  subjectOf,
  windowToWrite,
} from "~/domain/reviews";
import { startJobs } from "~/infra/jobs.server";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";
import { spaceId as spaceIdSchema } from "../space/listing-page-queries.server";

/**
 * Reviews (the /resol and /rating calls, docs/product.md, Reviews, ADR 0034): what the caller may still
 * write (reviewsToWrite), writing one (rateUser), the reviews about them, on their listings and by them, answering
 * one (answerReview, a call the product rules leave unnamed) and a listing's shown reviews (getSpaceReviews, likewise).
 * Only shown reviews are ever read by anyone but their author.
 */

const BOOKING_NOT_FOUND = "This booking was not found.";
const REVIEW_NOT_FOUND = "This review was not found.";
const LIST_LIMIT = 100;

// ─── Views ──────────────────────────────────────────────────────────────────────────────────────────────────────────

export type ReviewPerson = { userId: string; name: string; profilePic: string | null };

/** A review as the lists show it. `shown` is false only in the author's own list (getReviewsByMe). */
export type ReviewView = {
  reviewId: string;
  bookingId: string;
  round: ReviewRound;
  /** The author's side: "renter" reviewed the space and its host, "host" reviewed the renter. */
  authorRole: ReviewerRole;
  stars: number;
  review: string;
  createdAt: string;
  shown: boolean;
  /** While hidden: when it will be shown at the latest. */
  closesAt: string;
  author: ReviewPerson;
  subject: ReviewPerson;
  space: { _id: string; spaceTitle: string | null; storageType: "storage" | "parking" | null };
  answer: string | null;
  answeredAt: string | null;
  /** The caller is the person reviewed and has not answered yet. */
  canAnswer: boolean;
};

/** A review the caller may still write: the booking, the round, the person and space, and the deadline. */
export type ReviewToWrite = {
  bookingId: string;
  round: ReviewRound;
  role: ReviewerRole;
  /** The last instant (excluded) to write it. */
  closesAt: string;
  subject: ReviewPerson;
  space: { _id: string; spaceTitle: string | null; storageType: "storage" | "parking" | null };
  startDate: string;
  endDate: string;
};

const author = alias(users, "review_author");
const subject = alias(users, "review_subject");

function person(user: { id: string; nickName: string | null; firstName: string; profilePic: string | null }) {
  return { userId: user.id, name: displayName(user), profilePic: user.profilePic };
}

/** Reviews with their people and listing, newest first, for the caller `viewerId`. */
async function reviewViews(db: Database, where: ReturnType<typeof and>, viewerId: string | null) {
  const rows = await db
    .select({ review: reviews, author, subject, space: spaces })
    .from(reviews)
    .innerJoin(author, eq(author.id, reviews.authorId))
    .innerJoin(subject, eq(subject.id, reviews.subjectId))
    .innerJoin(spaces, eq(spaces.id, reviews.spaceId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(LIST_LIMIT);
  return rows.map(
    (row): ReviewView => ({
      reviewId: row.review.id,
      bookingId: row.review.bookingId,
      round: row.review.round,
      authorRole: row.review.authorRole,
      stars: row.review.stars,
      review: row.review.text,
      createdAt: row.review.createdAt.toISOString(),
      shown: row.review.shownAt !== null,
      closesAt: row.review.closesAt.toISOString(),
      author: person(row.author),
      subject: person(row.subject),
      space: { _id: row.space.id, spaceTitle: row.space.spaceTitle, storageType: row.space.storageType },
      answer: row.review.answer,
      answeredAt: row.review.answeredAt?.toISOString() ?? null,
      canAnswer:
        viewerId !== null &&
        row.review.subjectId === viewerId &&
        row.review.shownAt !== null &&
        row.review.answer === null,
    }),
  );
}

// ─── Reading ────────────────────────────────────────────────────────────────────────────────────────────────────────

export const getReviewsAboutYou = defineEndpoint({
  method: "GET",
  path: "/rating/getReviewsAboutYou",
  auth: "required",
  summary:
    "The shown reviews about the logged-in user (as host or renter), newest first, with the user's rating and number of reviews.",
  async handler({ db, user }) {
    const list = await reviewViews(
      db,
      and(eq(reviews.subjectId, user.id), isNotNull(reviews.shownAt)),
      user.id,
    );
    return {
      rating: averageStars(user.reviewStars, user.reviewCount),
      totalNumberofReviews: user.reviewCount,
      reviews: list,
    };
  },
});

export const getReviewsOnMySpace = defineEndpoint({
  method: "GET",
  path: "/rating/getReviewsOnMySpace",
  auth: "required",
  answers: [403, 404],
  summary:
    "The shown reviews renters wrote about the logged-in host's listings (or one of them, with spaceId), newest first.",
  query: z.object({ spaceId: spaceIdSchema.optional() }),
  async handler({ db, user, query }) {
    if (query.spaceId) {
      const [space] = await db.select().from(spaces).where(eq(spaces.id, query.spaceId));
      if (!space) throw new ApiError(404, "Space not found.");
      if (space.hostId !== user.id)
        throw new ApiError(403, "You can only see the reviews of your own listings.");
    }
    const list = await reviewViews(
      db,
      and(
        eq(reviews.authorRole, "renter"),
        eq(spaces.hostId, user.id),
        isNotNull(reviews.shownAt),
        query.spaceId ? eq(reviews.spaceId, query.spaceId) : undefined,
      ),
      user.id,
    );
    return { reviews: list };
  },
});

export const getReviewsByMe = defineEndpoint({
  method: "GET",
  path: "/rating/getReviewsByMe",
  auth: "required",
  cache: true,
  summary:
    "The reviews the logged-in user wrote, newest first, each saying whether it is shown yet (and, if not, when it will be at the latest).",
  async handler({ db, user }) {
    return { reviews: await reviewViews(db, and(eq(reviews.authorId, user.id)), user.id) };
  },
});

export const reviewsToWrite = defineEndpoint({
  method: "GET",
  path: "/rating/reviewsToWrite",
  auth: "required",
  answers: [403],
  cache: true,
  summary:
    "The reviews the logged-in user may still write: each booking and round whose 14 days are running and that they have not reviewed, with its deadline.",
  async handler({ db, user }): Promise<{ reviews: ReviewToWrite[] }> {
    const now = new Date();
    const rows = await db
      .select({ booking: bookings, space: spaces, renter: users })
      .from(bookings)
      .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
      .innerJoin(users, eq(users.id, bookings.renterId))
      .where(
        and(
          or(eq(bookings.renterId, user.id), eq(bookings.hostId, user.id)),
          inArray(bookings.state, ["active", "completed"]),
        ),
      );
    if (rows.length === 0) return { reviews: [] };
    const ids = rows.map((row) => row.booking.id);
    const completed = await completedAtOfMany(db, ids);
    const written = await db
      .select({ bookingId: reviews.bookingId, round: reviews.round })
      .from(reviews)
      .where(and(inArray(reviews.bookingId, ids), eq(reviews.authorId, user.id)));
    const hostIds = [...new Set(rows.map((row) => row.booking.hostId))];
    const hosts = new Map(
      (await db.select().from(users).where(inArray(users.id, hostIds))).map((host) => [host.id, host]),
    );
    const toWrite: ReviewToWrite[] = [];
    for (const { booking, space, renter } of rows) {
      const role = reviewerRole(booking, user.id);
      const other = role === "renter" ? hosts.get(booking.hostId) : renter;
      if (!other) continue;
      const rounds = written.filter((w) => w.bookingId === booking.id).map((w) => w.round);
      for (const window of reviewWindows(reviewable(booking, completed.get(booking.id) ?? null))) {
        if (rounds.includes(window.round) || !(window.opensAt <= now && now < window.closesAt)) continue;
        toWrite.push({
          bookingId: booking.id,
          round: window.round,
          role,
          closesAt: window.closesAt.toISOString(),
          subject: person(other),
          space: { _id: space.id, spaceTitle: space.spaceTitle, storageType: space.storageType },
          startDate: booking.startDate,
          endDate: booking.endDate,
        });
      }
    }
    toWrite.sort((a, b) => a.closesAt.localeCompare(b.closesAt));
    return { reviews: toWrite };
  },
});

export const getSpaceReviews = defineEndpoint({
  method: "GET",
  path: "/rating/getSpaceReviews",
  auth: "optional",
  answers: [404],
  summary:
    "A listing's average stars and number of reviews, and its renters' shown reviews, newest first (the listing page).",
  query: z.object({ spaceId: spaceIdSchema }),
  async handler({ db, query, user }) {
    const [space] = await db.select().from(spaces).where(eq(spaces.id, query.spaceId));
    if (!space || (space.status !== "active" && space.hostId !== user?.id))
      throw new ApiError(404, "Space not found.");
    const list = await reviewViews(
      db,
      and(eq(reviews.spaceId, space.id), eq(reviews.authorRole, "renter"), isNotNull(reviews.shownAt)),
      user?.id ?? null,
    );
    return {
      rating: averageStars(space.reviewStars, space.reviewCount),
      totalNumberofReviews: space.reviewCount,
      reviews: list,
    };
  },
});

export type SpaceReviews = { rating: number | null; totalNumberofReviews: number; reviews: ReviewView[] };

// ─── Writing ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Forms send text: "4" is 4, "" is no choice. */
const stars = z.preprocess(
  (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value)) : value),
  z
    .number({ error: REVIEW_MESSAGES.starsRange })
    .int(REVIEW_MESSAGES.starsRange)
    .min(MIN_STARS, REVIEW_MESSAGES.starsRange)
    .max(MAX_STARS, REVIEW_MESSAGES.starsRange),
);

/** rateUser's body; the screen checks its form with the same schema. */
export const RateUserSchema = z.strictObject({
  bookingId: z.uuid("The booking id is not valid."),
  stars,
  review: z
    .string({ error: REVIEW_MESSAGES.textRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.textRequired)
    .refine((text) => [...text].length >= REVIEW_MIN_CHARS, REVIEW_MESSAGES.textTooShort)
    .refine((text) => [...text].length <= REVIEW_MAX_CHARS, REVIEW_MESSAGES.textTooLong),
});

export type RateUserAnswer = { reviewId: string; shown: boolean; closesAt: string };

export const rateUser = defineEndpoint({
  method: "POST",
  path: "/rating/rateUser",
  auth: "required",
  answers: [403, 404, 409],
  invalidates: [getReviewsByMe, reviewsToWrite],
  message: "Thank you for your review.",
  summary:
    "Writes the logged-in user's review of the other side of a booking (1–5 stars, 20–1,000 characters) within the 14 days of its review window: once per window, never edited. It is shown when both sides have written or the window closes.",
  body: RateUserSchema,
  async handler({ db, user, body }): Promise<RateUserAnswer> {
    // The deadline job is enqueued in the review's transaction: the queue must be running first (ADR 0018).
    await startJobs();
    const now = new Date();
    return db.transaction(async (tx) => {
      // The booking's row is locked so that the two sides writing at once see each other's review.
      const [booking] = await tx.select().from(bookings).where(eq(bookings.id, body.bookingId)).for("update");
      if (!booking) throw new ApiError(404, BOOKING_NOT_FOUND);
      const role = reviewerRole(booking, user.id);
      const { stars: checkedStars, text } = checkReview({ stars: body.stars, text: body.review });
      const existing = await tx.select().from(reviews).where(eq(reviews.bookingId, booking.id));
      const mine = existing.filter((review) => review.authorId === user.id).map((review) => review.round);
      const windows = reviewWindows(reviewable(booking, await completedAtOf(tx, booking.id)));
      const window = windowToWrite(windows, mine, now);
      const [written] = await tx
        .insert(reviews)
        .values({
          bookingId: booking.id,
          round: window.round,
          authorId: user.id,
          authorRole: role,
          subjectId: subjectOf(booking, role),
          spaceId: booking.spaceId,
          stars: checkedStars,
          text,
          closesAt: window.closesAt,
          createdAt: now,
        })
        .returning();
      if (!written) throw new Error("the review was not stored");
      const otherWrote = existing.some(
        (review: ReviewRow) => review.round === window.round && review.authorId !== user.id,
      );
      if (otherWrote) await showRound(tx, booking.id, window.round, now);
      else await scheduleReviewsDue(tx, { bookingId: booking.id, round: window.round }, window.closesAt);
      return { reviewId: written.id, shown: otherWrote, closesAt: window.closesAt.toISOString() };
    });
  },
});

export const answerReview = defineEndpoint({
  method: "POST",
  path: "/rating/answerReview",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "The person a shown review is about answers it, once (up to 1,000 characters). The product rules leave this call unnamed (ADR 0034).",
  message: REVIEW_MESSAGES.answered,
  body: z.strictObject({
    reviewId: z.uuid("The review id is not valid."),
    answer: z
      .string({ error: REVIEW_MESSAGES.answerRequired })
      .trim()
      .min(1, REVIEW_MESSAGES.answerRequired)
      .refine((text) => [...text].length <= ANSWER_MAX_CHARS, REVIEW_MESSAGES.answerTooLong),
  }),
  async handler({ db, user, body }) {
    return db.transaction(async (tx) => {
      const [review] = await tx.select().from(reviews).where(eq(reviews.id, body.reviewId)).for("update");
      // Hidden reviews are nobody's business but their author's: the same answer as no review at all.
      if (!review || (review.shownAt === null && review.authorId !== user.id && review.subjectId !== user.id))
        throw new ApiError(404, REVIEW_NOT_FOUND);
      const answer = checkAnswer(review, user.id, body.answer);
      const now = new Date();
      await tx.update(reviews).set({ answer, answeredAt: now }).where(eq(reviews.id, review.id));
      return { reviewId: review.id, answer, answeredAt: now.toISOString() };
    });
  },
});

export const endpoints: Endpoint[] = [
  getReviewsAboutYou,
  getReviewsOnMySpace,
  getReviewsByMe,
  reviewsToWrite,
  getSpaceReviews,
  rateUser,
  answerReview,
];
