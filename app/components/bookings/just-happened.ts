import type { BookingState } from "~/domain/booking";

/**
 * The "just happened" moment at the top of a booking's page (docs/design.md, Confirmation moments): after the host
 * approves or declines, or either side cancels, the page they land on says so in words above what happens next. The
 * form's redirect names the moment (`?done=approved`), but the words show only while the booking's own history bears
 * it out — its last change is that one, made by the reader — so a reload says the same and a link shared later, or
 * opened by the other side, does not claim what did not happen.
 */

/** The moments a booking page's `?done=` may name. */
export const DONE_MOMENTS = ["approved", "declined", "cancelled"] as const;
export type DoneMoment = (typeof DONE_MOMENTS)[number];

/** The facts a moment is checked against: the reader's side and the booking's last change with who made it. */
export type MomentFacts = {
  role: "renter" | "host";
  otherName: string;
  state: BookingState;
  /** The booking's last change of state: the state it went to and who made it. */
  lastChange: { to: string; actor: string } | null;
};

/** The moment to show, worded for the reader, or null when `done` names none or the booking does not bear it out. */
export function justHappened(done: string | null, facts: MomentFacts): string | null {
  const moment = DONE_MOMENTS.find((known) => known === done);
  if (!moment || facts.state !== moment) return null;
  if (facts.lastChange?.to !== moment || facts.lastChange.actor !== facts.role) return null;
  switch (moment) {
    case "approved":
      return `You approved ${facts.otherName}'s booking.`;
    case "declined":
      return `You declined ${facts.otherName}'s request.`;
    case "cancelled":
      return "You cancelled this booking.";
  }
}

/** Where a booking action sends its author: the booking's page, naming the moment it made. */
export function donePath(bookingId: string, moment: DoneMoment): string {
  return `/bookings/${bookingId}?${new URLSearchParams({ done: moment })}`;
}
