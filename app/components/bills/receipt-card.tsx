import { Link } from "@remix-run/react";
import type { ReceiptSummary } from "~/api/payment/receipts.server";
import { MoneyCard } from "~/components/ui/money-card";
import type { CalendarDate } from "~/domain/dates";
import { formatMomentNear, formatRangeNear } from "~/domain/dates-near";
import { formatPeso } from "~/domain/money";

/**
 * One payment on the Bills screen's Paid tab: the payment made with a booking request, or a monthly bill; when it
 * was paid, its receipt number, and its receipt.
 */
export function ReceiptCard({
  receipt,
  today,
  now,
}: {
  receipt: ReceiptSummary;
  today: CalendarDate;
  now: string;
}) {
  const period = formatRangeNear(receipt.periodStart, receipt.periodEnd, today);
  return (
    <MoneyCard
      testId="receipt-card"
      title={receipt.spaceTitle}
      amount={formatPeso(receipt.total)}
      action={
        <Link to={`/payment/receipt/${receipt.receiptId}`} className="font-semibold text-brand-700 underline">
          See the receipt
        </Link>
      }
    >
      <p>
        {receipt.kind === "request"
          ? `Paid with the booking request: the first rent, ${period}`
          : `Rent for ${period}`}
      </p>
      <p>
        Paid {formatMomentNear(receipt.paidAt, now)} · receipt {receipt.receiptNumber} · booking{" "}
        {receipt.bookingNumber}
      </p>
    </MoneyCard>
  );
}
