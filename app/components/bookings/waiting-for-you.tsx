import { Link } from "@remix-run/react";
import type { WaitingCards } from "~/screens/home.server";
import { BookingCard } from "./booking-card";

/** How many of each the home page shows; the bookings list has them all. */
const SHOWN = 3;

/**
 * At the top of a logged-in user's home page, above the search, while something waits for them (docs/design.md, Home
 * for people already in): the requests to their spaces to answer (they run out in 48 hours), their own checkouts to
 * pay (60 minutes), their monthly bills to pay, each with its Pay button, and the bookings they move into within the
 * week, the soonest first, each a link to its booking. Nothing when nothing waits.
 */
export function WaitingForYou({ waiting }: { waiting: WaitingCards }) {
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const groups = [
    {
      key: "requests",
      title: `${plural(waiting.requests.length, "booking request waits", "booking requests wait")} for your answer`,
      bookings: waiting.requests,
      more: { to: "/bookings?tab=requests", label: "See all requests to answer" },
    },
    {
      key: "checkouts",
      title: `${plural(waiting.checkouts.length, "booking waits", "bookings wait")} for your payment`,
      bookings: waiting.checkouts,
      more: { to: "/bookings?tab=upcoming", label: "See your upcoming bookings" },
    },
    {
      key: "movingIn",
      title: `${plural(waiting.movingIn.length, "booking starts", "bookings start")} within ${waiting.movingInDays} days`,
      bookings: waiting.movingIn,
      more: { to: "/bookings?tab=upcoming", label: "See your upcoming bookings" },
    },
  ].filter((group) => group.bookings.length > 0);
  const bills = waiting.bills.slice(0, SHOWN);
  if (groups.length === 0 && bills.length === 0) return null;
  return (
    <section
      className="mb-8 max-w-3xl rounded-xl bg-white p-4 text-slate-900 shadow-xl"
      aria-labelledby="waiting-heading"
      data-testid="waiting-for-you"
    >
      <h2 id="waiting-heading" className="text-xl font-bold text-slate-900">
        Waiting for you
      </h2>
      {bills.length ? (
        <div className="mt-4" data-testid="waiting-bills">
          <h3 className="font-semibold text-slate-900">
            {plural(waiting.bills.length, "bill waits", "bills wait")} for your payment
          </h3>
          <ul className="mt-2 space-y-3">
            {bills.map((bill) => (
              <li
                key={bill.billId}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-3"
              >
                <div className="min-w-0">
                  <p className="truncate font-semibold text-slate-900">{bill.spaceTitle}</p>
                  <p className={`text-sm ${bill.overdue ? "font-semibold text-red-700" : "text-slate-700"}`}>
                    {bill.due}
                  </p>
                </div>
                {/* ButtonLink's small primary look written out: importing it adds a chunk to the home page (ADR 0079). */}
                <Link
                  to={`/payment/summary?billId=${bill.billId}`}
                  className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
                >
                  {bill.pay}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {groups.map((group) => (
        <div key={group.key} className="mt-4" data-testid={`waiting-${group.key}`}>
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
