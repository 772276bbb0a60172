import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { CancellationRules } from "~/components/bookings/cancellation-rules";
import { FEE_PERCENT } from "~/content/policies";
import { CHECKOUT_HOLD_MINUTES, HOST_ANSWER_HOURS, NOTICE_DAYS } from "~/domain/booking";
import { pageMeta } from "~/utils/meta";
import { stepPath } from "~/utils/site-paths";

/**
 * bookings/terms-and-conditions (docs/product.md, Screens and routes: bookings): the rental terms every booking is made
 * on, in the product's words (docs/product.md, Booking lifecycle and Payments): the due charged at request,
 * units held while paying, the host's answer, the refunds, termination, deposits held by the platform, the exact
 * address after approval. The contract details page of every booking links here. Public: a renter reads it before
 * booking.
 */
export const meta: MetaFunction = () =>
  pageMeta(
    "Rental terms and conditions",
    "How booking, paying, cancelling and ending a rental work on Space Solution.",
  );

export default function TermsAndConditions() {
  return (
    <article data-printable className="mx-auto w-full max-w-3xl px-4 py-8 text-slate-800">
      <h1 className="text-2xl font-bold text-slate-900">Rental terms and conditions</h1>
      <p className="mt-2">
        Every booking of a storage or parking space on Space Solution is made on these terms, between the
        renter and the host, with Space Solution taking the payments. Amounts are in Philippine pesos; dates
        are Manila dates.
      </p>

      <h2 className="mt-6 text-lg font-bold text-slate-900">Booking and paying</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          The due is charged when you send your request (no card holds: e-wallets cannot hold): the first
          month, less the first-month discount when the host offers it, the deposit when the host asks for
          one, and the Space Solution fee ({FEE_PERCENT} of the first month after any discount), less any
          voucher. You pay by card, GCash or Maya on the payment provider's secure page; no card number
          reaches Space Solution.
        </li>
        <li>
          While you pay, the space (or the units you chose) is held for you for {CHECKOUT_HOLD_MINUTES}{" "}
          minutes. An unpaid checkout then expires and the space is free again.
        </li>
        <li>
          A payment counts once the payment provider confirms it to Space Solution. Your request then goes to
          the host.
        </li>
        <li>
          The host answers within {HOST_ANSWER_HOURS} hours, or before your start date if that comes first. No
          answer in time and the request expires, with everything you paid refunded.
        </li>
        <li>
          The exact address and map pin of the space are shown to you once the host approves, never before.
        </li>
        <li>
          Each later month is billed 7 days before it starts and is due on its first day, with the Space
          Solution fee of that month's rent.
        </li>
      </ul>

      <h2 className="mt-6 text-lg font-bold text-slate-900">Cancelling and refunds</h2>
      <div className="mt-2">
        <CancellationRules />
      </div>
      <p className="mt-2">Refunds go back to the way you paid.</p>

      <h2 className="mt-6 text-lg font-bold text-slate-900">Extending</h2>
      <p className="mt-2">
        You may ask to extend an approved or active booking by 1 to 12 months while the space is free. The
        host accepts at once when they chose to accept extensions automatically; otherwise the host answers
        within {HOST_ANSWER_HOURS} hours.
      </p>

      <h2 className="mt-6 text-lg font-bold text-slate-900">Ending a rental</h2>
      <p className="mt-2">
        Give notice on the booking's page: the rental ends on the later of {NOTICE_DAYS} days from your notice
        and the end of the month you have already paid. Nothing more is billed after that.
      </p>

      <h2 className="mt-6 text-lg font-bold text-slate-900">Deposits</h2>
      <p className="mt-2">
        Deposits are held by Space Solution, never by the host. After the end, the host has 72 hours to
        confirm the move-out checklist (the deposit comes back to you) or open a claim in the resolution
        center with photos; with no answer in 72 hours the deposit is released to you. An operator decides a
        claim: the part awarded goes to the host, the rest back to you.
      </p>

      <h2 className="mt-6 text-lg font-bold text-slate-900">The contract</h2>
      <p className="mt-2">
        Space Solution's{" "}
        <Link to={stepPath("contract-template")} className="underline">
          standard rental contract
        </Link>{" "}
        applies unless the host uploaded their own; each booking's page shows which, with its parties, dates,
        units and prices, and can be printed.
      </p>

      <p className="mt-6 print:hidden">
        <Link to="/bookings" className="font-semibold text-brand-700 underline">
          Your bookings
        </Link>
      </p>
    </article>
  );
}
