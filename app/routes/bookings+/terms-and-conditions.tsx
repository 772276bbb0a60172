import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { FEE_PERCENT } from "~/content/policies";
import { CHECKOUT_HOLD_MINUTES, HOST_ANSWER_HOURS, NOTICE_DAYS } from "~/domain/booking";
import { pageMeta } from "~/utils/meta";

/** bookings/terms-and-conditions: the rental terms every booking is made on, in PRODUCT.md's words. */
export const meta: MetaFunction = () =>
  pageMeta(
    "Rental terms and conditions",
    "How booking, paying, cancelling and ending a rental work on Space Solution.",
  );

export default function TermsAndConditions() {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 text-slate-800">
      <h1 className="text-2xl font-bold text-slate-900">Rental terms and conditions</h1>
      <h2 className="mt-6 text-lg font-bold text-slate-900">Booking and paying</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          You pay the due when you send your request: the first month, the deposit when the host asks for one,
          and the Space Solution fee ({FEE_PERCENT} of the first month after any discount). Card, GCash or
          Maya, on the payment provider's secure page.
        </li>
        <li>While you pay, the space is held for you for {CHECKOUT_HOLD_MINUTES} minutes.</li>
        <li>
          The host answers within {HOST_ANSWER_HOURS} hours, or before your start date if that comes first. No
          answer in time and the request expires, with everything refunded.
        </li>
        <li>The exact address of the space is shown to you once the host approves.</li>
        <li>Each later month is billed 7 days before it starts and is due on its first day.</li>
      </ul>
      <h2 className="mt-6 text-lg font-bold text-slate-900">Cancelling and refunds</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          Declined, expired, or cancelled by you before the host answers: everything you paid comes back.
        </li>
        <li>
          Cancelled by you after approval, 4 or more days before the start: everything but the Space Solution
          fee.
        </li>
        <li>
          Cancelled by you 3 days or fewer before the start: the deposit and half of the first month's rent.
        </li>
        <li>Cancelled by the host after approval: everything.</li>
        <li>No cancellation after the start date: you end a rental by giving notice.</li>
      </ul>
      <h2 className="mt-6 text-lg font-bold text-slate-900">Ending a rental</h2>
      <p className="mt-2">
        Give notice on the booking's page: the rental ends on the later of {NOTICE_DAYS} days from your notice
        and the end of the month you have already paid. Nothing more is billed after that.
      </p>
      <h2 className="mt-6 text-lg font-bold text-slate-900">Deposits</h2>
      <p className="mt-2">
        Deposits are held by Space Solution, never by the host. After the end, the host has 72 hours to
        confirm the move-out checklist (the deposit comes back to you) or open a claim with photos; with no
        answer in 72 hours the deposit is released to you.
      </p>
      <p className="mt-6">
        <Link to="/bookings" className="font-semibold text-brand-700 underline">
          Your bookings
        </Link>
      </p>
    </article>
  );
}
