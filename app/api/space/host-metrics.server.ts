import { and, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import { z } from "zod/v4";
import { ACCOUNTS } from "~/core/ledger.server";
import type { Database } from "~/db/client.server";
import { bookings, ledgerEntries, refunds } from "~/db/schema";
import { startOfManilaDay, todayInManila } from "~/domain/dates";
import {
  METRIC_DURATIONS,
  type MetricBucket,
  type MetricDuration,
  metricBuckets,
  outcomeOf,
  REQUEST_OUTCOMES,
  type RequestOutcome,
  sumByBucket,
  tenantCounts,
} from "~/domain/host-metrics";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";

/**
 * A host's dashboard (docs/product.md, Calls: getMyRentalsMetrics, getMyTenantsMetrics, getPaymentsMetrics with ownerId
 * and duration): the host's requests by outcome, tenants, and money per bar of the chosen duration. Only the owner
 * reads their own; the money figures are sums of the ledger's rows, as the earnings page's are.
 */

export const METRICS_NOT_YOURS = "These metrics are not yours.";

const MetricsQuery = z.strictObject({
  ownerId: z.uuid({ error: "ownerId must be a user id." }),
  duration: z
    .enum(METRIC_DURATIONS, { error: "duration must be 30_days, 90_days or 12_months." })
    .default("30_days"),
});

type Window = { duration: MetricDuration; buckets: MetricBucket[] };

function windowOf(ownerId: string, userId: string, duration: MetricDuration): Window & { since: Date } {
  if (ownerId !== userId) throw new ApiError(403, METRICS_NOT_YOURS);
  const buckets = metricBuckets(duration);
  return { duration, buckets, since: startOfManilaDay((buckets[0] as MetricBucket).start) };
}

const bucketsOut = (buckets: MetricBucket[]) =>
  buckets.map(({ start, end, label }) => ({ start, end, label }));

export const getMyRentalsMetrics = defineEndpoint({
  method: "GET",
  path: "/space/getMyRentalsMetrics",
  auth: "required",
  answers: [403],
  summary:
    "The owner's booking requests over the duration (30_days, 90_days or 12_months): how many each state holds now, and per bar (days, weeks or months) how many were accepted, are still open, or were not accepted.",
  tags: ["space"],
  query: MetricsQuery,
  async handler({ db, user, query }) {
    const { duration, buckets, since } = windowOf(query.ownerId, user.id, query.duration);
    const rows = await db
      .select({ state: bookings.state, requestedAt: bookings.requestedAt })
      .from(bookings)
      .where(
        and(eq(bookings.hostId, user.id), isNotNull(bookings.requestedAt), gte(bookings.requestedAt, since)),
      );
    const byState: Record<string, number> = {};
    for (const row of rows) byState[row.state] = (byState[row.state] ?? 0) + 1;
    const series = Object.fromEntries(
      (Object.keys(REQUEST_OUTCOMES) as RequestOutcome[]).map((outcome) => [
        outcome,
        sumByBucket(
          buckets,
          rows.filter((row) => outcomeOf(row.state) === outcome),
          (row) => todayInManila(row.requestedAt as Date),
        ),
      ]),
    ) as Record<RequestOutcome, number[]>;
    return { duration, requests: rows.length, byState, buckets: bucketsOut(buckets), series };
  },
});

export const getMyTenantsMetrics = defineEndpoint({
  method: "GET",
  path: "/space/getMyTenantsMetrics",
  auth: "required",
  answers: [403],
  summary:
    "The owner's tenants over the duration: those whose accepted booking covers any day of it, current (approved or active now) and past, repeat tenants (two bookings or more with this host), and per bar the tenants staying.",
  tags: ["space"],
  query: MetricsQuery,
  async handler({ db, user, query }) {
    const { duration, buckets } = windowOf(query.ownerId, user.id, query.duration);
    const stays = await db
      .select({
        renterId: bookings.renterId,
        startDate: bookings.startDate,
        endDate: bookings.endDate,
        state: bookings.state,
      })
      .from(bookings)
      .where(and(eq(bookings.hostId, user.id), inArray(bookings.state, [...REQUEST_OUTCOMES.accepted])));
    const counts = tenantCounts(
      buckets,
      stays.map((stay) => ({ ...stay, current: stay.state !== "completed" })),
    );
    return { duration, ...counts, buckets: bucketsOut(buckets) };
  },
});

export const getPaymentsMetrics = defineEndpoint({
  method: "GET",
  path: "/space/getPaymentsMetrics",
  auth: "required",
  answers: [403],
  summary:
    "The owner's money over the duration, per bar: rent earned (released 48 hours after each period starts), paid out (when a payout was marked paid), and refunds to renters of the owner's bookings; with the totals and what is payable now.",
  tags: ["space"],
  query: MetricsQuery,
  async handler({ db, user, query }) {
    const { duration, buckets, since } = windowOf(query.ownerId, user.id, query.duration);
    const hostRows = await hostLedgerRows(db, user.id, since);
    const refunded = await db
      .select({ amount: refunds.amount, at: refunds.updatedAt })
      .from(refunds)
      .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
      .where(
        and(eq(bookings.hostId, user.id), eq(refunds.state, "succeeded"), gte(refunds.updatedAt, since)),
      );
    const day = (at: Date | null) => todayInManila(at as Date);
    const series = {
      earned: sumByBucket(
        buckets,
        hostRows.filter((row) => row.amount < 0),
        (row) => day(row.at),
        (row) => -row.amount,
      ),
      paidOut: sumByBucket(
        buckets,
        hostRows.filter((row) => row.amount > 0),
        (row) => day(row.at),
        (row) => row.amount,
      ),
      refunds: sumByBucket(
        buckets,
        refunded,
        (row) => day(row.at),
        (row) => row.amount,
      ),
    };
    const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
    return {
      duration,
      earned: total(series.earned),
      paidOut: total(series.paidOut),
      refunds: total(series.refunds),
      payable: await payableNow(db, user.id),
      buckets: bucketsOut(buckets),
      series,
    };
  },
});

/** The host's rows in the host payable account since `since`: rent released (credits) and payouts paid (debits). */
function hostLedgerRows(db: Database, hostId: string, since: Date) {
  return db
    .select({ amount: ledgerEntries.amount, at: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.hostId, hostId),
        eq(ledgerEntries.account, ACCOUNTS.hostPayable),
        gte(ledgerEntries.createdAt, since),
      ),
    );
}

/** Earned and not yet paid out: the host payable account's balance for the host, a sum of rows. */
async function payableNow(db: Database, hostId: string): Promise<number> {
  const [row] = await db
    .select({ owed: sql<string>`coalesce(-sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.hostId, hostId), eq(ledgerEntries.account, ACCOUNTS.hostPayable)));
  return Number(row?.owed ?? 0);
}

export const endpoints: Endpoint[] = [getMyRentalsMetrics, getMyTenantsMetrics, getPaymentsMetrics];
