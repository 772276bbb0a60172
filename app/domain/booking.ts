/**
 * The booking state machine (docs/product.md, Booking lifecycle and Payments; ADR 0020): every state, event,
 * actor, guard and deadline of a booking, and the money each transition moves. Pure: no database, no clock (the
 * instant of each event is an input), no I/O. The API loads and locks a booking, calls {@link applyEvent}, then in
 * the same transaction saves the new booking, writes the history entry, records the money moves and enqueues or
 * cancels the deadline jobs the transition lists.
 *
 * awaiting_payment ─payment confirmed→ requested ─approve→ approved ─start date→ active ─after the end date→ completed
 *        │                                 │  └decline→ declined       │                  (notice, extension: stays
 *        ├─60 min unpaid→ expired          ├─48 h or start date over→ expired          active with a new end date)
 *        └─renter cancels→ cancelled       └─renter cancels→ cancelled  └─renter or host cancels→ cancelled
 *
 * "Refunded" is not a state: a refund is a money move of a transition into declined, expired or cancelled (or of a
 * payment nobody awaited), so the history keeps why the booking ended and the payment keeps its own progress.
 */

import { type BillPeriod, billsStillToPay, type IssuedBill } from "./billing";
import { BOOKING_STATES, type BookingState } from "./booking-states";
import {
  addDays,
  type CalendarDate,
  earlierDate,
  endDateForMonths,
  formatCalendarDate,
  laterDate,
  monthsAndRemainder,
  startOfManilaDay,
  todayInManila,
  toEpochDay,
} from "./dates";
import { DomainError } from "./errors";
import { assertNonNegativeInteger, type Centavos, formatPeso, roundHalfUp } from "./money";
import { type BookedHold, findOverbooking, HOLDING_STATES } from "./overbooking";
import { type BookingPrice, spaceFeeForDates, spaceSolutionFee } from "./pricing";
import type { SpaceType } from "./vocabulary";

// ─── States, actors, events ─────────────────────────────────────────────────────────────────────────────────────────

export { BOOKING_STATES, type BookingState, HOLDING_STATES };

/** States a booking never leaves; the only thing they still take is a stray payment, refunded whole. */
export const TERMINAL_STATES = [
  "completed",
  "declined",
  "expired",
  "cancelled",
] as const satisfies BookingState[];

export function isTerminal(state: BookingState): boolean {
  return (TERMINAL_STATES as readonly BookingState[]).includes(state);
}

/**
 * The states whose bills are owed: a running booking's, and a completed one's for the days the renter had the space
 * (a bill left unpaid at the end, or when the host ended the booking for it, is still paid like any other).
 */
export const BILLABLE_STATES = ["approved", "active", "completed"] as const satisfies readonly BookingState[];

/**
 * Who causes an event: the two people of the booking, the payment provider (its signed webhook, ADR 0020) and the
 * system (a deadline job).
 */
export const ACTORS = ["renter", "host", "provider", "system"] as const;
export type Actor = (typeof ACTORS)[number];

/** Everything that can happen to a booking; each event says who causes it. */
export type BookingEvent =
  /** The provider confirmed a payment for this booking (server to server). */
  | { type: "payment_confirmed"; actor: Actor; amount: Centavos; reference: string }
  /**
   * The provider confirmed a payment for one of the booking's monthly bills (app/domain/billing.ts): `bill` is the
   * bill as it stands, or null when it is no longer open (paid already, or cut by the booking's new end).
   */
  | {
      type: "bill_paid";
      actor: Actor;
      amount: Centavos;
      reference: string;
      bill: { periodStart: CalendarDate; periodEnd: CalendarDate; total: Centavos } | null;
    }
  /** The provider reports the renter's payment failed; the renter may try again while the units are held. */
  | { type: "payment_failed"; actor: Actor; reference: string }
  /** Deadline: the checkout stayed unpaid for 60 minutes. */
  | { type: "checkout_expired"; actor: Actor }
  | { type: "approve"; actor: Actor; autoAcceptExtension: boolean }
  | { type: "decline"; actor: Actor; reason: string }
  /** Deadline: the host did not answer within 48 hours or before the start date was over. */
  | { type: "answer_expired"; actor: Actor }
  | { type: "cancel"; actor: Actor; reason?: string }
  /** Deadline: the start date has come. */
  | { type: "start"; actor: Actor }
  /** Deadline: the end date is over. */
  | { type: "end"; actor: Actor }
  /** The renter ends an active booking: it ends at the later of 30 days from today and the end of the paid month. */
  | { type: "give_notice"; actor: Actor }
  /** A bill is 7 days overdue: the host may end the booking (`billDueDate` is the oldest unpaid bill's due date). */
  | { type: "end_for_unpaid_bill"; actor: Actor; billDueDate: CalendarDate }
  | { type: "request_extension"; actor: Actor; months: number }
  | { type: "answer_extension"; actor: Actor; accept: boolean; reason?: string }
  /** Deadline: the host did not answer an extension request within 48 hours. */
  | { type: "extension_expired"; actor: Actor };

export type EventType = BookingEvent["type"];

/** The events a deadline job sends (always with the actor "system"); each names its own job. */
export type DeadlineKind = "checkout_expired" | "answer_expired" | "start" | "end" | "extension_expired";

/**
 * Every transition the machine may make, as data: which actor may send the event, from which states, and the state
 * it leads to ("unchanged" when the booking keeps its state: a notice, an extension, a stray payment). The code
 * below refuses whatever this table does not list, and the property test checks it never goes beyond it.
 */
export interface TransitionRule {
  event: EventType | "create";
  actors: readonly Actor[];
  from: readonly (BookingState | null)[];
  to: BookingState | "unchanged";
}

export const TRANSITIONS: readonly TransitionRule[] = [
  { event: "create", actors: ["renter"], from: [null], to: "awaiting_payment" },
  // A voucher can cover the whole due: there is nothing to pay, so the request goes straight to the host.
  { event: "create", actors: ["renter"], from: [null], to: "requested" },
  { event: "payment_confirmed", actors: ["provider"], from: ["awaiting_payment"], to: "requested" },
  // A payment nobody awaits (a second payment, one after expiry, a wrong amount) is kept nowhere: refunded whole.
  { event: "payment_confirmed", actors: ["provider"], from: BOOKING_STATES, to: "unchanged" },
  { event: "payment_failed", actors: ["provider"], from: ["awaiting_payment"], to: "unchanged" },
  // A monthly bill paid: the booking is paid through the bill's period; a bill paid late, twice or for another
  // amount is refunded whole, in any state.
  { event: "bill_paid", actors: ["provider"], from: BOOKING_STATES, to: "unchanged" },
  { event: "checkout_expired", actors: ["system"], from: ["awaiting_payment"], to: "expired" },
  { event: "approve", actors: ["host"], from: ["requested"], to: "approved" },
  { event: "decline", actors: ["host"], from: ["requested"], to: "declined" },
  { event: "answer_expired", actors: ["system"], from: ["requested"], to: "expired" },
  {
    event: "cancel",
    actors: ["renter"],
    from: ["awaiting_payment", "requested", "approved"],
    to: "cancelled",
  },
  { event: "cancel", actors: ["host"], from: ["approved"], to: "cancelled" },
  { event: "start", actors: ["system"], from: ["approved"], to: "active" },
  { event: "end", actors: ["system"], from: ["active"], to: "completed" },
  { event: "give_notice", actors: ["renter"], from: ["active"], to: "unchanged" },
  { event: "end_for_unpaid_bill", actors: ["host"], from: ["active"], to: "completed" },
  { event: "request_extension", actors: ["renter"], from: ["approved", "active"], to: "unchanged" },
  { event: "answer_extension", actors: ["host"], from: ["approved", "active"], to: "unchanged" },
  { event: "extension_expired", actors: ["system"], from: ["approved", "active"], to: "unchanged" },
];

// ─── Timing and money rules (docs/product.md) ──────────────────────────────────────────────────────────────────────

/** An unpaid checkout holds the units this long. */
export const CHECKOUT_HOLD_MINUTES = 60;
/** The host answers a request within this many hours (or before the start date is over, whichever comes first). */
export const HOST_ANSWER_HOURS = 48;
/** The host answers an extension request within this many hours. */
export const EXTENSION_ANSWER_HOURS = 48;
/** A termination notice takes at least this many days. */
export const NOTICE_DAYS = 30;
/** A renter who cancels an approved booking this many days or more before the start gets all but the fee back. */
export const EARLY_CANCELLATION_DAYS = 4;
/** Days a bill must be overdue before the host may end the booking. */
export const UNPAID_BILL_DAYS = 7;
/** An approved booking moving in this many days from today or sooner comes first on the renter's home page. */
export const MOVE_IN_SOON_DAYS = 7;
/** The most months one extension may add. */
export const MAX_EXTENSION_MONTHS = 12;
/**
 * A renter holds at most this many unpaid checkouts at once (docs/product.md, Holds): each holds its units
 * for 60 minutes, so one account could otherwise keep a whole city's listings out of reach by booking and not paying.
 */
export const MAX_UNPAID_CHECKOUTS = 2;
export const TOO_MANY_UNPAID_CHECKOUTS = "Please finish paying or cancel your other checkout first.";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

// ─── The booking as the machine sees it ─────────────────────────────────────────────────────────────────────────────

/** An extension the renter asked for and the host has not answered yet. */
export interface PendingExtension {
  quote: ExtensionQuote;
  requestedAt: Date;
  /** The host answers before this instant, else the request lapses. */
  answerBy: Date;
}

export interface Booking {
  state: BookingState;
  type: SpaceType;
  /** First day of the booking (Manila calendar date). */
  startDate: CalendarDate;
  /** Last day of the booking, included; moved by an extension, a notice, or the host ending it for an unpaid bill. */
  endDate: CalendarDate;
  /** Units held (sqm, cbm, pallets); 1 for a whole space and for parking. Also q of the price. */
  quantity: number;
  /** Parking: the chosen weekdays (0 = Sunday … 6 = Saturday); null for every day. */
  weekdays: readonly number[] | null;
  /**
   * The booking price result charged at request (docs/product.md, Due at booking): first month, discount, deposit, fee,
   * due.
   */
  price: BookingPrice;
  /** P: storage, the monthly price of one unit; parking, the parking month price. Prices extensions. */
  monthlyUnitPrice: Centavos;
  /** The Space Solution fee rate of this booking, in basis points (500 = 5 %). */
  feeRateBasisPoints: number;
  /** When the renter began the checkout (the booking was created). */
  createdAt: Date;
  /** When the due was confirmed (the request reached the host); null before. */
  requestedAt: Date | null;
  /** The host's choice at approval: extension requests are accepted at once. */
  autoAcceptExtension: boolean;
  /** Centavos the provider confirmed for this booking, in total (stray payments included). */
  paid: Centavos;
  /** Centavos refunded for this booking, in total. Never more than `paid`. */
  refunded: Centavos;
  /** Last day of the last month paid for; null before the first payment. Billing moves it as bills are paid. */
  paidThrough: CalendarDate | null;
  /** The Manila date the booking was given notice (renter) or ended for an unpaid bill; null if neither. */
  noticeGivenOn: CalendarDate | null;
  extension: PendingExtension | null;
}

/** One line of a booking's history: who moved it, when, from where to where, and why (in the product's words). */
export interface HistoryEntry {
  from: BookingState | null;
  to: BookingState;
  event: EventType | "create";
  actor: Actor;
  at: Date;
  reason: string;
}

/** Why money goes back to the renter (docs/product.md, Refunds). */
export type RefundReason =
  | "declined"
  | "expired"
  | "cancelled_before_answer"
  | "cancelled_early"
  | "cancelled_late"
  | "cancelled_by_host"
  /** A payment no booking awaited (paid twice, after expiry, a wrong amount): refunded whole. */
  | "payment_not_accepted";

/** Money a transition moves; the API records each in the ledger and asks the payment adapter for each refund. */
export type MoneyMove =
  | { kind: "payment_received"; amount: Centavos; reference: string }
  /** `reference` names the payment to refund when it is one particular payment (a stray one). */
  | { kind: "refund"; amount: Centavos; reason: RefundReason; reference?: string };

/** A timed event to enqueue: at `at`, send `{ type: kind, actor: "system" }` to this booking. */
export interface Deadline {
  kind: DeadlineKind;
  at: Date;
}

/** What applying an event gives: the new booking and everything the API writes with it, in one transaction. */
export interface Transition {
  booking: Booking;
  history: HistoryEntry;
  money: MoneyMove[];
  /** Deadline jobs to enqueue (replacing any job of the same kind for this booking). */
  schedule: Deadline[];
  /** Deadline jobs of this booking to cancel (a job that still fires is refused by its guard, so this is tidying). */
  cancel: DeadlineKind[];
}

/** What a transition is news of: the booking's new state, or, when the state stays, what happened to it. */
export type BookingNews =
  | BookingState
  | "payment_failed"
  | "payment_refunded"
  | "bill_paid"
  | "extension"
  | "notice";

/**
 * The news of `transition`, read from what the machine did (its states, its event and its money), never from its
 * sentence: a payment the machine did not accept is refunded whole, and that refund is the news.
 */
export function newsOf(transition: Pick<Transition, "history" | "money">): BookingNews {
  const { history, money } = transition;
  if (history.from !== history.to) return history.to;
  if (money.some((move) => move.kind === "refund" && move.reason === "payment_not_accepted"))
    return "payment_refunded";
  if (history.event === "payment_failed") return "payment_failed";
  if (history.event === "bill_paid") return "bill_paid";
  if (history.event === "give_notice") return "notice";
  return "extension";
}

// ─── Deadlines, derived from the booking (one source for scheduling and for the guards) ─────────────────────────────

/** The unpaid checkout expires at this instant. */
export function checkoutDeadline(booking: Pick<Booking, "createdAt">): Date {
  return new Date(booking.createdAt.getTime() + CHECKOUT_HOLD_MINUTES * MINUTE_MS);
}

/** A checkout started after this instant is still open at `at` (unpaid, its units held). */
export function openCheckoutsSince(at: Date): Date {
  return new Date(at.getTime() - CHECKOUT_HOLD_MINUTES * MINUTE_MS);
}

/** Refuses a new booking while the renter already holds {@link MAX_UNPAID_CHECKOUTS} unpaid checkouts. */
export function assertMayStartCheckout(openUnpaidCheckouts: number): void {
  if (openUnpaidCheckouts >= MAX_UNPAID_CHECKOUTS) refuse(TOO_MANY_UNPAID_CHECKOUTS);
}

/** The host must answer before this instant: 48 h after the request, or the end of the start date, if earlier. */
export function answerDeadline(booking: Pick<Booking, "requestedAt" | "startDate">): Date {
  const endOfStartDate = startOfManilaDay(addDays(booking.startDate, 1)).getTime();
  if (!booking.requestedAt) return new Date(endOfStartDate);
  return new Date(Math.min(booking.requestedAt.getTime() + HOST_ANSWER_HOURS * HOUR_MS, endOfStartDate));
}

/** The instant an approved booking becomes active: the start of its start date in Manila. */
/**
 * The last move-in date the renter's home page calls soon, seen on `today` (a Manila calendar date): within
 * MOVE_IN_SOON_DAYS, so the week before moving in they find the address and the checklist first.
 */
export function moveInSoonUntil(today: CalendarDate): CalendarDate {
  return addDays(today, MOVE_IN_SOON_DAYS);
}

export function startInstant(booking: Pick<Booking, "startDate">): Date {
  return startOfManilaDay(booking.startDate);
}

/** The instant an active booking completes: the end of its end date in Manila. */
export function endInstant(booking: Pick<Booking, "endDate">): Date {
  return startOfManilaDay(addDays(booking.endDate, 1));
}

// ─── Messages ───────────────────────────────────────────────────────────────────────────────────────────────────────

const WHAT: Record<EventType, string> = {
  payment_confirmed: "pay for this booking",
  payment_failed: "record a failed payment for this booking",
  bill_paid: "pay a bill of this booking",
  checkout_expired: "expire this checkout",
  approve: "approve this request",
  decline: "decline this request",
  answer_expired: "expire this request",
  cancel: "cancel this booking",
  start: "start this booking",
  end: "end this booking",
  give_notice: "give notice on this booking",
  end_for_unpaid_bill: "end this booking for an unpaid bill",
  request_extension: "extend this booking",
  answer_extension: "answer this extension request",
  extension_expired: "expire this extension request",
};

const IS: Record<BookingState, string> = {
  awaiting_payment: "is waiting for payment",
  requested: "is waiting for the host's answer",
  approved: "is approved and has not started yet",
  active: "has started",
  completed: "has ended",
  declined: "was declined",
  expired: "has expired",
  cancelled: "was cancelled",
};

const WHO: Record<Actor, string> = {
  renter: "the renter",
  host: "the host",
  provider: "the payment provider",
  system: "Space Solution",
};

function refuse(message: string): never {
  throw new DomainError("conflict", message);
}

const manilaInstant = new Intl.DateTimeFormat("en-PH", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "Asia/Manila",
});

/** An instant as Manila time for people, "April 3, 2026 at 10:00 AM". */
function formatInstant(at: Date): string {
  return manilaInstant.format(at);
}

// ─── Creating a booking ─────────────────────────────────────────────────────────────────────────────────────────────

export type NewBooking = Omit<
  Booking,
  | "state"
  | "createdAt"
  | "requestedAt"
  | "autoAcceptExtension"
  | "paid"
  | "refunded"
  | "paidThrough"
  | "noticeGivenOn"
  | "extension"
>;

/**
 * A renter's new booking at `at`: waiting for payment, its units held for 60 minutes — or, when nothing is due (a
 * voucher covers it), requested at once. Refuses dates in the past.
 */
export function createBooking(input: NewBooking, at: Date): Transition {
  const today = todayInManila(at);
  monthsAndRemainder(input.startDate, input.endDate); // validates both dates and their order
  if (input.startDate < today) {
    throw new DomainError("invalid", "The start date is in the past. Please choose a date from today on.");
  }
  assertNonNegativeInteger(input.quantity, "quantity");
  if (input.quantity === 0) throw new DomainError("invalid", "Please book at least one unit.");
  const booking: Booking = {
    ...input,
    state: "awaiting_payment",
    createdAt: at,
    requestedAt: null,
    autoAcceptExtension: false,
    paid: 0,
    refunded: 0,
    paidThrough: null,
    noticeGivenOn: null,
    extension: null,
  };
  const history = (to: BookingState, reason: string): HistoryEntry => ({
    from: null,
    to,
    event: "create",
    actor: "renter",
    at,
    reason,
  });
  if (input.price.due === 0) {
    const requested = toRequested(booking, at);
    return {
      booking: requested,
      history: history("requested", "Requested; nothing to pay (the voucher covers the due)."),
      money: [],
      schedule: [{ kind: "answer_expired", at: answerDeadline(requested) }],
      cancel: [],
    };
  }
  return {
    booking,
    history: history(
      "awaiting_payment",
      `Checkout started; the space is held until ${formatInstant(checkoutDeadline(booking))}.`,
    ),
    money: [],
    schedule: [{ kind: "checkout_expired", at: checkoutDeadline(booking) }],
    cancel: [],
  };
}

function toRequested(booking: Booking, at: Date): Booking {
  const firstMonthEnd = endDateForMonths(booking.startDate, 1);
  return {
    ...booking,
    state: "requested",
    requestedAt: at,
    // The first month is paid at request (docs/product.md, Monthly bills); a shorter stay is paid whole.
    paidThrough: earlierDate(firstMonthEnd, booking.endDate),
  };
}

// ─── Applying an event ──────────────────────────────────────────────────────────────────────────────────────────────

/** Whether `actor` may send `event` at all (whatever the state), by {@link TRANSITIONS}. */
function rulesFor(type: EventType, actor: Actor): TransitionRule[] {
  return TRANSITIONS.filter((rule) => rule.event === type && rule.actors.includes(actor));
}

/**
 * Applies `event`, happening at the instant `at`, to `booking`. Returns the new booking with its history entry,
 * money moves and deadline changes; throws a {@link DomainError} whose message is written for the person who asked
 * when the event is not allowed (wrong actor, wrong state, too late, bad input). Never changes `booking`.
 */
export function applyEvent(booking: Booking, event: BookingEvent, at: Date): Transition {
  const rules = rulesFor(event.type, event.actor);
  if (rules.length === 0) {
    const allowed = [...new Set(TRANSITIONS.filter((r) => r.event === event.type).flatMap((r) => r.actors))];
    throw new DomainError(
      "forbidden",
      `Only ${allowed.map((a) => WHO[a]).join(" or ")} can ${WHAT[event.type]}.`,
    );
  }
  if (!rules.some((rule) => rule.from.includes(booking.state))) {
    if (event.type === "cancel" && event.actor === "host" && booking.state === "requested") {
      refuse("This request has not been approved yet: decline it instead.");
    }
    if (event.type === "cancel" && booking.state === "active") {
      refuse(
        "This booking has started, so it can no longer be cancelled. The renter can give notice to end it.",
      );
    }
    refuse(`You can't ${WHAT[event.type]}: it ${IS[booking.state]}.`);
  }
  const result = transition(booking, event, at);
  assertDeclared(booking.state, event, result.booking.state);
  return result;
}

/** Guards against a bug in {@link transition}: the result must be a transition {@link TRANSITIONS} declares. */
function assertDeclared(from: BookingState, event: BookingEvent, to: BookingState): void {
  const declared = rulesFor(event.type, event.actor).some(
    (rule) => rule.from.includes(from) && (rule.to === to || (rule.to === "unchanged" && from === to)),
  );
  if (!declared) throw new Error(`undeclared booking transition ${from} -(${event.type})-> ${to}`);
}

function transition(booking: Booking, event: BookingEvent, at: Date): Transition {
  const today = todayInManila(at);
  const move = (
    to: BookingState,
    reason: string,
    changes: Partial<Booking> = {},
    extra: Partial<Omit<Transition, "booking" | "history">> = {},
  ): Transition => {
    const terminal = isTerminal(to);
    return {
      // A booking that ends drops any extension request still waiting for the host.
      booking: { ...booking, ...changes, state: to, ...(terminal ? { extension: null } : {}) },
      history: { from: booking.state, to, event: event.type, actor: event.actor, at, reason },
      money: extra.money ?? [],
      schedule: extra.schedule ?? [],
      cancel: [
        ...(extra.cancel ?? []),
        ...(terminal && booking.extension && !extra.cancel?.includes("extension_expired")
          ? (["extension_expired"] as const)
          : []),
      ],
    };
  };
  /** Refunds what is still held of the renter's money, `amount` at most (all of it by default). */
  const settle = (reason: RefundReason, amount = booking.paid - booking.refunded) => {
    const refund = Math.max(0, Math.min(amount, booking.paid - booking.refunded));
    return {
      changes: { refunded: booking.refunded + refund },
      money: refund > 0 ? [{ kind: "refund", amount: refund, reason } as MoneyMove] : [],
    };
  };

  /** A payment the provider confirmed, checked: more than ₱0.00 and named by the provider. */
  type Received = Extract<MoneyMove, { kind: "payment_received" }>;
  const receive = (payment: { amount: Centavos; reference: string }): Received => {
    assertNonNegativeInteger(payment.amount, "amount");
    if (payment.amount === 0) throw new DomainError("invalid", "A payment must be more than ₱0.00.");
    if (!payment.reference) throw new DomainError("invalid", "A payment needs its provider reference.");
    return { kind: "payment_received", amount: payment.amount, reference: payment.reference };
  };
  /** A payment nobody awaits, kept nowhere: received and refunded whole, the booking unchanged. */
  const refundWhole = (received: Received, why: string) =>
    move(
      booking.state,
      `${why}.`,
      { paid: booking.paid + received.amount, refunded: booking.refunded + received.amount },
      {
        money: [
          received,
          {
            kind: "refund",
            amount: received.amount,
            reason: "payment_not_accepted",
            reference: received.reference,
          },
        ],
      },
    );

  switch (event.type) {
    case "payment_confirmed": {
      const received = receive(event);
      if (booking.state === "awaiting_payment" && event.amount === booking.price.due) {
        const requested = toRequested({ ...booking, paid: booking.paid + event.amount }, at);
        return move(
          "requested",
          `Paid ${formatPeso(event.amount)}; the host has until ${formatInstant(answerDeadline(requested))} to answer.`,
          requested,
          {
            money: [received],
            schedule: [{ kind: "answer_expired", at: answerDeadline(requested) }],
            cancel: ["checkout_expired"],
          },
        );
      }
      const why =
        booking.state === "awaiting_payment"
          ? `it does not match the ${formatPeso(booking.price.due)} due`
          : `this booking ${IS[booking.state]}`;
      return refundWhole(received, `A payment of ${formatPeso(event.amount)} was refunded in full: ${why}`);
    }

    case "bill_paid": {
      const received = receive(event);
      const { bill } = event;
      const open = (BILLABLE_STATES as readonly BookingState[]).includes(booking.state);
      if (open && bill && event.amount === bill.total && bill.periodStart <= booking.endDate) {
        const paidThrough = laterDate(booking.paidThrough ?? bill.periodEnd, bill.periodEnd);
        return move(
          booking.state,
          `Paid ${formatPeso(event.amount)} for ${formatCalendarDate(bill.periodStart)} to ${formatCalendarDate(bill.periodEnd)}.`,
          { paid: booking.paid + event.amount, paidThrough },
          { money: [received] },
        );
      }
      const why = !open
        ? `this booking ${IS[booking.state]}`
        : bill
          ? `it does not match the bill's ${formatPeso(bill.total)}`
          : "this bill is no longer open";
      return refundWhole(
        received,
        `A payment of ${formatPeso(event.amount)} for a bill was refunded in full: ${why}`,
      );
    }

    case "payment_failed":
      return move(
        booking.state,
        `The payment did not go through; the renter can try again until ${formatInstant(checkoutDeadline(booking))}.`,
      );

    case "checkout_expired": {
      if (at < checkoutDeadline(booking)) refuse("The checkout is still open.");
      const { changes, money } = settle("expired");
      return move(
        "expired",
        `Not paid within ${CHECKOUT_HOLD_MINUTES} minutes; the space is free again.`,
        changes,
        {
          money,
        },
      );
    }

    case "approve": {
      if (at >= answerDeadline(booking)) refuse("This request has expired: the time to answer it is over.");
      return move(
        "approved",
        event.autoAcceptExtension
          ? "Approved by the host; extension requests will be accepted automatically."
          : "Approved by the host.",
        { autoAcceptExtension: event.autoAcceptExtension },
        {
          // Approved on the start date itself (a same-day booking): the job runs at once.
          schedule: [
            { kind: "start", at: new Date(Math.max(at.getTime(), startInstant(booking).getTime())) },
          ],
          cancel: ["answer_expired"],
        },
      );
    }

    case "decline": {
      const reason = (event.reason ?? "").trim();
      if (!reason) throw new DomainError("invalid", "Please tell the renter why you decline the request.");
      if (at >= answerDeadline(booking)) refuse("This request has expired: the time to answer it is over.");
      const { changes, money } = settle("declined");
      return move("declined", `Declined by the host: ${reason}`, changes, {
        money,
        cancel: ["answer_expired"],
      });
    }

    case "answer_expired": {
      if (at < answerDeadline(booking)) refuse("The host still has time to answer this request.");
      const { changes, money } = settle("expired");
      return move("expired", "The host did not answer in time; everything paid is refunded.", changes, {
        money,
      });
    }

    case "cancel": {
      const note = event.reason?.trim() ? `: ${event.reason.trim()}` : ".";
      if (booking.state === "awaiting_payment" || booking.state === "requested") {
        const { changes, money } = settle("cancelled_before_answer");
        return move("cancelled", `Cancelled by the renter before the host answered${note}`, changes, {
          money,
          cancel: [booking.state === "awaiting_payment" ? "checkout_expired" : "answer_expired"],
        });
      }
      if (today >= booking.startDate) {
        refuse(
          "This booking has started, so it can no longer be cancelled. The renter can give notice to end it.",
        );
      }
      const refund = cancellationRefund(booking, event.actor === "host" ? "host" : "renter", at);
      const { changes, money } = settle(refund.reason, refund.amount);
      return move("cancelled", `Cancelled by ${WHO[event.actor]}${note}`, changes, {
        money,
        cancel: ["start"],
      });
    }

    case "start":
      if (today < booking.startDate) refuse("This booking starts later.");
      return move(
        "active",
        "The booking has started.",
        {},
        { schedule: [{ kind: "end", at: endInstant(booking) }] },
      );

    case "end":
      if (today <= booking.endDate) refuse("This booking has not ended yet.");
      return move("completed", "The booking has ended.");

    case "give_notice": {
      if (booking.noticeGivenOn)
        refuse(`Notice was already given on ${formatCalendarDate(booking.noticeGivenOn)}.`);
      const endDate = terminationEndDate(booking, today);
      if (endDate >= booking.endDate) {
        refuse(`This booking already ends on ${formatCalendarDate(booking.endDate)}; no notice is needed.`);
      }
      return move(
        "active",
        `The renter gave notice; the booking now ends on ${formatCalendarDate(endDate)}.`,
        { endDate, noticeGivenOn: today, extension: null },
        {
          schedule: [{ kind: "end", at: endInstant({ endDate }) }],
          cancel: ["end", ...(booking.extension ? (["extension_expired"] as const) : [])],
        },
      );
    }

    case "end_for_unpaid_bill": {
      const mayEndOn = addDays(event.billDueDate, UNPAID_BILL_DAYS);
      if (today < mayEndOn) {
        refuse(
          `A bill must be ${UNPAID_BILL_DAYS} days overdue: you can end this booking from ${formatCalendarDate(mayEndOn)}.`,
        );
      }
      return move(
        "completed",
        `Ended by the host: the bill due on ${formatCalendarDate(event.billDueDate)} is unpaid.`,
        { endDate: earlierDate(today, booking.endDate), noticeGivenOn: today },
        { cancel: ["end"] },
      );
    }

    case "request_extension": {
      const refusal = extensionRefusal(booking);
      if (refusal) refuse(refusal);
      const quote = extensionQuote(booking, event.months);
      const what = `${quote.months} ${quote.months === 1 ? "month" : "months"} to ${formatCalendarDate(quote.newEndDate)}`;
      if (booking.autoAcceptExtension) {
        return move(
          booking.state,
          `Extended by ${what}, accepted automatically as the host chose.`,
          { endDate: quote.newEndDate },
          rescheduleEnd(booking, quote.newEndDate),
        );
      }
      const answerBy = new Date(
        Math.min(at.getTime() + EXTENSION_ANSWER_HOURS * HOUR_MS, endInstant(booking).getTime()),
      );
      return move(
        booking.state,
        `The renter asked to extend by ${what}; the host has until ${formatInstant(answerBy)} to answer.`,
        { extension: { quote, requestedAt: at, answerBy } },
        { schedule: [{ kind: "extension_expired", at: answerBy }] },
      );
    }

    case "answer_extension": {
      const pending = booking.extension;
      if (!pending) refuse("There is no extension request to answer.");
      if (at >= pending.answerBy)
        refuse("This extension request has expired: the time to answer it is over.");
      if (!event.accept) {
        const note = event.reason?.trim() ? `: ${event.reason.trim()}` : ".";
        return move(
          booking.state,
          `The host declined the extension${note}`,
          { extension: null },
          {
            cancel: ["extension_expired"],
          },
        );
      }
      const end = rescheduleEnd(booking, pending.quote.newEndDate);
      return move(
        booking.state,
        `The host accepted the extension; the booking now ends on ${formatCalendarDate(pending.quote.newEndDate)}.`,
        { endDate: pending.quote.newEndDate, extension: null },
        { schedule: end.schedule, cancel: ["extension_expired", ...end.cancel] },
      );
    }

    case "extension_expired": {
      const pending = booking.extension;
      if (!pending) refuse("There is no extension request waiting.");
      if (at < pending.answerBy) refuse("The host still has time to answer this extension request.");
      return move(booking.state, "The host did not answer the extension request in time.", {
        extension: null,
      });
    }
  }
}

/** A longer booking that has started completes later: its end job moves. Before the start, the start job sets it. */
function rescheduleEnd(booking: Booking, endDate: CalendarDate): Pick<Transition, "schedule" | "cancel"> {
  if (booking.state !== "active") return { schedule: [], cancel: [] };
  return { schedule: [{ kind: "end", at: endInstant({ endDate }) }], cancel: ["end"] };
}

// ─── Refunds ────────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * What a cancellation at `at` gives back (docs/product.md, Refunds), before capping at what is still held:
 * - before the host answers (awaiting payment or requested): everything paid;
 * - after approval, by the host: everything paid;
 * - after approval, by the renter, 4 or more Manila calendar days before the start: everything but the Space
 *   Solution fee; 3 days or fewer: the deposit and half of the first month's rent (the first month after the
 *   first-month discount), rounded half-up.
 * The cancel-reservation screen shows this amount before the renter confirms. Throws for a booking that cannot be
 * cancelled any more.
 */
export function cancellationRefund(
  booking: Booking,
  by: "renter" | "host",
  at: Date,
): { amount: Centavos; reason: RefundReason } {
  const held = booking.paid - booking.refunded;
  if (booking.state === "awaiting_payment" || booking.state === "requested") {
    return { amount: held, reason: "cancelled_before_answer" };
  }
  if (booking.state !== "approved") refuse(`You can't cancel this booking: it ${IS[booking.state]}.`);
  if (by === "host") return { amount: held, reason: "cancelled_by_host" };
  const daysBefore = toEpochDay(booking.startDate) - toEpochDay(todayInManila(at));
  if (daysBefore >= EARLY_CANCELLATION_DAYS) {
    return { amount: Math.max(0, held - booking.price.spaceSolutionFee), reason: "cancelled_early" };
  }
  const firstMonthRent = booking.price.firstMonthPrice - booking.price.firstMonthDiscount;
  return {
    amount: Math.min(held, booking.price.deposits + roundHalfUp(firstMonthRent, 2)),
    reason: "cancelled_late",
  };
}

// ─── Termination ────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The last day of an active booking given notice on `noticeDate` (docs/product.md, Termination): the later of 30 days
 * from the notice and the end of the month already paid; never later than the booking's own end date.
 */
export function terminationEndDate(
  booking: Pick<Booking, "endDate" | "paidThrough">,
  noticeDate: CalendarDate,
): CalendarDate {
  const afterNotice = addDays(noticeDate, NOTICE_DAYS);
  const paid = booking.paidThrough ?? noticeDate;
  return earlierDate(laterDate(afterNotice, paid), booking.endDate);
}

/** The answer of checkNotice: what giving notice now would do, or why it cannot be given. */
export type NoticeCheck =
  | {
      possible: true;
      /** The booking's new last day. */
      endDate: CalendarDate;
      /** What will still be billed until then, in order (the unpaid bills as they will stand, then later months). */
      bills: BillPeriod[];
      /** The bills' sum. */
      total: Centavos;
    }
  | { possible: false; message: string };

/**
 * What giving notice at `at` would do to `booking` (docs/product.md, Termination), shown on its own page before the
 * renter confirms: the machine's own answer to the notice (its guards and end date), and the bills still to pay
 * until that end after the bills `issued` so far. Nothing else is billed after it.
 */
export function checkNotice(
  booking: Booking,
  actor: Actor,
  issued: readonly IssuedBill[],
  at: Date,
): NoticeCheck {
  let ended: Booking;
  try {
    ended = applyEvent(booking, { type: "give_notice", actor }, at).booking;
  } catch (error) {
    if (error instanceof DomainError) return { possible: false, message: error.message };
    throw error;
  }
  const bills = billsStillToPay(ended, issued);
  return {
    possible: true,
    endDate: ended.endDate,
    bills,
    total: bills.reduce((sum, bill) => sum + bill.total, 0),
  };
}

// ─── Extensions ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** What growing a booking by some months costs, on top of what it costs already. */
export interface ExtensionQuote {
  months: number;
  newEndDate: CalendarDate;
  /** The added space fee: the space fee of the longer booking minus that of the current one. */
  rent: Centavos;
  /** The Space Solution fee on the added rent. */
  spaceSolutionFee: Centavos;
  total: Centavos;
}

/**
 * The price of growing `booking` by `months` whole months: the booking keeps its remainder of days and gains months
 * (start + M + N months − 1 day, plus the same r days), priced by the space-fee rule of `pricing.ts`. The first-month
 * discount and the deposit do not change. Throws for a number of months outside 1–12.
 */
export function extensionQuote(
  booking: Pick<Booking, "startDate" | "endDate" | "monthlyUnitPrice" | "quantity" | "feeRateBasisPoints">,
  months: number,
): ExtensionQuote {
  if (!Number.isInteger(months) || months < 1 || months > MAX_EXTENSION_MONTHS) {
    throw new DomainError("invalid", `An extension is 1 to ${MAX_EXTENSION_MONTHS} whole months.`);
  }
  const current = monthsAndRemainder(booking.startDate, booking.endDate);
  const newEndDate = addDays(endDateForMonths(booking.startDate, current.months + months), current.days);
  const feeFor = (endDate: CalendarDate) =>
    spaceFeeForDates(booking.monthlyUnitPrice, booking.quantity, booking.startDate, endDate);
  const rent = feeFor(newEndDate) - feeFor(booking.endDate);
  const fee = spaceSolutionFee({
    firstMonthPrice: rent,
    firstMonthDiscount: 0,
    rateBasisPoints: booking.feeRateBasisPoints,
  });
  return { months, newEndDate, rent, spaceSolutionFee: fee, total: rent + fee };
}

/** Why this booking cannot ask for an extension now, or null when it can. */
function extensionRefusal(booking: Booking): string | null {
  if (booking.state !== "approved" && booking.state !== "active") {
    return `You can't extend this booking: it ${IS[booking.state]}.`;
  }
  if (booking.noticeGivenOn) return "Notice was given on this booking, so it can no longer be extended.";
  if (booking.extension) return "An extension request is already waiting for the host's answer.";
  return null;
}

/** The answer of checkExtension: whether the booking can grow by N months, and at what price. */
export type ExtensionCheck =
  | { possible: true; quote: ExtensionQuote; autoAccepted: boolean }
  | { possible: false; message: string };

/**
 * Can `booking` grow by `months` months (the checkExtension call)? Checks the booking's state, that no notice or
 * other request is pending, and that the added dates are free: `otherBookings` are the space's (or slot's) other
 * bookings, `capacity` its units (1 for a whole space or a parking slot).
 */
export function checkExtension(
  booking: Booking,
  months: number,
  space: { otherBookings: readonly BookedHold[]; capacity: number },
): ExtensionCheck {
  const refusal = extensionRefusal(booking);
  if (refusal) return { possible: false, message: refusal };
  const quote = extensionQuote(booking, months);
  const taken = findOverbooking(
    {
      startDate: addDays(booking.endDate, 1),
      endDate: quote.newEndDate,
      units: booking.quantity,
      weekdays: booking.weekdays,
    },
    space.otherBookings,
    space.capacity,
  );
  if (taken) {
    return {
      possible: false,
      message: `The space is booked by someone else from ${formatCalendarDate(taken.date)}, so this booking can't be extended that far.`,
    };
  }
  return { possible: true, quote, autoAccepted: booking.autoAcceptExtension };
}

// ─── Who is asking ──────────────────────────────────────────────────────────────────────────────────────────────────

/** The part a signed-in user plays in a booking, or null when it is not theirs (the API answers "not found"). */
export function roleOf(
  parties: { renterId: string; hostId: string },
  userId: string,
): "renter" | "host" | null {
  if (userId === parties.renterId) return "renter";
  if (userId === parties.hostId) return "host";
  return null;
}

// ─── How people name a booking ──────────────────────────────────────────────────────────────────────────────────────

/**
 * The booking number people read, say on the phone and find in their mail: "SS-000123", from the booking's number
 * (a sequence, so two bookings never share one). Addresses keep the booking's id.
 */
export function bookingNumberOf(number: number): string {
  return `SS-${String(number).padStart(6, "0")}`;
}
