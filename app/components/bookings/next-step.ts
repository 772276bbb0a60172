import type { BookingDetails } from "~/api/reserve/booking-views.server";
import type { BookingState } from "~/domain/booking";
import { NOTICE_DAYS, UNPAID_BILL_DAYS } from "~/domain/booking";
import { formatCalendarDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";

/**
 * The top of a booking's page on a phone (docs/design.md, The booking page): the state in words, then one sentence of
 * what happens next and who acts by when ("Ria has until Sun 29 Nov, 11:43 PM to answer"), and the one action that
 * matters now. Pure words from the booking's facts, so both sides read the same story, and unit-tested.
 */

/** The one thing the reader should do now, as the summary's button; null when nothing waits for them. */
export type NextAction =
  | { kind: "pay"; label: string }
  | { kind: "approve"; label: string }
  | { kind: "pay-bill"; label: string; billId: string }
  | { kind: "answer-extension"; label: string }
  | { kind: "end-for-unpaid-bill"; label: string }
  | { kind: "review"; label: string };

export type NextStep = { text: string; action: NextAction | null };

/** The facts of a booking the next step is worded from (BookingDetails has them all). */
export type NextStepFacts = {
  state: BookingState;
  role: "renter" | "host";
  /** How the other side calls themselves (nickname, else first name). */
  otherName: string;
  actBy: string | null;
  startDate: string;
  endDate: string;
  paidThrough: string | null;
  noticeGivenOn: string | null;
  due: number;
  paid: number;
  refunded: number;
  extension: { months: number; answerBy: string } | null;
  /** The renter's first unpaid bill of this booking, if any. */
  unpaidBill: { billId: string; total: number; dueOn: string } | null;
  mayEndForUnpaidBill: string | null;
  /** When the reader's review of this booking closes, while they may still write it. */
  reviewClosesAt: string | null;
};

const moment = new Intl.DateTimeFormat("en-PH", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Manila",
});

/**
 * A deadline as people read it at a glance, on Manila's clock: "Sun 29 Nov, 11:43 PM" (the weekday tells how soon;
 * a deadline is never more than weeks away, so no year).
 */
export function formatDeadline(iso: string): string {
  const parts = Object.fromEntries(
    moment.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  return `${parts.weekday} ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}

const months = (count: number) => `${count} ${count === 1 ? "month" : "months"}`;

/** What happens next with this booking, for the side reading it, and the button that moves it. */
export function whatHappensNext(facts: NextStepFacts): NextStep {
  const { role, otherName } = facts;
  const renter = role === "renter";
  const by = facts.actBy ? formatDeadline(facts.actBy) : null;
  switch (facts.state) {
    case "awaiting_payment":
      return renter
        ? {
            text: `Pay by ${by} to send your request to ${otherName}. Until then the space is held for you.`,
            action: { kind: "pay", label: `Pay ${formatPeso(facts.due)}` },
          }
        : { text: `${otherName} has until ${by} to pay. Then the request comes to you.`, action: null };
    case "requested":
      return renter
        ? {
            text: `${otherName} has until ${by} to answer. If they decline or do not answer, everything you paid comes back.`,
            action: null,
          }
        : {
            text: `You have until ${by} to answer ${otherName}'s request. If you do not, it expires and ${otherName} gets everything back.`,
            action: { kind: "approve", label: "Approve" },
          };
    case "approved":
      return renter
        ? {
            text: `${otherName} approved your booking. You move in on ${formatCalendarDate(facts.startDate)}; the exact address is below.`,
            action: null,
          }
        : { text: `${otherName} moves in on ${formatCalendarDate(facts.startDate)}.`, action: null };
    case "active":
      return activeStep(facts);
    case "completed":
      return facts.reviewClosesAt
        ? {
            text: `The booking ended on ${formatCalendarDate(facts.endDate)}. Write your review of ${otherName} before ${formatDeadline(facts.reviewClosesAt)}.`,
            action: { kind: "review", label: "Write a review" },
          }
        : { text: `The booking ended on ${formatCalendarDate(facts.endDate)}.`, action: null };
    default:
      return { text: refundWords(facts), action: null };
  }
}

/** A running booking: the host's answer to an extension first, then a bill to pay, then how it goes on. */
function activeStep(facts: NextStepFacts): NextStep {
  const { role, otherName } = facts;
  if (role === "host" && facts.extension) {
    return {
      text: `${otherName} asks to extend by ${months(facts.extension.months)}. You have until ${formatDeadline(facts.extension.answerBy)} to answer.`,
      action: { kind: "answer-extension", label: "Answer the extension request" },
    };
  }
  if (role === "host" && facts.mayEndForUnpaidBill) {
    return {
      text: `The bill due on ${formatCalendarDate(facts.mayEndForUnpaidBill)} is unpaid after ${UNPAID_BILL_DAYS} days. You may end this booking today.`,
      action: { kind: "end-for-unpaid-bill", label: "End the booking for the unpaid bill" },
    };
  }
  if (role === "renter" && facts.unpaidBill) {
    const notice = facts.noticeGivenOn
      ? ` You gave notice: the booking ends on ${formatCalendarDate(facts.endDate)}.`
      : "";
    return {
      text: `Your next bill, ${formatPeso(facts.unpaidBill.total)}, is due on ${formatCalendarDate(facts.unpaidBill.dueOn)}.${notice}`,
      action: {
        kind: "pay-bill",
        label: `Pay ${formatPeso(facts.unpaidBill.total)}`,
        billId: facts.unpaidBill.billId,
      },
    };
  }
  if (facts.noticeGivenOn) {
    return {
      text:
        role === "renter"
          ? `You gave notice: the booking ends on ${formatCalendarDate(facts.endDate)}.`
          : `${otherName} gave notice: the booking ends on ${formatCalendarDate(facts.endDate)}.`,
      action: null,
    };
  }
  if (role === "renter" && facts.paidThrough && facts.paidThrough >= facts.endDate) {
    return { text: `Paid in full to the last day, ${formatCalendarDate(facts.endDate)}.`, action: null };
  }
  if (role === "renter") {
    const paid = facts.paidThrough ? `Paid through ${formatCalendarDate(facts.paidThrough)}. ` : "";
    return {
      text: `${paid}Each next month is billed 7 days before it starts; to leave early, give ${NOTICE_DAYS} days' notice.`,
      action: null,
    };
  }
  return {
    text: `${otherName} rents your space until ${formatCalendarDate(facts.endDate)}.`,
    action: facts.reviewClosesAt ? { kind: "review", label: "Write a review" } : null,
  };
}

/** A booking that did not go ahead: what came back (the cancellation rules, docs/product.md, Refunds). */
function refundWords(facts: NextStepFacts): string {
  const why =
    facts.state === "declined"
      ? "The host declined this booking."
      : facts.state === "expired"
        ? "This booking expired."
        : "This booking is cancelled.";
  if (facts.paid === 0) return `${why} Nothing was charged.`;
  const back = formatPeso(facts.refunded);
  return facts.role === "renter"
    ? `${why} ${back} of the ${formatPeso(facts.paid)} you paid is refunded to you.`
    : `${why} ${facts.otherName} is refunded ${back} of the ${formatPeso(facts.paid)} paid.`;
}

/** The next step's facts of a booking as its page loads it, with when the reader's review closes (if they may write one). */
export function nextStepFacts(booking: BookingDetails, reviewClosesAt: string | null): NextStepFacts {
  const unpaid = booking.role === "renter" ? booking.bills.find((bill) => bill.state === "due") : undefined;
  return {
    state: booking.state,
    role: booking.role,
    otherName: booking.counterpart.name,
    actBy: booking.actBy,
    startDate: booking.startDate,
    endDate: booking.endDate,
    paidThrough: booking.paidThrough,
    noticeGivenOn: booking.noticeGivenOn,
    due: booking.due,
    paid: booking.paid,
    refunded: booking.refunded,
    extension: booking.extension
      ? { months: booking.extension.months, answerBy: booking.extension.answerBy }
      : null,
    unpaidBill: unpaid ? { billId: unpaid.billId, total: unpaid.total, dueOn: unpaid.dueOn } : null,
    mayEndForUnpaidBill: booking.mayEndForUnpaidBill,
    reviewClosesAt,
  };
}
