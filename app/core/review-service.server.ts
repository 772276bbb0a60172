import { and, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";
import { type BookingRow, bookingHistory, reviews, spaces, users } from "~/db/schema";
import type { ReviewableBooking, ReviewRound } from "~/domain/reviews";
import { defineQueue, send } from "~/infra/jobs.server";

/**
 * Where reviews meet the database (ADR 0034): the moment a review becomes shown, and the totals that follow from it.
 * A review is shown in the transaction that writes the other side's review of the same round, or by the
 * `reviews-due` job at the round's deadline (enqueued with the first review, in its transaction, so it exists
 * exactly when a review waits). Showing only touches rows still hidden and the totals are recounted from the shown
 * rows, so a retried or repeated job changes nothing.
 */

/** When the booking completed, from its history (null while it has not). */
export async function completedAtOf(db: Database, bookingId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: bookingHistory.at })
    .from(bookingHistory)
    .where(and(eq(bookingHistory.bookingId, bookingId), eq(bookingHistory.toState, "completed")))
    .orderBy(desc(bookingHistory.id))
    .limit(1);
  return row?.at ?? null;
}

/** The completion instants of many bookings at once (reviewsToWrite). */
export async function completedAtOfMany(db: Database, bookingIds: string[]): Promise<Map<string, Date>> {
  const found = new Map<string, Date>();
  if (bookingIds.length === 0) return found;
  const rows = await db
    .select({ bookingId: bookingHistory.bookingId, at: bookingHistory.at })
    .from(bookingHistory)
    .where(and(inArray(bookingHistory.bookingId, bookingIds), eq(bookingHistory.toState, "completed")));
  for (const row of rows) {
    const seen = found.get(row.bookingId);
    if (!seen || row.at > seen) found.set(row.bookingId, row.at);
  }
  return found;
}

export function reviewable(row: BookingRow, completedAt: Date | null): ReviewableBooking {
  return { state: row.state, startDate: row.startDate, endDate: row.endDate, completedAt };
}

/**
 * Recounts the shown reviews of these users and this listing into their totals (users.review_count / review_stars;
 * spaces.* from the renters' reviews only).
 */
async function recountTotals(tx: Database, userIds: string[], spaceIds: string[]): Promise<void> {
  for (const userId of new Set(userIds)) {
    await tx
      .update(users)
      .set({
        reviewCount: sql`(select count(*) from ${reviews} where ${reviews.subjectId} = ${userId} and ${reviews.shownAt} is not null)`,
        reviewStars: sql`(select coalesce(sum(${reviews.stars}), 0) from ${reviews} where ${reviews.subjectId} = ${userId} and ${reviews.shownAt} is not null)`,
      })
      .where(eq(users.id, userId));
  }
  for (const spaceId of new Set(spaceIds)) {
    const renters = sql`${reviews.spaceId} = ${spaceId} and ${reviews.authorRole} = 'renter' and ${reviews.shownAt} is not null`;
    await tx
      .update(spaces)
      .set({
        reviewCount: sql`(select count(*) from ${reviews} where ${renters})`,
        reviewStars: sql`(select coalesce(sum(${reviews.stars}), 0) from ${reviews} where ${renters})`,
      })
      .where(eq(spaces.id, spaceId));
  }
}

/**
 * Shows the hidden reviews of a booking's round: all of them when `dueBy` is not given (both sides wrote), else
 * only those whose window closed by `dueBy`. Answers how many it showed.
 */
export async function showRound(
  tx: Database,
  bookingId: string,
  round: ReviewRound,
  now: Date,
  dueBy?: Date,
): Promise<number> {
  const shown = await tx
    .update(reviews)
    .set({ shownAt: now })
    .where(
      and(
        eq(reviews.bookingId, bookingId),
        eq(reviews.round, round),
        isNull(reviews.shownAt),
        dueBy ? lte(reviews.closesAt, dueBy) : undefined,
      ),
    )
    .returning({ subjectId: reviews.subjectId, spaceId: reviews.spaceId });
  if (shown.length > 0)
    await recountTotals(
      tx,
      shown.map((row) => row.subjectId),
      shown.map((row) => row.spaceId),
    );
  return shown.length;
}

export type ReviewsDueJob = { bookingId: string; round: ReviewRound };

/**
 * A round's deadline: what is still hidden is shown. Run early (it is not, but a clock may differ), it shows
 * nothing; run twice, the second run finds nothing hidden.
 */
export const reviewsDueQueue = defineQueue<ReviewsDueJob>("reviews-due", async ({ bookingId, round }) => {
  const { db } = await getDatabase();
  const now = new Date();
  await db.transaction((tx) => showRound(tx, bookingId, round, now, now));
});

/** Enqueues the round's deadline job inside the transaction that wrote its first review (once per round). */
export async function scheduleReviewsDue(tx: Database, job: ReviewsDueJob, closesAt: Date): Promise<void> {
  await send(reviewsDueQueue, job, {
    startAfter: closesAt,
    singletonKey: `reviews:${job.bookingId}:${job.round}`,
    transaction: tx,
  });
}
