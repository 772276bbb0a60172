import { describe, expect, it } from "vitest";
import { startOfManilaDay } from "./dates";
import {
  ALREADY_OPEN,
  awardableOn,
  BOOKING_NOT_RUNNING,
  CASE_CLOSED,
  type CaseBooking,
  checkDecision,
  checkOpening,
  checkPhotos,
  checkWithdrawal,
  claimDeadline,
  MAX_CASE_PHOTOS,
  maxAward,
  NO_DEPOSIT,
  NOT_ENDED,
  ONLY_OPENER_WITHDRAWS,
  REASON_NOT_FOR_HOST,
  RENTER_DEPOSIT,
  stateAfterReply,
} from "./resolution";

const HOUR = 3_600_000;
/** Ended on 2026-12-31 (Manila): its end instant is 2027-01-01 00:00 Manila. */
const ended: CaseBooking = {
  state: "completed",
  endDate: "2026-12-31",
  deposits: 300_000,
  paid: 1_275_000,
  refunded: 0,
};
const end = startOfManilaDay("2027-01-01");
const hoursAfterEnd = (hours: number) => new Date(end.getTime() + hours * HOUR);

function opening(overrides: Partial<Parameters<typeof checkOpening>[0]> = {}) {
  return checkOpening({
    booking: ended,
    side: "host",
    reason: "damage",
    amountAsked: 150_000,
    now: hoursAfterEnd(1),
    holdingCase: false,
    ...overrides,
  });
}

describe("opening a case", () => {
  it("lets a host claim the deposit from the booking's end until 72 hours after it", () => {
    expect(claimDeadline(ended)).toEqual(hoursAfterEnd(72));
    expect(opening({ now: hoursAfterEnd(0) })).toEqual({ awardable: 300_000 });
    expect(opening({ now: new Date(hoursAfterEnd(72).getTime() - 1) })).toEqual({ awardable: 300_000 });
    expect(() => opening({ now: hoursAfterEnd(72) })).toThrow(
      "The 72 hours to open a case on this booking have passed.",
    );
    expect(() => opening({ now: hoursAfterEnd(-1), booking: { ...ended, state: "active" } })).toThrow(
      NOT_ENDED,
    );
  });

  it("never lets a renter claim their own deposit, nor a host give a renter's reason", () => {
    expect(() => opening({ side: "renter" })).toThrow(RENTER_DEPOSIT);
    expect(() => opening({ reason: "access_refused" })).toThrow(REASON_NOT_FOR_HOST);
    // A renter asks at most the rent they paid and were not refunded, never the deposit.
    expect(awardableOn(ended, "renter")).toBe(975_000);
    expect(opening({ side: "renter", reason: "not_as_described", amountAsked: 975_000 })).toEqual({
      awardable: 975_000,
    });
    expect(() => opening({ side: "renter", reason: "not_as_described", amountAsked: 975_001 })).toThrow(
      "You can ask for at most ₱9,750.00 on this case.",
    );
    expect(awardableOn({ ...ended, refunded: 1_275_000 }, "renter")).toBe(0);
  });

  it("asks whole centavos from zero to what can be awarded", () => {
    expect(() => opening({ amountAsked: 300_001 })).toThrow(
      "You can ask for at most ₱3,000.00 on this case.",
    );
    expect(() => opening({ amountAsked: -1 })).toThrow("Enter an amount of zero or more");
    expect(() => opening({ amountAsked: 1.5 })).toThrow("Enter an amount of zero or more");
    expect(opening({ amountAsked: 0 })).toEqual({ awardable: 300_000 });
  });

  it("refuses a booking that is not running, one without a deposit, and a second holding case", () => {
    expect(() => opening({ booking: { ...ended, state: "requested" } })).toThrow(BOOKING_NOT_RUNNING);
    expect(() => opening({ booking: { ...ended, deposits: 0 }, amountAsked: 0 })).toThrow(NO_DEPOSIT);
    expect(() => opening({ holdingCase: true })).toThrow(ALREADY_OPEN);
    // A renter's complaint while the booking runs is fine.
    expect(
      opening({
        side: "renter",
        reason: "access_refused",
        amountAsked: 0,
        booking: { ...ended, state: "active" },
        now: hoursAfterEnd(-24 * 30),
      }),
    ).toEqual({ awardable: 975_000 });
  });

  it("names the field each refusal is about", () => {
    try {
      opening({ amountAsked: 999_999_999 });
    } catch (error) {
      expect(error).toMatchObject({ kind: "invalid", field: "amountAsked" });
    }
    try {
      opening({ holdingCase: true });
    } catch (error) {
      expect(error).toMatchObject({ kind: "conflict", field: "bookingId" });
    }
  });
});

describe("a case's states", () => {
  it("moves open → answered on the other side's first reply, and stays on the opener's", () => {
    expect(stateAfterReply("open", true)).toBe("open");
    expect(stateAfterReply("open", false)).toBe("answered");
    expect(stateAfterReply("answered", true)).toBe("answered");
    expect(() => stateAfterReply("decided", false)).toThrow(CASE_CLOSED);
    expect(() => stateAfterReply("withdrawn", true)).toThrow(CASE_CLOSED);
  });

  it("is withdrawn by its opener only, while it holds", () => {
    expect(checkWithdrawal("open", true)).toBe("withdrawn");
    expect(checkWithdrawal("answered", true)).toBe("withdrawn");
    expect(() => checkWithdrawal("open", false)).toThrow(ONLY_OPENER_WITHDRAWS);
    expect(() => checkWithdrawal("decided", true)).toThrow(CASE_CLOSED);
  });

  it("is decided once, with an award from zero to what was asked within what can be awarded", () => {
    expect(maxAward(150_000, 300_000)).toBe(150_000);
    expect(maxAward(500_000, 300_000)).toBe(300_000);
    expect(checkDecision("answered", 0, 150_000)).toBe("decided");
    expect(checkDecision("open", 150_000, 150_000)).toBe("decided");
    expect(() => checkDecision("open", 150_001, 150_000)).toThrow(
      "The award can be at most ₱1,500.00 on this case.",
    );
    expect(() => checkDecision("open", -5, 150_000)).toThrow("Enter an amount of zero or more");
    expect(() => checkDecision("decided", 0, 150_000)).toThrow("This case is already decided.");
    expect(() => checkDecision("withdrawn", 0, 150_000)).toThrow("This case is already withdrawn.");
  });

  it("takes photos while it holds, up to the most a case keeps", () => {
    expect(() => checkPhotos("open", MAX_CASE_PHOTOS - 1, 1)).not.toThrow();
    expect(() => checkPhotos("answered", MAX_CASE_PHOTOS, 1)).toThrow(`at most ${MAX_CASE_PHOTOS} photos`);
    expect(() => checkPhotos("decided", 0, 1)).toThrow(CASE_CLOSED);
  });
});
