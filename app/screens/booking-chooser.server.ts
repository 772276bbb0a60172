import { data, redirect } from "@remix-run/node";
import { retrieveAllBookingData } from "~/api/reserve/bookings.server";
import { bookingsInStates } from "~/components/bookings/booking-words";
import { CHECKLIST_BOOKING_STATES } from "~/domain/deposits";
import { requireProfile } from "~/screens/auth.server";
import { redirectWithToast } from "~/screens/toast.server";
import { bookingCardView } from "./booking-card.server";

/**
 * The loader of a booking's page reached without naming the booking (docs/product.md, Screens and routes:
 * bookings/deposit-management-checklist and bookings/give-feedback): the caller's bookings that have one — approved,
 * running or ended, as renter or host, the same bookings whose page links to it. The only one goes straight to its
 * page; otherwise the page lists them.
 */
export async function bookingsToChoose(request: Request, pathOf: (bookingId: string) => string) {
  const { profile, client } = await requireProfile(request);
  const answer = await client.call(retrieveAllBookingData, { params: { id: profile.userId } });
  if (!answer.ok) throw await redirectWithToast("/", answer.toast);
  const bookings = bookingsInStates(answer.result, CHECKLIST_BOOKING_STATES);
  const [only] = bookings;
  if (only && bookings.length === 1) throw redirect(pathOf(only.bookingId));
  const now = new Date();
  return data({ cards: bookings.map((booking) => bookingCardView(booking, now)) });
}
