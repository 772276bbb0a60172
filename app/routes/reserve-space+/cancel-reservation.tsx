import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { cancelBooking, retrieveBookingData } from "~/api/reserve/bookings.server";
import { CancellationRules } from "~/components/bookings/cancellation-rules";
import { donePath } from "~/components/bookings/just-happened";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatCalendarDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import { MAX_MESSAGE_LENGTH } from "~/domain/reservation";
import { requireProfile } from "~/screens/auth.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { makeToast } from "~/utils/toast";

/**
 * reserve-space/cancel-reservation (?bookingId): before a booking is cancelled, what the renter gets back now by
 * The product's rules (docs/product.md, Refunds; the API's `cancellationRefund`; everything paid when the host cancels
 * after approval) and the rules themselves, and a reason; then POST /reserve/cancelBooking, whose message comes back as
 * a toast. The renter or the host of the booking only; anyone else gets the 404 page.
 */
export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () => pageMeta("Cancel your booking", "What you get back, and cancelling.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const bookingId = new URL(request.url).searchParams.get("bookingId") ?? "";
  const answer = await client.call(retrieveBookingData, { params: { id: bookingId } });
  if (!answer.ok) throw new Response("Not found", { status: 404 });
  const booking = answer.result;
  // What cancelling now gives back: the renter's by the rules; a host's cancel gives the renter everything.
  const refund =
    booking.role === "renter"
      ? booking.cancellationRefund
      : booking.state === "approved"
        ? booking.paid - booking.refunded
        : null;
  return data({ booking, refund });
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const bookingId = new URL(request.url).searchParams.get("bookingId") ?? "";
  const reason = String((await request.formData()).get("reason") ?? "").trim();
  const answer = await client.call(cancelBooking, { body: { bookingId, reason: reason || undefined } });
  if (!answer.ok) return data({ toast: answer.toast }, { status: answer.status });
  return redirectWithToast(donePath(bookingId, "cancelled"), makeToast("success", answer.message));
}

export default function CancelReservation() {
  const { booking, refund } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const host = booking.role === "host";
  const held = booking.paid - booking.refunded;
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-8">
      <Link to={`/bookings/${booking.bookingId}`} className="text-sm font-semibold text-brand-700 underline">
        ← Keep the booking
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">
        {host ? "Cancel this booking" : "Cancel your booking"}
      </h1>
      <p className="mt-2 text-slate-700">
        {booking.space.spaceTitle}, {formatCalendarDate(booking.startDate)} to{" "}
        {formatCalendarDate(booking.endDate)}
        {host ? `, rented by ${booking.renter.name}` : ""}.
      </p>
      {refund === null ? (
        <p role="alert" className="mt-4 rounded-md bg-amber-50 p-3 text-amber-900">
          {host
            ? "You can cancel a booking only once you have approved it and before it starts."
            : "This booking can no longer be cancelled. Once it has started, you end it by giving notice on the booking's page."}
        </p>
      ) : (
        <>
          <p className="mt-4 rounded-md bg-slate-100 p-4 text-slate-900" data-testid="refund-now">
            {host ? (
              <>
                If you cancel now, the renter gets back everything paid: <strong>{formatPeso(refund)}</strong>
                .
              </>
            ) : (
              <>
                If you cancel now, you get back <strong>{formatPeso(refund)}</strong> of the{" "}
                {formatPeso(held)} you paid.
              </>
            )}
          </p>
          <div className="mt-4 text-slate-700">
            <CancellationRules caption="The cancellation rules" />
          </div>
          <p className="mt-2 text-sm">
            <Link to="/bookings/terms-and-conditions" className="underline">
              Rental terms and conditions
            </Link>
          </p>
          <Form method="post" className="mt-6 space-y-3">
            <label htmlFor="reason" className="block text-sm font-semibold text-slate-800">
              {host
                ? "Why are you cancelling? The renter will read it."
                : "Why are you cancelling? (optional)"}
            </label>
            <textarea
              id="reason"
              name="reason"
              rows={3}
              maxLength={MAX_MESSAGE_LENGTH}
              className="block w-full rounded-md border border-slate-300 px-3 py-2"
            />
            {actionData?.toast ? (
              <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
                {actionData.toast.description}
              </p>
            ) : null}
            <button
              type="submit"
              disabled={pending}
              className="w-full rounded-md bg-red-700 px-5 py-3 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
            >
              Cancel the booking
            </button>
          </Form>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
