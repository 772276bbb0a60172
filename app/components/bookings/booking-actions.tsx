import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { BookingDetails } from "~/api/reserve/booking-views.server";
import { NOTICE_DAYS, UNPAID_BILL_DAYS } from "~/domain/booking";
import { formatCalendarDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import { giveNoticePath } from "~/utils/site-paths";
import { field, primary, secondary } from "./action-styles";
import { type ExtensionAsked, ExtensionForms } from "./extension-forms";
import type { NextAction } from "./next-step";

/**
 * What the caller may do with the booking now, each a form posting its `intent` to the booking page; the API refuses
 * anything else with its own message.
 */
export function BookingActions({
  booking,
  pending,
  extension,
  mayGiveNotice,
  shownAbove,
}: {
  booking: BookingDetails;
  pending: boolean;
  extension: ExtensionAsked;
  mayGiveNotice: boolean;
  /** The action the summary at the top already offers as its button: not offered twice. */
  shownAbove: NextAction["kind"] | null;
}) {
  const { state, role } = booking;
  const forms: ReactNode[] = [];
  if (role === "renter" && state === "awaiting_payment" && shownAbove !== "pay") {
    forms.push(
      <Form key="pay" method="post">
        <button type="submit" name="intent" value="pay" disabled={pending} className={primary}>
          Pay {formatPeso(booking.due)}
        </button>
      </Form>,
    );
  }
  if (role === "host" && state === "requested") {
    if (shownAbove !== "approve") {
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
      );
    }
    forms.push(
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
    // Its own page first: the end date and what will still be billed, then the renter confirms (giving notice,
    // docs/product.md).
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
  if (role === "host" && booking.mayEndForUnpaidBill && shownAbove !== "end-for-unpaid-bill") {
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
      id="booking-actions"
      aria-labelledby="booking-actions-title"
      className="mt-4 space-y-4 rounded-xl border border-slate-200 bg-white p-4 print:hidden"
    >
      <h2 id="booking-actions-title" className="text-lg font-bold text-slate-900">
        {shownAbove ? "Other things you can do" : "What you can do"}
      </h2>
      {forms}
    </section>
  );
}
