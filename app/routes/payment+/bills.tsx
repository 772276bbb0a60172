import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { myBills } from "~/api/payment/bills.server";
import { myEarnings } from "~/api/payment/payouts.server";
import { myReceipts } from "~/api/payment/receipts.server";
import { BillCard } from "~/components/bills/bill-card";
import { EarningsPanel } from "~/components/bills/earnings-panel";
import { ReceiptCard } from "~/components/bills/receipt-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EmptyState } from "~/components/ui/empty-state";
import { TabLinks } from "~/components/ui/tab-links";
import { todayInManila } from "~/domain/dates";
import { requireProfile } from "~/screens/auth.server";
import { redirectWithToast } from "~/screens/toast.server";
import { BILLS_SCREEN_TABS } from "~/utils/bills";
import { PATHS } from "~/utils/menu";
import { pageMeta } from "~/utils/meta";

/**
 * payment/bills (docs/product.md, Screens and routes; the Bills item of both menus): a renter's unpaid monthly bills
 * (`?tab=due`), everything they paid with its receipt — the payment made with each booking request and each bill
 * (`?tab=paid`) — and a host's earnings and payouts (`?tab=earnings`). Tabs are links, so the page works without
 * JavaScript.
 */
export const meta: MetaFunction = () =>
  pageMeta("Bills", "Your monthly bills, receipts, earnings and payouts.");

const TAB_LABELS = { due: "To pay", paid: "Paid", earnings: "Earnings" } as const;
const EMPTY = {
  due: "Nothing to pay right now. Each later month of a booking is billed here 7 days before it starts.",
  paid: "Nothing paid yet. A receipt for each payment appears here: the one made with a booking request, and each monthly bill.",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  // "This year" is counted from the server's clock, so the browser writes the same dates (docs/design.md).
  const now = new Date().toISOString();
  const today = todayInManila(new Date(now));
  const asked = new URL(request.url).searchParams.get("tab");
  const tab = BILLS_SCREEN_TABS.find((known) => known === asked) ?? "due";
  if (tab === "earnings") {
    const answer = await client.call(myEarnings);
    if (!answer.ok) throw await redirectWithToast("/", answer.toast);
    return data({ tab, bills: [], receipts: [], earnings: answer.result, today, now });
  }
  if (tab === "paid") {
    const answer = await client.call(myReceipts);
    if (!answer.ok) throw await redirectWithToast("/", answer.toast);
    return data({ tab, bills: [], receipts: answer.result.receipts, earnings: null, today, now });
  }
  const answer = await client.call(myBills, { query: { tab } });
  if (!answer.ok) throw await redirectWithToast("/", answer.toast);
  return data({ tab, bills: answer.result.bills, receipts: [], earnings: null, today, now });
}

export default function Bills() {
  const { tab, bills, receipts, earnings, today, now } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold text-slate-900">Bills</h1>
      <TabLinks
        label="Bills"
        tabs={BILLS_SCREEN_TABS.map((id) => ({
          key: id,
          to: `?tab=${id}`,
          label: TAB_LABELS[id],
          current: id === tab,
        }))}
      />
      <h2 className="mt-6 text-lg font-bold text-slate-900">{TAB_LABELS[tab]}</h2>
      {earnings ? (
        <EarningsPanel earnings={earnings} today={today} now={now} />
      ) : bills.length === 0 && receipts.length === 0 ? (
        <EmptyState
          className="mt-3"
          testId="bills-empty"
          message={EMPTY[tab as keyof typeof EMPTY]}
          action={{ to: PATHS.bookings, label: "See your bookings" }}
        />
      ) : (
        <ul className="mt-3 space-y-3">
          {bills.map((bill) => (
            <BillCard key={bill.billId} bill={bill} today={today} />
          ))}
          {receipts.map((receipt) => (
            <ReceiptCard key={receipt.receiptId} receipt={receipt} today={today} now={now} />
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
