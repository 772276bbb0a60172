import { startInstant } from "~/domain/booking";

/**
 * The "just happened" moment at the top of a booking's page (docs/design.md, Confirmation moments): after the host
 * approves or declines, or either side cancels, the page they land on says so in words above what happens next. The
 * form's redirect names the moment (`?done=approved`), but the words show only while the booking's own history bears
 * it out — its latest change is that one, made by the reader — so a reload says the same and a link shared later, or
 * opened by the other side, does not claim what did not happen.
 *
 * One automatic step may follow an approval and still leave it the latest change (ADR 0079, amendment): the start
 * of a booking approved on or after its first day, which the approval sets off at once. Anything else after it —
 * the other side's cancellation, a later start, a bill — means the booking has moved on.
 */

/** The moments a booking page's `?done=` may name. */
export const DONE_MOMENTS = ["approved", "declined", "cancelled"] as const;
export type DoneMoment = (typeof DONE_MOMENTS)[number];

/** One change of the booking's history, as its page reads it. */
export type MomentChange = { to: string; event: string; actor: string; at: string };

/** The facts a moment is checked against: the reader's side, the booking's first day and its history, oldest first. */
export type MomentFacts = {
  role: "renter" | "host";
  otherName: string;
  /** The booking's first day (YYYY-MM-DD, Manila). */
  startDate: string;
  history: readonly MomentChange[];
};

/** The moment to show, worded for the reader, or null when `done` names none or the booking does not bear it out. */
export function justHappened(done: string | null, facts: MomentFacts): string | null {
  const moment = DONE_MOMENTS.find((known) => known === done);
  if (!moment) return null;
  const change = latestChangeByPeople(facts);
  if (change?.to !== moment || change.actor !== facts.role) return null;
  switch (moment) {
    case "approved":
      return `You approved ${facts.otherName}'s booking.`;
    case "declined":
      return `You declined ${facts.otherName}'s request.`;
    case "cancelled":
      return "You cancelled this booking.";
  }
}

/** The booking's latest change, passing over the start an approval set off at once (it is the approval's doing). */
function latestChangeByPeople({ history, startDate }: MomentFacts): MomentChange | undefined {
  const last = history.at(-1);
  const before = history.at(-2);
  if (last && before && startedByApproval(last, before, startDate)) return before;
  return last;
}

/**
 * A start the approval itself caused: the system started the booking right after the host approved it on or after
 * its first day (the machine schedules the start for the approval's moment then, app/domain/booking.ts).
 */
function startedByApproval(change: MomentChange, approval: MomentChange, startDate: string): boolean {
  return (
    change.event === "start" &&
    change.actor === "system" &&
    approval.event === "approve" &&
    startInstant({ startDate }).getTime() <= new Date(approval.at).getTime()
  );
}

/** Where a booking action sends its author: the booking's page, naming the moment it made. */
export function donePath(bookingId: string, moment: DoneMoment): string {
  return `/bookings/${bookingId}?${new URLSearchParams({ done: moment })}`;
}
