import { Link } from "@remix-run/react";
import type { BookingDetails } from "~/api/reserve/booking-views.server";
import { formatCalendarDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import { PAYMENT_METHOD_NAMES, type PaymentMethod } from "~/domain/payment-methods";
import { Section } from "./agreement-layout";

/**
 * The price lines due at booking, the payments and refunds so far, the request's receipt, and how later months
 * are billed.
 */
export function PriceSection({ booking }: { booking: BookingDetails }) {
  const { price } = booking;
  return (
    <Section title="Price and payments" fold>
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

/** One price line; a negative amount (a discount, a voucher) shows with a minus sign. */
function Line({ label, amount, strong = false }: { label: string; amount: number; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd>{amount < 0 ? `−${formatPeso(-amount)}` : formatPeso(amount)}</dd>
    </div>
  );
}

/** The booking's monthly bills: a paid one links to its receipt, an unpaid one to its payment (the renter pays). */
export function BillsSection({ booking }: { booking: BookingDetails }) {
  const { role } = booking;
  return (
    <Section title="Monthly bills" fold>
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
  );
}
