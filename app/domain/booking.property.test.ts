/**
 * A seeded random walk through the booking machine: thousands of sequences of events, by the right actor or a wrong
 * one, at random moments or at the moment a deadline job would fire, checking after every step that the machine
 * stays inside what it declares and never moves money it should not (docs/product.md, Payments).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextBillPeriod } from "./billing";
import {
  ACTORS,
  applyEvent,
  BOOKING_STATES,
  type Booking,
  type BookingEvent,
  createBooking,
  type DeadlineKind,
  type EventType,
  isTerminal,
  type MoneyMove,
  TRANSITIONS,
} from "./booking";
import { addDays, todayInManila } from "./dates";
import { DomainError } from "./errors";
import { bookingPrice } from "./pricing";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const EVENT_TYPES = [
  ...new Set(TRANSITIONS.map((rule) => rule.event).filter((event) => event !== "create")),
] as EventType[];

/** The actor a rule allows for each event (the first one), used when a step picks "the right actor". */
const RIGHT_ACTOR = Object.fromEntries(
  EVENT_TYPES.map((type) => [type, TRANSITIONS.find((rule) => rule.event === type)?.actors ?? []]),
);

const booking = fc.record({
  createdAt: fc.integer({ min: 0, max: 60 * DAY }).map((ms) => new Date(Date.UTC(2026, 0, 1) + ms)),
  startInDays: fc.integer({ min: 0, max: 12 }),
  lengthInDays: fc.integer({ min: 0, max: 200 }),
  monthlyPrice: fc.integer({ min: 1, max: 5_000_000 }),
  quantity: fc.integer({ min: 1, max: 5 }),
  depositAsked: fc.boolean(),
  discount: fc.boolean(),
  voucher: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2_000_000 })),
});

const step = fc.record({
  /** Follow a pending deadline (as the job runner would) rather than send a random event: one step in eight. */
  followDeadline: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
  /** Pick among the events the current state declares (so walks get deep), else among all: four steps in five. */
  declaredHere: fc.integer({ min: 0, max: 4 }).map((n) => n < 4),
  pick: fc.nat(),
  rightActor: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
  /** Percent of the time left to the next deadline that passes before this step. */
  towardDeadline: fc.integer({ min: 0, max: 110 }),
  wait: fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: 90 * MINUTE }), weight: 4 },
    { arbitrary: fc.integer({ min: 0, max: 72 * 60 * MINUTE }), weight: 2 },
    { arbitrary: fc.integer({ min: 0, max: 45 * DAY }), weight: 1 },
  ),
  /** Usually the exact due; now and then a tampered or mistaken amount. */
  amountOff: fc.oneof(
    { arbitrary: fc.constant(0), weight: 5 },
    { arbitrary: fc.integer({ min: -500, max: 500 }), weight: 1 },
  ),
  months: fc.integer({ min: 0, max: 13 }),
  accept: fc.boolean(),
  billOverdueDays: fc.integer({ min: 0, max: 10 }),
});

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function makeEvent(type: EventType, actor: (typeof ACTORS)[number], s: Step, b: Booking, at: Date) {
  switch (type) {
    case "payment_confirmed":
      return { type, actor, amount: Math.max(1, b.price.due + s.amountOff), reference: `pay_${s.pick}` };
    case "payment_failed":
      return { type, actor, reference: `pay_${s.pick}` };
    case "bill_paid": {
      // The next bill of the booking as the billing job would issue it; now and then a stale or tampered one.
      const next = b.paidThrough ? nextBillPeriod(b, b.paidThrough) : null;
      const bill = next && s.pick % 5 > 0 ? next : null;
      return {
        type,
        actor,
        amount: Math.max(1, (next?.total ?? 1_000) + s.amountOff),
        reference: `pay_${s.pick}`,
        bill,
      };
    }
    case "approve":
      return { type, actor, autoAcceptExtension: s.accept };
    case "decline":
      return { type, actor, reason: s.accept ? "Not available" : "" };
    case "cancel":
      return { type, actor, reason: "Changed plans" };
    case "end_for_unpaid_bill":
      return { type, actor, billDueDate: addDays(todayInManila(at), -s.billOverdueDays) };
    case "request_extension":
      return { type, actor, months: s.months };
    case "answer_extension":
      return { type, actor, accept: s.accept };
    default:
      return { type, actor };
  }
}

/** A plain assertion: `expect` is too slow for a quarter of a million steps. */
function check(condition: boolean, what: string, detail: unknown): void {
  if (!condition) throw new Error(`${what}: ${JSON.stringify(detail)}`);
}

const sum = (moves: MoneyMove[], kind: MoneyMove["kind"]) =>
  moves.filter((move) => move.kind === kind).reduce((total, move) => total + move.amount, 0);

/** What the walks reached, checked by the last test so the walks are known to get deep. */
const reachedStates = new Set<string>();
const acceptedEvents = new Map<string, number>();

describe("the booking machine under random sequences of events", () => {
  it("stays inside its declared states and transitions and never moves money twice", () => {
    fc.assert(
      fc.property(
        fc.noBias(booking),
        fc.noBias(fc.array(step, { minLength: 1, maxLength: 40 })),
        (input, steps) => {
          const startDate = addDays(todayInManila(input.createdAt), input.startInDays);
          const endDate = addDays(startDate, input.lengthInDays);
          const price = bookingPrice({
            type: "storage",
            startDate,
            endDate,
            monthlyPrice: input.monthlyPrice,
            quantity: input.quantity,
            depositAsked: input.depositAsked,
            firstMonthDiscountOffered: input.discount,
            voucher: input.voucher,
          });
          const created = createBooking(
            {
              type: "storage",
              startDate,
              endDate,
              quantity: input.quantity,
              weekdays: null,
              price,
              monthlyUnitPrice: input.monthlyPrice,
              feeRateBasisPoints: 500,
            },
            input.createdAt,
          );
          let current = created.booking;
          reachedStates.add(current.state);
          let now = input.createdAt;
          const deadlines = new Map<DeadlineKind, Date>(created.schedule.map((d) => [d.kind, d.at]));
          let settlements = 0;
          let billed = 0;

          for (const s of steps) {
            let event: BookingEvent;
            const pending = [...deadlines.entries()];
            const followsDeadline = s.followDeadline && pending.length > 0;
            if (followsDeadline) {
              const [kind, at] = pending[s.pick % pending.length] as [DeadlineKind, Date];
              now = new Date(Math.max(now.getTime(), at.getTime()));
              event = { type: kind, actor: "system" };
              deadlines.delete(kind); // a job runs once
            } else {
              // Time moves on: mostly part of the way to the next deadline (a little past it now and then), or
              // freely when none is pending.
              const next = Math.min(...pending.map(([, at]) => at.getTime()));
              const wait =
                pending.length > 0
                  ? Math.max(0, Math.floor(((next - now.getTime()) * s.towardDeadline) / 100))
                  : s.wait;
              now = new Date(now.getTime() + wait);
              const here = EVENT_TYPES.filter((type) =>
                TRANSITIONS.some((rule) => rule.event === type && rule.from.includes(current.state)),
              );
              const choices = s.declaredHere && here.length > 0 ? here : EVENT_TYPES;
              const type = choices[s.pick % choices.length] as EventType;
              const right = RIGHT_ACTOR[type] ?? [];
              const actor = s.rightActor
                ? (right[s.pick % right.length] ?? "system")
                : (ACTORS[s.pick % ACTORS.length] ?? "system");
              event = makeEvent(type, actor, s, current, now) as BookingEvent;
            }

            let result: ReturnType<typeof applyEvent>;
            try {
              result = applyEvent(current, event, now);
            } catch (error) {
              // A deadline job that was scheduled and never cancelled must be accepted when it fires.
              if (error instanceof DomainError && !followsDeadline) continue; // refused: nothing changes
              throw error;
            }
            reachedStates.add(result.booking.state);
            acceptedEvents.set(event.type, (acceptedEvents.get(event.type) ?? 0) + 1);
            const before = current;
            const after = result.booking;

            // Only declared states, through declared transitions, recorded as they happened.
            check(BOOKING_STATES.includes(after.state), "an undeclared state", after.state);
            check(
              TRANSITIONS.some(
                (rule) =>
                  rule.event === event.type &&
                  rule.actors.includes(event.actor) &&
                  rule.from.includes(before.state) &&
                  (rule.to === after.state || (rule.to === "unchanged" && before.state === after.state)),
              ),
              "an undeclared transition",
              [before.state, event, after.state],
            );
            const { history } = result;
            check(
              history.from === before.state &&
                history.to === after.state &&
                history.event === event.type &&
                history.actor === event.actor &&
                history.at === now &&
                history.reason.length > 0,
              "a history entry that does not tell what happened",
              history,
            );

            // Terminal states accept nothing but a stray payment, refunded whole...
            if (isTerminal(before.state)) {
              // ...or, on a completed booking, a bill for days the renter had the space.
              const billOwed = event.type === "bill_paid" && before.state === "completed";
              check(
                (event.type === "payment_confirmed" || event.type === "bill_paid") &&
                  after.state === before.state &&
                  (billOwed || sum(result.money, "refund") === sum(result.money, "payment_received")),
                "a terminal state accepted something",
                [before.state, event],
              );
            }

            // Money: every move positive and counted once; never more refunded than paid, nor more kept than due;
            // the refund of a booking's end (as opposed to a stray payment's) happens once, into an end state.
            check(
              result.money.every((move) => move.amount > 0),
              "an empty money move",
              result.money,
            );
            check(
              after.paid - before.paid === sum(result.money, "payment_received"),
              "payment miscounted",
              result,
            );
            check(
              after.refunded - before.refunded === sum(result.money, "refund"),
              "refund miscounted",
              result,
            );
            check(after.refunded <= after.paid, "refunded more than was paid", after);
            if (event.type === "bill_paid" && sum(result.money, "refund") === 0) {
              check(
                event.bill !== null &&
                  event.amount === event.bill.total &&
                  after.paidThrough === event.bill.periodEnd,
                "a bill paid that was not the next one",
                [before, event],
              );
              billed += event.amount;
            }
            check(after.paid - after.refunded <= after.price.due + billed, "kept more than was due", after);
            const settlement = result.money.filter(
              (m) => m.kind === "refund" && m.reason !== "payment_not_accepted",
            );
            settlements += settlement.length;
            check(settlements <= 1, "refunded twice", result.money);
            check(
              settlement.length === 0 || ["declined", "expired", "cancelled"].includes(after.state),
              "a refund without an end",
              result,
            );
            check(
              !(after.state === "declined" || after.state === "expired") || after.paid === after.refunded,
              "declined or expired without everything refunded",
              after,
            );

            // A booking that ends schedules nothing more and drops a waiting extension request.
            if (isTerminal(after.state)) {
              check(
                result.schedule.length === 0 && after.extension === null,
                "an ended booking still waits",
                result,
              );
            }

            // The job runner: cancelled jobs go, scheduled ones replace any of the same kind.
            if (event.actor === "system") deadlines.delete(event.type as DeadlineKind); // that job has run
            for (const kind of result.cancel) deadlines.delete(kind);
            for (const deadline of result.schedule) deadlines.set(deadline.kind, deadline.at);
            current = after;
          }
        },
      ),
      { numRuns: 10_000, seed: 20261127 },
    );
  }, 120_000);

  it("explored every state and accepted every event, again and again, in those walks", () => {
    expect([...reachedStates].sort()).toEqual([...BOOKING_STATES].sort());
    expect([...acceptedEvents.keys()].sort(), "accepted events").toEqual([...EVENT_TYPES].sort());
    // The seed is fixed, so these counts are too; at least ten of each shows the walks go deep enough.
    for (const [event, count] of acceptedEvents) expect(count, event).toBeGreaterThanOrEqual(10);
  });
});
