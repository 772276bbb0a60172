import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { payBooking } from "~/api/reserve/booking-payments.server";
import {
  answerExtension,
  approveBooking,
  cancelBooking,
  checkExtension,
  declineBooking,
  requestExtension,
  retrieveBookingData,
  terminateBooking,
} from "~/api/reserve/bookings.server";
import { formatInstant, STATE_WORDS } from "~/components/bookings/booking-card";
import { useIsPending } from "~/components/ui/use-is-pending";
import { MAX_EXTENSION_MONTHS, terminationEndDate } from "~/domain/booking";
import { formatCalendarDate, todayInManila } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import { RENTAL_DURATION_LABELS, type RentalDuration } from "~/domain/vocabulary";
import type { ApiResult } from "~/services/api.server";
import { requireProfile } from "~/services/auth.server";
import { PAYMENT_METHOD_NAMES, type PaymentMethod } from "~/services/payments/types";
import { redirectWithToast } from "~/services/toast.server";
import { pageMeta } from "~/utils/meta";
import { stepPath } from "~/utils/site-paths";
import { makeToast } from "~/utils/toast";

/**
 * A booking's contract details page: the rental agreement of one booking — parties, space, dates, units, price lines,
 * deposit, payments so far, the cancellation rules, the contract, the history — printable, with the exact address
 * only from approval on. The actions each side may take now are forms on the page (an `intent` each), so it works
 * without JavaScript: the host approves or declines; the renter pays, cancels, asks for more months or gives notice.
 */
export const meta: MetaFunction = () => pageMeta("Booking", "The details and contract of a booking.");

const WEEKDAY_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const id = params.bookingId ?? "";
  const answer = await client.call(retrieveBookingData, { params: { id } });
  if (!answer.ok) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const months = Number(url.searchParams.get("months"));
  const extension =
    Number.isInteger(months) && months >= 1 && months <= MAX_EXTENSION_MONTHS
      ? await client.call(checkExtension, { params: { a: id, b: months } })
      : null;
  return data({
    booking: answer.result,
    paymentFailed: url.searchParams.get("payment") === "failed",
    extension: extension?.ok ? { months, check: extension.result } : null,
    noticeEnd:
      answer.result.state === "active" && answer.result.role === "renter"
        ? terminationEndDate(
            { endDate: answer.result.endDate, paidThrough: answer.result.paidThrough },
            todayInManila(),
          )
        : null,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { client, profile } = await requireProfile(request);
  const bookingId = params.bookingId ?? "";
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const here = `/bookings/${bookingId}`;
  let answer: ApiResult<unknown>;
  switch (form.get("intent")) {
    case "pay": {
      const checkout = await client.call(payBooking, { body: { bookingId } });
      if (!checkout.ok) return data({ toast: checkout.toast }, { status: checkout.status });
      return redirect(checkout.result.checkoutUrl);
    }
    case "approve":
      answer = await client.call(approveBooking, {
        body: {
          bookingId,
          ownerId: profile.userId,
          autoAcceptExtension: form.get("autoAcceptExtension") === "on",
        },
      });
      break;
    case "decline":
      answer = await client.call(declineBooking, { body: { bookingId, reason: text("reason") } });
      break;
    case "host-cancel":
      answer = await client.call(cancelBooking, { body: { bookingId, reason: text("reason") || undefined } });
      break;
    case "request-extension":
      answer = await client.call(requestExtension, { body: { bookingId, months: Number(text("months")) } });
      break;
    case "answer-extension":
      answer = await client.call(answerExtension, {
        body: { bookingId, accept: text("accept") === "true", reason: text("reason") || undefined },
      });
      break;
    case "give-notice":
      answer = await client.call(terminateBooking, { body: { bookingId } });
      break;
    default:
      return data({ toast: makeToast("error", "Please choose what to do.") }, { status: 400 });
  }
  if (!answer.ok) return data({ toast: answer.toast }, { status: answer.status });
  return redirectWithToast(here, makeToast("success", answer.message));
}

export default function BookingPage() {
  const { booking, paymentFailed, extension, noticeEnd } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const { price, role, space } = booking;
  const host = role === "host";
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10 print:max-w-none print:p-0">
      <Link to="/bookings" className="text-sm font-semibold text-brand-700 underline print:hidden">
        ← All bookings
      </Link>
      <header className="mt-3">
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">Rental agreement</p>
        <h1 className="text-2xl font-bold text-slate-900">{space.spaceTitle}</h1>
        <p className="mt-1 text-slate-700" data-testid="booking-state">
          {STATE_WORDS[booking.state][role]}
          {booking.actBy
            ? ` · ${booking.state === "awaiting_payment" ? "pay by" : "answer by"} ${formatInstant(booking.actBy)}`
            : ""}
        </p>
      </header>

      {paymentFailed && booking.state === "awaiting_payment" ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-800">
          The payment did not go through. You can try again while the space is held for you.
        </p>
      ) : null}
      {actionData?.toast ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-800">
          {actionData.toast.description}
        </p>
      ) : null}

      <Actions booking={booking} pending={pending} extension={extension} noticeEnd={noticeEnd} />

      <Section title="The parties">
        <p>
          Host: <strong>{booking.host.name}</strong>
          {booking.host.identityVerified ? " · ID verified" : ""}
        </p>
        <p>
          Renter: <strong>{booking.renter.name}</strong>
          {booking.renter.identityVerified ? " · ID verified" : ""}
          {booking.renter.phoneVerified ? " · phone verified" : ""}
        </p>
      </Section>

      <Section title="The space">
        <p>
          <Link to={space.path} className="underline">
            {space.spaceTitle}
          </Link>
          {space.city ? `, ${[space.barangay, space.city].filter(Boolean).join(", ")}` : ""}
        </p>
        {booking.canSeeExactAddress && booking.exactLocation ? (
          <p data-testid="exact-address">
            Address:{" "}
            {[booking.exactLocation.addressLine1, booking.exactLocation.addressLine2]
              .filter(Boolean)
              .join(", ")}
          </p>
        ) : (
          <p className="text-slate-600">
            The exact address is shown here once the host approves the booking.
          </p>
        )}
      </Section>

      <Section title="Dates and units">
        <p>
          {formatCalendarDate(booking.startDate)} to {formatCalendarDate(booking.endDate)} (
          {RENTAL_DURATION_LABELS[booking.duration as RentalDuration] ?? booking.duration})
        </p>
        {booking.type === "storage" && booking.quantity > 1 ? <p>{booking.quantity} units</p> : null}
        {booking.weekdays ? (
          <p>Days: {booking.weekdays.map((day) => WEEKDAY_NAMES[day]).join(", ")}</p>
        ) : null}
        {booking.noticeGivenOn ? <p>Notice given on {formatCalendarDate(booking.noticeGivenOn)}.</p> : null}
      </Section>

      <Section title="Price">
        <dl className="space-y-1">
          <Line label="First month" amount={price.firstMonthPrice} />
          {price.firstMonthDiscount ? (
            <Line label="First-month discount" amount={-price.firstMonthDiscount} />
          ) : null}
          {price.deposits ? <Line label="Deposit (held by Space Solution)" amount={price.deposits} /> : null}
          <Line label="Space Solution fee" amount={price.spaceSolutionFee} />
          {booking.voucher ? <Line label="Voucher" amount={-booking.voucher} /> : null}
          <Line label="Due at booking" amount={price.due} strong />
          <Line label="Paid so far" amount={booking.paid} />
          {booking.refunded ? <Line label="Refunded" amount={booking.refunded} /> : null}
        </dl>
        {booking.paymentMethod ? (
          <p className="mt-2 text-sm text-slate-600">
            Paying with{" "}
            {PAYMENT_METHOD_NAMES[booking.paymentMethod as PaymentMethod] ?? booking.paymentMethod}.
          </p>
        ) : null}
      </Section>

      {booking.items.length || booking.messageForKeeper ? (
        <Section title="What the renter stores">
          {booking.items.length ? (
            <ul className="list-disc pl-5">
              {booking.items.map((item) => (
                <li key={`${item.name}-${item.quantity}`}>
                  {item.name} × {item.quantity}
                  {item.notes ? ` — ${item.notes}` : ""}
                </li>
              ))}
            </ul>
          ) : null}
          {booking.messageForKeeper ? <p className="mt-2">Message: {booking.messageForKeeper}</p> : null}
        </Section>
      ) : null}

      <Section title="Cancellation">
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>
            Declined, expired, or cancelled by the renter before the host answers: everything paid is
            refunded.
          </li>
          <li>
            Cancelled by the renter after approval, 4 or more days before the start: everything but the Space
            Solution fee.
          </li>
          <li>3 days or fewer before the start: the deposit and half of the first month's rent.</li>
          <li>
            Cancelled by the host after approval: everything. After the start, the renter ends a booking by
            giving notice.
          </li>
        </ul>
        {host ? null : booking.cancellationRefund !== null ? (
          <p className="mt-2 text-sm">
            If you cancel now you get back {formatPeso(booking.cancellationRefund)}.
          </p>
        ) : null}
      </Section>

      <Section title="Contract">
        {booking.contract.type === "uploaded" && booking.contract.url ? (
          <p>
            The host's own contract applies:{" "}
            <a href={booking.contract.url} className="underline">
              open the contract (PDF)
            </a>
            .
          </p>
        ) : (
          <p>
            Space Solution's standard rental contract applies, with the details above:{" "}
            <Link to={stepPath("contract-template", space._id)} className="underline">
              read the standard contract
            </Link>
            .
          </p>
        )}
        <p className="mt-1 text-sm">
          <Link to="/bookings/terms-and-conditions" className="underline">
            Rental terms and conditions
          </Link>
        </p>
      </Section>

      <Section title="History">
        <ol className="space-y-2 text-sm">
          {booking.history.map((entry) => (
            <li key={`${entry.at}-${entry.to}-${entry.event}`}>
              <span className="text-slate-600">{formatInstant(entry.at)}</span> — {entry.reason}
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6 border-t border-slate-200 pt-4 text-slate-800">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      <div className="mt-2 space-y-1">{children}</div>
    </section>
  );
}

function Line({ label, amount, strong = false }: { label: string; amount: number; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd>{amount < 0 ? `−${formatPeso(-amount)}` : formatPeso(amount)}</dd>
    </div>
  );
}

const button = "rounded-md px-4 py-2.5 font-semibold disabled:opacity-60";
const primary = `${button} bg-brand-600 text-white hover:bg-brand-700`;
const secondary = `${button} border border-slate-400 text-slate-800 hover:bg-slate-50`;
const field = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2";

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

/** What the caller may do with the booking now; the API refuses anything else with its own message. */
function Actions({
  booking,
  pending,
  extension,
  noticeEnd,
}: {
  booking: LoaderData["booking"];
  pending: boolean;
  extension: LoaderData["extension"];
  noticeEnd: string | null;
}) {
  const { state, role } = booking;
  const forms: ReactNode[] = [];
  if (role === "renter" && state === "awaiting_payment") {
    forms.push(
      <Form key="pay" method="post">
        <button type="submit" name="intent" value="pay" disabled={pending} className={primary}>
          Pay {formatPeso(booking.due)}
        </button>
      </Form>,
    );
  }
  if (role === "host" && state === "requested") {
    forms.push(
      <Form key="approve" method="post" className="space-y-2">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="autoAcceptExtension" /> Accept the renter's extension requests
          automatically
        </label>
        <button type="submit" name="intent" value="approve" disabled={pending} className={primary}>
          Approve
        </button>
      </Form>,
      <Form key="decline" method="post" className="space-y-2">
        <label className="block text-sm font-semibold" htmlFor="decline-reason">
          Reason for declining
        </label>
        <textarea id="decline-reason" name="reason" rows={2} maxLength={1000} className={field} />
        <button type="submit" name="intent" value="decline" disabled={pending} className={secondary}>
          Decline
        </button>
      </Form>,
    );
  }
  if (role === "renter" && ["awaiting_payment", "requested", "approved"].includes(state)) {
    forms.push(
      <Link
        key="cancel"
        to={`/reserve-space/cancel-reservation?bookingId=${booking.bookingId}`}
        className={`${secondary} inline-block`}
      >
        Cancel this booking
      </Link>,
    );
  }
  if (role === "host" && state === "approved") {
    forms.push(
      <Form key="host-cancel" method="post" className="space-y-2">
        <label className="block text-sm font-semibold" htmlFor="cancel-reason">
          Reason for cancelling (the renter gets everything back)
        </label>
        <textarea id="cancel-reason" name="reason" rows={2} maxLength={1000} className={field} />
        <button type="submit" name="intent" value="host-cancel" disabled={pending} className={secondary}>
          Cancel this booking
        </button>
      </Form>,
    );
  }
  if (role === "host" && booking.extension) {
    forms.push(
      <Form key="answer-extension" method="post" className="space-y-2">
        <p className="text-sm">
          The renter asks to extend by {booking.extension.months} months to{" "}
          {formatCalendarDate(booking.extension.newEndDate)} ({formatPeso(booking.extension.total)}).
        </p>
        <input type="hidden" name="intent" value="answer-extension" />
        <div className="flex gap-2">
          <button type="submit" name="accept" value="true" disabled={pending} className={primary}>
            Accept the extension
          </button>
          <button type="submit" name="accept" value="false" disabled={pending} className={secondary}>
            Decline the extension
          </button>
        </div>
      </Form>,
    );
  }
  if (
    role === "renter" &&
    (state === "approved" || state === "active") &&
    !booking.extension &&
    !booking.noticeGivenOn
  ) {
    forms.push(
      <div key="extend" className="space-y-2">
        <Form method="get" className="flex items-end gap-2">
          <label className="text-sm font-semibold">
            Extend by
            <select name="months" defaultValue={extension?.months ?? 1} className={field}>
              {Array.from({ length: MAX_EXTENSION_MONTHS }, (_, i) => i + 1).map((months) => (
                <option key={months} value={months}>
                  {months} {months === 1 ? "month" : "months"}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={secondary}>
            Check the price
          </button>
        </Form>
        {extension ? (
          extension.check.possible ? (
            <Form method="post" className="space-y-1">
              <p className="text-sm" data-testid="extension-quote">
                To {formatCalendarDate(extension.check.quote.newEndDate)}:{" "}
                {formatPeso(extension.check.quote.rent)} rent +{" "}
                {formatPeso(extension.check.quote.spaceSolutionFee)} fee ={" "}
                {formatPeso(extension.check.quote.total)}
                {extension.check.autoAccepted ? " (accepted at once)" : " (the host answers within 48 hours)"}
                .
              </p>
              <input type="hidden" name="months" value={extension.months} />
              <button
                type="submit"
                name="intent"
                value="request-extension"
                disabled={pending}
                className={primary}
              >
                Ask for {extension.months} more {extension.months === 1 ? "month" : "months"}
              </button>
            </Form>
          ) : (
            <p role="alert" className="text-sm text-red-800">
              {extension.check.message}
            </p>
          )
        ) : null}
      </div>,
    );
  }
  if (noticeEnd && !booking.noticeGivenOn) {
    forms.push(
      <Form key="notice" method="post" className="space-y-1">
        <p className="text-sm">Giving notice today ends this booking on {formatCalendarDate(noticeEnd)}.</p>
        <button type="submit" name="intent" value="give-notice" disabled={pending} className={secondary}>
          Give notice
        </button>
      </Form>,
    );
  }
  if (forms.length === 0) return null;
  return (
    <section
      aria-label="What you can do"
      className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-4 print:hidden"
    >
      {forms}
    </section>
  );
}
