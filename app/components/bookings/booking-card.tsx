import { Link } from "@remix-run/react";
import { ResponsiveImage } from "~/components/listing/responsive-image";
import type { BookingCardView } from "~/screens/booking-card.server";
import { DEFAULT_PROFILE_PHOTO } from "~/utils/menu";

/**
 * One booking in the bookings list: the space (cover photo, title, city), the dates, the state in plain words, the
 * due, the other side (name and photo) and, for a request or an unpaid checkout, the time left to act: words the
 * loader wrote (app/screens/booking-card.server.ts).
 */
export function BookingCard({
  card,
  to = `/bookings/${card.bookingId}`,
}: {
  card: BookingCardView;
  /** Where the card leads: the booking's page, or one of its own pages (its checklist, its feedback). */
  to?: string;
}) {
  const { space, counterpart } = card;
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
          <p className="text-sm text-slate-700">{card.when}</p>
          <p className="text-sm text-slate-700">
            <span className="font-semibold">{card.state}</span> · Due {card.due}
          </p>
          {card.actBy ? (
            <p className="text-sm font-semibold text-amber-800" data-testid="act-by">
              {card.actBy}
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
          <p className="mt-1 text-xs text-slate-600">{card.counterpartRole}</p>
          <p className="w-full truncate text-sm font-semibold text-slate-800">{counterpart.name}</p>
        </div>
      </Link>
    </li>
  );
}
