import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { retrieveBookingData } from "~/api/reserve/bookings.server";
import { LookAgain } from "~/components/ui/look-again";
import { formatPeso } from "~/domain/money";
import { requireProfile } from "~/services/auth.server";
import { redirectWithToast } from "~/services/toast.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

/**
 * reserve-space/request-sent-success: where the payment provider sends the renter back. It only shows the booking's
 * state: the payment counts once the provider confirms it server to server, which may take a moment — until then
 * the page looks again every few seconds (LookAgain, with or without JavaScript).
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

const manila = new Intl.DateTimeFormat("en-PH", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "Asia/Manila",
});

export default function RequestSentSuccess() {
  const { booking } = useLoaderData<typeof loader>();
  const waiting = booking.state === "awaiting_payment";
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-10 text-center">
      {waiting ? (
        <>
          <LookAgain />
          <h1 className="text-2xl font-bold text-slate-900">Confirming your payment…</h1>
          <p role="status" className="mt-3 text-slate-700">
            We are waiting for the payment provider to confirm your payment of {formatPeso(booking.due)}. This
            page updates by itself.
          </p>
        </>
      ) : booking.state === "requested" ? (
        <>
          <h1 className="text-2xl font-bold text-slate-900">Request sent</h1>
          <p role="status" className="mt-3 text-slate-700">
            We received your payment of {formatPeso(booking.paid)}. {booking.counterpart.name} has until{" "}
            {booking.actBy ? manila.format(new Date(booking.actBy)) : "48 hours from now"} to answer. If they
            decline, everything is refunded.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-slate-900">Your booking</h1>
          <p role="status" className="mt-3 text-slate-700">
            This booking{" "}
            {booking.state === "approved" ? "is approved" : `is ${booking.state.replace("_", " ")}`}.
          </p>
        </>
      )}
      <Link
        to={`/bookings/${booking.bookingId}`}
        className="mt-6 inline-block rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
      >
        See your booking
      </Link>
    </div>
  );
}
