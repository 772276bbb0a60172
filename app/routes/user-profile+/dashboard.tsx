import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  getMyRentalsMetrics,
  getMyTenantsMetrics,
  getPaymentsMetrics,
} from "~/api/space/host-metrics.server";
import { BarChart } from "~/components/dashboard/bar-chart";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Card } from "~/components/ui/card";
import { Figures } from "~/components/ui/money-card";
import { TabLinks } from "~/components/ui/tab-links";
import { METRIC_DURATION_LABELS, METRIC_DURATIONS, type MetricDuration } from "~/domain/host-metrics";
import { CENTAVOS_PER_PESO, formatPeso } from "~/domain/money";
import { requireProfile } from "~/screens/auth.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";

/**
 * A host's dashboard (the profile menu's Hosting group): requests, tenants and money over the last 30 days, 90 days
 * or 12 months, as charts drawn on the server with a table of the same numbers for screen readers. The durations are
 * links, so it works without JavaScript.
 */
export const meta: MetaFunction = () =>
  pageMeta("Dashboard", "Your requests, tenants and earnings as a host.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile, client } = await requireProfile(request);
  const asked = new URL(request.url).searchParams.get("duration");
  const duration: MetricDuration = METRIC_DURATIONS.find((known) => known === asked) ?? "30_days";
  const query = { ownerId: profile.userId, duration };
  const [rentals, tenants, payments] = await Promise.all([
    client.call(getMyRentalsMetrics, { query }),
    client.call(getMyTenantsMetrics, { query }),
    client.call(getPaymentsMetrics, { query }),
  ]);
  if (!rentals.ok) throw await redirectWithToast("/", rentals.toast);
  if (!tenants.ok) throw await redirectWithToast("/", tenants.toast);
  if (!payments.ok) throw await redirectWithToast("/", payments.toast);
  return data({ duration, rentals: rentals.result, tenants: tenants.result, payments: payments.result });
}

const COLORS = {
  accepted: "#0f766e",
  open: "#f59e0b",
  notAccepted: "#94a3b8",
  earned: "#0f766e",
  paid: "#1d4ed8",
};

export default function Dashboard() {
  const { duration, rentals, tenants, payments } = useLoaderData<typeof loader>();
  const labels = rentals.buckets.map((bucket) => bucket.label);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
      <TabLinks
        label="Duration"
        tabs={METRIC_DURATIONS.map((id) => ({
          key: id,
          to: `?duration=${id}`,
          label: `Last ${METRIC_DURATION_LABELS[id]}`,
          current: id === duration,
        }))}
      />

      <Panel id="money" title="Payments">
        <Figures
          items={[
            { label: "Earned", value: formatPeso(payments.earned) },
            { label: "Payable now", value: formatPeso(payments.payable) },
            { label: "Paid out", value: formatPeso(payments.paidOut) },
            { label: "Refunds to renters", value: formatPeso(payments.refunds) },
          ]}
        />
        <BarChart
          title={`Earned and paid out, last ${METRIC_DURATION_LABELS[duration]}`}
          labels={labels}
          format={formatPeso}
          tickFormat={(centavos) => formatPeso(centavos).replace(/\.00$/, "")}
          tickUnit={CENTAVOS_PER_PESO}
          series={[
            { key: "earned", label: "Earned", color: COLORS.earned, values: payments.series.earned },
            { key: "paidOut", label: "Paid out", color: COLORS.paid, values: payments.series.paidOut },
          ]}
        />
        <p className="mt-2 text-sm text-slate-600">
          Each month's rent is earned 48 hours after the month starts and paid out in the next Monday's
          payout.{" "}
          <Link to="/payment/bills?tab=earnings" className="font-semibold text-brand-700 underline">
            See your earnings and payouts
          </Link>
        </p>
      </Panel>

      <Panel id="rentals" title="Rentals">
        <Figures
          items={[
            { label: "Requests", value: String(rentals.requests) },
            {
              label: "Approved or active",
              value: String((rentals.byState.approved ?? 0) + (rentals.byState.active ?? 0)),
            },
            { label: "Waiting for you", value: String(rentals.byState.requested ?? 0) },
            { label: "Completed", value: String(rentals.byState.completed ?? 0) },
          ]}
        />
        <BarChart
          title={`Booking requests, last ${METRIC_DURATION_LABELS[duration]}`}
          labels={labels}
          series={[
            { key: "accepted", label: "Accepted", color: COLORS.accepted, values: rentals.series.accepted },
            { key: "open", label: "Waiting for you", color: COLORS.open, values: rentals.series.open },
            {
              key: "notAccepted",
              label: "Declined, expired or cancelled",
              color: COLORS.notAccepted,
              values: rentals.series.notAccepted,
            },
          ]}
        />
      </Panel>

      <Panel id="tenants" title="Tenants">
        <Figures
          items={[
            { label: "Current", value: String(tenants.current) },
            { label: "Past", value: String(tenants.past) },
            { label: "Repeat", value: String(tenants.repeat) },
          ]}
        />
        <BarChart
          title={`Tenants staying, last ${METRIC_DURATION_LABELS[duration]}`}
          labels={labels}
          series={[{ key: "tenants", label: "Tenants", color: COLORS.accepted, values: tenants.series }]}
        />
      </Panel>
    </div>
  );
}

/** One part of the dashboard: a panel named by its heading. */
function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={id} className="mt-6 border border-slate-200">
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </Card>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
