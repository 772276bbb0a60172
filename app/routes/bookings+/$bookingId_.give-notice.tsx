import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { checkNotice, retrieveBookingData, terminateBooking } from "~/api/reserve/bookings.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PendingButton } from "~/components/ui/pending-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import { NOTICE_DAYS } from "~/domain/booking";
import { formatCalendarDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import { requireProfile } from "~/screens/auth.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { makeToast } from "~/utils/toast";

/**
 * Giving notice on a running booking (docs/product.md, Termination): a page of its own, reached from the booking's
 * page, that shows what the notice does before the renter confirms — the new last day and every bill still to pay until
 * then, from GET /reserve/checkNotice/{id} (the booking machine's own answer) — then POST /reserve/terminateBooking,
 * whose message comes back as a toast on the booking's page. Without JavaScript it is a link and a form like any other.
 * A booking that cannot take notice shows why; anyone but its renter and host gets the 404 page.
 */
export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta("Give notice", "When your booking would end, and what will still be billed.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const id = params.bookingId ?? "";
  const [booking, notice] = await Promise.all([
    client.call(retrieveBookingData, { params: { id } }),
    client.call(checkNotice, { params: { id } }),
  ]);
  if (!booking.ok || !notice.ok) throw new Response("Not found", { status: 404 });
  return data({ booking: booking.result, notice: notice.result });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const bookingId = params.bookingId ?? "";
  const answer = await client.call(terminateBooking, { body: { bookingId } });
  if (!answer.ok) return data({ toast: answer.toast }, { status: answer.status });
  return redirectWithToast(`/bookings/${bookingId}`, makeToast("success", answer.message));
}

export default function GiveNotice() {
  const { booking, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const back = `/bookings/${booking.bookingId}`;
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-8">
      <Link to={back} className="text-sm font-semibold text-brand-700 underline">
        ← Keep the booking
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">Give notice</h1>
      <p className="mt-2 text-slate-700">
        {booking.space.spaceTitle}, {formatCalendarDate(booking.startDate)} to{" "}
        {formatCalendarDate(booking.endDate)}.
      </p>
      {notice.possible ? (
        <>
          <p className="mt-4 rounded-md bg-slate-100 p-4 text-slate-900" data-testid="notice-end">
            If you give notice today, your booking ends on{" "}
            <strong>{formatCalendarDate(notice.endDate)}</strong>: the later of {NOTICE_DAYS} days from today
            and the end of the month you have paid.
          </p>
          <section aria-labelledby="still-billed" className="mt-6">
            <h2 id="still-billed" className="text-lg font-semibold text-slate-900">
              What will still be billed
            </h2>
            {notice.bills.length === 0 ? (
              <p className="mt-2 text-slate-700" data-testid="notice-bills">
                Nothing: you have paid through your last day.
              </p>
            ) : (
              <>
                <ul className="mt-2 divide-y divide-slate-200" data-testid="notice-bills">
                  {notice.bills.map((bill) => (
                    <li key={bill.periodStart} className="flex justify-between gap-4 py-2">
                      <span>
                        {formatCalendarDate(bill.periodStart)} to {formatCalendarDate(bill.periodEnd)}
                        <span className="block text-sm text-slate-600">
                          due {formatCalendarDate(bill.dueOn)}
                        </span>
                      </span>
                      <strong>{formatPeso(bill.total)}</strong>
                    </li>
                  ))}
                </ul>
                <p className="mt-2 flex justify-between gap-4 border-t border-slate-300 pt-2 font-semibold">
                  <span>In all</span>
                  <span data-testid="notice-total">{formatPeso(notice.total)}</span>
                </p>
              </>
            )}
            <p className="mt-2 text-sm text-slate-700">
              Nothing is billed after {formatCalendarDate(notice.endDate)}.
            </p>
          </section>
          <Form method="post" className="mt-6 space-y-3">
            {actionData?.toast ? (
              <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
                {actionData.toast.description}
              </p>
            ) : null}
            <PendingButton pending={pending} pendingLabel="Giving notice…" variant="danger" fullWidth>
              Give notice
            </PendingButton>
          </Form>
        </>
      ) : (
        <p role="alert" className="mt-4 rounded-md bg-amber-50 p-3 text-amber-900">
          {notice.message}
        </p>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
