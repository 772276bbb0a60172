import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { reviewsToWrite } from "~/api/rating/reviews.server";
import { payBooking } from "~/api/reserve/booking-payments.server";
import {
  answerExtension,
  approveBooking,
  checkExtension,
  declineBooking,
  endForUnpaidBill,
  requestExtension,
  retrieveBookingData,
} from "~/api/reserve/bookings.server";
import { getHideReview } from "~/api/user/profile.server";
import { CancellationRules } from "~/components/bookings/cancellation-rules";
import { PartyCard } from "~/components/bookings/party-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ReviewUsPrompt } from "~/components/reviews/review-us-prompt";
import { ButtonLink } from "~/components/ui/button";
import { PrintButton } from "~/components/ui/print-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import {
  EXTENSION_ANSWER_HOURS,
  MAX_EXTENSION_MONTHS,
  NOTICE_DAYS,
  UNPAID_BILL_DAYS,
} from "~/domain/booking";
import { CONTACTS_HIDDEN_NOTE } from "~/domain/contact-masking";
import { formatCalendarDate } from "~/domain/dates";
import { CHECKLIST_BOOKING_STATES } from "~/domain/deposits";
import { formatPeso } from "~/domain/money";
import {
  kindLabel,
  RENTAL_DURATION_LABELS,
  type RentalDuration,
  SPACE_TYPE_LABELS,
} from "~/domain/vocabulary";
import type { ApiResult } from "~/services/api.server";
import { requireProfile } from "~/services/auth.server";
import { PAYMENT_METHOD_NAMES, type PaymentMethod } from "~/services/payments/types";
import { redirectWithToast } from "~/services/toast.server";
import {
  actByWords,
  bookedUnits,
  didNotGoAhead,
  formatInstant,
  historyActor,
  historyStates,
  parkingDays,
  pinLink,
  STATE_WORDS,
  timeLeft,
} from "~/utils/bookings";
import { pageMeta } from "~/utils/meta";
import { bookingFeedbackPath, depositChecklistPath, giveNoticePath, stepPath } from "~/utils/site-paths";
import { makeToast } from "~/utils/toast";

/**
 * A booking's contract details page (spec §2 bookings): the rental agreement of one booking — parties, space, dates,
 * units, price lines, deposit, payments so far, the cancellation rules with what cancelling now gives back, the
 * contract, the history — with a print layout (tailwind.css keeps only the agreement on paper). The exact address
 * and pin show only from approval on (the API's canSeeExactAddress). The actions each side may take now are forms on
 * the page (an `intent` each), so it works without JavaScript: the host approves or declines, answers an extension;
 * the renter pays or asks for more months; the renter gives notice on its own page (give-notice), and either side
 * cancels on reserve-space/cancel-reservation.
 * Anyone else gets the 404 page.
 */
export const meta: MetaFunction = () => pageMeta("Booking", "The details and contract of a booking.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client, profile } = await requireProfile(request);
  const id = params.bookingId ?? "";
  const answer = await client.call(retrieveBookingData, { params: { id } });
  if (!answer.ok) {
    // Someone else's booking, or no booking at all: the page does not exist for them.
    if (answer.status === 404 || answer.status === 400) throw new Response("Not found", { status: 404 });
    throw new Response(answer.message, { status: answer.status });
  }
  const booking = answer.result;
  const url = new URL(request.url);
  return data({
    booking,
    ...(await reviewPrompts(client, booking, profile.userId)),
    now: new Date().toISOString(),
    paymentFailed: url.searchParams.get("payment") === "failed",
    extension: await extensionCheck(client, id, url.searchParams.get("months")),
    mayGiveNotice: booking.state === "active" && booking.role === "renter" && !booking.noticeGivenOn,
  });
}

/**
 * What the page asks about reviews: the review this user may still write for this booking (its "Write a review"
 * link), and the "review us" prompt once a booking of theirs has completed, until they answer it.
 */
async function reviewPrompts(
  client: Awaited<ReturnType<typeof requireProfile>>["client"],
  booking: { bookingId: string; state: string },
  userId: string,
) {
  if (booking.state !== "active" && booking.state !== "completed")
    return { reviewToWrite: null, askReviewUs: false };
  const [toWrite, hidden] = await Promise.all([
    client.call(reviewsToWrite),
    booking.state === "completed" ? client.call(getHideReview, { params: { id: userId } }) : null,
  ]);
  return {
    reviewToWrite: toWrite.ok
      ? (toWrite.result.reviews.find((review) => review.bookingId === booking.bookingId) ?? null)
      : null,
    askReviewUs: hidden?.ok ? !hidden.result.hideGoogleReview : false,
  };
}

/** The price of growing the booking by the months the renter picked (`?months=`), or the API's reason why not. */
async function extensionCheck(
  client: Awaited<ReturnType<typeof requireProfile>>["client"],
  bookingId: string,
  asked: string | null,
) {
  if (!asked) return null;
  const months = Number(asked);
  const answer = await client.call(checkExtension, { params: { a: bookingId, b: asked } });
  if (answer.ok) return { months, check: answer.result };
  return { months, check: { possible: false as const, message: answer.message } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { client, profile } = await requireProfile(request);
  const bookingId = params.bookingId ?? "";
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "").trim();
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
    case "request-extension":
      answer = await client.call(requestExtension, { body: { bookingId, months: text("months") } });
      break;
    case "answer-extension":
      answer = await client.call(answerExtension, {
        body: { bookingId, accept: text("accept") === "true", reason: text("reason") || undefined },
      });
      break;
    case "end-for-unpaid-bill":
      answer = await client.call(endForUnpaidBill, { body: { bookingId } });
      break;
    default:
      return data({ toast: makeToast("error", "Please choose what to do.") }, { status: 400 });
  }
  if (!answer.ok) return data({ toast: answer.toast }, { status: answer.status });
  return redirectWithToast(`/bookings/${bookingId}`, makeToast("success", answer.message));
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type Details = Loaded["booking"];

export default function BookingPage() {
  const { booking, now, paymentFailed, extension, mayGiveNotice, reviewToWrite, askReviewUs } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const { role, space } = booking;
  return (
    <article
      data-printable
      className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10 print:max-w-none print:p-0 print:text-sm"
    >
      <div className="flex items-center justify-between gap-4 print:hidden">
        <Link to="/bookings" className="text-sm font-semibold text-brand-700 underline">
          ← All bookings
        </Link>
        <PrintButton label="Print the agreement" />
      </div>
      <header className="mt-3">
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">Rental agreement</p>
        <h1 className="text-2xl font-bold text-slate-900">{space.spaceTitle}</h1>
        <p className="mt-1 text-slate-700" data-testid="booking-state">
          {STATE_WORDS[booking.state][role]}
          {booking.actBy
            ? ` · ${actByWords(booking.state, role).toLowerCase()} ${formatInstant(booking.actBy)} (${timeLeft(booking.actBy, new Date(now))})`
            : ""}
        </p>
        <p className="mt-1 text-xs text-slate-600">
          Booking <span data-testid="booking-number">{booking.bookingNumber}</span> · made{" "}
          {formatInstant(booking.createdAt)}
        </p>
      </header>

      {paymentFailed && booking.state === "awaiting_payment" ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-800">
          The payment did not go through. You can try again while the space is held for you.
        </p>
      ) : null}
      {actionData?.toast ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-800 print:hidden">
          {actionData.toast.description}
        </p>
      ) : null}

      <Actions booking={booking} pending={pending} extension={extension} mayGiveNotice={mayGiveNotice} />
      {reviewToWrite ? (
        <p className="mt-4 print:hidden">
          <ButtonLink to={`/bookings/space-review?bookingId=${booking.bookingId}`}>Write a review</ButtonLink>{" "}
          <span className="text-sm text-slate-600">before {formatInstant(reviewToWrite.closesAt)}</span>
        </p>
      ) : null}
      {askReviewUs ? <ReviewUsPrompt returnTo={`/bookings/${booking.bookingId}`} /> : null}

      <Section title="The parties">
        <div className="flex flex-col gap-3 sm:flex-row print:flex-row">
          <PartyCard party={booking.host} side="Host" />
          <PartyCard party={booking.renter} side="Renter" />
        </div>
      </Section>

      <SpaceSection booking={booking} />

      <Section title="Dates and units">
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
            {formatPeso(booking.extension.rent)} rent and {formatPeso(booking.extension.spaceSolutionFee)}{" "}
            Space Solution fee). The host answers by {formatInstant(booking.extension.answerBy)}.
          </p>
        ) : null}
      </Section>

      <PriceSection booking={booking} />

      {booking.bills.length ? (
        <Section title="Monthly bills">
          <ul className="space-y-1" data-testid="booking-bills">
            {booking.bills.map((bill) => (
              <li key={bill.billId} className="flex flex-wrap justify-between gap-2">
                <span>
                  {formatCalendarDate(bill.periodStart)} to {formatCalendarDate(bill.periodEnd)}:{" "}
                  {formatPeso(bill.total)}
                </span>
                {bill.state === "paid" ? (
                  <Link to={`/payment/receipt/${bill.billId}`} className="text-brand-700 underline">
                    Paid · receipt {bill.receiptNumber}
                  </Link>
                ) : (
                  <Link to={`/payment/summary?billId=${bill.billId}`} className="text-brand-700 underline">
                    {role === "renter" ? "Pay" : "Unpaid"} · due {formatCalendarDate(bill.dueOn)}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {booking.items.length || booking.messageForKeeper ? (
        <Section title={booking.type === "parking" ? "The renter's message" : "What the renter stores"}>
          {booking.items.length ? (
            <ul className="list-disc pl-5">
              {booking.items.map((item) => (
                <li key={`${item.name}-${item.quantity}-${item.notes ?? ""}`}>
                  {item.name} × {item.quantity}
                  {item.notes ? ` — ${item.notes}` : ""}
                </li>
              ))}
            </ul>
          ) : null}
          {booking.messageForKeeper ? <p className="mt-2">Message: {booking.messageForKeeper}</p> : null}
          {booking.contactsRevealed ? null : (
            <p className="mt-2 text-sm text-amber-900" data-testid="contacts-hidden">
              {CONTACTS_HIDDEN_NOTE}
            </p>
          )}
        </Section>
      ) : null}

      {(CHECKLIST_BOOKING_STATES as readonly string[]).includes(booking.state) ? (
        <Section title="Move-in, move-out and deposit">
          <p>
            Record the space's condition with photos and notes when moving in and out; the other side signs
            each report off.{" "}
            {booking.price.deposits > 0 ? "The deposit is settled from the move-out checklist." : ""}
          </p>
          <Link
            to={depositChecklistPath(booking.bookingId)}
            className="font-semibold text-brand-700 underline print:hidden"
          >
            Open the move-in and move-out checklist
          </Link>
          <p className="print:hidden">
            <Link to={bookingFeedbackPath(booking.bookingId)} className="text-brand-700 underline">
              Give feedback on Space Solution's service
            </Link>
          </p>
        </Section>
      ) : null}

      <Section title="Cancellation">
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

      <Section title="Contract">
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
            <Link to={stepPath("contract-template", space._id)} className="underline">
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

      <HistorySection booking={booking} />
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6 break-inside-avoid border-t border-slate-200 pt-4 text-slate-800 print:mt-4">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      <div className="mt-2 space-y-2">{children}</div>
    </section>
  );
}

function Facts({ rows }: { rows: ([string, string] | null)[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
      {rows
        .filter((row): row is [string, string] => row !== null)
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function SpaceSection({ booking }: { booking: Details }) {
  const { space, exactLocation } = booking;
  const place = [space.barangay, space.city].filter(Boolean).join(", ");
  const street = exactLocation
    ? [exactLocation.addressLine1, exactLocation.addressLine2].filter(Boolean).join(", ")
    : "";
  return (
    <Section title="The space">
      <p>
        <Link to={space.path} className="font-semibold underline">
          {space.spaceTitle}
        </Link>
        {" · "}
        {SPACE_TYPE_LABELS[space.storageType]}
        {space.kind ? `, ${kindLabel(space.kind)}` : ""}
        {place ? ` · ${place}` : ""}
      </p>
      {booking.canSeeExactAddress && exactLocation ? (
        <div data-testid="exact-address">
          <p>
            Address: <strong>{street || place}</strong>
          </p>
          {exactLocation.latitude !== null && exactLocation.longitude !== null ? (
            <p className="text-sm">
              Pin: {exactLocation.latitude.toFixed(6)}, {exactLocation.longitude.toFixed(6)} ·{" "}
              <a
                href={pinLink(exactLocation.latitude, exactLocation.longitude)}
                className="underline print:no-underline"
                target="_blank"
                rel="noopener noreferrer"
              >
                open the pin on a map
              </a>
            </p>
          ) : null}
        </div>
      ) : didNotGoAhead(booking.state) ? (
        <p className="text-slate-600">This booking did not go ahead, so the exact address is not shown.</p>
      ) : (
        <p className="text-slate-600">The exact address is shown here once the host approves the booking.</p>
      )}
    </Section>
  );
}

function PriceSection({ booking }: { booking: Details }) {
  const { price } = booking;
  return (
    <Section title="Price and payments">
      <dl className="space-y-1">
        <Line label="First month" amount={price.firstMonthPrice} />
        {price.firstMonthDiscount ? (
          <Line label="First-month discount" amount={-price.firstMonthDiscount} />
        ) : null}
        {price.deposits ? <Line label="Deposit (held by Space Solution)" amount={price.deposits} /> : null}
        <Line label="Space Solution fee" amount={price.spaceSolutionFee} />
        {booking.voucher ? <Line label="Voucher" amount={-booking.voucher} /> : null}
        <Line label="Due at booking" amount={booking.due} strong />
      </dl>
      <h3 className="mt-3 font-semibold text-slate-900">Payments so far</h3>
      <dl className="space-y-1">
        <Line label="Paid" amount={booking.paid} />
        {booking.refunded ? <Line label="Refunded" amount={booking.refunded} /> : null}
      </dl>
      {booking.requestReceipt ? (
        <p className="text-sm">
          <Link
            to={`/payment/receipt/${booking.requestReceipt.receiptId}`}
            className="text-brand-700 underline"
          >
            Receipt {booking.requestReceipt.receiptNumber}
          </Link>{" "}
          for the payment made with the request.
        </p>
      ) : null}
      {booking.paymentMethod ? (
        <p className="text-sm text-slate-600">
          Paid with {PAYMENT_METHOD_NAMES[booking.paymentMethod as PaymentMethod] ?? booking.paymentMethod}.
          {booking.monthlyUnitPrice
            ? ` Each later month is billed 7 days before it starts (${formatPeso(booking.monthlyUnitPrice)} a month${booking.quantity > 1 ? " per unit" : ""}, plus the Space Solution fee).`
            : ""}
        </p>
      ) : null}
    </Section>
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

/**
 * Every change of the booking: when, who, from which state to which, and why (PRODUCT.md "Booking lifecycle"). A
 * table on wider screens; on a phone each row stacks its cells, so nothing runs off the screen's right edge.
 */
function HistorySection({ booking }: { booking: Details }) {
  const names = { renter: booking.renter.name, host: booking.host.name };
  const cell = "block sm:table-cell sm:py-1 sm:pr-3";
  return (
    <Section title="History">
      <table className="w-full text-left text-sm" data-testid="booking-history">
        <thead className="sr-only text-slate-600 sm:not-sr-only sm:table-header-group">
          <tr>
            <th scope="col" className="py-1 pr-3 font-semibold">
              When
            </th>
            <th scope="col" className="py-1 pr-3 font-semibold">
              Who
            </th>
            <th scope="col" className="py-1 pr-3 font-semibold">
              From → to
            </th>
            <th scope="col" className="py-1 font-semibold">
              Why
            </th>
          </tr>
        </thead>
        <tbody>
          {booking.history.map((entry) => (
            <tr
              key={`${entry.at}-${entry.event}-${entry.to}`}
              className="block border-t border-slate-100 py-2 align-top sm:table-row sm:py-0"
            >
              <td className={`${cell} text-slate-600 sm:whitespace-nowrap sm:text-slate-800`}>
                {formatInstant(entry.at)}
              </td>
              <td className={cell}>{historyActor(entry.actor, names)}</td>
              <td className={`${cell} font-semibold sm:font-normal`}>
                {historyStates(entry.from, entry.to)}
              </td>
              <td className="block [overflow-wrap:anywhere] sm:table-cell sm:py-1">{entry.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

const button = "rounded-md px-4 py-2.5 font-semibold disabled:opacity-60";
const primary = `${button} bg-brand-600 text-white hover:bg-brand-700`;
const secondary = `${button} border border-slate-400 text-slate-800 hover:bg-slate-50`;
const field = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2";

/** What the caller may do with the booking now; the API refuses anything else with its own message. */
function Actions({
  booking,
  pending,
  extension,
  mayGiveNotice,
}: {
  booking: Details;
  pending: boolean;
  extension: Loaded["extension"];
  mayGiveNotice: boolean;
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
          Reason for declining (the renter gets everything back)
        </label>
        <textarea id="decline-reason" name="reason" rows={2} maxLength={1000} className={field} />
        <button type="submit" name="intent" value="decline" disabled={pending} className={secondary}>
          Decline
        </button>
      </Form>,
    );
  }
  const canCancel =
    (role === "renter" && ["awaiting_payment", "requested", "approved"].includes(state)) ||
    (role === "host" && state === "approved");
  if (canCancel) {
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
  if (role === "host" && booking.extension) {
    forms.push(
      <Form key="answer-extension" method="post" className="space-y-2">
        <p className="text-sm">
          The renter asks to extend by {booking.extension.months}{" "}
          {booking.extension.months === 1 ? "month" : "months"} to{" "}
          {formatCalendarDate(booking.extension.newEndDate)} ({formatPeso(booking.extension.total)}).
        </p>
        <label className="block text-sm font-semibold" htmlFor="extension-reason">
          Reason, if you decline (optional)
        </label>
        <textarea id="extension-reason" name="reason" rows={2} maxLength={1000} className={field} />
        <input type="hidden" name="intent" value="answer-extension" />
        <div className="flex flex-wrap gap-2">
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
  if (role === "renter" && (state === "approved" || state === "active") && !booking.extension) {
    forms.push(<ExtensionForms key="extend" pending={pending} extension={extension} />);
  }
  if (mayGiveNotice) {
    // Its own page first: the end date and what will still be billed, then the renter confirms (PRODUCT.md).
    forms.push(
      <div key="notice" className="space-y-1">
        <p className="text-sm">
          To end this booking early, give notice: it ends on the later of {NOTICE_DAYS} days from your notice
          and the end of the month you have paid.
        </p>
        <Link to={giveNoticePath(booking.bookingId)} className={`${secondary} inline-block`}>
          Give notice
        </Link>
      </div>,
    );
  }
  if (role === "host" && booking.mayEndForUnpaidBill) {
    forms.push(
      <Form key="end-for-unpaid-bill" method="post" className="space-y-2">
        <p className="text-sm text-slate-700">
          The bill due on {formatCalendarDate(booking.mayEndForUnpaidBill)} is unpaid after {UNPAID_BILL_DAYS}{" "}
          days. You may end this booking today.
        </p>
        <button
          type="submit"
          name="intent"
          value="end-for-unpaid-bill"
          disabled={pending}
          className={secondary}
        >
          End the booking for the unpaid bill
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

/** The renter picks 1–12 months (a GET form: the loader asks checkExtension), sees the price or why not, and asks. */
function ExtensionForms({ pending, extension }: { pending: boolean; extension: Loaded["extension"] }) {
  return (
    <div className="space-y-2">
      <Form method="get" className="flex flex-wrap items-end gap-2">
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
              {extension.check.autoAccepted
                ? " (the host accepts extensions at once)"
                : ` (the host answers within ${EXTENSION_ANSWER_HOURS} hours)`}
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
          <p role="alert" className="text-sm text-red-800" data-testid="extension-refused">
            {extension.check.message}
          </p>
        )
      ) : null}
    </div>
  );
}
