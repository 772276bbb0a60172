import { describe, expect, it } from "vitest";
import { formatDeadline, type NextStepFacts, whatHappensNext } from "./next-step";

/** A booking Ria (the host) and Juan (the renter) share, as Juan reads it unless a test says otherwise. */
const facts = (over: Partial<NextStepFacts> = {}): NextStepFacts => ({
  state: "requested",
  role: "renter",
  otherName: "Ria",
  // 11:43 PM on Sunday 29 November 2026 in Manila.
  actBy: "2026-11-29T15:43:00.000Z",
  startDate: "2026-12-05",
  endDate: "2027-01-04",
  paidThrough: null,
  noticeGivenOn: null,
  due: 315_000,
  paid: 315_000,
  refunded: 0,
  extension: null,
  unpaidBill: null,
  mayEndForUnpaidBill: null,
  reviewClosesAt: null,
  ...over,
});

describe("a deadline at a glance", () => {
  it("reads weekday, day, month and time on Manila's clock", () => {
    expect(formatDeadline("2026-11-29T15:43:00.000Z")).toBe("Sun 29 Nov, 11:43 PM");
    expect(formatDeadline("2026-12-01T01:05:00.000Z")).toBe("Tue 1 Dec, 9:05 AM");
  });
});

describe("what happens next with a booking", () => {
  it("tells the renter who answers by when, with nothing for them to press", () => {
    expect(whatHappensNext(facts())).toEqual({
      text: "Ria has until Sun 29 Nov, 11:43 PM to answer. If they decline or do not answer, everything you paid comes back.",
      action: null,
    });
  });

  it("gives the host the deadline and Approve as the one button", () => {
    const next = whatHappensNext(facts({ role: "host", otherName: "Juan" }));
    expect(next.text).toBe(
      "You have until Sun 29 Nov, 11:43 PM to answer Juan's request. If you do not, it expires and Juan gets everything back.",
    );
    expect(next.action).toEqual({ kind: "approve", label: "Approve" });
  });

  it("asks the renter of an unpaid checkout to pay the due, and tells the host to wait", () => {
    const renter = whatHappensNext(facts({ state: "awaiting_payment", paid: 0 }));
    expect(renter.text).toBe(
      "Pay by Sun 29 Nov, 11:43 PM to send your request to Ria. Until then the space is held for you.",
    );
    expect(renter.action).toEqual({ kind: "pay", label: "Pay ₱3,150.00" });
    const host = whatHappensNext(
      facts({ state: "awaiting_payment", role: "host", otherName: "Juan", paid: 0 }),
    );
    expect(host).toEqual({
      text: "Juan has until Sun 29 Nov, 11:43 PM to pay. Then the request comes to you.",
      action: null,
    });
  });

  it("gives the move-in date once approved", () => {
    expect(whatHappensNext(facts({ state: "approved", actBy: null })).text).toBe(
      "Ria approved your booking. You move in on December 5, 2026; the exact address is below.",
    );
    expect(
      whatHappensNext(facts({ state: "approved", role: "host", otherName: "Juan", actBy: null })).text,
    ).toBe("Juan moves in on December 5, 2026.");
  });

  it("puts a running booking's unpaid bill first for the renter", () => {
    const next = whatHappensNext(
      facts({
        state: "active",
        actBy: null,
        paidThrough: "2027-01-04",
        unpaidBill: { billId: "b1", total: 315_000, dueOn: "2027-01-05" },
      }),
    );
    expect(next.text).toBe("Your next bill, ₱3,150.00, is due on January 5, 2027.");
    expect(next.action).toEqual({ kind: "pay-bill", label: "Pay ₱3,150.00", billId: "b1" });
  });

  it("keeps the notice in view beside a bill still to pay", () => {
    const next = whatHappensNext(
      facts({
        state: "active",
        actBy: null,
        noticeGivenOn: "2026-11-28",
        unpaidBill: { billId: "b1", total: 315_000, dueOn: "2027-01-05" },
      }),
    );
    expect(next.text).toBe(
      "Your next bill, ₱3,150.00, is due on January 5, 2027. You gave notice: the booking ends on January 4, 2027.",
    );
  });

  it("says a running booking is paid to its last day, or how later months go", () => {
    expect(whatHappensNext(facts({ state: "active", actBy: null, paidThrough: "2027-01-04" })).text).toBe(
      "Paid in full to the last day, January 4, 2027.",
    );
    expect(
      whatHappensNext(
        facts({ state: "active", actBy: null, paidThrough: "2027-01-04", endDate: "2027-06-04" }),
      ).text,
    ).toBe(
      "Paid through January 4, 2027. Each next month is billed 7 days before it starts; to leave early, give 30 days' notice.",
    );
  });

  it("puts the extension's answer before everything else for the host", () => {
    const next = whatHappensNext(
      facts({
        state: "active",
        role: "host",
        otherName: "Juan",
        actBy: null,
        extension: { months: 2, answerBy: "2026-11-29T15:43:00.000Z" },
        mayEndForUnpaidBill: "2026-11-20",
      }),
    );
    expect(next.text).toBe("Juan asks to extend by 2 months. You have until Sun 29 Nov, 11:43 PM to answer.");
    expect(next.action?.kind).toBe("answer-extension");
  });

  it("lets the host end a booking whose bill is 7 days overdue", () => {
    const next = whatHappensNext(
      facts({
        state: "active",
        role: "host",
        otherName: "Juan",
        actBy: null,
        mayEndForUnpaidBill: "2026-11-20",
      }),
    );
    expect(next.text).toBe(
      "The bill due on November 20, 2026 is unpaid after 7 days. You may end this booking today.",
    );
    expect(next.action).toEqual({
      kind: "end-for-unpaid-bill",
      label: "End the booking for the unpaid bill",
    });
  });

  it("offers the review while it may be written, after the end", () => {
    const next = whatHappensNext(
      facts({ state: "completed", actBy: null, reviewClosesAt: "2026-11-29T15:43:00.000Z" }),
    );
    expect(next.text).toBe(
      "The booking ended on January 4, 2027. Write your review of Ria before Sun 29 Nov, 11:43 PM.",
    );
    expect(next.action).toEqual({ kind: "review", label: "Write a review" });
    expect(whatHappensNext(facts({ state: "completed", actBy: null })).action).toBeNull();
  });

  it("says what came back when a booking did not go ahead", () => {
    expect(whatHappensNext(facts({ state: "declined", actBy: null, refunded: 315_000 })).text).toBe(
      "The host declined this booking. ₱3,150.00 of the ₱3,150.00 you paid is refunded to you.",
    );
    expect(
      whatHappensNext(
        facts({ state: "cancelled", role: "host", otherName: "Juan", actBy: null, refunded: 300_000 }),
      ).text,
    ).toBe("This booking is cancelled. Juan is refunded ₱3,000.00 of the ₱3,150.00 paid.");
    expect(whatHappensNext(facts({ state: "expired", actBy: null, paid: 0 })).text).toBe(
      "This booking expired. Nothing was charged.",
    );
  });
});
