import { Link } from "@remix-run/react";
import type { BookingSummary } from "~/api/reserve/bookings.server";
import { ResponsiveImage } from "~/components/listing/responsive-image";
import { formatCalendarDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import { actByWords, formatInstant, STATE_WORDS, timeLeft } from "~/utils/bookings";
import { DEFAULT_PROFILE_PHOTO } from "~/utils/menu";

/**
 * One booking in the bookings list: the space (cover photo, title, city), the dates, the state in plain words, the
 * due, the other side (name and photo) and, for a request or an unpaid checkout, the time left to act. `now` is the
 * instant the loader answered, so the server's page and the browser's agree.
 */
export function BookingCard({
  booking,
  now,
  to = `/bookings/${booking.bookingId}`,
}: {
  booking: BookingSummary;
  now: string;
  /** Where the card leads: the booking's page, or one of its own pages (its checklist, its feedback). */
  to?: string;
}) {
  const { space, counterpart } = booking;
  return (
    <li className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <Link to={to} className="flex gap-4 p-3 hover:bg-slate-50">
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
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-slate-900">{space.spaceTitle}</p>
          <p className="text-sm text-slate-700">
            {formatCalendarDate(booking.startDate)} – {formatCalendarDate(booking.endDate)}
            {space.city ? ` · ${space.city}` : ""}
          </p>
          <p className="text-sm text-slate-700">
            <span className="font-semibold">{STATE_WORDS[booking.state][booking.role]}</span> · Due{" "}
            {formatPeso(booking.due)}
          </p>
          {booking.actBy ? (
            <p className="text-sm font-semibold text-amber-800" data-testid="act-by">
              {actByWords(booking.state, booking.role)} {formatInstant(booking.actBy)} (
              {timeLeft(booking.actBy, new Date(now))})
            </p>
          ) : null}
        </div>
        <div className="hidden w-24 shrink-0 flex-col items-center text-center sm:flex">
          <img
            src={counterpart.profilePic || DEFAULT_PROFILE_PHOTO}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className="h-10 w-10 rounded-full bg-slate-200 object-cover"
          />
          <p className="mt-1 text-xs text-slate-600">{booking.role === "renter" ? "Host" : "Renter"}</p>
          <p className="w-full truncate text-sm font-semibold text-slate-800">{counterpart.name}</p>
        </div>
      </Link>
    </li>
  );
}
