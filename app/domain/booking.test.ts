import { describe, expect, it } from "vitest";
import {
  ACTORS,
  answerDeadline,
  applyEvent,
  assertMayStartCheckout,
  BOOKING_STATES,
  type Booking,
  type BookingEvent,
  type BookingState,
  bookingNumberOf,
  cancellationRefund,
  checkExtension,
  checkNotice,
  checkoutDeadline,
  createBooking,
  type EventType,
  endInstant,
  extensionQuote,
  isTerminal,
  MAX_UNPAID_CHECKOUTS,
  moveInSoonUntil,
  type NewBooking,
  newsOf,
  openCheckoutsSince,
  roleOf,
  startInstant,
  TERMINAL_STATES,
  TOO_MANY_UNPAID_CHECKOUTS,
  TRANSITIONS,
  terminationEndDate,
} from "./booking";
import { bookingPrice } from "./pricing";
import { refusalOf } from "./refusal.testing";

/** An instant given as Manila wall-clock time, "2026-03-01 10:00". */
const manila = (time: string) => new Date(`${time.replace(" ", "T")}:00+08:00`);

/** P = ₱3,000.00. */
const P = 300000;

/** Storage, 3 months from 2026-03-15 (ends 2026-06-14), deposit asked: first month ₱3,000, deposit ₱3,000, fee ₱150. */
function storage(
  overrides: Partial<NewBooking> = {},
  priceOverrides: { voucher?: number; discount?: boolean } = {},
) {
  const startDate = overrides.startDate ?? "2026-03-15";
  const endDate = overrides.endDate ?? "2026-06-14";
  const price = bookingPrice({
    type: "storage",
    startDate,
    endDate,
    monthlyPrice: P,
    quantity: overrides.quantity ?? 1,
    depositAsked: true,
    firstMonthDiscountOffered: priceOverrides.discount ?? false,
    voucher: priceOverrides.voucher,
  });
  return {
    type: "storage",
    startDate,
    endDate,
    quantity: 1,
    weekdays: null,
    price,
    monthlyUnitPrice: P,
    feeRateBasisPoints: 500,
    ...overrides,
  } satisfies NewBooking;
}

const CREATED = manila("2026-03-01 10:00");
const PAID = manila("2026-03-01 10:20");
const APPROVED = manila("2026-03-02 09:00");
const STARTED = manila("2026-03-15 00:00");

const pay = (booking: Booking, at = PAID, amount = booking.price.due, reference = "pay_1") =>
  applyEvent(booking, { type: "payment_confirmed", actor: "provider", amount, reference }, at);

function awaiting(input = storage(), at = CREATED): Booking {
  return createBooking(input, at).booking;
}
function requested(input = storage()): Booking {
  return pay(awaiting(input)).booking;
}
function approved(input = storage(), autoAcceptExtension = false): Booking {
  return applyEvent(requested(input), { type: "approve", actor: "host", autoAcceptExtension }, APPROVED)
    .booking;
}
function active(input = storage(), autoAcceptExtension = false): Booking {
  return applyEvent(approved(input, autoAcceptExtension), { type: "start", actor: "system" }, STARTED)
    .booking;
}

describe("the declared machine", () => {
  it("lists only declared states and actors", () => {
    for (const rule of TRANSITIONS) {
      for (const from of rule.from) if (from !== null) expect(BOOKING_STATES).toContain(from);
      if (rule.to !== "unchanged") expect(BOOKING_STATES).toContain(rule.to);
      for (const actor of rule.actors) expect(ACTORS).toContain(actor);
    }
  });

  it("lets terminal states take nothing but a stray payment", () => {
    for (const rule of TRANSITIONS) {
      const fromTerminal = rule.from.some((state) => state !== null && isTerminal(state));
      if (fromTerminal) {
        expect(["payment_confirmed", "bill_paid"]).toContain(rule.event);
        expect(rule.to).toBe("unchanged");
      }
    }
    expect(TERMINAL_STATES).toEqual(["completed", "declined", "expired", "cancelled"]);
  });

  it("reaches every state from the start", () => {
    const reachable = new Set<BookingState | null>([null]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const rule of TRANSITIONS) {
        if (rule.to === "unchanged" || reachable.has(rule.to)) continue;
        if (rule.from.some((state) => reachable.has(state))) {
          reachable.add(rule.to);
          grew = true;
        }
      }
    }
    expect([...reachable].filter(Boolean).sort()).toEqual([...BOOKING_STATES].sort());
  });
});

describe("createBooking", () => {
  it("holds the units for 60 minutes while the renter pays", () => {
    const result = createBooking(storage(), CREATED);
    expect(result.booking).toMatchObject({
      state: "awaiting_payment",
      paid: 0,
      refunded: 0,
      requestedAt: null,
    });
    expect(result.booking.price.due).toBe(615000);
    expect(result.history).toMatchObject({
      from: null,
      to: "awaiting_payment",
      event: "create",
      actor: "renter",
    });
    expect(result.schedule).toEqual([{ kind: "checkout_expired", at: manila("2026-03-01 11:00") }]);
    expect(checkoutDeadline(result.booking)).toEqual(manila("2026-03-01 11:00"));
    expect(result.money).toEqual([]);
    expect(result.cancel).toEqual([]);
  });

  it("sends the request straight to the host when a voucher covers the whole due", () => {
    const result = createBooking(storage({}, { voucher: 10_000_000 }), CREATED);
    expect(result.booking.price.due).toBe(0);
    expect(result.booking.state).toBe("requested");
    expect(result.history).toMatchObject({ from: null, to: "requested" });
    expect(result.schedule).toEqual([{ kind: "answer_expired", at: manila("2026-03-03 10:00") }]);
    expect(result.booking.paidThrough).toBe("2026-04-14");
  });

  it("accepts a start today and refuses one in the past (Manila's today, not UTC's)", () => {
    // 2026-03-01 07:00 in Manila is still 2026-02-28 in UTC.
    expect(
      createBooking(storage({ startDate: "2026-03-01" }), manila("2026-03-01 07:00")).booking.state,
    ).toBe("awaiting_payment");
    const error = refusalOf(() =>
      createBooking(storage({ startDate: "2026-02-28" }), manila("2026-03-01 07:00")),
    );
    expect(error.kind).toBe("invalid");
    expect(error.message).toBe("The start date is in the past. Please choose a date from today on.");
  });

  it("refuses no units and an end before the start", () => {
    expect(refusalOf(() => createBooking(storage({ quantity: 0 }), CREATED)).message).toBe(
      "Please book at least one unit.",
    );
    expect(() => createBooking(storage({ endDate: "2026-03-14" }), CREATED)).toThrow(RangeError);
  });
});

describe("payment_confirmed", () => {
  it("turns a paid checkout into a request the host has 48 h to answer", () => {
    const result = pay(awaiting());
    expect(result.booking).toMatchObject({
      state: "requested",
      paid: 615000,
      refunded: 0,
      requestedAt: PAID,
    });
    expect(result.booking.paidThrough).toBe("2026-04-14");
    expect(result.history).toMatchObject({ from: "awaiting_payment", to: "requested", actor: "provider" });
    expect(result.history.reason).toContain("Paid ₱6,150.00");
    expect(result.money).toEqual([{ kind: "payment_received", amount: 615000, reference: "pay_1" }]);
    expect(result.schedule).toEqual([{ kind: "answer_expired", at: manila("2026-03-03 10:20") }]);
    expect(result.cancel).toEqual(["checkout_expired"]);
  });

  it("gives the host until the end of the start date when that comes before 48 h", () => {
    const input = storage({ startDate: "2026-03-02", endDate: "2026-04-01" });
    const result = pay(awaiting(input));
    expect(result.schedule).toEqual([{ kind: "answer_expired", at: manila("2026-03-03 00:00") }]);
    expect(answerDeadline(result.booking)).toEqual(manila("2026-03-03 00:00"));
  });

  it("counts a stay shorter than a month as paid to its end", () => {
    const input = storage({ startDate: "2026-03-15", endDate: "2026-03-20" });
    expect(requested(input).paidThrough).toBe("2026-03-20");
  });

  it("accepts a payment that lands after 60 minutes while the checkout has not expired yet", () => {
    expect(pay(awaiting(), manila("2026-03-01 11:05")).booking.state).toBe("requested");
  });

  it("refunds a payment of the wrong amount whole and keeps waiting", () => {
    const result = pay(awaiting(), PAID, 615001);
    expect(result.booking).toMatchObject({ state: "awaiting_payment", paid: 615001, refunded: 615001 });
    expect(result.money).toEqual([
      { kind: "payment_received", amount: 615001, reference: "pay_1" },
      { kind: "refund", amount: 615001, reason: "payment_not_accepted", reference: "pay_1" },
    ]);
    expect(result.history.reason).toBe(
      "A payment of ₱6,150.01 was refunded in full: it does not match the ₱6,150.00 due.",
    );
    expect(result.schedule).toEqual([]);
  });

  it("refunds a second payment whole (paying twice)", () => {
    const result = pay(requested(), manila("2026-03-01 10:30"), 615000, "pay_2");
    expect(result.booking).toMatchObject({ state: "requested", paid: 1230000, refunded: 615000 });
    expect(result.money[1]).toEqual({
      kind: "refund",
      amount: 615000,
      reason: "payment_not_accepted",
      reference: "pay_2",
    });
  });

  it("refunds a payment confirmed after the booking expired", () => {
    const expired = applyEvent(
      awaiting(),
      { type: "checkout_expired", actor: "system" },
      manila("2026-03-01 11:00"),
    );
    const result = pay(expired.booking, manila("2026-03-01 11:02"));
    expect(result.booking).toMatchObject({ state: "expired", paid: 615000, refunded: 615000 });
    expect(result.history).toMatchObject({ from: "expired", to: "expired" });
    expect(result.history.reason).toBe(
      "A payment of ₱6,150.00 was refunded in full: this booking has expired.",
    );
  });

  it("refuses a payment of nothing, one without a reference, and one not from the provider", () => {
    expect(refusalOf(() => pay(awaiting(), PAID, 0)).message).toBe("A payment must be more than ₱0.00.");
    expect(refusalOf(() => pay(awaiting(), PAID, 615000, "")).message).toBe(
      "A payment needs its provider reference.",
    );
    const error = refusalOf(() =>
      applyEvent(
        awaiting(),
        { type: "payment_confirmed", actor: "renter", amount: 615000, reference: "x" },
        PAID,
      ),
    );
    expect(error.kind).toBe("forbidden");
    expect(error.message).toBe("Only the payment provider can pay for this booking.");
  });
});

describe("payment_failed", () => {
  const failed: BookingEvent = { type: "payment_failed", actor: "provider", reference: "pay_1" };

  it("keeps the units held so the renter can try again", () => {
    const result = applyEvent(awaiting(), failed, PAID);
    expect(result.booking.state).toBe("awaiting_payment");
    expect(result.history.reason).toContain("the renter can try again until");
    expect(result.money).toEqual([]);
  });

  it("is refused once the booking no longer waits for payment", () => {
    expect(refusalOf(() => applyEvent(requested(), failed, PAID)).message).toBe(
      "You can't record a failed payment for this booking: it is waiting for the host's answer.",
    );
  });
});

describe("checkout_expired (deadline)", () => {
  const expire: BookingEvent = { type: "checkout_expired", actor: "system" };

  it("frees the units 60 minutes after an unpaid checkout began", () => {
    const result = applyEvent(awaiting(), expire, manila("2026-03-01 11:00"));
    expect(result.booking.state).toBe("expired");
    expect(result.money).toEqual([]);
    expect(result.history.reason).toBe("Not paid within 60 minutes; the space is free again.");
  });

  it("is refused before the 60 minutes, after payment, and from anyone but the system", () => {
    expect(refusalOf(() => applyEvent(awaiting(), expire, manila("2026-03-01 10:59"))).message).toBe(
      "The checkout is still open.",
    );
    expect(refusalOf(() => applyEvent(requested(), expire, manila("2026-03-01 11:00"))).kind).toBe(
      "conflict",
    );
    expect(refusalOf(() => applyEvent(awaiting(), { ...expire, actor: "renter" }, PAID)).message).toBe(
      "Only Space Solution can expire this checkout.",
    );
  });
});

describe("approve", () => {
  it("approves, remembers the extension choice and schedules the start", () => {
    const result = applyEvent(
      requested(),
      { type: "approve", actor: "host", autoAcceptExtension: true },
      APPROVED,
    );
    expect(result.booking).toMatchObject({ state: "approved", autoAcceptExtension: true });
    expect(result.history).toMatchObject({ from: "requested", to: "approved", actor: "host" });
    expect(result.schedule).toEqual([{ kind: "start", at: manila("2026-03-15 00:00") }]);
    expect(startInstant(result.booking)).toEqual(manila("2026-03-15 00:00"));
    expect(result.cancel).toEqual(["answer_expired"]);
    expect(result.money).toEqual([]);
  });

  it("starts a same-day booking at once", () => {
    const input = storage({ startDate: "2026-03-01", endDate: "2026-03-31" });
    const at = manila("2026-03-01 12:00");
    const result = applyEvent(
      requested(input),
      { type: "approve", actor: "host", autoAcceptExtension: false },
      at,
    );
    expect(result.schedule).toEqual([{ kind: "start", at }]);
  });

  it("is refused once the time to answer is over, to the renter, and before payment", () => {
    const approve: BookingEvent = { type: "approve", actor: "host", autoAcceptExtension: false };
    expect(refusalOf(() => applyEvent(requested(), approve, manila("2026-03-03 10:20"))).message).toBe(
      "This request has expired: the time to answer it is over.",
    );
    const renter = refusalOf(() => applyEvent(requested(), { ...approve, actor: "renter" }, APPROVED));
    expect(renter.kind).toBe("forbidden");
    expect(renter.message).toBe("Only the host can approve this request.");
    expect(refusalOf(() => applyEvent(awaiting(), approve, APPROVED)).message).toBe(
      "You can't approve this request: it is waiting for payment.",
    );
    expect(refusalOf(() => applyEvent(approved(), approve, APPROVED)).message).toBe(
      "You can't approve this request: it is approved and has not started yet.",
    );
  });
});

describe("decline", () => {
  it("declines with the host's reason and refunds everything paid", () => {
    const result = applyEvent(
      requested(),
      { type: "decline", actor: "host", reason: " Full that week " },
      APPROVED,
    );
    expect(result.booking).toMatchObject({ state: "declined", refunded: 615000 });
    expect(result.money).toEqual([{ kind: "refund", amount: 615000, reason: "declined" }]);
    expect(result.history.reason).toBe("Declined by the host: Full that week");
    expect(result.cancel).toEqual(["answer_expired"]);
  });

  it("needs a reason and an answer in time", () => {
    expect(
      refusalOf(() => applyEvent(requested(), { type: "decline", actor: "host", reason: "  " }, APPROVED))
        .kind,
    ).toBe("invalid");
    expect(
      refusalOf(() =>
        applyEvent(requested(), { type: "decline", actor: "host", reason: "No" }, manila("2026-03-04 00:00")),
      ).message,
    ).toBe("This request has expired: the time to answer it is over.");
  });
});

describe("answer_expired (deadline)", () => {
  const expire: BookingEvent = { type: "answer_expired", actor: "system" };

  it("expires an unanswered request after 48 h and refunds everything", () => {
    const result = applyEvent(requested(), expire, manila("2026-03-03 10:20"));
    expect(result.booking).toMatchObject({ state: "expired", refunded: 615000 });
    expect(result.money).toEqual([{ kind: "refund", amount: 615000, reason: "expired" }]);
  });

  it("is refused while the host still has time, and once approved", () => {
    expect(refusalOf(() => applyEvent(requested(), expire, manila("2026-03-03 10:19"))).message).toBe(
      "The host still has time to answer this request.",
    );
    expect(refusalOf(() => applyEvent(approved(), expire, manila("2026-03-04 00:00"))).kind).toBe("conflict");
  });
});

describe("cancel", () => {
  const renterCancels: BookingEvent = { type: "cancel", actor: "renter", reason: "Plans changed" };
  const hostCancels: BookingEvent = { type: "cancel", actor: "host" };

  it("by the renter while paying: nothing to refund, the checkout job goes", () => {
    const result = applyEvent(awaiting(), renterCancels, PAID);
    expect(result.booking.state).toBe("cancelled");
    expect(result.money).toEqual([]);
    expect(result.cancel).toEqual(["checkout_expired"]);
    expect(result.history.reason).toBe("Cancelled by the renter before the host answered: Plans changed");
  });

  it("by the renter before the host answers: everything paid", () => {
    const result = applyEvent(requested(), { type: "cancel", actor: "renter" }, APPROVED);
    expect(result.money).toEqual([{ kind: "refund", amount: 615000, reason: "cancelled_before_answer" }]);
    expect(result.cancel).toEqual(["answer_expired"]);
    expect(result.history.reason).toBe("Cancelled by the renter before the host answered.");
  });

  // Start 2026-03-15: 4 Manila calendar days before is 2026-03-11, 3 days before is 2026-03-12.
  it.each([
    ["2026-03-02 09:00", 600000, "cancelled_early"],
    ["2026-03-11 00:00", 600000, "cancelled_early"],
    ["2026-03-11 23:59", 600000, "cancelled_early"],
    ["2026-03-12 00:00", 450000, "cancelled_late"],
    ["2026-03-12 01:00", 450000, "cancelled_late"], // still 2026-03-11 in UTC
    ["2026-03-14 23:59", 450000, "cancelled_late"],
  ])("by the renter after approval at %s Manila time: %i centavos back (%s)", (time, amount, reason) => {
    const result = applyEvent(approved(), renterCancels, manila(time));
    expect(result.booking).toMatchObject({ state: "cancelled", refunded: amount });
    expect(result.money).toEqual([{ kind: "refund", amount, reason }]);
    expect(result.cancel).toEqual(["start"]);
    expect(cancellationRefund(approved(), "renter", manila(time))).toEqual({ amount, reason });
  });

  it("late, takes half the rent after the first-month discount, plus the deposit", () => {
    // 6 months with the discount: first month ₱3,000, discount ₱1,500, deposit ₱3,000, fee ₱75.
    const input = storage({ endDate: "2026-09-14" }, { discount: true });
    expect(input.price).toMatchObject({
      firstMonthPrice: 300000,
      firstMonthDiscount: 150000,
      deposits: 300000,
    });
    const result = applyEvent(approved(input), renterCancels, manila("2026-03-13 12:00"));
    expect(result.money).toEqual([{ kind: "refund", amount: 300000 + 75000, reason: "cancelled_late" }]);
  });

  it("rounds half the first month's rent half-up", () => {
    const input = storage({ monthlyUnitPrice: 100001 });
    input.price = {
      ...input.price,
      firstMonthPrice: 100001,
      deposits: 0,
      spaceSolutionFee: 5000,
      due: 105001,
    };
    const result = applyEvent(approved(input), renterCancels, manila("2026-03-13 12:00"));
    expect(result.money).toEqual([{ kind: "refund", amount: 50001, reason: "cancelled_late" }]);
  });

  it("never gives back more than was paid (a voucher lowered the due)", () => {
    const input = storage({}, { voucher: 590000 });
    expect(input.price.due).toBe(25000);
    const late = applyEvent(approved(input), renterCancels, manila("2026-03-13 12:00"));
    expect(late.money).toEqual([{ kind: "refund", amount: 25000, reason: "cancelled_late" }]);
    const early = applyEvent(approved(input), renterCancels, manila("2026-03-05 12:00"));
    expect(early.money).toEqual([{ kind: "refund", amount: 10000, reason: "cancelled_early" }]);
  });

  it("by the host after approval: everything paid", () => {
    const result = applyEvent(approved(), hostCancels, manila("2026-03-14 12:00"));
    expect(result.booking.state).toBe("cancelled");
    expect(result.money).toEqual([{ kind: "refund", amount: 615000, reason: "cancelled_by_host" }]);
    expect(result.history.reason).toBe("Cancelled by the host.");
    expect(cancellationRefund(approved(), "host", APPROVED)).toEqual({
      amount: 615000,
      reason: "cancelled_by_host",
    });
  });

  it("is refused from the start date on, even before the start job ran", () => {
    const message =
      "This booking has started, so it can no longer be cancelled. The renter can give notice to end it.";
    expect(refusalOf(() => applyEvent(approved(), renterCancels, manila("2026-03-15 00:00"))).message).toBe(
      message,
    );
    expect(refusalOf(() => applyEvent(approved(), hostCancels, manila("2026-03-15 08:00"))).message).toBe(
      message,
    );
    expect(refusalOf(() => applyEvent(active(), renterCancels, manila("2026-03-16 08:00"))).message).toBe(
      message,
    );
    expect(refusalOf(() => applyEvent(active(), hostCancels, manila("2026-03-16 08:00"))).message).toBe(
      message,
    );
  });

  it("by the host before approval is a decline", () => {
    expect(refusalOf(() => applyEvent(requested(), hostCancels, APPROVED)).message).toBe(
      "This request has not been approved yet: decline it instead.",
    );
    expect(refusalOf(() => applyEvent(awaiting(), hostCancels, PAID)).kind).toBe("conflict");
  });

  it("cannot be previewed for a booking past cancelling, and not by the system", () => {
    expect(refusalOf(() => cancellationRefund(active(), "renter", STARTED)).message).toBe(
      "You can't cancel this booking: it has started.",
    );
    expect(
      refusalOf(() => applyEvent(approved(), { type: "cancel", actor: "system" }, APPROVED)).message,
    ).toBe("Only the renter or the host can cancel this booking.");
  });
});

describe("start and end (deadlines)", () => {
  it("activates on the start date and schedules the end after the end date", () => {
    const result = applyEvent(approved(), { type: "start", actor: "system" }, STARTED);
    expect(result.booking.state).toBe("active");
    expect(result.schedule).toEqual([{ kind: "end", at: manila("2026-06-15 00:00") }]);
    expect(endInstant(result.booking)).toEqual(manila("2026-06-15 00:00"));
    expect(
      refusalOf(() => applyEvent(approved(), { type: "start", actor: "system" }, manila("2026-03-14 23:59")))
        .message,
    ).toBe("This booking starts later.");
  });

  it("completes the day after the end date", () => {
    const end: BookingEvent = { type: "end", actor: "system" };
    expect(refusalOf(() => applyEvent(active(), end, manila("2026-06-14 23:59"))).message).toBe(
      "This booking has not ended yet.",
    );
    const result = applyEvent(active(), end, manila("2026-06-15 00:00"));
    expect(result.booking.state).toBe("completed");
    expect(result.history).toMatchObject({ from: "active", to: "completed", actor: "system" });
    expect(result.money).toEqual([]);
  });

  it("drops an extension request still waiting when the booking ends", () => {
    const asked = applyEvent(
      active(),
      { type: "request_extension", actor: "renter", months: 1 },
      manila("2026-06-14 12:00"),
    );
    const result = applyEvent(asked.booking, { type: "end", actor: "system" }, manila("2026-06-15 00:00"));
    expect(result.booking.extension).toBeNull();
    expect(result.cancel).toEqual(["extension_expired"]);
  });
});

describe("give_notice (termination)", () => {
  const notice: BookingEvent = { type: "give_notice", actor: "renter" };

  it("ends 30 days after the notice when that is later than the paid month", () => {
    const result = applyEvent(active(), notice, manila("2026-03-20 09:00"));
    expect(result.booking).toMatchObject({
      state: "active",
      endDate: "2026-04-19",
      noticeGivenOn: "2026-03-20",
    });
    expect(result.schedule).toEqual([{ kind: "end", at: manila("2026-04-20 00:00") }]);
    expect(result.cancel).toEqual(["end"]);
    expect(result.money).toEqual([]);
    expect(result.history.reason).toBe("The renter gave notice; the booking now ends on April 19, 2026.");
  });

  it("ends with the month already paid when that is later", () => {
    const booking = { ...active(), paidThrough: "2026-05-14" };
    expect(applyEvent(booking, notice, manila("2026-04-01 09:00")).booking.endDate).toBe("2026-05-14");
    expect(terminationEndDate(booking, "2026-04-01")).toBe("2026-05-14");
    expect(terminationEndDate(booking, "2026-04-20")).toBe("2026-05-20");
    expect(terminationEndDate(booking, "2026-06-01")).toBe("2026-06-14");
  });

  it("is refused twice, when the booking ends sooner anyway, before the start, and to the host", () => {
    const given = applyEvent(active(), notice, manila("2026-03-20 09:00")).booking;
    expect(refusalOf(() => applyEvent(given, notice, manila("2026-03-21 09:00"))).message).toBe(
      "Notice was already given on March 20, 2026.",
    );
    expect(refusalOf(() => applyEvent(active(), notice, manila("2026-05-20 09:00"))).message).toBe(
      "This booking already ends on June 14, 2026; no notice is needed.",
    );
    expect(refusalOf(() => applyEvent(approved(), notice, APPROVED)).message).toBe(
      "You can't give notice on this booking: it is approved and has not started yet.",
    );
    expect(refusalOf(() => applyEvent(active(), { ...notice, actor: "host" }, STARTED)).kind).toBe(
      "forbidden",
    );
  });

  it("drops an extension request still waiting", () => {
    const asked = applyEvent(
      active(),
      { type: "request_extension", actor: "renter", months: 1 },
      manila("2026-03-20 08:00"),
    );
    const result = applyEvent(asked.booking, notice, manila("2026-03-20 09:00"));
    expect(result.booking.extension).toBeNull();
    expect(result.cancel).toEqual(["end", "extension_expired"]);
  });
});

describe("checkNotice: what giving notice would do, shown before the renter confirms", () => {
  const SECOND = { periodStart: "2026-04-15", periodEnd: "2026-05-14" };

  it("ends 30 days after the notice and bills the days after the paid month by the space-fee rule", () => {
    // 2026-04-15 to 04-19 after one month: 5 × ₱3,000 / 30 = ₱500.00, and the 5 % fee.
    expect(checkNotice(active(), "renter", [], manila("2026-03-20 09:00"))).toEqual({
      possible: true,
      endDate: "2026-04-19",
      bills: [expect.objectContaining({ periodStart: "2026-04-15", periodEnd: "2026-04-19", total: 52_500 })],
      total: 52_500,
    });
  });

  it("prices the unpaid bill again to the new end", () => {
    // Notice on 04-10 ends on 05-10: the issued second month keeps its start; 26 days over a month is a full month.
    const check = checkNotice(active(), "renter", [{ ...SECOND, state: "due" }], manila("2026-04-10 09:00"));
    expect(check).toMatchObject({
      possible: true,
      endDate: "2026-05-10",
      bills: [{ periodStart: "2026-04-15", periodEnd: "2026-05-10", rent: 300_000, total: 315_000 }],
      total: 315_000,
    });
  });

  it("bills only the days after the bills paid, and nothing when the paid months reach past the notice", () => {
    const paidTwoMonths = { ...active(), paidThrough: "2026-05-14" };
    const paid = [{ ...SECOND, state: "paid" }];
    // Ends 05-20: 05-15 to 05-20 after two months, 6 × ₱3,000 / 30 = ₱600.00.
    expect(checkNotice(paidTwoMonths, "renter", paid, manila("2026-04-20 09:00"))).toMatchObject({
      possible: true,
      endDate: "2026-05-20",
      bills: [{ periodStart: "2026-05-15", periodEnd: "2026-05-20", rent: 60_000, total: 63_000 }],
      total: 63_000,
    });
    expect(checkNotice(paidTwoMonths, "renter", paid, manila("2026-04-01 09:00"))).toEqual({
      possible: true,
      endDate: "2026-05-14",
      bills: [],
      total: 0,
    });
  });

  it("says why notice cannot be given, in the machine's words", () => {
    expect(checkNotice(approved(), "renter", [], APPROVED)).toEqual({
      possible: false,
      message: "You can't give notice on this booking: it is approved and has not started yet.",
    });
    expect(checkNotice(active(), "renter", [], manila("2026-05-20 09:00"))).toEqual({
      possible: false,
      message: "This booking already ends on June 14, 2026; no notice is needed.",
    });
    expect(checkNotice(active(), "host", [], STARTED)).toMatchObject({ possible: false });
  });
});

describe("end_for_unpaid_bill", () => {
  const end: BookingEvent = { type: "end_for_unpaid_bill", actor: "host", billDueDate: "2026-04-15" };

  it("lets the host end the booking once a bill is 7 days overdue", () => {
    expect(refusalOf(() => applyEvent(active(), end, manila("2026-04-21 23:59"))).message).toBe(
      "A bill must be 7 days overdue: you can end this booking from April 22, 2026.",
    );
    const result = applyEvent(active(), end, manila("2026-04-22 08:00"));
    expect(result.booking).toMatchObject({
      state: "completed",
      endDate: "2026-04-22",
      noticeGivenOn: "2026-04-22",
    });
    expect(result.cancel).toEqual(["end"]);
    expect(result.history.reason).toBe("Ended by the host: the bill due on April 15, 2026 is unpaid.");
  });

  it("is the host's alone, and only for an active booking", () => {
    expect(
      refusalOf(() => applyEvent(active(), { ...end, actor: "renter" }, manila("2026-04-22 08:00"))).kind,
    ).toBe("forbidden");
    expect(refusalOf(() => applyEvent(approved(), end, manila("2026-04-22 08:00"))).kind).toBe("conflict");
  });
});

describe("extensions", () => {
  const ask = (months: number): BookingEvent => ({ type: "request_extension", actor: "renter", months });
  const ASKED = manila("2026-04-01 10:00");

  it("wait for the host 48 h when the host did not choose auto-accept", () => {
    const result = applyEvent(active(), ask(1), ASKED);
    expect(result.booking.state).toBe("active");
    expect(result.booking.endDate).toBe("2026-06-14");
    expect(result.booking.extension).toEqual({
      quote: { months: 1, newEndDate: "2026-07-14", rent: 300000, spaceSolutionFee: 15000, total: 315000 },
      requestedAt: ASKED,
      answerBy: manila("2026-04-03 10:00"),
    });
    expect(result.schedule).toEqual([{ kind: "extension_expired", at: manila("2026-04-03 10:00") }]);
    expect(result.history.reason).toBe(
      "The renter asked to extend by 1 month to July 14, 2026; the host has until April 3, 2026 at 10:00 AM to answer.",
    );
  });

  it("lapse at the booking's end when that comes before 48 h", () => {
    const result = applyEvent(active(), ask(1), manila("2026-06-14 10:00"));
    expect(result.booking.extension?.answerBy).toEqual(manila("2026-06-15 00:00"));
  });

  it("are accepted at once when the host chose auto-accept (the end job moves)", () => {
    const result = applyEvent(active(storage(), true), ask(2), ASKED);
    expect(result.booking).toMatchObject({ state: "active", endDate: "2026-08-14", extension: null });
    expect(result.schedule).toEqual([{ kind: "end", at: manila("2026-08-15 00:00") }]);
    expect(result.cancel).toEqual(["end"]);
    expect(result.history.reason).toBe(
      "Extended by 2 months to August 14, 2026, accepted automatically as the host chose.",
    );
  });

  it("before the start, only move the end date (the start job schedules the end)", () => {
    const result = applyEvent(approved(storage(), true), ask(1), APPROVED);
    expect(result.booking.endDate).toBe("2026-07-14");
    expect(result.schedule).toEqual([]);
    expect(result.cancel).toEqual([]);
  });

  it("are accepted or declined by the host", () => {
    const pending = applyEvent(active(), ask(1), ASKED).booking;
    const accepted = applyEvent(
      pending,
      { type: "answer_extension", actor: "host", accept: true },
      manila("2026-04-02 10:00"),
    );
    expect(accepted.booking).toMatchObject({ endDate: "2026-07-14", extension: null });
    expect(accepted.schedule).toEqual([{ kind: "end", at: manila("2026-07-15 00:00") }]);
    expect(accepted.cancel).toEqual(["extension_expired", "end"]);

    const declined = applyEvent(
      pending,
      { type: "answer_extension", actor: "host", accept: false, reason: "Renovating in July" },
      manila("2026-04-02 10:00"),
    );
    expect(declined.booking).toMatchObject({ endDate: "2026-06-14", extension: null });
    expect(declined.cancel).toEqual(["extension_expired"]);
    expect(declined.history.reason).toBe("The host declined the extension: Renovating in July");
  });

  it("lapse when the host does not answer in time", () => {
    const pending = applyEvent(active(), ask(1), ASKED).booking;
    const lapse: BookingEvent = { type: "extension_expired", actor: "system" };
    expect(refusalOf(() => applyEvent(pending, lapse, manila("2026-04-03 09:59"))).message).toBe(
      "The host still has time to answer this extension request.",
    );
    const result = applyEvent(pending, lapse, manila("2026-04-03 10:00"));
    expect(result.booking.extension).toBeNull();
    expect(
      refusalOf(() =>
        applyEvent(
          pending,
          { type: "answer_extension", actor: "host", accept: true },
          manila("2026-04-03 10:00"),
        ),
      ).message,
    ).toBe("This extension request has expired: the time to answer it is over.");
    expect(refusalOf(() => applyEvent(active(), lapse, manila("2026-04-03 10:00"))).message).toBe(
      "There is no extension request waiting.",
    );
  });

  it("are refused when one is pending, after notice, before approval, in bad sizes and to the host", () => {
    const pending = applyEvent(active(), ask(1), ASKED).booking;
    expect(refusalOf(() => applyEvent(pending, ask(1), ASKED)).message).toBe(
      "An extension request is already waiting for the host's answer.",
    );
    const noticed = applyEvent(active(), { type: "give_notice", actor: "renter" }, ASKED).booking;
    expect(refusalOf(() => applyEvent(noticed, ask(1), ASKED)).message).toBe(
      "Notice was given on this booking, so it can no longer be extended.",
    );
    expect(refusalOf(() => applyEvent(requested(), ask(1), ASKED)).message).toBe(
      "You can't extend this booking: it is waiting for the host's answer.",
    );
    for (const months of [0, 13, 1.5, -1]) {
      expect(refusalOf(() => applyEvent(active(), ask(months), ASKED)).message).toBe(
        "An extension is 1 to 12 whole months.",
      );
    }
    expect(refusalOf(() => applyEvent(active(), { ...ask(1), actor: "host" }, ASKED)).kind).toBe("forbidden");
    expect(
      refusalOf(() => applyEvent(active(), { type: "answer_extension", actor: "host", accept: true }, ASKED))
        .message,
    ).toBe("There is no extension request to answer.");
    expect(
      refusalOf(() => applyEvent(pending, { type: "answer_extension", actor: "renter", accept: true }, ASKED))
        .kind,
    ).toBe("forbidden");
  });
});

describe("extensionQuote", () => {
  const base = { monthlyUnitPrice: P, quantity: 1, feeRateBasisPoints: 500 };

  it("keeps the remainder of days and adds whole months", () => {
    // 1 month + 7 days → 2 months + 7 days: one more month's rent.
    expect(extensionQuote({ ...base, startDate: "2026-03-15", endDate: "2026-04-21" }, 1)).toEqual({
      months: 1,
      newEndDate: "2026-05-21",
      rent: 300000,
      spaceSolutionFee: 15000,
      total: 315000,
    });
  });

  it("keeps months anchored on the start date (month-end clamping)", () => {
    expect(extensionQuote({ ...base, startDate: "2026-01-31", endDate: "2026-02-27" }, 1).newEndDate).toBe(
      "2026-03-30",
    );
  });

  it("prices the added space fee of a short stay and of several units", () => {
    // 5 days (₱1,500.00 at 3× the daily share) → 1 month + 5 days (₱3,500.00): ₱2,000.00 more.
    expect(extensionQuote({ ...base, startDate: "2026-03-15", endDate: "2026-03-19" }, 1)).toMatchObject({
      newEndDate: "2026-04-19",
      rent: 200000,
      spaceSolutionFee: 10000,
    });
    expect(
      extensionQuote({ ...base, quantity: 3, startDate: "2026-03-15", endDate: "2026-04-14" }, 2).rent,
    ).toBe(1800000);
  });
});

describe("checkExtension", () => {
  const other = (startDate: string, endDate: string, state = "approved") => ({
    startDate,
    endDate,
    units: 1,
    weekdays: null,
    state,
  });

  it("tells the price when the added dates are free", () => {
    const check = checkExtension(active(), 1, {
      otherBookings: [other("2026-07-15", "2026-08-14")],
      capacity: 1,
    });
    expect(check).toEqual({
      possible: true,
      autoAccepted: false,
      quote: { months: 1, newEndDate: "2026-07-14", rent: 300000, spaceSolutionFee: 15000, total: 315000 },
    });
    expect(checkExtension(active(storage(), true), 1, { otherBookings: [], capacity: 1 })).toMatchObject({
      autoAccepted: true,
    });
  });

  it("refuses when someone else holds the added dates", () => {
    const check = checkExtension(active(), 2, {
      otherBookings: [other("2026-07-20", "2026-08-30")],
      capacity: 1,
    });
    expect(check).toEqual({
      possible: false,
      message:
        "The space is booked by someone else from July 20, 2026, so this booking can't be extended that far.",
    });
    // A cancelled booking holds nothing.
    expect(
      checkExtension(active(), 2, {
        otherBookings: [other("2026-07-20", "2026-08-30", "cancelled")],
        capacity: 1,
      }).possible,
    ).toBe(true);
  });

  it("counts units against the capacity of a unit rental", () => {
    const booking = { ...active(storage({ quantity: 4 })), quantity: 4 };
    const others = [{ ...other("2026-06-01", "2026-12-31"), units: 6 }];
    expect(checkExtension(booking, 1, { otherBookings: others, capacity: 10 }).possible).toBe(true);
    expect(checkExtension(booking, 1, { otherBookings: others, capacity: 9 }).possible).toBe(false);
  });

  it("explains why a booking cannot be extended", () => {
    expect(checkExtension(requested(), 1, { otherBookings: [], capacity: 1 })).toEqual({
      possible: false,
      message: "You can't extend this booking: it is waiting for the host's answer.",
    });
  });
});

describe("a monthly bill paid", () => {
  const bill = { periodStart: "2026-04-15", periodEnd: "2026-05-14", total: 315_000 };
  const billPaid = (booking: Booking, amount: number, open: typeof bill | null = bill) =>
    applyEvent(
      booking,
      { type: "bill_paid", actor: "provider", amount, reference: "bill_pay_1", bill: open },
      manila("2026-04-10 09:00"),
    );

  it("pays the booking through the bill's period", () => {
    const booking = active();
    expect(booking.paidThrough).toBe("2026-04-14");
    const result = billPaid(booking, 315_000);
    expect(result.booking).toMatchObject({ state: "active", paidThrough: "2026-05-14", refunded: 0 });
    expect(result.booking.paid - booking.paid).toBe(315_000);
    expect(result.money).toEqual([{ kind: "payment_received", amount: 315_000, reference: "bill_pay_1" }]);
    expect(result.history.reason).toBe("Paid ₱3,150.00 for April 15, 2026 to May 14, 2026.");
  });

  it("is still taken after the booking ended, for days the renter had the space", () => {
    const ended = applyEvent(active(), { type: "end", actor: "system" }, manila("2026-06-15 00:00")).booking;
    const late = billPaid(ended, 315_000);
    expect(late.booking).toMatchObject({ state: "completed", paidThrough: "2026-05-14", refunded: 0 });
    expect(late.money).toEqual([{ kind: "payment_received", amount: 315_000, reference: "bill_pay_1" }]);
  });

  it("refunds whole a payment of another amount or for a bill no longer open", () => {
    const wrong = billPaid(active(), 100_000);
    expect(wrong.booking.paidThrough).toBe("2026-04-14");
    expect(wrong.money.map((move) => [move.kind, move.amount])).toEqual([
      ["payment_received", 100_000],
      ["refund", 100_000],
    ]);
    expect(wrong.history.reason).toContain("it does not match the bill's ₱3,150.00");
    expect(billPaid(active(), 315_000, null).history.reason).toContain("this bill is no longer open");
  });

  it("is news of a bill paid when taken and of a refund when not, whatever the sentence says", () => {
    expect(newsOf(billPaid(active(), 315_000))).toBe("bill_paid");
    expect(newsOf(billPaid(active(), 100_000))).toBe("payment_refunded");
    const taken = billPaid(active(), 315_000);
    // The sentence is for people; a reworded one tells the same news.
    expect(newsOf({ ...taken, history: { ...taken.history, reason: "Bill settled." } })).toBe("bill_paid");
  });
});

describe("terminal states", () => {
  const ends: Record<(typeof TERMINAL_STATES)[number], () => Booking> = {
    completed: () =>
      applyEvent(active(), { type: "end", actor: "system" }, manila("2026-06-15 00:00")).booking,
    declined: () =>
      applyEvent(requested(), { type: "decline", actor: "host", reason: "No" }, APPROVED).booking,
    expired: () =>
      applyEvent(requested(), { type: "answer_expired", actor: "system" }, manila("2026-03-04 00:00"))
        .booking,
    cancelled: () => applyEvent(approved(), { type: "cancel", actor: "host" }, APPROVED).booking,
  };
  const everyEvent: BookingEvent[] = [
    { type: "payment_failed", actor: "provider", reference: "p" },
    { type: "checkout_expired", actor: "system" },
    { type: "approve", actor: "host", autoAcceptExtension: true },
    { type: "decline", actor: "host", reason: "No" },
    { type: "answer_expired", actor: "system" },
    { type: "cancel", actor: "renter" },
    { type: "cancel", actor: "host" },
    { type: "start", actor: "system" },
    { type: "end", actor: "system" },
    { type: "give_notice", actor: "renter" },
    { type: "end_for_unpaid_bill", actor: "host", billDueDate: "2026-01-01" },
    { type: "request_extension", actor: "renter", months: 1 },
    { type: "answer_extension", actor: "host", accept: true },
    { type: "extension_expired", actor: "system" },
  ];

  it("covers every event but the payment (checked below) and the creation", () => {
    const covered = new Set<EventType | "create">([
      ...everyEvent.map((event) => event.type),
      "payment_confirmed",
      "bill_paid",
      "create",
    ]);
    expect(covered).toEqual(new Set(TRANSITIONS.map((rule) => rule.event)));
  });

  it.each(Object.keys(ends) as (typeof TERMINAL_STATES)[number][])("%s refuses every event", (state) => {
    const booking = ends[state]();
    expect(booking.state).toBe(state);
    for (const event of everyEvent) {
      expect(refusalOf(() => applyEvent(booking, event, manila("2027-01-01 00:00"))).kind).toBe("conflict");
    }
    const late = pay(booking, manila("2027-01-01 00:00"), 1000, "late");
    expect(late.booking.state).toBe(state);
    expect(late.booking.refunded - booking.refunded).toBe(1000);
    const bill = { periodStart: "2026-07-01", periodEnd: "2026-07-31", total: 1000 };
    const lateBill = applyEvent(
      booking,
      { type: "bill_paid", actor: "provider", amount: 1000, reference: "late-bill", bill },
      manila("2027-01-01 00:00"),
    );
    expect(lateBill.booking.state).toBe(state);
    expect(lateBill.money).toEqual([
      { kind: "payment_received", amount: 1000, reference: "late-bill" },
      { kind: "refund", amount: 1000, reason: "payment_not_accepted", reference: "late-bill" },
    ]);
  });
});

describe("roleOf", () => {
  it("names the renter and the host, and nobody else", () => {
    const parties = { renterId: "r", hostId: "h" };
    expect(roleOf(parties, "r")).toBe("renter");
    expect(roleOf(parties, "h")).toBe("host");
    expect(roleOf(parties, "x")).toBeNull();
  });
});

describe("bookingNumberOf", () => {
  it("is short, padded to six digits, and grows past them", () => {
    expect(bookingNumberOf(1)).toBe("SS-000001");
    expect(bookingNumberOf(123)).toBe("SS-000123");
    expect(bookingNumberOf(1_234_567)).toBe("SS-1234567");
  });
});

describe("holds are limited", () => {
  it(`lets a renter start a checkout while they hold fewer than ${MAX_UNPAID_CHECKOUTS} unpaid ones`, () => {
    expect(() => assertMayStartCheckout(0)).not.toThrow();
    expect(() => assertMayStartCheckout(MAX_UNPAID_CHECKOUTS - 1)).not.toThrow();
    const refused = refusalOf(() => assertMayStartCheckout(MAX_UNPAID_CHECKOUTS));
    expect([refused.kind, refused.message]).toEqual(["conflict", TOO_MANY_UNPAID_CHECKOUTS]);
  });

  it("counts the checkouts started within the last 60 minutes", () => {
    const at = new Date("2026-12-01T10:00:00Z");
    expect(openCheckoutsSince(at).toISOString()).toBe("2026-12-01T09:00:00.000Z");
    expect(checkoutDeadline({ createdAt: openCheckoutsSince(at) })).toEqual(at);
  });
});

describe("moving in soon", () => {
  it("reaches a week past today, so the last week before moving in counts, and the day after does not", () => {
    expect(moveInSoonUntil("2026-11-28")).toBe("2026-12-05");
    expect(moveInSoonUntil("2026-12-28")).toBe("2027-01-04");
  });
});
