import type { BookingNews } from "~/domain/booking";
import type { Message } from "./message";

/**
 * A change of a booking, to one of its two people (docs/product.md, Booking lifecycle: every transition becomes a
 * notification). `what` is the booking history's own sentence for the change, so the mail and the contract page
 * say the same thing.
 */
export type BookingUpdateData = {
  /** The recipient as they call themselves: nickname, else first name. */
  name: string;
  /** The other person of the booking as they call themselves, when the news is what they did. */
  otherName?: string;
  role: "renter" | "host";
  spaceTitle: string;
  /** The booking's number, "SS-000123": what the two people quote to each other and to support. */
  bookingNumber: string;
  /** The booking's state after the change, or the event when the state did not change. */
  headline: BookingHeadline;
  what: string;
  startDate: string;
  endDate: string;
  bookingLink: string;
  /** The same page as a path on this site, for the bell. */
  bookingPath: string;
};

/** The news a booking update tells (app/domain/booking.ts decides it from the transition). */
export type BookingHeadline = BookingNews;

const HEADLINES: Record<BookingHeadline, { renter: string; host: string }> = {
  awaiting_payment: { renter: "Complete your payment", host: "A checkout was started" },
  requested: { renter: "Your request was sent to the host", host: "New booking request: please answer" },
  approved: { renter: "Your booking is approved", host: "You approved a booking" },
  active: { renter: "Your booking has started", host: "A booking has started" },
  completed: { renter: "Your booking has ended", host: "A booking has ended" },
  declined: { renter: "Your request was declined", host: "You declined a request" },
  expired: { renter: "Your booking request expired", host: "A booking request expired" },
  cancelled: { renter: "A booking was cancelled", host: "A booking was cancelled" },
  payment_failed: { renter: "Your payment did not go through", host: "A payment did not go through" },
  payment_refunded: { renter: "A payment was refunded", host: "A payment was refunded" },
  bill_paid: { renter: "Your monthly bill is paid", host: "A monthly payment came in" },
  extension: { renter: "Extension update", host: "Extension update" },
  notice: { renter: "Notice given on your booking", host: "Notice given on a booking" },
};

/**
 * The news first, by whom (docs/design.md, Notifications): where the other person's own act is the news, their name
 * leads ("Ria approved your booking"); else the booking's words above.
 */
const BY_THE_OTHER: Partial<
  Record<BookingHeadline, { renter?: (who: string) => string; host?: (who: string) => string }>
> = {
  approved: { renter: (who) => `${who} approved your booking` },
  declined: { renter: (who) => `${who} declined your request` },
  requested: { host: (who) => `${who} sent a booking request: please answer` },
};

export function bookingHeadline(data: Pick<BookingUpdateData, "headline" | "role" | "otherName">): string {
  const byOther = BY_THE_OTHER[data.headline]?.[data.role];
  return byOther && data.otherName ? byOther(data.otherName) : HEADLINES[data.headline][data.role];
}

/** The changes worth a text message: someone has to act, or the booking's fate was decided. */
const SMS_HEADLINES = new Set<BookingHeadline>(["requested", "approved", "declined", "expired", "cancelled"]);

export function bookingUpdate(data: BookingUpdateData): Message {
  const headline = bookingHeadline(data);
  return {
    subject: `${headline}: ${data.spaceTitle}`,
    text: [
      `Hi ${data.name},`,
      "",
      `${headline}.`,
      "",
      `${data.spaceTitle}, ${data.startDate} to ${data.endDate} (booking ${data.bookingNumber})`,
      data.what,
      "",
      `See the booking: ${data.bookingLink}`,
      "",
      "Space Solution",
    ].join("\n"),
    notice: {
      title: headline,
      body: `${data.spaceTitle}: ${data.what}`,
      link: data.bookingPath,
      sms: SMS_HEADLINES.has(data.headline)
        ? `Space Solution: ${headline} (${data.spaceTitle}). Details in the app.`
        : undefined,
    },
  };
}
