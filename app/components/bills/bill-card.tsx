import type { BillSummary } from "~/api/payment/bills.server";
import { ButtonLink } from "~/components/ui/button";
import { MoneyCard } from "~/components/ui/money-card";
import type { CalendarDate } from "~/domain/dates";
import { formatDateNear, formatRangeNear } from "~/domain/dates-near";
import { formatPeso } from "~/domain/money";

/** One unpaid bill in the Bills list: what it is for, how much, when it is due, and paying it (paid ones are receipts). */
export function BillCard({ bill, today }: { bill: BillSummary; today: CalendarDate }) {
  return (
    <MoneyCard
      testId="bill-card"
      title={bill.spaceTitle}
      amount={formatPeso(bill.total)}
      action={
        <ButtonLink to={`/payment/summary?billId=${bill.billId}`} size="sm">
          Pay {formatPeso(bill.total)}
        </ButtonLink>
      }
    >
      <p>Rent for {formatRangeNear(bill.periodStart, bill.periodEnd, today)}</p>
      <p className={bill.overdue ? "font-semibold text-red-700" : undefined}>
        {bill.overdue ? "Overdue since" : "Due on"} {formatDateNear(bill.dueOn, today)}
      </p>
    </MoneyCard>
  );
}
