import { Link } from "@remix-run/react";
import type { BookingDetails } from "~/api/reserve/booking-views.server";
import { formatPeso } from "~/domain/money";
import { stepPath } from "~/utils/site-paths";
import { Section } from "./agreement-layout";
import { CancellationRules } from "./cancellation-rules";

/** The cancellation rules, and what cancelling now would give back to the renter. */
export function CancellationSection({ booking }: { booking: BookingDetails }) {
  const { role } = booking;
  return (
    <Section title="Cancellation and refunds" fold>
      <CancellationRules />
      {role === "renter" && booking.cancellationRefund !== null ? (
        <p className="mt-2 font-semibold" data-testid="refund-if-cancelled">
          If you cancel now, you get back {formatPeso(booking.cancellationRefund)}.
        </p>
      ) : null}
      {role === "host" && booking.state === "approved" ? (
        <p className="mt-2 font-semibold">
          If you cancel now, the renter gets back everything paid:{" "}
          {formatPeso(booking.paid - booking.refunded)}.
        </p>
      ) : null}
    </Section>
  );
}

/** The contract of the stay (the host's own PDF, or Space Solution's standard one) and the rental terms. */
export function ContractSection({ booking }: { booking: BookingDetails }) {
  return (
    <Section title="Contract" fold>
      {booking.contract.type === "uploaded" && booking.contract.url ? (
        <p>
          The host's own contract applies:{" "}
          <a href={booking.contract.url} className="underline">
            open the host's contract (PDF)
          </a>
          .
        </p>
      ) : (
        <p>
          Space Solution's{" "}
          <Link to={stepPath("contract-template", booking.space._id)} className="underline">
            standard rental contract
          </Link>{" "}
          applies, with the parties, dates, units and prices of this page.
        </p>
      )}
      <p className="text-sm">
        The booking is made on Space Solution's{" "}
        <Link to="/bookings/terms-and-conditions" className="underline">
          rental terms and conditions
        </Link>
        .
      </p>
    </Section>
  );
}
