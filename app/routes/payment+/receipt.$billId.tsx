import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { billDetails } from "~/api/payment/bills.server";
import { BillLines } from "~/components/bills/bill-lines";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PrintButton } from "~/components/ui/print-button";
import { formatCalendarDate, formatMoment } from "~/domain/dates";
import { getEnv, siteOrigin } from "~/env.server";
import { requireProfile } from "~/services/auth.server";
import { PAYMENT_METHOD_NAMES } from "~/services/payments/types";
import { redirectWithToast } from "~/services/toast.server";
import { PATHS } from "~/utils/menu";
import { pageMeta } from "~/utils/meta";
import { makeToast } from "~/utils/toast";

/**
 * The receipt of a paid monthly bill: printable, with Space Solution's details, the receipt number, who paid, for
 * what and how. Its renter and its host can open it; a bill not paid yet sends them to its summary.
 */
export const meta: MetaFunction = () => pageMeta("Receipt", "The receipt of a monthly bill.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const answer = await client.call(billDetails, { params: { billId: params.billId ?? "" } });
  if (!answer.ok) throw await redirectWithToast(PATHS.bills, answer.toast);
  const bill = answer.result;
  if (bill.state !== "paid")
    throw await redirectWithToast(
      `/payment/summary?billId=${bill.billId}`,
      makeToast("info", "This bill is not paid yet, so it has no receipt."),
    );
  return data({ bill, supportEmail: getEnv().SUPPORT_EMAIL, site: new URL(siteOrigin()).host });
}

export default function Receipt() {
  const { bill, supportEmail, site } = useLoaderData<typeof loader>();
  return (
    <article
      data-printable
      className="mx-auto w-full max-w-2xl px-4 py-6 md:py-10 print:max-w-none print:p-0 print:text-sm"
    >
      <div className="flex items-center justify-between gap-4 print:hidden">
        <Link to={`${PATHS.bills}?tab=paid`} className="text-sm font-semibold text-brand-700 underline">
          ← Paid bills
        </Link>
        <PrintButton label="Print the receipt" />
      </div>
      <header className="mt-4 flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-4">
        <div>
          <p className="text-xl font-bold text-brand-700">Space Solution</p>
          <p className="text-sm text-slate-700">
            {site} · {supportEmail}
          </p>
        </div>
        <div className="text-right">
          <h1 className="text-2xl font-bold text-slate-900">Official receipt</h1>
          <p className="font-semibold text-slate-800" data-testid="receipt-number">
            {bill.receiptNumber}
          </p>
        </div>
      </header>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-slate-800">
        <dt className="font-semibold">Paid on</dt>
        <dd>{bill.paidAt ? formatMoment(bill.paidAt) : ""}</dd>
        <dt className="font-semibold">Paid with</dt>
        <dd>{PAYMENT_METHOD_NAMES[bill.paymentMethod]}</dd>
        <dt className="font-semibold">Received from</dt>
        <dd>
          {bill.renter.name} ({bill.renter.email})
        </dd>
        <dt className="font-semibold">For</dt>
        <dd>
          {bill.spaceTitle}
          {bill.city ? `, ${bill.city}` : ""}, hosted by {bill.host.name}
        </dd>
        <dt className="font-semibold">Booking</dt>
        <dd>
          <Link to={`/bookings/${bill.bookingId}`} className="text-brand-700 underline">
            {formatCalendarDate(bill.bookingStart)} to {formatCalendarDate(bill.bookingEnd)}
          </Link>
        </dd>
      </dl>
      <BillLines bill={bill} />
      <p className="mt-6 text-sm text-slate-600">
        Amounts in Philippine pesos. Space Solution collects the rent for the host and keeps the Space
        Solution fee.
      </p>
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
