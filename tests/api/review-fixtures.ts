import { eq } from "drizzle-orm";
import { applyBookingEvent } from "~/core/booking-service.server";
import { getDatabase } from "~/db/db.server";
import { bookings } from "~/db/schema";
import { endInstant } from "~/domain/booking";
import { addDays, todayInManila } from "~/domain/dates";
import { seedRunningBooking } from "~/seed/running-booking.server";
import { aHostAndARenter } from "./booking-fixtures";

/**
 * Bookings in the past for the review tests: made through the booking machine as they would have happened (booked,
 * paid, approved, started — and ended on the day after their end date), so their history is the real one.
 */

type Parties = Awaited<ReturnType<typeof aHostAndARenter>>;

/** A booking that started `startedDaysAgo` days ago for `duration`, still running. */
export async function aRunningBookingSince(startedDaysAgo: number, duration = "3_months", parties?: Parties) {
  const sides = parties ?? (await aHostAndARenter());
  const { db } = await getDatabase();
  const bookingId = await seedRunningBooking(db, {
    spaceId: sides.space.id,
    renterId: sides.renter.user.id,
    startDate: addDays(todayInManila(), -startedDaysAgo),
    duration,
  });
  return { ...sides, bookingId };
}

/**
 * A one-month booking that started `startedDaysAgo` days ago and has completed (the machine's "end" at the end of its
 * last day). With 40 days ago it completed about 10 days ago: its review window has a few days left.
 */
export async function aCompletedBooking(startedDaysAgo = 40, parties?: Parties) {
  const running = await aRunningBookingSince(startedDaysAgo, "1_month", parties);
  const { db } = await getDatabase();
  const { row } = await applyBookingEvent(
    db,
    running.bookingId,
    { type: "end", actor: "system" },
    { at: endInstant({ endDate: (await endDateOf(running.bookingId)) as string }) },
  );
  return { ...running, booking: row, completedAt: endInstant(row) };
}

async function endDateOf(bookingId: string) {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ endDate: bookings.endDate })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row?.endDate;
}
