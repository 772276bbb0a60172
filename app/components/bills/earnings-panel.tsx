import { Link } from "@remix-run/react";
import type { Earnings } from "~/api/payment/payouts.server";
import { EmptyState } from "~/components/ui/empty-state";
import { Figures, MoneyCard } from "~/components/ui/money-card";
import type { CalendarDate } from "~/domain/dates";
import { formatDateNear, formatMomentNear, formatRangeNear } from "~/domain/dates-near";
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
export function EarningsPanel({
  earnings,
  today,
  now,
}: {
  earnings: Earnings;
  today: CalendarDate;
  now: string;
}) {
  return (
    <div className="mt-3 space-y-6">
      <Figures
        items={[
          { label: "Earned", value: formatPeso(earnings.earned), testId: "earned" },
          { label: "Payable", value: formatPeso(earnings.payable), testId: "payable" },
          { label: "Paid out", value: formatPeso(earnings.paidOut), testId: "paid-out" },
        ]}
      />
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
              <MoneyCard
                key={payout.payoutId}
                level={4}
                testId="payout-card"
                title={`${payout.state === "paid" ? "Paid" : "Being paid out"} to ${payout.sentTo}`}
                amount={formatPeso(payout.amount)}
              >
                {payout.state === "paid" && payout.paidAt ? (
                  <p>
                    Paid on {formatMomentNear(payout.paidAt, now)} · reference{" "}
                    <span data-testid="payout-reference">{payout.reference}</span>
                  </p>
                ) : (
                  <p>Week of {formatDateNear(payout.weekOf, today)}</p>
                )}
              </MoneyCard>
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
          <ul className="mt-2 space-y-2">
            {earnings.periods.map((period) => (
              <MoneyCard
                key={`${period.bookingId}-${period.periodStart}`}
                level={4}
                testId="earning-line"
                title={period.spaceTitle}
                amount={formatPeso(period.rent)}
              >
                <p>
                  {formatRangeNear(period.periodStart, period.periodEnd, today)} ·{" "}
                  {PERIOD_STATES[period.state]}
                </p>
              </MoneyCard>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
