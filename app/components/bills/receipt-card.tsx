import { Link } from "@remix-run/react";
import type { ReceiptSummary } from "~/api/payment/receipts.server";
import { formatInstant } from "~/components/bookings/booking-words";
import { formatCalendarDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";

/**
 * One payment on the Bills screen's Paid tab: the payment made with a booking request, or a monthly bill; when it
 * was paid, its receipt number, and its receipt.
 */
export function ReceiptCard({ receipt }: { receipt: ReceiptSummary }) {
  const period = `${formatCalendarDate(receipt.periodStart)} to ${formatCalendarDate(receipt.periodEnd)}`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="receipt-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{receipt.spaceTitle}</h3>
          <p className="text-sm text-slate-700">
            {receipt.kind === "request"
              ? `Paid with the booking request: the first rent, ${period}`
              : `Rent for ${period}`}
          </p>
          <p className="text-sm text-slate-700">
            Paid {formatInstant(receipt.paidAt)} · receipt {receipt.receiptNumber} · booking{" "}
            {receipt.bookingNumber}
          </p>
        </div>
        <p className="text-lg font-bold text-slate-900">{formatPeso(receipt.total)}</p>
      </div>
      <p className="mt-3">
        <Link to={`/payment/receipt/${receipt.receiptId}`} className="font-semibold text-brand-700 underline">
          See the receipt
        </Link>
      </p>
    </li>
  );
}
