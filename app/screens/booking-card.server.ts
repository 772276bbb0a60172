import type { BookingSummary } from "~/api/reserve/booking-views.server";
import { actByWords, formatInstant, STATE_WORDS, timeLeft } from "~/components/bookings/booking-words";
import { formatCalendarDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";

/**
 * A booking card's words, written on the server: the dates, the state, the due and the time left to act. The card
 * (app/components/bookings/booking-card.tsx) only shows them, so the pages with cards (the home page above all, the
 * first page of most visits) send the browser no date, money or booking-state code for them. `now` is the instant
 * the loader answers, so the time left reads the same on the server's page and after hydration.
 */
export type BookingCardView = {
  bookingId: string;
  space: Pick<BookingSummary["space"], "coverPhoto" | "spaceTitle">;
  /** "December 1, 2026 – March 1, 2027 · Makati" */
  when: string;
  /** The state in the caller's words ("Waiting for your payment"). */
  state: string;
  /** "₱2,500.00" */
  due: string;
  /** "Pay by Nov 27, 2026, 11:43 PM (58 min left)", while a request or a checkout waits; else null. */
  actBy: string | null;
  counterpart: BookingSummary["counterpart"];
  /** What the other side is to the caller. */
  counterpartRole: "Host" | "Renter";
};

export function bookingCardView(booking: BookingSummary, now: Date): BookingCardView {
  const { space } = booking;
  return {
    bookingId: booking.bookingId,
    space: { coverPhoto: space.coverPhoto, spaceTitle: space.spaceTitle },
    when: `${formatCalendarDate(booking.startDate)} – ${formatCalendarDate(booking.endDate)}${
      space.city ? ` · ${space.city}` : ""
    }`,
    state: STATE_WORDS[booking.state][booking.role],
    due: formatPeso(booking.due),
    actBy: booking.actBy
      ? `${actByWords(booking.state, booking.role)} ${formatInstant(booking.actBy)} (${timeLeft(booking.actBy, now)})`
      : null,
    counterpart: booking.counterpart,
    counterpartRole: booking.role === "renter" ? "Host" : "Renter",
  };
}
