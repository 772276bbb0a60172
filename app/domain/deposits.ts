/**
 * Deposits (docs/product.md, Deposits and condition reports: the platform holds a renter's deposit; after the end the
 * host has 72 hours to confirm the move-out checklist — released to the renter — or open a claim; no answer in 72 hours
 * releases it; an operator decides a claim, the part awarded going to the host and the rest back to the renter). Pure:
 * no database, no clock (`now` is an input).
 *
 * "The end" is the end of the booking's last day in Manila: midnight Manila after its (possibly moved) end date, the
 * same instant the booking completes. The host's 72 hours run from there.
 */
import { endInstant } from "./booking";
import { addDays, type CalendarDate, todayInManila } from "./dates";
import { DomainError } from "./errors";
import { assertNonNegativeInteger, type Centavos } from "./money";

/** The host's time after the end to confirm the move-out checklist or open a claim. */
export const DEPOSIT_ANSWER_HOURS = 72;

/** A condition report stands, signed off or not, this long after it was written. */
export const REPORT_STANDS_AFTER_HOURS = 72;

/**
 * The bookings that have a move-in / move-out checklist: from the host's approval on, running, and ended (the move-out
 * report and the deposit come after the end).
 */
export const CHECKLIST_BOOKING_STATES = ["approved", "active", "completed"] as const;

/** A note of a condition report, at most (the API refuses longer; the checklist's form says it). */
export const NOTE_MAX_LENGTH = 1000;

const HOUR_MS = 3_600_000;

/** The instant a booking ends: the end of its last day in Manila (when it completes). */
export function bookingEnd(booking: { endDate: CalendarDate }): Date {
  return endInstant(booking);
}

/** The host's deadline: 72 hours after the end. No answer by then releases the deposit to the renter. */
export function depositDeadline(booking: { endDate: CalendarDate }): Date {
  return new Date(bookingEnd(booking).getTime() + DEPOSIT_ANSWER_HOURS * HOUR_MS);
}

/**
 * The latest end date whose 72 hours are over at `now`: a booking ending on this date or earlier is past its
 * deadline. (The end of day D is midnight Manila starting D + 1; its deadline has passed when that midnight is at
 * least 72 hours old, that is D + 1 is on or before the Manila date 72 hours ago.)
 */
export function latestReleasableEndDate(now: Date): CalendarDate {
  return addDays(todayInManila(new Date(now.getTime() - DEPOSIT_ANSWER_HOURS * HOUR_MS)), -1);
}

/** Whether the host's 72 hours after the end are over at `now`. */
export function isPastDepositDeadline(booking: { endDate: CalendarDate }, now: Date): boolean {
  return now.getTime() >= depositDeadline(booking).getTime();
}

/** Whether the booking has ended at `now`: the move-out checklist and a claim belong after it. */
export function hasEnded(booking: { endDate: CalendarDate }, now: Date): boolean {
  return now.getTime() >= bookingEnd(booking).getTime();
}

/** How a held deposit is split when it is settled. */
export interface DepositSplit {
  /** To the host: the award, never more than the deposit. */
  toHost: Centavos;
  /** Back to the renter: the rest, never more than the renter still has paid in and not refunded. */
  toRenter: Centavos;
  /**
   * Back to the platform: a rest the renter never paid (a voucher paid part of the deposit, so refunding it would
   * give the renter more than they paid).
   */
  toPlatform: Centavos;
  /** What the award asked beyond the deposit: not collected (the platform never makes money up). */
  uncollected: Centavos;
}

/** Splits a deposit of `amount` for an award of `award` to the host, the renter having `refundable` left to refund. */
export function splitDeposit(amount: Centavos, award: Centavos, refundable: Centavos): DepositSplit {
  assertNonNegativeInteger(amount, "deposit");
  assertNonNegativeInteger(award, "award");
  assertNonNegativeInteger(refundable, "refundable");
  const toHost = Math.min(award, amount);
  const rest = amount - toHost;
  const toRenter = Math.min(rest, refundable);
  return { toHost, toRenter, toPlatform: rest - toRenter, uncollected: award - toHost };
}

/** What the renter and the host see of a deposit. */
export type DepositStatus = "none" | "held" | "claimed" | "released" | "awarded" | "returned";

export const DEPOSIT_STATUS_LABELS: Record<DepositStatus, string> = {
  none: "No deposit",
  held: "Held",
  claimed: "Claimed",
  released: "Released",
  awarded: "Awarded",
  returned: "Returned",
};

/** A stored deposit's state with the booking's open case: a held deposit with a case open is "claimed". */
export function depositStatus(
  deposit: { state: "held" | "released" | "awarded" | "returned" } | null,
  caseOpen: boolean,
): DepositStatus {
  if (!deposit) return "none";
  if (deposit.state === "held" && caseOpen) return "claimed";
  return deposit.state;
}

// ─── Refusals (the host's panel) ─────────────────────────────────────────────────────────────────────────────────────

export const DEPOSIT_MESSAGES = {
  noDeposit: "This booking has no deposit held.",
  alreadySettled: "This deposit is already settled.",
  notEnded: "You can confirm the move-out checklist once the booking has ended.",
  caseOpen: "A case on this booking is open: an operator decides the deposit.",
  hostOnly: "Only the host confirms the move-out checklist.",
} as const;

/** Refuses a host's "Confirm checklist" that cannot release the deposit now. */
export function assertCanConfirmCheckout(input: {
  hasDeposit: boolean;
  settled: boolean;
  ended: boolean;
  caseOpen: boolean;
}): void {
  if (!input.hasDeposit) throw new DomainError("conflict", DEPOSIT_MESSAGES.noDeposit);
  if (input.settled) throw new DomainError("conflict", DEPOSIT_MESSAGES.alreadySettled);
  if (input.caseOpen) throw new DomainError("conflict", DEPOSIT_MESSAGES.caseOpen);
  if (!input.ended) throw new DomainError("conflict", DEPOSIT_MESSAGES.notEnded);
}

// ─── Condition reports (the move-in / move-out checklist) ──────────────────────────────────────────────────────────

export type ConditionStage = "move_in" | "move_out";

export const STAGE_LABELS: Record<ConditionStage, string> = {
  move_in: "Move-in",
  move_out: "Move-out",
};

/** Where a report stands: waiting for the other side, signed off by it, or standing after 72 hours unanswered. */
export type ReportStatus = "awaiting_sign_off" | "signed_off" | "stands";

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  awaiting_sign_off: "Waiting for the other side's sign-off",
  signed_off: "Signed off",
  stands: "Final: 72 hours passed without a sign-off",
};

/** The instant an unanswered report stands: 72 hours after its last entry. */
export function reportStandsAt(report: { updatedAt: Date }): Date {
  return new Date(report.updatedAt.getTime() + REPORT_STANDS_AFTER_HOURS * HOUR_MS);
}

export function reportStatus(report: { updatedAt: Date; signedOffAt: Date | null }, now: Date): ReportStatus {
  if (report.signedOffAt) return "signed_off";
  return now.getTime() >= reportStandsAt(report).getTime() ? "stands" : "awaiting_sign_off";
}

export const REPORT_MESSAGES = {
  notYours: "This booking is not yours.",
  moveInClosed: "The move-in report is open from the host's approval until the booking ends.",
  moveOutNotYet: "The move-out report opens once the booking has started.",
  moveOutClosed: "The deposit is settled: the move-out report is closed.",
  signedOff: "This report is signed off: nothing more can be added.",
  stands: "This report is final: 72 hours passed without a sign-off, so nothing more can be added.",
  empty: "Please write a note or add a photo.",
  ownReport: "You cannot sign off your own report.",
  nothingToSign: "There is no report from the other side to sign off yet.",
  alreadySignedOff: "This report is already signed off.",
} as const;

/** Refuses an entry the caller's report of `stage` cannot take now. */
export function assertCanAddEntry(input: {
  stage: ConditionStage;
  bookingState: string;
  depositSettled: boolean;
  report: { updatedAt: Date; signedOffAt: Date | null } | null;
  now: Date;
}): void {
  if (input.stage === "move_in" && !["approved", "active"].includes(input.bookingState))
    throw new DomainError("conflict", REPORT_MESSAGES.moveInClosed);
  if (input.stage === "move_out") {
    if (!["active", "completed"].includes(input.bookingState))
      throw new DomainError("conflict", REPORT_MESSAGES.moveOutNotYet);
    if (input.depositSettled) throw new DomainError("conflict", REPORT_MESSAGES.moveOutClosed);
  }
  if (!input.report) return;
  const status = reportStatus(input.report, input.now);
  if (status === "signed_off") throw new DomainError("conflict", REPORT_MESSAGES.signedOff);
  if (status === "stands") throw new DomainError("conflict", REPORT_MESSAGES.stands);
}

/** Refuses a sign-off of `report` by the side `signer`. */
export function assertCanSignOff(input: {
  signer: "renter" | "host";
  report: { side: "renter" | "host"; updatedAt: Date; signedOffAt: Date | null } | null;
  now: Date;
}): void {
  if (!input.report) throw new DomainError("conflict", REPORT_MESSAGES.nothingToSign);
  if (input.report.side === input.signer) throw new DomainError("forbidden", REPORT_MESSAGES.ownReport);
  const status = reportStatus(input.report, input.now);
  if (status === "signed_off") throw new DomainError("conflict", REPORT_MESSAGES.alreadySignedOff);
  if (status === "stands") throw new DomainError("conflict", REPORT_MESSAGES.stands);
}
