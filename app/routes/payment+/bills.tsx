import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { myBills } from "~/api/payment/bills.server";
import { myEarnings } from "~/api/payment/payouts.server";
import { BillCard } from "~/components/bills/bill-card";
import { EarningsPanel } from "~/components/bills/earnings-panel";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EmptyState } from "~/components/ui/empty-state";
import { TabLinks } from "~/components/ui/tab-links";
import { requireProfile } from "~/services/auth.server";
import { redirectWithToast } from "~/services/toast.server";
import { BILLS_SCREEN_TABS } from "~/utils/bills";
import { PATHS } from "~/utils/menu";
import { pageMeta } from "~/utils/meta";

/**
 * payment/bills (spec §2; the Bills item of both menus): a renter's monthly bills, the unpaid ones first (`?tab=due`)
 * and the paid ones with their receipts (`?tab=paid`); a host's earnings and payouts (`?tab=earnings`). Tabs are
 * links, so the page works without JavaScript.
 */
export const meta: MetaFunction = () =>
  pageMeta("Bills", "Your monthly bills, receipts, earnings and payouts.");

const TAB_LABELS = { due: "To pay", paid: "Paid", earnings: "Earnings" } as const;
const EMPTY = {
  due: "Nothing to pay right now. Each later month of a booking is billed here 7 days before it starts.",
  paid: "No paid bills yet. Your receipts appear here once you pay a monthly bill.",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const asked = new URL(request.url).searchParams.get("tab");
  const tab = BILLS_SCREEN_TABS.find((known) => known === asked) ?? "due";
  if (tab === "earnings") {
    const answer = await client.call(myEarnings);
    if (!answer.ok) throw await redirectWithToast("/", answer.toast);
    return data({ tab, bills: [], earnings: answer.result });
  }
  const answer = await client.call(myBills, { query: { tab } });
  if (!answer.ok) throw await redirectWithToast("/", answer.toast);
  return data({ tab, bills: answer.result.bills, earnings: null });
}

export default function Bills() {
  const { tab, bills, earnings } = useLoaderData<typeof loader>();
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
        <EarningsPanel earnings={earnings} />
      ) : bills.length === 0 ? (
        <EmptyState
          className="mt-3"
          testId="bills-empty"
          message={EMPTY[tab as keyof typeof EMPTY]}
          action={{ to: PATHS.bookings, label: "See your bookings" }}
        />
      ) : (
        <ul className="mt-3 space-y-3">
          {bills.map((bill) => (
            <BillCard key={bill.billId} bill={bill} />
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
