import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { retrieveBookingData } from "~/api/reserve/bookings.server";
import { bookedUnits, formatInstant, STATE_WORDS } from "~/components/bookings/booking-words";
import { LookAgain } from "~/components/ui/look-again";
import { formatCalendarDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import { PAYMENT_METHOD_NAMES, type PaymentMethod } from "~/domain/payment-methods";
import { requireProfile } from "~/screens/auth.server";
import { redirectWithToast } from "~/screens/toast.server";
import { PATHS } from "~/utils/menu";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

/**
 * reserve-space/request-sent-success: where the payment provider sends the renter back. It shows the booking's
 * state: the payment counts once the provider confirms it server to server, which may take a moment — until then
 * the page looks again every few seconds (LookAgain, with or without JavaScript). Once the request is with the
 * host, it sums the request up (the space, the booking number, dates, units, what was paid and its receipt) and says
 * what happens next.
 */
export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () => pageMeta("Your request", "The state of your booking request.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const bookingId = new URL(request.url).searchParams.get("bookingId") ?? "";
  const answer = await client.call(retrieveBookingData, { params: { id: bookingId } });
  if (!answer.ok) throw await redirectWithToast("/bookings", answer.toast);
  return data({ booking: answer.result });
}

type Booking = ReturnType<typeof useLoaderData<typeof loader>>["booking"];

export default function RequestSentSuccess() {
  const { booking } = useLoaderData<typeof loader>();
  const waiting = booking.state === "awaiting_payment";
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-10">
      {waiting ? (
        <div className="text-center">
          <LookAgain />
          <h1 className="text-2xl font-bold text-slate-900">Confirming your payment…</h1>
          <p role="status" className="mt-3 text-slate-700">
            We are waiting for the payment provider to confirm your payment of {formatPeso(booking.due)}. This
            page updates by itself.
          </p>
        </div>
      ) : booking.state === "requested" ? (
        <>
          <h1 className="text-center text-2xl font-bold text-slate-900">Request sent</h1>
          <p role="status" className="mt-3 text-center text-slate-700">
            {booking.paid > 0
              ? `We received your payment of ${formatPeso(booking.paid)}.`
              : "Your voucher covers everything due."}{" "}
            {booking.counterpart.name} has until{" "}
            {booking.actBy ? formatInstant(booking.actBy) : "48 hours from now"} to answer.
          </p>
          <Summary booking={booking} />
          <section aria-labelledby="next-heading" className="mt-6">
            <h2 id="next-heading" className="text-lg font-bold text-slate-900">
              What happens next
            </h2>
            <ol className="mt-2 list-decimal space-y-2 pl-5 text-slate-700" data-testid="next-steps">
              <li>
                {booking.counterpart.name} approves or declines your request. We tell you by notification
                {booking.actBy ? `, by ${formatInstant(booking.actBy)} at the latest` : ""}.
              </li>
              <li>
                Once approved, your booking page shows the exact address and the move-in checklist, and you
                can message the host about moving in.
              </li>
              <li>
                {booking.paid > 0
                  ? `If the host declines or does not answer in time, everything you paid is refunded to your ${paidWith(booking)}.`
                  : "If the host declines or does not answer in time, your voucher is given back."}
              </li>
            </ol>
          </section>
        </>
      ) : (
        <>
          <h1 className="text-center text-2xl font-bold text-slate-900">Your booking</h1>
          <p role="status" className="mt-3 text-center text-slate-700">
            {STATE_WORDS[booking.state].renter}.
          </p>
          <Summary booking={booking} />
        </>
      )}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link
          to={`/bookings/${booking.bookingId}`}
          className="inline-block rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
        >
          See your booking
        </Link>
        {waiting ? null : (
          <Link
            to={booking.conversationId ? `/messages/${booking.conversationId}` : PATHS.messages}
            className="inline-block rounded-md border border-slate-400 px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
          >
            Message {booking.counterpart.name}
          </Link>
        )}
      </div>
    </div>
  );
}

function paidWith(booking: Booking): string {
  return PAYMENT_METHOD_NAMES[booking.paymentMethod as PaymentMethod] ?? "payment method";
}

/** The request at a glance: the space, the booking number, the dates and units, and what was paid with its receipt. */
function Summary({ booking }: { booking: Booking }) {
  const { space } = booking;
  return (
    <section
      aria-label="Your request"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4 text-slate-800"
      data-testid="request-summary"
    >
      <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{space.spaceTitle}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Booking</dt>
        <dd>{booking.bookingNumber}</dd>
        <dt className="text-slate-600">Dates</dt>
        <dd>
          {formatCalendarDate(booking.startDate)} to {formatCalendarDate(booking.endDate)}
        </dd>
        <dt className="text-slate-600">Units</dt>
        <dd>
          {bookedUnits({
            type: booking.type,
            quantity: booking.quantity,
            unitOfRental: space.unitOfRental,
            entireSpace: space.rentMode.entireSpace,
          })}
        </dd>
        <dt className="text-slate-600">Paid</dt>
        <dd>
          {formatPeso(booking.paid)}
          {booking.paymentMethod ? ` with ${paidWith(booking)}` : ""}
          {booking.requestReceipt ? (
            <>
              {" · "}
              <Link
                to={`/payment/receipt/${booking.requestReceipt.receiptId}`}
                className="text-brand-700 underline"
              >
                receipt {booking.requestReceipt.receiptNumber}
              </Link>
            </>
          ) : null}
        </dd>
      </dl>
    </section>
  );
}
