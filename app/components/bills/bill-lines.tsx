import type { BillDetails } from "~/api/payment/bills.server";
import { formatCalendarDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";

/** A bill's line items as a table, computed on the server: the month's rent, the Space Solution fee, the total. */
export function BillLines({ bill }: { bill: BillDetails }) {
  const period = `${formatCalendarDate(bill.periodStart)} to ${formatCalendarDate(bill.periodEnd)}`;
  return (
    <table className="mt-3 w-full text-left text-slate-800">
      <caption className="sr-only">What this bill is for</caption>
      <tbody>
        <tr className="border-b border-slate-200">
          <th scope="row" className="py-2 font-normal">
            Rent, {period}
          </th>
          <td className="py-2 text-right tabular-nums">{formatPeso(bill.rent)}</td>
        </tr>
        <tr className="border-b border-slate-200">
          <th scope="row" className="py-2 font-normal">
            Space Solution fee
          </th>
          <td className="py-2 text-right tabular-nums">{formatPeso(bill.spaceSolutionFee)}</td>
        </tr>
        <tr>
          <th scope="row" className="py-2 font-bold">
            Total
          </th>
          <td className="py-2 text-right font-bold tabular-nums" data-testid="bill-total">
            {formatPeso(bill.total)}
          </td>
        </tr>
      </tbody>
    </table>
  );
}
