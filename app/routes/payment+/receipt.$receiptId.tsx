import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { billDetails } from "~/api/payment/bills.server";
import { receipt as receiptCall } from "~/api/payment/receipts.server";
import { formatInstant } from "~/components/bookings/booking-words";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PrintButton } from "~/components/ui/print-button";
import { formatCalendarDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import { PAYMENT_METHOD_NAMES } from "~/domain/payment-methods";
import { getEnv, siteName } from "~/env.server";
import { requireProfile } from "~/screens/auth.server";
import { redirectWithToast } from "~/screens/toast.server";
import { PATHS } from "~/utils/menu";
import { pageMeta } from "~/utils/meta";
import { makeToast } from "~/utils/toast";

/**
 * The acknowledgement receipt of a payment (docs/product.md, Receipts): the payment made with the booking request
 * (addressed by its payment's id) or a paid monthly bill (by the bill's id). Printable, with Space Solution's name,
 * site and support address, the receipt number, the date with its year, who paid, for what, how and the provider's
 * reference. Never titled "official receipt": that is a BIR-registered document, issued outside the app. A bill not
 * paid yet sends its renter to the bill's summary.
 */
export const meta: MetaFunction = () => pageMeta("Receipt", "The acknowledgement receipt of a payment.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const receiptId = params.receiptId ?? "";
  const answer = await client.call(receiptCall, { params: { receiptId } });
  if (!answer.ok) {
    const bill =
      answer.status === 409 ? await client.call(billDetails, { params: { billId: receiptId } }) : null;
    if (bill?.ok)
      throw await redirectWithToast(
        `/payment/summary?billId=${bill.result.billId}`,
        makeToast("info", "This bill is not paid yet, so it has no receipt."),
      );
    throw await redirectWithToast(PATHS.bills, answer.toast);
  }
  return data({ receipt: answer.result, supportEmail: getEnv().SUPPORT_EMAIL, site: siteName() });
}

export default function Receipt() {
  const { receipt, supportEmail, site } = useLoaderData<typeof loader>();
  return (
    <article
      data-printable
      className="mx-auto w-full max-w-2xl px-4 py-6 md:py-10 print:max-w-none print:p-0 print:text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-4 print:hidden">
        <Link to={`${PATHS.bills}?tab=paid`} className="text-sm font-semibold text-brand-700 underline">
          ← Paid
        </Link>
        <PrintButton label="Print the receipt" />
      </div>
      <header className="mt-4 flex flex-col gap-3 border-b border-slate-200 pb-4 sm:flex-row sm:items-start sm:justify-between print:flex-row">
        <div className="min-w-0">
          <p className="text-xl font-bold text-brand-700">Space Solution</p>
          <p className="text-sm text-slate-700 [overflow-wrap:anywhere]" data-testid="receipt-issuer">
            {site ? `${site} · ` : ""}
            {supportEmail}
          </p>
        </div>
        <div className="sm:text-right print:text-right">
          <h1 className="text-2xl font-bold text-slate-900">Acknowledgement receipt</h1>
          <p className="font-semibold text-slate-800" data-testid="receipt-number">
            {receipt.receiptNumber}
          </p>
        </div>
      </header>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-1 text-slate-800 sm:grid-cols-[auto_1fr] print:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Paid on</dt>
        <dd className="mb-2 sm:mb-0" data-testid="receipt-paid-on">
          {formatInstant(receipt.paidAt)}
        </dd>
        <dt className="font-semibold">Received from</dt>
        <dd className="mb-2 min-w-0 [overflow-wrap:anywhere] sm:mb-0">
          {receipt.payer.name}
          {receipt.payer.email ? ` (${receipt.payer.email})` : ""}
        </dd>
        <dt className="font-semibold">For</dt>
        <dd className="mb-2 min-w-0 [overflow-wrap:anywhere] sm:mb-0">
          {receipt.kind === "request" ? "The booking request: " : "A monthly bill: "}
          {receipt.spaceTitle}
          {receipt.city ? `, ${receipt.city}` : ""}, hosted by {receipt.host.name}
        </dd>
        <dt className="font-semibold">Booking</dt>
        <dd className="mb-2 sm:mb-0">
          <Link to={`/bookings/${receipt.bookingId}`} className="text-brand-700 underline">
            {receipt.bookingNumber}
          </Link>
          , {formatCalendarDate(receipt.bookingStart)} to {formatCalendarDate(receipt.bookingEnd)}
        </dd>
        <dt className="font-semibold">Paid with</dt>
        <dd className="mb-2 sm:mb-0">{PAYMENT_METHOD_NAMES[receipt.method]}</dd>
        <dt className="font-semibold">Provider reference</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]" data-testid="receipt-reference">
          {receipt.providerReference ?? "—"}
        </dd>
      </dl>
      <table className="mt-4 w-full text-left text-slate-800">
        <caption className="sr-only">What this payment was for</caption>
        <tbody>
          {receipt.lines.map((line) => (
            <tr key={line.label} className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-3 font-normal">
                {line.label}
              </th>
              <td className="whitespace-nowrap py-2 text-right tabular-nums">
                {line.amount < 0 ? `−${formatPeso(-line.amount)}` : formatPeso(line.amount)}
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row" className="py-2 font-bold">
              Amount paid
            </th>
            <td
              className="whitespace-nowrap py-2 text-right font-bold tabular-nums"
              data-testid="receipt-total"
            >
              {formatPeso(receipt.total)}
            </td>
          </tr>
        </tbody>
      </table>
      <p className="mt-6 text-sm text-slate-600">
        Amounts in Philippine pesos. Space Solution collects the rent for the host and keeps the Space
        Solution fee. Questions about this payment: write to {supportEmail} with the receipt number.
      </p>
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
