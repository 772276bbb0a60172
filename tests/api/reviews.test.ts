import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RateUserAnswer, ReviewToWrite, ReviewView, SpaceReviews } from "~/api/rating/reviews.server";
import { reviewsDueQueue } from "~/core/review-service.server";
import { getDatabase } from "~/db/db.server";
import { reviews, spaces, users } from "~/db/schema";
import { REVIEW_MESSAGES } from "~/domain/reviews";
import { runJob, startJobs } from "~/infra/jobs.server";
import { aHostAndARenter, anActiveBooking, createListing } from "./booking-fixtures";
import { call, expectRefused, expectStatus, loggedInUser } from "./helpers";
import { aCompletedBooking, aRunningBookingSince } from "./review-fixtures";

/**
 * Two-way reviews (docs/product.md, Reviews, ADR 0034): the calls of the /resol and /rating calls, the
 * window, the hiding until both have written or the 14 days pass, the answer, and the totals they feed.
 */

const DAY = 24 * 60 * 60 * 1000;
const RENTER_WORDS = "Clean, dry room and a very helpful host. Would store here again.";
const HOST_WORDS = "Ria kept the room tidy and paid every bill on time. Welcome back!";

afterEach(() => {
  vi.useRealTimers();
});

function rate(cookie: string, body: Record<string, unknown>) {
  return call<RateUserAnswer>("POST", "/rating/rateUser", { cookie, body });
}

async function list<T>(cookie: string, path: string) {
  const answer = await call<{ reviews: T[] }>("GET", path, { cookie });
  expectStatus(answer, 200);
  return answer.body.result.reviews;
}

async function totals(userId: string, spaceId: string) {
  const { db } = await getDatabase();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const [space] = await db.select().from(spaces).where(eq(spaces.id, spaceId));
  return { user: [user?.reviewCount, user?.reviewStars], space: [space?.reviewCount, space?.reviewStars] };
}

describe("reviewing a completed booking", () => {
  it("lists it to write for both sides with its deadline, hides the first review until the second, then shows both and counts them", async () => {
    const { host, renter, space, bookingId, completedAt } = await aCompletedBooking();
    const closesAt = new Date(completedAt.getTime() + 14 * DAY).toISOString();

    const renterToWrite = await list<ReviewToWrite>(renter.cookie, "/rating/reviewsToWrite");
    expect(renterToWrite).toMatchObject([
      { bookingId, round: "completed", role: "renter", closesAt, subject: { userId: host.user.id } },
    ]);
    expect(renterToWrite[0]?.space._id).toBe(space.id);
    expect(await list<ReviewToWrite>(host.cookie, "/rating/reviewsToWrite")).toMatchObject([
      { bookingId, role: "host", subject: { userId: renter.user.id, name: "Ria" } },
    ]);

    const first = await rate(renter.cookie, { bookingId, stars: 5, review: RENTER_WORDS });
    expectStatus(first, 200);
    expect(first.body.result).toMatchObject({ shown: false, closesAt });

    // The author sees it, hidden; the host does not, neither about them nor on their listing; nobody counts it.
    expect(await list<ReviewView>(renter.cookie, "/rating/getReviewsByMe")).toMatchObject([
      { bookingId, stars: 5, review: RENTER_WORDS, shown: false, closesAt, authorRole: "renter" },
    ]);
    expect(await list(renter.cookie, "/rating/reviewsToWrite")).toEqual([]);
    expect(await list(host.cookie, "/rating/getReviewsAboutYou")).toEqual([]);
    expect(await list(host.cookie, "/rating/getReviewsOnMySpace")).toEqual([]);
    const hidden = await call<SpaceReviews>("GET", `/rating/getSpaceReviews?spaceId=${space.id}`);
    expect(hidden.body.result).toEqual({ rating: null, totalNumberofReviews: 0, reviews: [] });
    expect(await totals(host.user.id, space.id)).toEqual({ user: [0, 0], space: [0, 0] });

    const second = await rate(host.cookie, { bookingId, stars: "4", review: HOST_WORDS });
    expectStatus(second, 200);
    expect(second.body.result.shown).toBe(true);

    const aboutHost = await call<{ rating: number; totalNumberofReviews: number; reviews: ReviewView[] }>(
      "GET",
      "/rating/getReviewsAboutYou",
      { cookie: host.cookie },
    );
    expect(aboutHost.body.result).toMatchObject({
      rating: 5,
      totalNumberofReviews: 1,
      reviews: [{ review: RENTER_WORDS, shown: true, canAnswer: true, author: { userId: renter.user.id } }],
    });
    expect(await list<ReviewView>(renter.cookie, "/rating/getReviewsAboutYou")).toMatchObject([
      { review: HOST_WORDS, stars: 4, authorRole: "host" },
    ]);
    expect(await list<ReviewView>(host.cookie, "/rating/getReviewsOnMySpace")).toMatchObject([
      { review: RENTER_WORDS },
    ]);
    expect(await list<ReviewView>(renter.cookie, "/rating/getReviewsByMe")).toMatchObject([{ shown: true }]);
    const shown = await call<SpaceReviews>("GET", `/rating/getSpaceReviews?spaceId=${space.id}`);
    expect(shown.body.result).toMatchObject({ rating: 5, totalNumberofReviews: 1, reviews: [{ stars: 5 }] });
    // The host's review is about the renter only: the listing counts its renters' reviews.
    expect(await totals(host.user.id, space.id)).toEqual({ user: [1, 5], space: [1, 5] });
    expect(await totals(renter.user.id, space.id)).toMatchObject({ user: [1, 4] });

    const profile = await call<{ rating: number; totalNumberofReviews: number }>(
      "GET",
      "/user/viewUserProfile",
      {
        cookie: renter.cookie,
      },
    );
    expect(profile.body.result).toMatchObject({ rating: 4, totalNumberofReviews: 1 });
    const publicHost = await call<{ rating: number; totalNumberofReviews: number }>(
      "GET",
      `/user/getUserInfo?userId=${host.user.id}`,
    );
    expect(publicHost.body.result).toMatchObject({ rating: 5, totalNumberofReviews: 1 });
    const brief = await call<{ host: { rating: number; totalNumberofReviews: number } }>(
      "GET",
      `/space/viewSpaceBrief?spaceId=${space.id}`,
    );
    expect(brief.body.result.host).toMatchObject({ rating: 5, totalNumberofReviews: 1 });
  });

  it("averages the stars of every shown review a user received; each listing counts its own", async () => {
    const parties = await aHostAndARenter();
    const first = await aCompletedBooking(40, parties);
    const secondSpace = await createListing(parties.host.user.id);
    const second = await aCompletedBooking(38, { ...parties, space: secondSpace });
    for (const [bookingId, stars] of [
      [first.bookingId, 4],
      [second.bookingId, 5],
    ] as const) {
      expectStatus(await rate(parties.renter.cookie, { bookingId, stars, review: RENTER_WORDS }), 200);
      expectStatus(await rate(parties.host.cookie, { bookingId, stars: 3, review: HOST_WORDS }), 200);
    }
    expect(await totals(parties.host.user.id, parties.space.id)).toEqual({ user: [2, 9], space: [1, 4] });
    expect(await totals(parties.renter.user.id, secondSpace.id)).toEqual({ user: [2, 6], space: [1, 5] });
    const about = await call<{ rating: number; totalNumberofReviews: number }>(
      "GET",
      "/rating/getReviewsAboutYou",
      {
        cookie: parties.host.cookie,
      },
    );
    expect(about.body.result).toMatchObject({ rating: 4.5, totalNumberofReviews: 2 });
  });
});

describe("refusals", () => {
  it("refuses a review before the booking has ended or run 30 days, after the 14 days, and a second one", async () => {
    const active = await anActiveBooking();
    expectStatus(
      await rate(active.renter.cookie, { bookingId: active.bookingId, stars: 5, review: RENTER_WORDS }),
      409,
      REVIEW_MESSAGES.notYet,
    );
    const old = await aCompletedBooking(60);
    expectStatus(
      await rate(old.host.cookie, { bookingId: old.bookingId, stars: 5, review: HOST_WORDS }),
      409,
      REVIEW_MESSAGES.windowClosed,
    );
    const { renter, bookingId } = await aCompletedBooking();
    expectStatus(await rate(renter.cookie, { bookingId, stars: 5, review: RENTER_WORDS }), 200);
    expectStatus(
      await rate(renter.cookie, { bookingId, stars: 1, review: RENTER_WORDS }),
      409,
      REVIEW_MESSAGES.alreadyWritten,
    );
    const { db } = await getDatabase();
    expect(await db.select().from(reviews).where(eq(reviews.bookingId, bookingId))).toHaveLength(1);
  });

  it("refuses someone who is not a party, and a booking that does not exist", async () => {
    const { bookingId } = await aCompletedBooking();
    const stranger = await loggedInUser();
    expectStatus(
      await rate(stranger.cookie, { bookingId, stars: 5, review: RENTER_WORDS }),
      403,
      REVIEW_MESSAGES.notAParty,
    );
    expectStatus(
      await rate(stranger.cookie, {
        bookingId: "00000000-0000-4000-8000-000000000000",
        stars: 5,
        review: RENTER_WORDS,
      }),
      404,
    );
    expectStatus(
      await call("POST", "/rating/rateUser", { body: { bookingId, stars: 5, review: RENTER_WORDS } }),
      401,
    );
  });

  it("refuses too few or too many characters and stars out of range, and stores nothing", async () => {
    const { renter, bookingId } = await aCompletedBooking();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ stars: 5, review: "Too short, sorry." }, "review", REVIEW_MESSAGES.textTooShort],
      [{ stars: 5, review: "x".repeat(1001) }, "review", REVIEW_MESSAGES.textTooLong],
      [{ stars: 5, review: "   " }, "review", REVIEW_MESSAGES.textRequired],
      [{ stars: 0, review: RENTER_WORDS }, "stars", REVIEW_MESSAGES.starsRange],
      [{ stars: 6, review: RENTER_WORDS }, "stars", REVIEW_MESSAGES.starsRange],
      [{ stars: 4.5, review: RENTER_WORDS }, "stars", REVIEW_MESSAGES.starsRange],
      [{ stars: "", review: RENTER_WORDS }, "stars", REVIEW_MESSAGES.starsRange],
    ];
    for (const [body, field, message] of cases) {
      expectRefused(await rate(renter.cookie, { bookingId, ...body }), field, message);
    }
    const { db } = await getDatabase();
    expect(await db.select().from(reviews).where(eq(reviews.bookingId, bookingId))).toEqual([]);
    // The limits themselves pass.
    expectStatus(await rate(renter.cookie, { bookingId, stars: 1, review: "x".repeat(20) }), 200);
  });
});

describe("the midway review", () => {
  it("opens 30 days into a running booking, once", async () => {
    const { renter, host, bookingId } = await aRunningBookingSince(35);
    expect(await list<ReviewToWrite>(renter.cookie, "/rating/reviewsToWrite")).toMatchObject([
      { bookingId, round: "midway" },
    ]);
    expectStatus(await rate(renter.cookie, { bookingId, stars: 4, review: RENTER_WORDS }), 200);
    expectStatus(await rate(host.cookie, { bookingId, stars: 5, review: HOST_WORDS }), 200);
    expectStatus(
      await rate(renter.cookie, { bookingId, stars: 4, review: RENTER_WORDS }),
      409,
      REVIEW_MESSAGES.alreadyWritten,
    );
    expect(await list(renter.cookie, "/rating/reviewsToWrite")).toEqual([]);
  });

  it("is not offered before day 31", async () => {
    const { renter } = await aRunningBookingSince(29);
    expect(await list(renter.cookie, "/rating/reviewsToWrite")).toEqual([]);
  });
});

describe("answering", () => {
  it("lets the person reviewed answer a shown review once, and nobody else", async () => {
    const { host, renter, bookingId } = await aCompletedBooking();
    expectStatus(await rate(renter.cookie, { bookingId, stars: 5, review: RENTER_WORDS }), 200);
    const [hidden] = await list<ReviewView>(renter.cookie, "/rating/getReviewsByMe");
    const reviewId = hidden?.reviewId as string;
    const answer = (cookie: string, text: string) =>
      call("POST", "/rating/answerReview", { cookie, body: { reviewId, answer: text } });

    expectStatus(await answer(host.cookie, "Thank you, Ria!"), 409, REVIEW_MESSAGES.notShown);
    const stranger = await loggedInUser();
    expectStatus(await answer(stranger.cookie, "Hello"), 404);

    expectStatus(await rate(host.cookie, { bookingId, stars: 5, review: HOST_WORDS }), 200);
    expectStatus(await answer(stranger.cookie, "Hello"), 403, REVIEW_MESSAGES.notYourReview);
    expectStatus(await answer(renter.cookie, "I answer myself"), 403, REVIEW_MESSAGES.notYourReview);
    expectRefused(await answer(host.cookie, "x".repeat(1001)), "answer", REVIEW_MESSAGES.answerTooLong);
    expectRefused(await answer(host.cookie, "  "), "answer", REVIEW_MESSAGES.answerRequired);
    expectStatus(await answer(host.cookie, "Thank you, Ria!"), 200, REVIEW_MESSAGES.answered);
    expectStatus(await answer(host.cookie, "Once more"), 409, REVIEW_MESSAGES.alreadyAnswered);

    expect(await list<ReviewView>(renter.cookie, "/rating/getReviewsByMe")).toMatchObject([
      { answer: "Thank you, Ria!", canAnswer: false },
    ]);
  });

  it("refuses another host's listing in getReviewsOnMySpace", async () => {
    const { space } = await aHostAndARenter();
    const other = await loggedInUser();
    expectStatus(
      await call("GET", `/rating/getReviewsOnMySpace?spaceId=${space.id}`, { cookie: other.cookie }),
      403,
    );
  });
});

describe("the reviews-due job", () => {
  it("is enqueued for the deadline and shows a lone review when the 14 days pass, once", async () => {
    const { host, renter, space, bookingId, completedAt } = await aCompletedBooking();
    expectStatus(await rate(renter.cookie, { bookingId, stars: 3, review: RENTER_WORDS }), 200);
    const closesAt = new Date(completedAt.getTime() + 14 * DAY);

    const boss = await startJobs();
    const jobs = await boss.findJobs(reviewsDueQueue.name, { data: { bookingId, round: "completed" } });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.startAfter.toISOString()).toBe(closesAt.toISOString());

    // Run before its time (a clock running ahead elsewhere), it shows nothing.
    await runJob(reviewsDueQueue, { bookingId, round: "completed" });
    expect(await list(host.cookie, "/rating/getReviewsAboutYou")).toEqual([]);

    vi.useFakeTimers({ toFake: ["Date"], now: closesAt });
    await runJob(reviewsDueQueue, { bookingId, round: "completed" });
    await runJob(reviewsDueQueue, { bookingId, round: "completed" });
    vi.useRealTimers();

    expect(await list<ReviewView>(host.cookie, "/rating/getReviewsAboutYou")).toMatchObject([
      { stars: 3, shown: true },
    ]);
    expect(await totals(host.user.id, space.id)).toEqual({ user: [1, 3], space: [1, 3] });
    const { db } = await getDatabase();
    const [row] = await db.select().from(reviews).where(eq(reviews.bookingId, bookingId));
    expect(row?.shownAt?.toISOString()).toBe(closesAt.toISOString());
    // The window has closed for the host too.
    vi.useFakeTimers({ toFake: ["Date"], now: closesAt });
    const late = await rate(host.cookie, { bookingId, stars: 5, review: HOST_WORDS });
    vi.useRealTimers();
    expectStatus(late, 409, REVIEW_MESSAGES.windowClosed);
  });
});
