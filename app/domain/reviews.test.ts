import { describe, expect, it } from "vitest";
import { addDays, startOfManilaDay } from "./dates";
import { refusalOf } from "./refusal.testing";
import {
  averageStars,
  checkAnswer,
  checkReview,
  isOpen,
  isShownBy,
  REVIEW_MESSAGES,
  type ReviewableBooking,
  reviewerRole,
  reviewWindows,
  subjectOf,
  windowToWrite,
} from "./reviews";

const DAY = 24 * 60 * 60 * 1000;
const start = "2026-01-05";
const completedAt = new Date("2026-04-05T16:00:00.000Z");

function booking(overrides: Partial<ReviewableBooking> = {}): ReviewableBooking {
  return { state: "completed", startDate: start, endDate: "2026-04-04", completedAt, ...overrides };
}

describe("review windows", () => {
  it("opens one window 30 days into a running booking and one when it completes, 14 days each", () => {
    const midway = startOfManilaDay(addDays(start, 30));
    expect(reviewWindows(booking())).toEqual([
      { round: "midway", opensAt: midway, closesAt: new Date(midway.getTime() + 14 * DAY) },
      { round: "completed", opensAt: completedAt, closesAt: new Date(completedAt.getTime() + 14 * DAY) },
    ]);
    expect(reviewWindows(booking({ state: "active", completedAt: null })).map((w) => w.round)).toEqual([
      "midway",
    ]);
  });

  it("gives a booking that ends within the midway window's 14 days only the review after it completes", () => {
    // Its last day is the midway window's last day: no midway review.
    const short = booking({ endDate: addDays(start, 43), completedAt: startOfManilaDay(addDays(start, 44)) });
    expect(reviewWindows(short).map((w) => w.round)).toEqual(["completed"]);
    // Its last day starts as the midway window closes: both.
    const longer = booking({
      endDate: addDays(start, 44),
      completedAt: startOfManilaDay(addDays(start, 45)),
    });
    expect(reviewWindows(longer).map((w) => w.round)).toEqual(["midway", "completed"]);
    // Ended early (a termination) before day 31: none midway.
    const ended = booking({ completedAt: startOfManilaDay(addDays(start, 30)) });
    expect(reviewWindows(ended).map((w) => w.round)).toEqual(["completed"]);
    expect(
      reviewWindows(booking({ state: "active", completedAt: null, endDate: addDays(start, 20) })),
    ).toEqual([]);
  });

  it("gives bookings that never ran no window", () => {
    for (const state of ["declined", "expired", "cancelled", "approved", "requested"] as const) {
      expect(reviewWindows(booking({ state }))).toEqual([]);
    }
  });

  it("is open from its first instant up to, not including, its last", () => {
    const [window] = reviewWindows(booking({ state: "active", completedAt: null }));
    if (!window) throw new Error("no window");
    expect(isOpen(window, new Date(window.opensAt.getTime() - 1))).toBe(false);
    expect(isOpen(window, window.opensAt)).toBe(true);
    expect(isOpen(window, new Date(window.closesAt.getTime() - 1))).toBe(true);
    expect(isOpen(window, window.closesAt)).toBe(false);
  });
});

describe("the window a party writes in", () => {
  const windows = reviewWindows(booking());
  const [midway, completed] = windows as [NonNullable<(typeof windows)[0]>, NonNullable<(typeof windows)[0]>];

  it("is the earliest open window not written in", () => {
    expect(windowToWrite(windows, [], midway.opensAt)).toBe(midway);
    expect(windowToWrite(windows, [], completed.opensAt)).toBe(completed);
  });

  it("refuses before any window opens, a second review, and after the 14 days", () => {
    expect(refusalOf(() => windowToWrite(windows, [], new Date(midway.opensAt.getTime() - 1))).message).toBe(
      REVIEW_MESSAGES.notYet,
    );
    expect(refusalOf(() => windowToWrite(windows, ["midway"], midway.opensAt)).message).toBe(
      REVIEW_MESSAGES.alreadyWritten,
    );
    expect(refusalOf(() => windowToWrite(windows, ["completed"], completed.closesAt)).message).toBe(
      REVIEW_MESSAGES.alreadyWritten,
    );
    expect(refusalOf(() => windowToWrite(windows, [], completed.closesAt)).message).toBe(
      REVIEW_MESSAGES.windowClosed,
    );
    expect(refusalOf(() => windowToWrite(windows, [], completed.closesAt)).kind).toBe("conflict");
  });
});

describe("who reviews whom", () => {
  const parties = { renterId: "renter", hostId: "host" };
  it("the renter reviews the host, the host the renter, nobody else anyone", () => {
    expect(reviewerRole(parties, "renter")).toBe("renter");
    expect(subjectOf(parties, "renter")).toBe("host");
    expect(subjectOf(parties, reviewerRole(parties, "host"))).toBe("renter");
    const stranger = refusalOf(() => reviewerRole(parties, "someone"));
    expect([stranger.kind, stranger.message]).toEqual(["forbidden", REVIEW_MESSAGES.notAParty]);
  });
});

describe("a review's stars and words", () => {
  const words = (n: number) => "a".repeat(n);

  it("takes 1 to 5 whole stars", () => {
    expect(checkReview({ stars: 1, text: words(20) }).stars).toBe(1);
    expect(checkReview({ stars: 5, text: words(20) }).stars).toBe(5);
    for (const stars of [0, 6, 2.5, Number.NaN]) {
      const error = refusalOf(() => checkReview({ stars, text: words(20) }));
      expect([error.field, error.message]).toEqual(["stars", REVIEW_MESSAGES.starsRange]);
    }
  });

  it("takes 20 to 1,000 characters, trimmed, counting emoji as one", () => {
    expect(checkReview({ stars: 4, text: `  ${words(20)}  ` }).text).toBe(words(20));
    expect(checkReview({ stars: 4, text: words(1000) }).text).toHaveLength(1000);
    expect(checkReview({ stars: 4, text: "🙂".repeat(20) }).text).toBe("🙂".repeat(20));
    expect(refusalOf(() => checkReview({ stars: 4, text: words(19) })).message).toBe(
      REVIEW_MESSAGES.textTooShort,
    );
    expect(refusalOf(() => checkReview({ stars: 4, text: `${words(19)}     ` })).message).toBe(
      REVIEW_MESSAGES.textTooShort,
    );
    expect(refusalOf(() => checkReview({ stars: 4, text: words(1001) })).message).toBe(
      REVIEW_MESSAGES.textTooLong,
    );
    expect(refusalOf(() => checkReview({ stars: 4, text: "   " })).message).toBe(
      REVIEW_MESSAGES.textRequired,
    );
  });
});

describe("showing and answering", () => {
  const closesAt = new Date("2026-05-01T00:00:00.000Z");

  it("shows a review once the other side wrote theirs, or once the window closed", () => {
    const before = new Date(closesAt.getTime() - 1);
    expect(isShownBy({ closesAt }, false, before)).toBe(false);
    expect(isShownBy({ closesAt }, true, before)).toBe(true);
    expect(isShownBy({ closesAt }, false, closesAt)).toBe(true);
  });

  const shown = { subjectId: "renter", shownAt: closesAt, answer: null };

  it("lets the person reviewed answer a shown review once", () => {
    expect(checkAnswer(shown, "renter", "  Thank you!  ")).toBe("Thank you!");
    expect(checkAnswer(shown, "renter", "a".repeat(1000))).toHaveLength(1000);
    expect(refusalOf(() => checkAnswer(shown, "host", "Thanks")).message).toBe(REVIEW_MESSAGES.notYourReview);
    expect(refusalOf(() => checkAnswer({ ...shown, shownAt: null }, "renter", "Thanks")).message).toBe(
      REVIEW_MESSAGES.notShown,
    );
    expect(refusalOf(() => checkAnswer({ ...shown, answer: "Thanks" }, "renter", "Again")).message).toBe(
      REVIEW_MESSAGES.alreadyAnswered,
    );
    expect(refusalOf(() => checkAnswer(shown, "renter", " ")).message).toBe(REVIEW_MESSAGES.answerRequired);
    expect(refusalOf(() => checkAnswer(shown, "renter", "a".repeat(1001))).message).toBe(
      REVIEW_MESSAGES.answerTooLong,
    );
  });

  it("averages the stars to one decimal, none before any review", () => {
    expect(averageStars(0, 0)).toBeNull();
    expect(averageStars(9, 2)).toBe(4.5);
    expect(averageStars(13, 3)).toBe(4.3);
  });
});
