import { Link } from "@remix-run/react";
import type { BookingSummary } from "~/api/reserve/bookings.server";
import { ResponsiveImage } from "~/components/listing/responsive-image";
import type { BookingState } from "~/domain/booking";
import { formatCalendarDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";

/** A booking's state in plain words, for the renter and for the host. */
export const STATE_WORDS: Record<BookingState, { renter: string; host: string }> = {
  awaiting_payment: { renter: "Waiting for your payment", host: "Waiting for the renter's payment" },
  requested: { renter: "Waiting for the host's answer", host: "Request to answer" },
  approved: { renter: "Approved", host: "Approved" },
  active: { renter: "Active", host: "Active tenant" },
  completed: { renter: "Ended", host: "Ended" },
  declined: { renter: "Declined", host: "Declined" },
  expired: { renter: "Expired", host: "Expired" },
  cancelled: { renter: "Cancelled", host: "Cancelled" },
};

const manila = new Intl.DateTimeFormat("en-PH", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Manila",
});

export function formatInstant(iso: string): string {
  return manila.format(new Date(iso));
}

/** One booking in the bookings list: the space, the dates, the state, the other side and what is due. */
export function BookingCard({ booking }: { booking: BookingSummary }) {
  const { space } = booking;
  return (
    <li className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <Link to={`/bookings/${booking.bookingId}`} className="flex gap-4 p-3 hover:bg-slate-50">
        <div className="h-20 w-24 shrink-0 overflow-hidden rounded-md bg-slate-100">
          {space.coverPhoto ? (
            <ResponsiveImage
              image={space.coverPhoto}
              alt=""
              sizes="96px"
              className="h-full w-full object-cover"
            />
          ) : null}
        </div>
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{space.spaceTitle}</p>
          <p className="text-sm text-slate-700">
            {formatCalendarDate(booking.startDate)} – {formatCalendarDate(booking.endDate)}
            {space.city ? ` · ${space.city}` : ""}
          </p>
          <p className="text-sm text-slate-700">
            <span className="font-semibold">{STATE_WORDS[booking.state][booking.role]}</span> ·{" "}
            {booking.role === "renter" ? "Host" : "Renter"}: {booking.counterpart.name} ·{" "}
            {formatPeso(booking.due)}
          </p>
          {booking.actBy ? (
            <p className="text-sm text-amber-800">
              {booking.state === "awaiting_payment" ? "Pay by" : "Answer by"} {formatInstant(booking.actBy)}
            </p>
          ) : null}
        </div>
      </Link>
    </li>
  );
}
