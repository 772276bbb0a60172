import type { BookingRow } from "~/db/schema";
import { bookingNumberOf } from "~/domain/booking";
import { formatCalendarDate } from "~/domain/dates";
import { displayName } from "~/domain/display-name";
import { siteOrigin } from "~/env.server";
import type { BookingUpdateData } from "~/infra/notifications/booking-update";

type Person = { nickName: string | null; firstName: string };

/**
 * What a booking update tells one of the booking's two people (docs/product.md, Booking lifecycle): the booking as
 * they quote it, its dates and its page, with the news and the booking history's sentence for it.
 */
export function bookingUpdateData(
  booking: Pick<BookingRow, "id" | "number" | "startDate" | "endDate">,
  news: {
    person: Person;
    /** The other person of the booking, named where their own act is the news. */
    other?: Person;
    role: BookingUpdateData["role"];
    spaceTitle: string | null | undefined;
    headline: BookingUpdateData["headline"];
    what: string;
  },
): BookingUpdateData {
  const bookingPath = `/bookings/${booking.id}`;
  return {
    name: displayName(news.person),
    otherName: news.other ? displayName(news.other) : undefined,
    role: news.role,
    spaceTitle: news.spaceTitle ?? "Your space",
    bookingNumber: bookingNumberOf(booking.number),
    headline: news.headline,
    what: news.what,
    startDate: formatCalendarDate(booking.startDate),
    endDate: formatCalendarDate(booking.endDate),
    bookingLink: new URL(bookingPath, siteOrigin()).href,
    bookingPath,
  };
}
