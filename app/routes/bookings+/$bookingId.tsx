import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
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
import { DatesSection } from "~/components/bookings/agreement-dates";
import { HistorySection } from "~/components/bookings/agreement-history";
import { Section } from "~/components/bookings/agreement-layout";
import { BillsSection, PriceSection } from "~/components/bookings/agreement-price";
import { SpaceSection } from "~/components/bookings/agreement-space";
import { ChecklistSection, StoredItemsSection } from "~/components/bookings/agreement-stay";
import { CancellationSection, ContractSection } from "~/components/bookings/agreement-terms";
import { BookingActions } from "~/components/bookings/booking-actions";
import { BookingSummary } from "~/components/bookings/booking-summary";
import { formatInstant } from "~/components/bookings/booking-words";
import type { ExtensionAsked } from "~/components/bookings/extension-forms";
import { type DoneMoment, donePath, justHappened } from "~/components/bookings/just-happened";
import { nextStepFacts, whatHappensNext } from "~/components/bookings/next-step";
import { PartyCard } from "~/components/bookings/party-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ReviewUsPrompt } from "~/components/reviews/review-us-prompt";
import { ButtonLink } from "~/components/ui/button";
import { PrintButton } from "~/components/ui/print-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import { CHECKLIST_BOOKING_STATES } from "~/domain/deposits";
import type { ApiResult } from "~/screens/api.server";
import { requireProfile } from "~/screens/auth.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import { makeToast } from "~/utils/toast";

/**
 * A booking's contract details page (the bookings screens, docs/product.md): the rental agreement of one booking —
 * parties, space, dates, units, price lines, deposit, payments so far, the cancellation rules with what cancelling
 * now gives back, the contract, the history — with a print layout (tailwind.css keeps only the agreement on paper).
 * The exact address and pin show only from approval on (the API's canSeeExactAddress). The actions each side may
 * take now are forms on the page (an `intent` each), so it works without JavaScript: the host approves or declines,
 * answers an extension; the renter pays or asks for more months; the renter gives notice on its own page
 * (give-notice), and either side cancels on reserve-space/cancel-reservation.
 * Anyone else gets the 404 page.
 */
export const meta: MetaFunction = () => pageMeta("Booking", "The details and contract of a booking.");

type Client = Awaited<ReturnType<typeof requireProfile>>["client"];

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
    // What the reader just did here (`?done=`), only while the booking bears it out.
    moment: justHappened(url.searchParams.get("done"), {
      role: booking.role,
      otherName: booking.counterpart.name,
      startDate: booking.startDate,
      history: booking.history,
    }),
    extension: await extensionCheck(client, id, url.searchParams.get("months")),
    mayGiveNotice: booking.state === "active" && booking.role === "renter" && !booking.noticeGivenOn,
  });
}

/**
 * What the page asks about reviews: the review this user may still write for this booking (its "Write a review"
 * link), and the "review us" prompt once a booking of theirs has completed, until they answer it.
 */
async function reviewPrompts(client: Client, booking: { bookingId: string; state: string }, userId: string) {
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
  client: Client,
  bookingId: string,
  asked: string | null,
): Promise<ExtensionAsked> {
  if (!asked) return null;
  const months = Number(asked);
  const answer = await client.call(checkExtension, { params: { a: bookingId, b: asked } });
  if (answer.ok) return { months, check: answer.result };
  return { months, check: { possible: false as const, message: answer.message } };
}

/** What one of the page's forms sends: the booking, the caller, and the form's fields. */
type IntentInput = {
  client: Client;
  userId: string;
  bookingId: string;
  text: (name: string) => string;
  form: FormData;
};

/**
 * The forms' intents that answer with the booking page again, each the API call it makes: made for what it does (the
 * page shows its message and loads the booking afresh), so the API does not build an answer nobody reads.
 */
const INTENTS = new Map<string, (input: IntentInput) => Promise<ApiResult<unknown>>>([
  [
    "approve",
    ({ client, userId, bookingId, form }) =>
      client.act(approveBooking, {
        body: { bookingId, ownerId: userId, autoAcceptExtension: form.get("autoAcceptExtension") === "on" },
      }),
  ],
  [
    "decline",
    ({ client, bookingId, text }) =>
      client.act(declineBooking, { body: { bookingId, reason: text("reason") } }),
  ],
  [
    "request-extension",
    ({ client, bookingId, text }) =>
      client.act(requestExtension, { body: { bookingId, months: text("months") } }),
  ],
  [
    "answer-extension",
    ({ client, bookingId, text }) =>
      client.act(answerExtension, {
        body: { bookingId, accept: text("accept") === "true", reason: text("reason") || undefined },
      }),
  ],
  ["end-for-unpaid-bill", ({ client, bookingId }) => client.act(endForUnpaidBill, { body: { bookingId } })],
]);

export async function action({ request, params }: ActionFunctionArgs) {
  const { client, profile } = await requireProfile(request);
  const bookingId = params.bookingId ?? "";
  const form = await request.formData();
  const intent = form.get("intent");
  // Paying leaves the page for the payment provider's checkout.
  if (intent === "pay") {
    const checkout = await client.call(payBooking, { body: { bookingId } });
    if (!checkout.ok) return data({ toast: checkout.toast }, { status: checkout.status });
    return redirect(checkout.result.checkoutUrl);
  }
  const send = typeof intent === "string" ? INTENTS.get(intent) : undefined;
  if (!send) return data({ toast: makeToast("error", "Please choose what to do.") }, { status: 400 });
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const answer = await send({ client, userId: profile.userId, bookingId, text, form });
  if (!answer.ok) return data({ toast: answer.toast }, { status: answer.status });
  const moment = MOMENTS[intent as string];
  return redirectWithToast(
    moment ? donePath(bookingId, moment) : `/bookings/${bookingId}`,
    makeToast("success", answer.message),
  );
}

/** The intents whose outcome the page then tells as a moment at its top, with what happens next. */
const MOMENTS: Record<string, DoneMoment> = { approve: "approved", decline: "declined" };

export default function BookingPage() {
  const { booking, now, paymentFailed, extension, mayGiveNotice, reviewToWrite, askReviewUs, moment } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const next = whatHappensNext(nextStepFacts(booking, reviewToWrite?.closesAt ?? null));
  return (
    <article
      data-printable
      className="mx-auto w-full max-w-3xl px-4 py-4 md:py-10 print:max-w-none print:p-0 print:text-sm"
    >
      <div className="flex items-center justify-between gap-4 print:hidden">
        <Link to="/bookings" className="text-sm font-semibold text-brand-700 underline">
          ← All bookings
        </Link>
        <PrintButton label="Print the agreement" />
      </div>
      <p className="hidden print:block print:text-sm print:font-semibold print:uppercase">Rental agreement</p>

      {paymentFailed && booking.state === "awaiting_payment" ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-red-800">
          The payment did not go through. You can try again while the space is held for you.
        </p>
      ) : null}
      {actionData?.toast ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-red-800 print:hidden">
          {actionData.toast.description}
        </p>
      ) : null}

      <BookingSummary booking={booking} next={next} now={now} pending={pending} moment={moment} />

      <BookingActions
        booking={booking}
        pending={pending}
        extension={extension}
        mayGiveNotice={mayGiveNotice}
        shownAbove={next.action?.kind ?? null}
      />
      {reviewToWrite && next.action?.kind !== "review" ? (
        <p className="mt-4 print:hidden">
          <ButtonLink to={`/bookings/space-review?bookingId=${booking.bookingId}`}>Write a review</ButtonLink>{" "}
          <span className="text-sm text-slate-600">before {formatInstant(reviewToWrite.closesAt)}</span>
        </p>
      ) : null}
      {askReviewUs ? <ReviewUsPrompt returnTo={`/bookings/${booking.bookingId}`} /> : null}

      <SpaceSection booking={booking} />
      {booking.items.length || booking.messageForKeeper ? <StoredItemsSection booking={booking} /> : null}
      {(CHECKLIST_BOOKING_STATES as readonly string[]).includes(booking.state) ? (
        <ChecklistSection booking={booking} />
      ) : null}
      <div className="mt-6">
        <DatesSection booking={booking} />
        <PriceSection booking={booking} />
        {booking.bills.length ? <BillsSection booking={booking} /> : null}
        <CancellationSection booking={booking} />
        <ContractSection booking={booking} />
        <Section title="The parties" fold>
          <div className="flex flex-col gap-3 sm:flex-row print:flex-row">
            <PartyCard party={booking.host} side="Host" />
            <PartyCard party={booking.renter} side="Renter" />
          </div>
        </Section>
        <HistorySection booking={booking} />
        <p className="border-t border-slate-200 pt-3 text-xs text-slate-600">
          Booking made {formatInstant(booking.createdAt)}
        </p>
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
