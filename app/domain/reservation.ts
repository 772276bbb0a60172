/**
 * What a renter asks for when reserving a space, turned into the booking's terms: dates, units, weekdays and the
 * booking price result (docs/product.md, Due at booking), computed here and only here — the reserve-space screens show
 * it on every step, POST /reserve/BookSpace charges it, and neither trusts a price from a form (docs/product.md,
 * Pricing; ADR 0023). Pure: the listing and today's date are inputs.
 */

import { addDays, type CalendarDate, endDateForMonths, isValidDate } from "./dates";
import { DomainError } from "./errors";
import type { Centavos } from "./money";
import { type BookingPrice, bookingPrice } from "./pricing";
import { spaceTypeOf } from "./space-types";
import type { SpaceType } from "./vocabulary";
import { RENTAL_DURATION_LENGTHS, RENTAL_DURATIONS, type RentalDuration } from "./vocabulary";

/** How far ahead a booking may start. */
export const MAX_DAYS_AHEAD = 365;
/** The most units one booking may take (a unit rental). */
export const MAX_BOOKED_UNITS = 10_000;
/** The longest message a renter may leave for the host. */
export const MAX_MESSAGE_LENGTH = 1000;

export const RESERVATION_MESSAGES = {
  startDate: "Please choose a valid start date.",
  startDatePast: "The start date is in the past. Please choose a date from today on.",
  startDateFar: `Please choose a start date within the next ${MAX_DAYS_AHEAD} days.`,
  duration: "Please choose how long you need the space.",
  durationNotOffered: "This space is not rented for that long. Please choose one of its rental durations.",
  quantity: "Please enter how many units you need, 1 or more.",
  weekdays: "Please choose at least one day of the week.",
  noDailyPrice: "This parking space is rented by the full month only.",
  notReservable: "This space is not available for booking.",
  ownSpace: "You cannot book your own space.",
} as const;

/** What a reservation's price waits for before it can be shown (never a price for days not chosen yet). */
export const PRICE_PROMPTS = {
  dates: "Choose a start date and how long you need the space to see the price.",
  weekdays: "Choose the days of the week you park to see the price.",
} as const;

/**
 * What the price of a reservation in progress still waits for, or null once it can be priced: the dates and the
 * duration, and for parking on chosen days the days themselves — until they are chosen, a parking month would be
 * priced as every day of the week, which is not what the renter is asking for.
 */
export function priceWaitsFor(choice: {
  startDate?: string;
  duration?: string;
  parkingMode?: string;
  weekdays?: readonly number[];
}): string | null {
  if (!choice.startDate || !choice.duration) return PRICE_PROMPTS.dates;
  if (choice.parkingMode === "selected_days" && !choice.weekdays?.length) return PRICE_PROMPTS.weekdays;
  return null;
}

/** The listing as a reservation needs it (money in centavos). */
export interface ReservableSpace {
  type: SpaceType;
  status: string;
  hostId: string;
  entireSpace: boolean;
  unitsAvailable: number;
  rentalDurations: readonly string[];
  monthlyPrice: Centavos | null;
  dailyPrice: Centavos | null;
  depositRequired: boolean;
  firstMonthDiscount: boolean;
}

/** What the renter chose; strings as a form sends them. */
export interface ReservationRequest {
  startDate: string;
  duration: string;
  /** Units (sqm, cbm, pallets) for a unit rental; ignored (1) for a whole space or a parking slot. */
  quantity?: number;
  /** Parking: the chosen weekdays (0 = Sunday … 6 = Saturday); absent or all seven for the full month. */
  weekdays?: readonly number[] | null;
}

/** The terms of the booking the request makes. */
export interface ReservationTerms {
  type: SpaceType;
  startDate: CalendarDate;
  endDate: CalendarDate;
  duration: RentalDuration;
  quantity: number;
  /** Parking on chosen days: the weekdays, sorted; null for every day. */
  weekdays: number[] | null;
  /** P of the booking: the monthly price of one unit, or the parking month price. */
  monthlyUnitPrice: Centavos;
  price: BookingPrice;
}

/** Whether the listing rents by the unit (sqm, cbm, pallet) rather than whole. */
export function isUnitRental(space: Pick<ReservableSpace, "type" | "entireSpace">): boolean {
  return space.type === "storage" && !space.entireSpace;
}

/**
 * The units a space offers at once: its units for a unit rental, its slots for parking, else the whole space (a
 * listing's unset type reads as storage, {@link spaceTypeOf}).
 */
export function capacityOf(space: {
  storageType: SpaceType | null;
  entireSpace: boolean;
  unitsAvailable: number;
}): number {
  const type = spaceTypeOf(space);
  if (type === "parking" || isUnitRental({ type, entireSpace: space.entireSpace }))
    return space.unitsAvailable;
  return 1;
}

/** The last day of a booking of `duration` from `startDate` (inclusive, docs/product.md, Date math). */
export function endDateFor(startDate: CalendarDate, duration: RentalDuration): CalendarDate {
  const length = RENTAL_DURATION_LENGTHS[duration];
  return length.unit === "days"
    ? addDays(startDate, length.count - 1)
    : endDateForMonths(startDate, length.count);
}

/**
 * The booking terms of `request` on `space`, as of `today` (Manila). Throws a {@link DomainError} naming the field
 * at fault when the request cannot be booked as asked. Availability (other bookings) is the caller's check.
 */
export function reservationTerms(
  space: ReservableSpace,
  request: ReservationRequest,
  today: CalendarDate,
  options: { renterId?: string; voucher?: Centavos; feeRateBasisPoints?: number } = {},
): ReservationTerms {
  if (space.status !== "active" || space.monthlyPrice === null)
    throw new DomainError("conflict", RESERVATION_MESSAGES.notReservable, "spaceId");
  if (options.renterId && options.renterId === space.hostId)
    throw new DomainError("forbidden", RESERVATION_MESSAGES.ownSpace, "spaceId");

  const { startDate } = request;
  if (!isValidDate(startDate)) throw invalid("startDate", RESERVATION_MESSAGES.startDate);
  if (startDate < today) throw invalid("startDate", RESERVATION_MESSAGES.startDatePast);
  if (startDate > addDays(today, MAX_DAYS_AHEAD))
    throw invalid("startDate", RESERVATION_MESSAGES.startDateFar);

  if (!(RENTAL_DURATIONS as readonly string[]).includes(request.duration))
    throw invalid("duration", RESERVATION_MESSAGES.duration);
  const duration = request.duration as RentalDuration;
  if (!space.rentalDurations.includes(duration))
    throw invalid("duration", RESERVATION_MESSAGES.durationNotOffered);
  const endDate = endDateFor(startDate, duration);

  const common = {
    startDate,
    endDate,
    firstMonthDiscountOffered: space.firstMonthDiscount,
    depositAsked: space.depositRequired,
    voucher: options.voucher,
    feeRateBasisPoints: options.feeRateBasisPoints,
  };

  if (space.type === "storage") {
    const quantity = isUnitRental(space) ? (request.quantity ?? 0) : 1;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_BOOKED_UNITS)
      throw invalid("quantity", RESERVATION_MESSAGES.quantity);
    const price = bookingPrice({ ...common, type: "storage", monthlyPrice: space.monthlyPrice, quantity });
    return {
      type: "storage",
      startDate,
      endDate,
      duration,
      quantity,
      weekdays: null,
      monthlyUnitPrice: space.monthlyPrice,
      price,
    };
  }

  const chosen = [...new Set(request.weekdays ?? [0, 1, 2, 3, 4, 5, 6])].sort();
  if (chosen.length === 0 || chosen.some((day) => !Number.isInteger(day) || day < 0 || day > 6))
    throw invalid("weekdays", RESERVATION_MESSAGES.weekdays);
  const everyDay = chosen.length === 7;
  if (!everyDay && space.dailyPrice === null) throw invalid("weekdays", RESERVATION_MESSAGES.noDailyPrice);
  const price = bookingPrice({
    ...common,
    type: "parking",
    monthlyPrice: space.monthlyPrice,
    dailyPrice: space.dailyPrice ?? 0,
    weekdays: chosen,
  });
  return {
    type: "parking",
    startDate,
    endDate,
    duration,
    quantity: 1,
    weekdays: everyDay ? null : chosen,
    monthlyUnitPrice: price.firstMonthPrice,
    price,
  };
}

function invalid(field: string, message: string): DomainError {
  return new DomainError("invalid", message, field);
}
