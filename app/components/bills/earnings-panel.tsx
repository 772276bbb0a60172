import { Link } from "@remix-run/react";
import type { Earnings } from "~/api/payment/payouts.server";
import { EmptyState } from "~/components/ui/empty-state";
import { formatCalendarDate, formatMoment } from "~/domain/dates";
import { formatPeso } from "~/domain/money";

const PERIOD_STATES = {
  payable: "In the next payout",
  processing: "Being paid out",
  paid: "Paid out",
} as const;

/**
 * A host's earnings on the Bills screen: what they earned, what is payable and what was paid out (sums of the
 * ledger), where payouts go, each payout with its reference and date, and the latest months earned.
 */
export function EarningsPanel({ earnings }: { earnings: Earnings }) {
  const totals = [
    { label: "Earned", amount: earnings.earned, testId: "earned" },
    { label: "Payable", amount: earnings.payable, testId: "payable" },
    { label: "Paid out", amount: earnings.paidOut, testId: "paid-out" },
  ];
  return (
    <div className="mt-3 space-y-6">
      <dl className="grid grid-cols-3 gap-3">
        {totals.map((total) => (
          <div key={total.label} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
            <dt className="text-sm text-slate-600">{total.label}</dt>
            <dd className="text-lg font-bold text-slate-900" data-testid={total.testId}>
              {formatPeso(total.amount)}
            </dd>
          </div>
        ))}
      </dl>
      {earnings.upcoming > 0 ? (
        <p className="text-sm text-slate-700" data-testid="upcoming">
          Coming: <strong>{formatPeso(earnings.upcoming)}</strong> of rent already paid by renters, payable 48
          hours after each month starts.
        </p>
      ) : null}
      <p className="text-sm text-slate-700">
        Each paid month's rent becomes payable 48 hours after the month starts, and is paid out on Mondays.{" "}
        {earnings.payoutMethod ? (
          <>
            Payouts go to {earnings.payoutMethod.methodLabel} {earnings.payoutMethod.accountNumber}.{" "}
            <Link to="/payment/payout-settings" className="font-semibold text-brand-700 underline">
              Change payout method
            </Link>
          </>
        ) : (
          <>
            <strong>Add a payout method to get paid.</strong>{" "}
            <Link to="/payment/payout-settings" className="font-semibold text-brand-700 underline">
              Add payout method
            </Link>
          </>
        )}
      </p>
      <section aria-labelledby="payouts-heading">
        <h3 id="payouts-heading" className="text-base font-bold text-slate-900">
          Payouts
        </h3>
        {earnings.payouts.length === 0 ? (
          <EmptyState
            className="mt-2"
            testId="payouts-empty"
            message="No payouts yet. Rent you earn is paid out on Mondays to your payout method."
            action={{ to: "/payment/payout-settings", label: "Payout settings" }}
          />
        ) : (
          <ul className="mt-2 space-y-2">
            {earnings.payouts.map((payout) => (
              <li
                key={payout.payoutId}
                className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
                data-testid="payout-card"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="text-sm text-slate-700">
                    <p className="font-semibold text-slate-900">
                      {payout.state === "paid" ? "Paid" : "Being paid out"} to {payout.sentTo}
                    </p>
                    {payout.state === "paid" && payout.paidAt ? (
                      <p>
                        Paid on {formatMoment(payout.paidAt)} · reference{" "}
                        <span data-testid="payout-reference">{payout.reference}</span>
                      </p>
                    ) : (
                      <p>Week of {formatCalendarDate(payout.weekOf)}</p>
                    )}
                  </div>
                  <p className="text-lg font-bold text-slate-900">{formatPeso(payout.amount)}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="periods-heading">
        <h3 id="periods-heading" className="text-base font-bold text-slate-900">
          Months earned
        </h3>
        {earnings.periods.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">
            Nothing earned yet. A booking's rent shows here 48 hours after each paid month starts.
          </p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {earnings.periods.map((period) => (
              <li
                key={`${period.bookingId}-${period.periodStart}`}
                className="flex flex-wrap items-start justify-between gap-2 p-3 text-sm"
                data-testid="earning-line"
              >
                <div>
                  <p className="font-semibold text-slate-900">{period.spaceTitle}</p>
                  <p className="text-slate-700">
                    {formatCalendarDate(period.periodStart)} to {formatCalendarDate(period.periodEnd)} ·{" "}
                    {PERIOD_STATES[period.state]}
                  </p>
                </div>
                <p className="font-semibold text-slate-900">{formatPeso(period.rent)}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
