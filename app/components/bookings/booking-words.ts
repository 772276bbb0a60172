import type { BookingSummary } from "~/api/reserve/booking-views.server";
import type { AllBookings } from "~/api/reserve/bookings.server";
import type { Actor, BookingState } from "~/domain/booking";

/**
 * The words of the bookings screens (docs/product.md, Screens and routes: bookings): the tabs of the bookings list, a
 * booking's state in plain words for each side, the time left to act, and who moved a booking in its history. Pure, so
 * the list, the contract page and the listing page say the same thing, and unit-tested.
 */

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

/** An instant (ISO) as people in the Philippines read it, on Manila's clock. */
export function formatInstant(iso: string): string {
  return manila.format(new Date(iso));
}

/** What an empty tab says to do next: find a space (as a renter) or list one (as a host). */
export type NextStep = "find" | "list";

/**
 * The tabs of the bookings list, in the order they show (`?tab=`): the renter's upcoming, active and past bookings,
 * then the host's requests to answer, upcoming and active tenants, and past ones. `list` names the list of the
 * API's AllBookings answer each tab shows.
 */
export const BOOKING_TABS = [
  {
    id: "upcoming",
    role: "renter",
    list: "upcoming",
    label: "Upcoming",
    empty: "You have no upcoming bookings. Find a storage or parking space near you and book it here.",
    next: "find",
  },
  {
    id: "active",
    role: "renter",
    list: "active",
    label: "Active",
    empty: "You are not renting a space right now.",
    next: "find",
  },
  {
    id: "past",
    role: "renter",
    list: "past",
    label: "Past",
    empty: "Your ended, cancelled and declined bookings will show here.",
    next: "find",
  },
  {
    id: "requests",
    role: "host",
    list: "requests",
    label: "Requests to answer",
    empty: "No requests to answer. Renters' requests for your spaces show here: list a space to get some.",
    next: "list",
  },
  {
    id: "hosting",
    role: "host",
    list: "upcoming",
    label: "Upcoming tenants",
    empty: "No approved bookings of your spaces are coming up.",
    next: "list",
  },
  {
    id: "tenants",
    role: "host",
    list: "active",
    label: "Active tenants",
    empty: "Nobody rents one of your spaces right now.",
    next: "list",
  },
  {
    id: "hosted",
    role: "host",
    list: "past",
    label: "Past tenants",
    empty: "Your past tenants will show here.",
    next: "list",
  },
] as const satisfies readonly {
  id: string;
  role: "renter" | "host";
  list: string;
  label: string;
  empty: string;
  next: NextStep;
}[];

export type BookingTab = (typeof BOOKING_TABS)[number];
export type BookingTabId = BookingTab["id"];

/** The tabs a user sees: the renter's always (anyone may rent), the host's only to someone who hosts. */
export function bookingTabsFor(hosting: boolean): readonly BookingTab[] {
  return hosting ? BOOKING_TABS : BOOKING_TABS.filter((entry) => entry.role === "renter");
}

/**
 * The tab the list opens on: the one asked for (`?tab=`) when it is one of the user's; else the host's requests when
 * some wait for an answer (they run out in 48 hours), else the renter's upcoming bookings.
 */
export function chooseBookingTab(asked: string | null, waitingRequests: number, hosting = true): BookingTab {
  const tab = bookingTabsFor(hosting).find((entry) => entry.id === asked);
  if (tab) return tab;
  return BOOKING_TABS.find(
    (entry) => entry.id === (waitingRequests > 0 ? "requests" : "upcoming"),
  ) as BookingTab;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The time left until `actBy` (a checkout's 60 minutes, a host's 48 hours), in the largest two units that matter:
 * "1 day 23 h left", "5 h 12 min left", "12 min left"; "less than a minute left", then "time is up".
 */
export function timeLeft(actBy: string | Date, now: Date): string {
  const left = new Date(actBy).getTime() - now.getTime();
  if (left <= 0) return "time is up";
  if (left < MINUTE) return "less than a minute left";
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  if (days > 0) return `${days} ${days === 1 ? "day" : "days"}${hours ? ` ${hours} h` : ""} left`;
  if (hours > 0) return `${hours} h${minutes ? ` ${minutes} min` : ""} left`;
  return `${minutes} min left`;
}

/** What the one who must act next does before `actBy`: the renter pays, the host answers. */
export function actByWords(state: BookingState, role: "renter" | "host"): string {
  if (state === "awaiting_payment") return role === "renter" ? "Pay by" : "The renter pays by";
  return role === "host" ? "Answer by" : "The host answers by";
}

/** Who moved a booking, for its history: the two people by name, the provider and the deadlines by what they are. */
export function historyActor(actor: Actor | string, names: { renter: string; host: string }): string {
  switch (actor) {
    case "renter":
      return `${names.renter} (renter)`;
    case "host":
      return `${names.host} (host)`;
    case "provider":
      return "The payment provider";
    default:
      return "Space Solution (automatic)";
  }
}

/** The states as the history says them, the same for both sides (it is one record of the agreement). */
const HISTORY_STATE_WORDS: Record<BookingState, string> = {
  awaiting_payment: "Waiting for payment",
  requested: "Waiting for the host's answer",
  approved: "Approved",
  active: "Active",
  completed: "Ended",
  declined: "Declined",
  expired: "Expired",
  cancelled: "Cancelled",
};

/** A state of the history in plain words ("—" before the booking existed). */
export function historyState(state: string | null): string {
  if (state === null) return "—";
  return HISTORY_STATE_WORDS[state as BookingState] ?? state;
}

/**
 * A history row's move in plain words: "Approved → Active"; the state alone when the booking was made, or when the
 * state stayed (a bill paid, a notice given: the row's reason says what happened), never "Active → Active".
 */
export function historyStates(from: string | null, to: string): string {
  if (from === null || from === to) return historyState(to);
  return `${historyState(from)} → ${historyState(to)}`;
}

/** The states of a booking that did not go ahead: refused, run out or cancelled, its money refunded by the rules. */
const DID_NOT_GO_AHEAD: readonly BookingState[] = ["declined", "expired", "cancelled"];

/**
 * A booking that did not go ahead: nothing about it is "paid through" a date any more, and its exact address is never
 * shown (docs/product.md, Booking lifecycle).
 */
export function didNotGoAhead(state: BookingState): boolean {
  return DID_NOT_GO_AHEAD.includes(state);
}

/** A link that shows the space's pin on OpenStreetMap: it works without JavaScript and prints as an address. */
export function pinLink(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(6);
  const lon = longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`;
}

const UNIT_WORDS: Record<"sqm" | "cbm" | "pallet", [string, string]> = {
  sqm: ["square meter", "square meters"],
  cbm: ["cubic meter", "cubic meters"],
  pallet: ["pallet", "pallets"],
};

/** What a booking holds, in words: the entire space, one parking slot, or so many square meters, cubic meters, pallets. */
export function bookedUnits(booking: {
  type: "storage" | "parking";
  quantity: number;
  unitOfRental: "sqm" | "cbm" | "pallet" | null;
  entireSpace: boolean;
}): string {
  if (booking.type === "parking") return "One parking slot";
  if (booking.entireSpace || !booking.unitOfRental) return "The entire space";
  const [one, many] = UNIT_WORDS[booking.unitOfRental];
  return `${booking.quantity} ${booking.quantity === 1 ? one : many}`;
}

const WEEKDAY_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** A parking booking's days: its chosen weekdays Monday first ("Mon, Tue, Wed"), or every day for a full month. */
export function parkingDays(weekdays: readonly number[] | null): string {
  if (!weekdays || weekdays.length === 7) return "Every day";
  const mondayFirst = (day: number) => (day + 6) % 7;
  return [...weekdays]
    .sort((a, b) => mondayFirst(a) - mondayFirst(b))
    .map((day) => WEEKDAY_SHORT[day])
    .join(", ");
}

/** The caller's bookings, as renter and as host, whose state is one of `states`: newest first. */
export function bookingsInStates(all: AllBookings, states: readonly BookingState[]): BookingSummary[] {
  return [
    ...all.renter.upcoming,
    ...all.renter.active,
    ...all.renter.past,
    ...all.host.requests,
    ...all.host.upcoming,
    ...all.host.active,
    ...all.host.past,
  ]
    .filter((booking) => states.includes(booking.state))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
