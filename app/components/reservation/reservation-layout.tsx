import type { FieldMetadata } from "@conform-to/react";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { BookingQuote } from "~/api/reserve/booking-quotes.server";
import type { ReservationSpace } from "~/api/reserve/reservation-drafts.server";
import { SelectField, TextField } from "~/components/ui/field";
import { formatCalendarDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import { RENTAL_DURATION_LABELS, type RentalDuration } from "~/domain/vocabulary";

/**
 * The frame of every reserve-space step: the space being booked (with the way back to its page), the step's form,
 * and the booking price result as the API computed it (docs/product.md, Due at booking) — never a price worked out in
 * the browser.
 */
export function ReservationLayout({
  space,
  title,
  intro,
  quote,
  quoteMessage,
  children,
}: {
  space: ReservationSpace;
  title: string;
  intro?: string;
  quote: BookingQuote | null;
  /** Without a price, what it waits for or why the choice cannot be priced (the API's words). */
  quoteMessage: string | null;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 md:py-10">
      <Link to={space.path} className="text-sm font-semibold text-brand-700 underline">
        ← Back to {space.title}
      </Link>
      <div className="mt-4 grid gap-8 md:grid-cols-[1fr_20rem]">
        <section>
          <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">
            Reserve {space.title}
          </p>
          <h1 className="mt-1 text-2xl font-bold text-slate-900">{title}</h1>
          {intro ? <p className="mt-2 text-slate-700">{intro}</p> : null}
          <div className="mt-6">{children}</div>
        </section>
        <aside
          aria-label="Your booking"
          aria-live="polite"
          className="self-start rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <QuoteSummary quote={quote} message={quoteMessage} />
        </aside>
      </div>
    </div>
  );
}

/** The booking price result, line by line; before it can be priced, what it waits for (or why not). */
export function QuoteSummary({ quote, message }: { quote: BookingQuote | null; message: string | null }) {
  if (!quote) {
    return (
      <p className="text-slate-700" data-testid="quote-message">
        {message}
      </p>
    );
  }
  const { price } = quote;
  const lines: [string, number][] = [
    ["First month", price.firstMonthPrice],
    ...(price.firstMonthDiscount
      ? ([["First-month discount", -price.firstMonthDiscount]] as [string, number][])
      : []),
    ...(price.deposits ? ([["Deposit (held by Space Solution)", price.deposits]] as [string, number][]) : []),
    ["Space Solution fee", price.spaceSolutionFee],
    ...(quote.code ? ([[`Voucher ${quote.code.code}`, -quote.code.amountOff]] as [string, number][]) : []),
  ];
  return (
    <div data-testid="booking-quote">
      <h2 className="text-lg font-bold text-slate-900">Your booking</h2>
      <p className="mt-1 text-sm text-slate-700">
        {formatCalendarDate(quote.startDate)} to {formatCalendarDate(quote.endDate)}
        {price.months ? ` · ${price.months} ${price.months === 1 ? "month" : "months"}` : ""}
        {quote.quantity > 1 ? ` · ${quote.quantity} units` : ""}
      </p>
      <dl className="mt-3 space-y-1 text-sm">
        {lines.map(([label, amount]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-medium text-slate-900">
              {amount < 0 ? `−${formatPeso(-amount)}` : formatPeso(amount)}
            </dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base">
          <dt className="font-bold text-slate-900">Due now</dt>
          <dd className="font-bold text-slate-900" data-testid="quote-due">
            {formatPeso(price.due)}
          </dd>
        </div>
      </dl>
      {quote.available ? null : (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {quote.unavailableMessage}
        </p>
      )}
      <p className="mt-3 text-xs text-slate-600">
        The due is charged when you send your request; everything is refunded if the host declines.{" "}
        <Link to="/bookings/terms-and-conditions" className="underline">
          Rental terms
        </Link>
      </p>
    </div>
  );
}

/** The start date and a duration among the listing's own: the first fields of both the storage and parking steps. */
export function DatesFields({
  startDate,
  duration,
  dateLabel,
  today,
  rentalDurations,
}: {
  startDate: FieldMetadata<string>;
  duration: FieldMetadata<string>;
  dateLabel: string;
  today: string;
  rentalDurations: readonly string[];
}) {
  return (
    <>
      <TextField
        field={startDate}
        label={dateLabel}
        type="date"
        hint={`${formatCalendarDate(today)} (today) or later.`}
      />
      <SelectField
        field={duration}
        label="How long"
        placeholder="Choose a duration"
        options={rentalDurations.map((value) => ({
          value,
          label: RENTAL_DURATION_LABELS[value as RentalDuration] ?? value,
        }))}
      />
    </>
  );
}
