import type { BillSummary } from "~/api/payment/bills.server";
import { ButtonLink } from "~/components/ui/button";
import { formatCalendarDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";

/** One unpaid bill in the Bills list: what it is for, how much, when it is due, and paying it (paid ones are receipts). */
export function BillCard({ bill }: { bill: BillSummary }) {
  const period = `${formatCalendarDate(bill.periodStart)} to ${formatCalendarDate(bill.periodEnd)}`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="bill-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-semibold text-slate-900">{bill.spaceTitle}</h3>
          <p className="text-sm text-slate-700">Rent for {period}</p>
          <p className={`text-sm ${bill.overdue ? "font-semibold text-red-700" : "text-slate-700"}`}>
            {bill.overdue ? "Overdue since" : "Due on"} {formatCalendarDate(bill.dueOn)}
          </p>
        </div>
        <p className="text-lg font-bold text-slate-900">{formatPeso(bill.total)}</p>
      </div>
      <p className="mt-3">
        <ButtonLink to={`/payment/summary?billId=${bill.billId}`} size="sm">
          Pay {formatPeso(bill.total)}
        </ButtonLink>
      </p>
    </li>
  );
}
