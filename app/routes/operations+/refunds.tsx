import { randomUUID } from "node:crypto";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { consoleGoodwillRefund, consoleRefundBooking } from "~/api/operations/refunds.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConsoleShell, consoleHandle, consoleMeta } from "~/components/operations/console-shell";
import {
  ActionMessage,
  buttonClass,
  ConsoleFilters,
  Field,
  inputClass,
} from "~/components/operations/fields";
import { GOODWILL_WORDS } from "~/domain/goodwill";
import { formatMoment } from "~/domain/moments";
import { formatPeso } from "~/domain/money";
import { actionAnswer, requireConsole, resultOrNotFound, text } from "~/screens/operations.server";

/**
 * Refunds (docs/operations.md, Refunds; ADR 0076): finance finds a booking by its number, sees its payments and what
 * has been refunded of them, and gives the renter a goodwill refund of part of it with a note the renter reads. Each
 * form carries its own key, so sending it twice refunds once. Works without JavaScript.
 */
export const handle = consoleHandle;
export const meta: MetaFunction = () => consoleMeta("Refunds");

export async function loader({ request }: LoaderFunctionArgs) {
  const { client, state } = await requireConsole(request);
  const typed = new URL(request.url).searchParams.get("booking")?.trim() ?? "";
  const booking = typed
    ? resultOrNotFound(await client.call(consoleRefundBooking, { query: { booking: typed } }))
    : null;
  return data({ state, typed, booking, requestKey: randomUUID() });
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireConsole(request);
  const form = await request.formData();
  return actionAnswer(
    await client.call(consoleGoodwillRefund, {
      body: {
        bookingId: text(form, "bookingId"),
        amount: text(form, "amount"),
        note: text(form, "note"),
        requestKey: text(form, "requestKey"),
      },
    }),
    `/operations/refunds?booking=${encodeURIComponent(text(form, "number"))}`,
  );
}

export default function RefundsQueue() {
  const { state, typed, booking, requestKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ConsoleShell state={state} title="Refunds">
      <ActionMessage message={actionData && "message" in actionData ? actionData.message : null} />
      <ConsoleFilters submit="Find" className="flex flex-wrap items-end gap-2">
        <Field label="Booking number">
          <input
            name="booking"
            defaultValue={typed}
            required
            placeholder="SS-000123"
            className={inputClass}
          />
        </Field>
      </ConsoleFilters>
      {typed && !booking ? <p className="mt-4 text-slate-700">{GOODWILL_WORDS.noBooking}</p> : null}
      {booking ? (
        <section aria-labelledby="booking-title" className="mt-6 space-y-4">
          <h2 id="booking-title" className="text-lg font-semibold text-slate-900">
            {booking.number} · {booking.spaceTitle} · {booking.state}
          </h2>
          <p className="text-slate-800">
            Renter: {booking.renter.name} ({booking.renter.email})
          </p>
          <dl className="grid max-w-md grid-cols-2 gap-x-4 gap-y-1 text-slate-800">
            <dt>Paid</dt>
            <dd className="text-right tabular-nums">{formatPeso(booking.paid)}</dd>
            <dt>Refunded</dt>
            <dd className="text-right tabular-nums">{formatPeso(booking.refunded)}</dd>
            <dt className="font-semibold">Left to refund</dt>
            <dd className="text-right font-semibold tabular-nums">{formatPeso(booking.refundable)}</dd>
          </dl>
          <h3 className="font-semibold text-slate-900">Payments</h3>
          {booking.payments.length === 0 ? <p className="text-slate-700">No payment.</p> : null}
          <ul className="space-y-1 text-sm text-slate-800">
            {booking.payments.map((payment) => (
              <li key={payment.id}>
                {formatPeso(payment.amount)} · {payment.state}
                {payment.paidAt ? ` · ${formatMoment(payment.paidAt)}` : ""}
              </li>
            ))}
          </ul>
          <h3 className="font-semibold text-slate-900">Refunds</h3>
          {booking.refunds.length === 0 ? <p className="text-slate-700">No refund yet.</p> : null}
          <ul className="space-y-1 text-sm text-slate-800">
            {booking.refunds.map((refund) => (
              <li key={refund.id}>
                {formatPeso(refund.amount)} · {refund.reason} · {refund.state} ·{" "}
                {formatMoment(refund.createdAt)}
              </li>
            ))}
          </ul>
          {booking.refundable > 0 ? (
            <Form
              method="post"
              className="flex max-w-xl flex-col gap-3 rounded-md border border-slate-300 p-4"
            >
              <h3 className="font-semibold text-slate-900">Goodwill refund</h3>
              <p className="text-sm text-slate-700">
                Space Solution pays it: the host earns the same. The renter reads your note in their
                conversation and notification.
              </p>
              <input type="hidden" name="bookingId" value={booking.id} />
              <input type="hidden" name="number" value={booking.number} />
              <input type="hidden" name="requestKey" value={requestKey} />
              <Field label={`Amount (₱, at most ${formatPeso(booking.refundable)})`}>
                <input name="amount" required inputMode="decimal" className={inputClass} />
              </Field>
              <Field label="Note">
                <textarea name="note" required rows={3} maxLength={1000} className={inputClass} />
              </Field>
              <button type="submit" className={`${buttonClass} self-start`}>
                Refund the renter
              </button>
            </Form>
          ) : (
            <p className="text-slate-700">{GOODWILL_WORDS.nothingLeft}</p>
          )}
        </section>
      ) : null}
    </ConsoleShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
