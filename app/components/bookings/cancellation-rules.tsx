import { EARLY_CANCELLATION_DAYS } from "~/domain/booking";

/**
 * The refunds of a cancelled booking, in the product's words (docs/product.md, Refunds): shown on the contract
 * details page, before cancelling, and on the rental terms. The amounts come from the booking machine's
 * cancellationRefund; this only says the rule.
 */
export const CANCELLATION_RULES: readonly [when: string, refund: string][] = [
  ["The host declines, or the request expires", "Everything paid"],
  ["Cancelled by the renter before the host answers", "Everything paid"],
  [
    `Cancelled by the renter after approval, ${EARLY_CANCELLATION_DAYS} or more days before the start`,
    "Everything but the Space Solution fee",
  ],
  [
    `Cancelled by the renter after approval, ${EARLY_CANCELLATION_DAYS - 1} days or fewer before the start`,
    "The deposit, and 50 % of the first month's rent",
  ],
  ["Cancelled by the host after approval", "Everything paid"],
  ["After the start date", "No cancellation: the renter ends the booking by giving notice"],
];

export function CancellationRules({ caption }: { caption?: string }) {
  return (
    <table className="w-full text-left text-sm">
      {caption ? <caption className="mb-1 text-left font-semibold">{caption}</caption> : null}
      <thead className="text-slate-600">
        <tr>
          <th scope="col" className="py-1 pr-3 font-semibold">
            When
          </th>
          <th scope="col" className="py-1 font-semibold">
            The renter gets back
          </th>
        </tr>
      </thead>
      <tbody>
        {CANCELLATION_RULES.map(([when, refund]) => (
          <tr key={when} className="border-t border-slate-100 align-top">
            <td className="py-1 pr-3">{when}</td>
            <td className="py-1">{refund}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
