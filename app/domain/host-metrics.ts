import { addDays, addMonths, type CalendarDate, todayInManila } from "./dates";

/**
 * A host's dashboard (the product's getMyRentalsMetrics, getMyTenantsMetrics and getPaymentsMetrics, each with ownerId
 * and duration): what happened over the last 30 days, 90 days or 12 months, counted in bars a phone can read — days for
 * 30 days, weeks for 90, calendar months for 12.
 */
export const METRIC_DURATIONS = ["30_days", "90_days", "12_months"] as const;
export type MetricDuration = (typeof METRIC_DURATIONS)[number];

export const METRIC_DURATION_LABELS: Record<MetricDuration, string> = {
  "30_days": "30 days",
  "90_days": "90 days",
  "12_months": "12 months",
};

/** One bar of a chart: the Manila dates it covers, both included. */
export type MetricBucket = { start: CalendarDate; end: CalendarDate; label: string };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function dayLabel(date: CalendarDate): string {
  const [, month, day] = date.split("-").map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}`;
}

function monthLabel(date: CalendarDate): string {
  const [year, month] = date.split("-").map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${year}`;
}

/** The bars of a duration ending today (Manila), oldest first; the last one always holds today. */
export function metricBuckets(
  duration: MetricDuration,
  today: CalendarDate = todayInManila(),
): MetricBucket[] {
  if (duration === "12_months") {
    const thisMonth = `${today.slice(0, 7)}-01`;
    return Array.from({ length: 12 }, (_, n) => {
      const start = addMonths(thisMonth, n - 11);
      const end = n === 11 ? today : addDays(addMonths(start, 1), -1);
      return { start, end, label: monthLabel(start) };
    });
  }
  const [count, days] = duration === "30_days" ? [30, 1] : [13, 7];
  return Array.from({ length: count }, (_, n) => {
    const end = addDays(today, -(count - 1 - n) * days);
    const start = addDays(end, -(days - 1));
    return { start, end, label: days === 1 ? dayLabel(end) : `${dayLabel(start)}–${dayLabel(end)}` };
  });
}

/** The bar a Manila date falls in, or -1 when it is outside the duration. */
export function bucketOf(buckets: readonly MetricBucket[], date: CalendarDate): number {
  return buckets.findIndex((bucket) => bucket.start <= date && date <= bucket.end);
}

/** Sums `value` of each item into its bar (items outside the duration are left out). */
export function sumByBucket<T>(
  buckets: readonly MetricBucket[],
  items: readonly T[],
  dateOf: (item: T) => CalendarDate,
  value: (item: T) => number = () => 1,
): number[] {
  const sums = buckets.map(() => 0);
  for (const item of items) {
    const at = bucketOf(buckets, dateOf(item));
    if (at >= 0) sums[at] = (sums[at] ?? 0) + value(item);
  }
  return sums;
}

/** What a booking's state says about a request, for the rentals chart: taken, still open, or not taken. */
export const REQUEST_OUTCOMES = {
  accepted: ["approved", "active", "completed"],
  open: ["requested"],
  notAccepted: ["declined", "expired", "cancelled"],
} as const;

export type RequestOutcome = keyof typeof REQUEST_OUTCOMES;

export function outcomeOf(state: string): RequestOutcome | null {
  for (const [outcome, states] of Object.entries(REQUEST_OUTCOMES) as [RequestOutcome, readonly string[]][])
    if (states.includes(state)) return outcome;
  return null;
}

/** A stay the tenants chart counts: a renter's accepted booking and the dates it covers. */
export type Stay = { renterId: string; startDate: CalendarDate; endDate: CalendarDate; current: boolean };

/**
 * Tenants over a duration: those whose accepted stay covers any day of it or is still to come — current (a stay
 * approved or active now) or past — and repeat tenants (two stays or more with this host, ever); and per bar, the distinct tenants whose
 * stay covers a day of that bar.
 */
export function tenantCounts(buckets: readonly MetricBucket[], stays: readonly Stay[]) {
  const first = buckets[0]?.start ?? "";
  const last = buckets.at(-1)?.end ?? "";
  const overlaps = (stay: Stay, start: CalendarDate, end: CalendarDate) =>
    stay.startDate <= end && stay.endDate >= start;
  // A tenant approved for a stay that starts later is a current tenant already.
  const inWindow = stays.filter((stay) => stay.current || overlaps(stay, first, last));
  const tenants = new Set(inWindow.map((stay) => stay.renterId));
  const current = new Set(inWindow.filter((stay) => stay.current).map((stay) => stay.renterId));
  const staysOf = new Map<string, number>();
  for (const stay of stays) staysOf.set(stay.renterId, (staysOf.get(stay.renterId) ?? 0) + 1);
  return {
    tenants: tenants.size,
    current: current.size,
    past: [...tenants].filter((renter) => !current.has(renter)).length,
    repeat: [...tenants].filter((renter) => (staysOf.get(renter) ?? 0) >= 2).length,
    series: buckets.map(
      (bucket) =>
        new Set(inWindow.filter((stay) => overlaps(stay, bucket.start, bucket.end)).map((s) => s.renterId))
          .size,
    ),
  };
}
