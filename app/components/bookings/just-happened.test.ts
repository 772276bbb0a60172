import { describe, expect, it } from "vitest";
import { donePath, justHappened, type MomentChange, type MomentFacts } from "./just-happened";

// A booking from 15 March 2026 (Manila), requested and paid on the 10th.
const START_DATE = "2026-03-15";
const paid: MomentChange = {
  to: "requested",
  event: "payment_confirmed",
  actor: "provider",
  at: "2026-03-10T02:00:00.000Z",
};
const approvedEarly: MomentChange = {
  to: "approved",
  event: "approve",
  actor: "host",
  at: "2026-03-11T03:00:00.000Z",
};
// Approved at 09:00 Manila on the first day itself: the start follows at once.
const approvedOnTheDay: MomentChange = { ...approvedEarly, at: "2026-03-15T01:00:00.000Z" };
const startedRightAfter: MomentChange = {
  to: "active",
  event: "start",
  actor: "system",
  at: "2026-03-15T01:00:01.000Z",
};

/** Ria hosts, Juan rents; the host reads it unless a test says otherwise, just after approving ahead of the start. */
const facts = (over: Partial<MomentFacts> = {}): MomentFacts => ({
  role: "host",
  otherName: "Juan",
  startDate: START_DATE,
  history: [paid, approvedEarly],
  ...over,
});

describe("the moment that just happened on a booking", () => {
  it("tells the host they approved, while the booking's last change is their approval", () => {
    expect(justHappened("approved", facts())).toBe("You approved Juan's booking.");
  });

  it("tells the host they declined, and either side they cancelled", () => {
    const declined: MomentChange = { to: "declined", event: "decline", actor: "host", at: approvedEarly.at };
    expect(justHappened("declined", facts({ history: [paid, declined] }))).toBe(
      "You declined Juan's request.",
    );
    const cancelled: MomentChange = {
      to: "cancelled",
      event: "cancel",
      actor: "renter",
      at: approvedEarly.at,
    };
    expect(
      justHappened("cancelled", facts({ role: "renter", otherName: "Ria", history: [paid, cancelled] })),
    ).toBe("You cancelled this booking.");
  });

  it("tells the host they approved when the approval started the booking at once (approved on its first day)", () => {
    expect(justHappened("approved", facts({ history: [paid, approvedOnTheDay, startedRightAfter] }))).toBe(
      "You approved Juan's booking.",
    );
    // Approved late in the evening after the first day began (or days late): still the approval's own start.
    const approvedLate = { ...approvedOnTheDay, at: "2026-03-15T14:00:00.000Z" };
    const startedLate = { ...startedRightAfter, at: "2026-03-15T14:00:02.000Z" };
    expect(justHappened("approved", facts({ history: [paid, approvedLate, startedLate] }))).toBe(
      "You approved Juan's booking.",
    );
  });

  it("says nothing once the booking moved on by itself later: a start on its day after an earlier approval", () => {
    const startedOnTheDay = { ...startedRightAfter, at: "2026-03-14T16:00:00.000Z" };
    expect(justHappened("approved", facts({ history: [paid, approvedEarly, startedOnTheDay] }))).toBe(null);
  });

  it("says nothing when anything follows the approval's own start, or anyone else acted after it", () => {
    const notice: MomentChange = {
      to: "active",
      event: "give_notice",
      actor: "renter",
      at: "2026-03-16T00:00:00Z",
    };
    expect(
      justHappened("approved", facts({ history: [paid, approvedOnTheDay, startedRightAfter, notice] })),
    ).toBe(null);
    const cancelled: MomentChange = {
      to: "cancelled",
      event: "cancel",
      actor: "renter",
      at: "2026-03-12T00:00:00Z",
    };
    expect(justHappened("approved", facts({ history: [paid, approvedEarly, cancelled] }))).toBe(null);
    // A start by the system that no approval set off (none came just before it) is no one's moment.
    expect(justHappened("approved", facts({ history: [paid, startedRightAfter] }))).toBe(null);
  });

  it("says nothing to the side that did not act, even with the same link", () => {
    expect(justHappened("approved", facts({ role: "renter", otherName: "Ria" }))).toBe(null);
    expect(
      justHappened(
        "approved",
        facts({ role: "renter", history: [paid, approvedOnTheDay, startedRightAfter] }),
      ),
    ).toBe(null);
    const cancelled: MomentChange = {
      to: "cancelled",
      event: "cancel",
      actor: "renter",
      at: approvedEarly.at,
    };
    expect(justHappened("cancelled", facts({ history: [paid, cancelled] }))).toBe(null);
  });

  it("says nothing for a moment it does not know, or none, or a history without it", () => {
    expect(justHappened("paid", facts())).toBe(null);
    expect(justHappened(null, facts())).toBe(null);
    expect(justHappened("declined", facts())).toBe(null);
    expect(justHappened("approved", facts({ history: [] }))).toBe(null);
  });

  it("sends the author to the booking's page naming the moment", () => {
    expect(donePath("b-1", "declined")).toBe("/bookings/b-1?done=declined");
  });
});
