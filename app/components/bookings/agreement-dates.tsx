import type { BookingDetails } from "~/api/reserve/booking-views.server";
import { bookedUnits, didNotGoAhead, formatInstant, parkingDays } from "~/components/bookings/booking-words";
import { formatCalendarDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import { RENTAL_DURATION_LABELS, type RentalDuration } from "~/domain/vocabulary";
import { Facts, Section } from "./agreement-layout";

/**
 * The stay: move-in, last day, duration and units (a parking booking's days too), how far it is paid, the notice
 * given, and an extension waiting for the host's answer.
 */
export function DatesSection({ booking }: { booking: BookingDetails }) {
  const { role, space } = booking;
  return (
    <Section title="Dates and units" fold>
      <Facts
        rows={[
          ["Move-in", formatCalendarDate(booking.startDate)],
          ["Last day", formatCalendarDate(booking.endDate)],
          ["Duration", RENTAL_DURATION_LABELS[booking.duration as RentalDuration] ?? booking.duration],
          [
            "Units",
            bookedUnits({
              type: booking.type,
              quantity: booking.quantity,
              unitOfRental: space.unitOfRental,
              entireSpace: space.rentMode.entireSpace,
            }),
          ],
          booking.type === "parking" ? ["Days", parkingDays(booking.weekdays)] : null,
          booking.paidThrough && !didNotGoAhead(booking.state)
            ? ["Paid through", formatCalendarDate(booking.paidThrough)]
            : null,
          booking.noticeGivenOn
            ? [
                "Notice",
                `given on ${formatCalendarDate(booking.noticeGivenOn)}; the booking ends on ${formatCalendarDate(booking.endDate)}`,
              ]
            : null,
        ]}
      />
      {booking.extension ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="pending-extension">
          {role === "renter" ? "You asked" : "The renter asks"} to extend by {booking.extension.months}{" "}
          {booking.extension.months === 1 ? "month" : "months"}, to{" "}
          {formatCalendarDate(booking.extension.newEndDate)}, for {formatPeso(booking.extension.total)} (
          {formatPeso(booking.extension.rent)} rent and {formatPeso(booking.extension.spaceSolutionFee)} Space
          Solution fee). The host answers by {formatInstant(booking.extension.answerBy)}.
        </p>
      ) : null}
    </Section>
  );
}
