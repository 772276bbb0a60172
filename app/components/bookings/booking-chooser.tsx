import { EmptyState } from "~/components/ui/empty-state";
import type { BookingCardView } from "~/screens/booking-card.server";
import { PATHS } from "~/utils/menu";
import { BookingCard } from "./booking-card";

/**
 * A page of a booking reached without naming the booking (docs/product.md, Screens and routes:
 * bookings/deposit-management-checklist and bookings/give-feedback): the bookings it can be about, each card leading to
 * that page of its booking; none, and it says so and leads to the bookings list.
 */
export function BookingChooser({
  title,
  intro,
  cards,
  pathOf,
}: {
  title: string;
  intro: string;
  cards: BookingCardView[];
  pathOf: (bookingId: string) => string;
}) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {cards.length === 0 ? (
        <EmptyState
          testId="no-bookings-to-choose"
          message="You have no approved, running or ended bookings yet, as a renter or as a host."
          action={{ to: PATHS.bookings, label: "See your bookings" }}
        />
      ) : (
        <>
          <p className="mt-2 text-slate-700">{intro}</p>
          <ul className="mt-4 space-y-3">
            {cards.map((card) => (
              <BookingCard key={card.bookingId} card={card} to={pathOf(card.bookingId)} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
