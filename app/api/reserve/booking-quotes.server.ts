import { eq } from "drizzle-orm";
import type { z } from "zod/v4";
import { assertRoom } from "~/core/booking-service.server";
import type { Database } from "~/db/client.server";
import { type ReservationValues, type SpaceRow, spaces } from "~/db/schema";
import { todayInManila } from "~/domain/dates";
import { DomainError } from "~/domain/errors";
import { type ReservationTerms, reservationTerms } from "~/domain/reservation";
import { spaceTypeOf } from "~/domain/space-types";
import { ApiError } from "../envelope";
import type { reservation } from "./reservation-input.server";

/**
 * Pricing a reservation (ADR 0023): the terms and price of some dates and units on a space, checked by the booking
 * rules (app/domain/reservation.ts), and whether those dates are still free. The booking quote every reserve-space
 * step shows, the reservation draft, booking a space and a voucher's worth all price a reservation here.
 */

export async function reservableSpace(db: Database, id: string): Promise<SpaceRow> {
  const [row] = await db.select().from(spaces).where(eq(spaces.id, id));
  if (!row) throw new ApiError(404, "Space not found.");
  return row;
}

/** A reservation to price: a call's declared input, or a saved draft's (whose duration the booking rules check). */
type ReservationInput = Omit<z.output<z.ZodObject<typeof reservation>>, "duration"> & { duration: string };

/** The terms of `input` on `space`, checked as of `today` (a seeded booking made in the past passes its own day). */
export function termsFor(
  space: SpaceRow,
  input: Pick<ReservationInput, "startDate" | "duration" | "quantity" | "weekdays">,
  renterId?: string,
  today = todayInManila(),
) {
  return reservationTerms(
    {
      type: spaceTypeOf(space),
      status: space.status,
      hostId: space.hostId,
      entireSpace: space.entireSpace,
      unitsAvailable: space.unitsAvailable,
      rentalDurations: space.rentalDurations,
      monthlyPrice: space.monthlyPrice,
      dailyPrice: space.dailyPrice,
      depositRequired: space.depositRequired,
      firstMonthDiscount: space.firstMonthDiscount,
    },
    input,
    today,
    { renterId },
  );
}

export function holdOf(terms: ReservationTerms) {
  return {
    startDate: terms.startDate,
    endDate: terms.endDate,
    units: terms.quantity,
    weekdays: terms.weekdays,
  };
}

export type BookingQuote = ReservationTerms & {
  available: boolean;
  unavailableMessage: string | null;
  /** The voucher or coupon applied to the due (the reservation draft's code), when there is one. */
  code?: { code: string; amountOff: number };
};

/** The terms and price of `input` on `space`, and whether its dates are still free. */
export async function quoteFor(
  db: Database,
  space: SpaceRow,
  input: ReservationInput,
  renterId?: string,
): Promise<BookingQuote> {
  const terms = termsFor(space, input, renterId);
  try {
    await assertRoom(db, space, holdOf(terms));
    return { ...terms, available: true, unavailableMessage: null };
  } catch (error) {
    if (error instanceof DomainError)
      return { ...terms, available: false, unavailableMessage: error.message };
    throw error;
  }
}

/** A saved reservation draft as the booking calls take it (full month parking: every day). */
export function reservationInput(spaceId: string, values: ReservationValues): ReservationInput {
  return {
    spaceId,
    startDate: values.startDate ?? "",
    duration: values.duration ?? "",
    quantity: values.quantity,
    weekdays: values.parkingMode === "selected_days" ? values.weekdays : undefined,
  };
}
