import type { BookingDetails } from "~/api/reserve/booking-views.server";
import { formatInstant, historyActor, historyStates } from "~/components/bookings/booking-words";
import { Section } from "./agreement-layout";

/**
 * Every change of the booking: when, who, from which state to which, and why (the booking lifecycle,
 * docs/product.md). A table on wider screens; on a phone each row stacks its cells, so nothing runs off the
 * screen's right edge.
 */
export function HistorySection({ booking }: { booking: BookingDetails }) {
  const names = { renter: booking.renter.name, host: booking.host.name };
  const cell = "block sm:table-cell sm:py-1 sm:pr-3";
  return (
    <Section title="History">
      <table className="w-full text-left text-sm" data-testid="booking-history">
        <thead className="sr-only text-slate-600 sm:not-sr-only sm:table-header-group">
          <tr>
            <th scope="col" className="py-1 pr-3 font-semibold">
              When
            </th>
            <th scope="col" className="py-1 pr-3 font-semibold">
              Who
            </th>
            <th scope="col" className="py-1 pr-3 font-semibold">
              From → to
            </th>
            <th scope="col" className="py-1 font-semibold">
              Why
            </th>
          </tr>
        </thead>
        <tbody>
          {booking.history.map((entry) => (
            <tr
              key={`${entry.at}-${entry.event}-${entry.to}`}
              className="block border-t border-slate-100 py-2 align-top sm:table-row sm:py-0"
            >
              <td className={`${cell} text-slate-600 sm:whitespace-nowrap sm:text-slate-800`}>
                {formatInstant(entry.at)}
              </td>
              <td className={cell}>{historyActor(entry.actor, names)}</td>
              <td className={`${cell} font-semibold sm:font-normal`}>
                {historyStates(entry.from, entry.to)}
              </td>
              <td className="block [overflow-wrap:anywhere] sm:table-cell sm:py-1">{entry.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
