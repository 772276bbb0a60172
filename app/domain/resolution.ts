import { endInstant } from "./booking";
import { formatMoment } from "./dates";
import { DomainError } from "./errors";
import { type Centavos, formatPeso } from "./money";

/**
 * The resolution center's rules (docs/product.md, Resolution center): who may open which case on a booking and when,
 * how much may be asked and awarded, and how a case moves: open → answered (the other side's first reply) →
 * decided (an operator) or withdrawn (its opener). Pure: the caller gives the booking, the clock and what exists.
 */

export const RESOLUTION_REASON_VALUES = [
  "damage",
  "access_refused",
  "not_as_described",
  "payment",
  "other",
] as const;
export type CaseReason = (typeof RESOLUTION_REASON_VALUES)[number];

export type CaseState = "open" | "answered" | "decided" | "withdrawn";
export type CaseSide = "renter" | "host";

/** The reasons as people read them. */
export const REASON_LABELS: Record<CaseReason, string> = {
  damage: "Damage or missing items (deposit claim)",
  access_refused: "Access to the space refused",
  not_as_described: "Space not as described",
  payment: "Payment problem",
  other: "Something else",
};

export const STATE_LABELS: Record<CaseState, string> = {
  open: "Open",
  answered: "Answered",
  decided: "Decided",
  withdrawn: "Withdrawn",
};

/** The reasons each side may give: the deposit claim (damage) is the host's; the renter's deposit comes back to them. */
export const REASONS_BY_SIDE: Record<CaseSide, readonly CaseReason[]> = {
  host: ["damage", "payment", "other"],
  renter: ["access_refused", "not_as_described", "payment", "other"],
};

/** After a booking's end, a case (the host's deposit claim above all) may be opened for this long. */
export const CLAIM_WINDOW_HOURS = 72;
const HOUR_MS = 3_600_000;

/** The booking states a case may be opened on: paid and approved, running, or ended. */
export const CASE_BOOKING_STATES = ["approved", "active", "completed"] as const;

export const DESCRIPTION_MAX_LENGTH = 2000;
export const MESSAGE_MAX_LENGTH = 2000;
/** The most photos one case keeps (the opener's and the other side's together). */
export const MAX_CASE_PHOTOS = 10;

/** What of a booking the rules read: its state, its end date, and its money in centavos. */
export type CaseBooking = {
  state: string;
  endDate: string;
  deposits: Centavos;
  paid: Centavos;
  refunded: Centavos;
};

/**
 * The amount a case asks for, as people read it, or null when it asks for none: a case may ask only that something
 * be put right, and "₱0.00 asked" would read as a request for nothing.
 */
export function amountAskedText(amountAsked: Centavos): string | null {
  return amountAsked > 0 ? formatPeso(amountAsked) : null;
}

export const HOLDING_CASE_STATES: readonly CaseState[] = ["open", "answered"];

export function isHolding(state: CaseState): boolean {
  return HOLDING_CASE_STATES.includes(state);
}

/** The instant after which no case may be opened on a booking: 72 hours after its end. */
export function claimDeadline(booking: Pick<CaseBooking, "endDate">): Date {
  return new Date(endInstant(booking).getTime() + CLAIM_WINDOW_HOURS * HOUR_MS);
}

/**
 * The most a side can be awarded on a booking: the host, its deposit (the platform holds it); the
 * renter, the rent they paid and were not refunded — never their own deposit, which comes back to them anyway.
 */
export function awardableOn(booking: CaseBooking, side: CaseSide): Centavos {
  if (side === "host") return booking.deposits;
  return Math.max(0, booking.paid - booking.refunded - booking.deposits);
}

/** The most an operator may award on a case: what was asked, within what the booking can give the opener. */
export function maxAward(amountAsked: Centavos, awardable: Centavos): Centavos {
  return Math.min(amountAsked, awardable);
}

export const CASE_NOT_FOUND = "This case was not found.";
export const NOT_YOUR_CASE =
  "This case is between other people: only its renter and host can see or change it.";
export const ALREADY_OPEN = "You already have an open case on this booking. Add to its thread instead.";
export const CLAIM_WINDOW_PASSED = "The 72 hours to open a case on this booking have passed.";
export const RENTER_DEPOSIT =
  "Your deposit comes back to you after the move-out checklist, so there is nothing to claim. Choose another reason.";
export const REASON_NOT_FOR_HOST = "Choose a reason a host can give.";
export const NOT_ENDED = "A damage claim opens once the booking has ended and you have checked the space.";
export const NO_DEPOSIT = "This booking has no deposit to claim.";
export const BOOKING_NOT_RUNNING = "A case can be opened only on an approved, running or ended booking.";
export const CASE_CLOSED = "This case is closed, so nothing more can be added to it.";
export const ONLY_OPENER_WITHDRAWS = "Only the side who opened this case can withdraw it.";

/**
 * Checks that `side` may open a case for `reason` on `booking` at `now`, asking `amountAsked` centavos; answers the
 * most it can be awarded. Throws a DomainError with a message for the person (and the field it is about).
 */
export function checkOpening(input: {
  booking: CaseBooking;
  side: CaseSide;
  reason: CaseReason;
  amountAsked: Centavos;
  now: Date;
  /** Whether this person already has an open or answered case on this booking. */
  holdingCase: boolean;
}): { awardable: Centavos } {
  const { booking, side, reason, amountAsked, now } = input;
  if (side === "renter" && reason === "damage") throw new DomainError("invalid", RENTER_DEPOSIT, "reason");
  if (!REASONS_BY_SIDE[side].includes(reason))
    throw new DomainError("invalid", REASON_NOT_FOR_HOST, "reason");
  if (!(CASE_BOOKING_STATES as readonly string[]).includes(booking.state))
    throw new DomainError("conflict", BOOKING_NOT_RUNNING, "bookingId");
  const deadline = claimDeadline(booking);
  if (now >= deadline)
    throw new DomainError(
      "conflict",
      `${CLAIM_WINDOW_PASSED} They ended on ${formatMoment(deadline)}.`,
      "bookingId",
    );
  if (reason === "damage") {
    if (now < endInstant(booking)) throw new DomainError("conflict", NOT_ENDED, "reason");
    if (booking.deposits <= 0) throw new DomainError("invalid", NO_DEPOSIT, "reason");
  }
  const awardable = awardableOn(booking, side);
  checkAmount(amountAsked, awardable, "amountAsked", "You can ask for");
  if (input.holdingCase) throw new DomainError("conflict", ALREADY_OPEN, "bookingId");
  return { awardable };
}

function checkAmount(amount: number, most: Centavos, field: string, what: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new DomainError("invalid", "Enter an amount of zero or more, in pesos and centavos.", field);
  if (amount > most)
    throw new DomainError("invalid", `${what} at most ${formatPeso(most)} on this case.`, field);
}

/**
 * The state a case takes when someone writes in its thread: the other side's first reply answers it. Closed cases
 * take no more messages.
 */
export function stateAfterReply(state: CaseState, byOpener: boolean): CaseState {
  if (!isHolding(state)) throw new DomainError("conflict", CASE_CLOSED);
  return state === "open" && !byOpener ? "answered" : state;
}

/** Withdrawing a case: its opener only, while it is open or answered. */
export function checkWithdrawal(state: CaseState, byOpener: boolean): "withdrawn" {
  if (!byOpener) throw new DomainError("forbidden", ONLY_OPENER_WITHDRAWS);
  if (!isHolding(state)) throw new DomainError("conflict", CASE_CLOSED);
  return "withdrawn";
}

/** An operator's decision: a holding case, an award from zero to what can be awarded (`most`). */
export function checkDecision(state: CaseState, award: number, most: Centavos): "decided" {
  if (!isHolding(state))
    throw new DomainError("conflict", `This case is already ${STATE_LABELS[state].toLowerCase()}.`);
  checkAmount(award, most, "award", "The award can be");
  return "decided";
}

/** Photos may be added to a holding case up to the most a case keeps. */
export function checkPhotos(state: CaseState, existing: number, adding: number): void {
  if (!isHolding(state)) throw new DomainError("conflict", CASE_CLOSED);
  if (existing + adding > MAX_CASE_PHOTOS)
    throw new DomainError("invalid", `A case keeps at most ${MAX_CASE_PHOTOS} photos.`, "image");
}
