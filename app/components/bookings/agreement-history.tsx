import type { BookingDetails } from "~/api/reserve/booking-views.server";
import { formatInstant, historyActor, historyStates } from "~/components/bookings/booking-words";
import { Section } from "./agreement-layout";

/**
 * Every change of the booking: when, who, from which state to which, and why (the booking lifecycle,
 * docs/product.md). A timeline, newest last as it happened: each step a dot on a line with its move in bold, the reason,
 * then who and when; it reads down a phone's screen and never runs off its right edge.
 */
export function HistorySection({ booking }: { booking: BookingDetails }) {
  const names = { renter: booking.renter.name, host: booking.host.name };
  return (
    <Section title="History" fold>
      <ol className="ml-2 border-l-2 border-slate-200" data-testid="booking-history">
        {booking.history.map((entry) => (
          <li
            key={`${entry.at}-${entry.event}-${entry.to}`}
            className="relative pb-4 pl-5 last:pb-0"
            data-testid="history-step"
          >
            <span
              aria-hidden="true"
              className="absolute -left-[7px] top-1.5 h-3 w-3 rounded-full border-2 border-white bg-brand-600"
            />
            <p className="font-semibold text-slate-900">{historyStates(entry.from, entry.to)}</p>
            {entry.reason ? <p className="text-sm [overflow-wrap:anywhere]">{entry.reason}</p> : null}
            <p className="text-sm text-slate-600">
              {historyActor(entry.actor, names)} · <time dateTime={entry.at}>{formatInstant(entry.at)}</time>
            </p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
