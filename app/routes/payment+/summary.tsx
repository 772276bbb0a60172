import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { billDetails, payBill } from "~/api/payment/bills.server";
import { retrieveBookingData } from "~/api/reserve/bookings.server";
import { BillLines } from "~/components/bills/bill-lines";
import { MomentLinks } from "~/components/bookings/moment-links";
import { nextStepFacts, whatHappensNext } from "~/components/bookings/next-step";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MethodChoice } from "~/components/payments/method-choice";
import { LookAgain } from "~/components/ui/look-again";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatCalendarDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import type { PaymentMethod } from "~/domain/payment-methods";
import { requireProfile } from "~/screens/auth.server";
import { redirectWithToast } from "~/screens/toast.server";
import { PATHS } from "~/utils/menu";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

/**
 * payment/summary (docs/product.md, Screens and routes): one monthly bill before paying it — its line items, its due
 * date and how to pay — then the payment provider's hosted checkout (POST /payment/payBill). The provider sends the
 * renter back here: the bill counts as paid once the provider confirms it server to server, and until then the page
 * looks again by itself.
 */
export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () => pageMeta("Pay your bill", "A monthly bill and how to pay it.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const url = new URL(request.url);
  const billId = url.searchParams.get("billId") ?? "";
  const answer = await client.call(billDetails, { params: { billId } });
  if (!answer.ok) throw await redirectWithToast(PATHS.bills, answer.toast);
  const bill = answer.result;
  return data({ bill, payment: url.searchParams.get("payment"), paid: await afterPaying(client, bill) });
}

/**
 * Once the bill is paid (docs/design.md, Confirmation moments): what happens next with its booking, in the booking
 * page's own words, and who to message. Nothing when the booking cannot be read: the receipt link still shows.
 */
async function afterPaying(
  client: Awaited<ReturnType<typeof requireProfile>>["client"],
  bill: { state: string; bookingId: string },
) {
  if (bill.state !== "paid") return null;
  const answer = await client.call(retrieveBookingData, { params: { id: bill.bookingId } });
  if (!answer.ok) return null;
  const booking = answer.result;
  return {
    next: whatHappensNext(nextStepFacts(booking, null)).text,
    conversationId: booking.conversationId,
    otherName: booking.counterpart.name,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const billId = new URL(request.url).searchParams.get("billId") ?? "";
  const form = await request.formData();
  const checkout = await client.call(payBill, {
    // The API checks the choice and answers its own message for anything else.
    body: { billId, paymentMethod: String(form.get("paymentMethod") ?? "") as PaymentMethod },
  });
  if (!checkout.ok) return data({ toast: checkout.toast }, { status: checkout.status });
  return redirect(checkout.result.checkoutUrl);
}

export default function BillSummary() {
  const { bill, payment, paid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const confirming = bill.state === "due" && bill.paying && payment === "sent";
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-6 md:py-10">
      <Link to={PATHS.bills} className="text-sm font-semibold text-brand-700 underline">
        ← All bills
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">
        {confirming ? "Confirming your payment…" : bill.state === "paid" ? "Bill paid" : "Pay your bill"}
      </h1>
      <p className="mt-1 text-slate-700">{bill.spaceTitle}</p>
      <BillLines bill={bill} />

      {confirming ? (
        <p role="status" className="mt-4 text-slate-700">
          We are waiting for the payment provider to confirm your payment of {formatPeso(bill.total)}. This
          page updates by itself.
          <LookAgain />
        </p>
      ) : bill.state === "paid" ? (
        <div className="mt-4 space-y-3" data-testid="bill-paid">
          <p role="status" className="text-slate-700">
            Thank you: this bill is paid.{" "}
            <Link to={`/payment/receipt/${bill.billId}`} className="font-semibold text-brand-700 underline">
              See the receipt {bill.receiptNumber}
            </Link>
          </p>
          {paid ? (
            <>
              <p className="text-slate-700" data-testid="bill-paid-next">
                {paid.next}
              </p>
              <MomentLinks
                bookingId={bill.bookingId}
                conversationId={paid.conversationId}
                otherName={paid.otherName}
                receipt={null}
              />
            </>
          ) : null}
        </div>
      ) : bill.state === "void" ? (
        <p role="status" className="mt-4 text-slate-700">
          Nothing to pay: this bill was cancelled because its booking ends before it.
        </p>
      ) : bill.role === "host" ? (
        <p className="mt-4 text-slate-700">
          {bill.renter.name} pays this bill by {formatCalendarDate(bill.dueOn)}.
        </p>
      ) : (
        <>
          <p className={`mt-4 ${bill.overdue ? "font-semibold text-red-700" : "text-slate-700"}`}>
            {bill.overdue ? "Overdue since" : "Due on"} {formatCalendarDate(bill.dueOn)}.
          </p>
          {payment === "failed" ? (
            <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-800">
              The payment did not go through. You can try again.
            </p>
          ) : null}
          {actionData?.toast ? (
            <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-800">
              {actionData.toast.description}
            </p>
          ) : null}
          <Form method="post" className="mt-4 space-y-4">
            <fieldset>
              <legend className="text-sm font-semibold text-slate-800">Pay with</legend>
              <MethodChoice name="paymentMethod" chosen={bill.paymentMethod} />
            </fieldset>
            <button
              type="submit"
              disabled={pending}
              className="w-full rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {pending ? "Opening the payment page…" : `Pay ${formatPeso(bill.total)}`}
            </button>
          </Form>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
