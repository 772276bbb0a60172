import { Link } from "@remix-run/react";
import type { BookingCardView } from "~/screens/booking-card.server";
import { BookingCard } from "./booking-card";

/** How many of each the home page shows; the bookings list has them all. */
const SHOWN = 3;

/**
 * At the top of a logged-in user's home page, above the search, while something waits for them: the requests to their spaces to answer
 * (they run out in 48 hours) and their own checkouts to pay (60 minutes), the soonest first, each a link to its
 * booking. Nothing when nothing waits.
 */
export function WaitingForYou({
  waiting,
}: {
  waiting: { requests: BookingCardView[]; checkouts: BookingCardView[] };
}) {
  const groups = [
    {
      key: "requests",
      title: `${waiting.requests.length} booking ${waiting.requests.length === 1 ? "request waits" : "requests wait"} for your answer`,
      bookings: waiting.requests,
      more: { to: "/bookings?tab=requests", label: "See all requests to answer" },
    },
    {
      key: "checkouts",
      title: `${waiting.checkouts.length} ${waiting.checkouts.length === 1 ? "booking waits" : "bookings wait"} for your payment`,
      bookings: waiting.checkouts,
      more: { to: "/bookings?tab=upcoming", label: "See your upcoming bookings" },
    },
  ].filter((group) => group.bookings.length > 0);
  if (groups.length === 0) return null;
  return (
    <section
      className="mb-8 max-w-3xl rounded-xl bg-white p-4 text-slate-900 shadow-xl"
      aria-labelledby="waiting-heading"
      data-testid="waiting-for-you"
    >
      <h2 id="waiting-heading" className="text-xl font-bold text-slate-900">
        Waiting for you
      </h2>
      {groups.map((group) => (
        <div key={group.key} className="mt-4">
          <h3 className="font-semibold text-slate-900">{group.title}</h3>
          <ul className="mt-2 space-y-3">
            {group.bookings.slice(0, SHOWN).map((card) => (
              <BookingCard key={card.bookingId} card={card} />
            ))}
          </ul>
          <p className="mt-2">
            <Link to={group.more.to} className="font-semibold text-brand-700 underline">
              {group.more.label}
            </Link>
          </p>
        </div>
      ))}
    </section>
  );
}
