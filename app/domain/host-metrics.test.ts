import { describe, expect, it } from "vitest";
import { addDays } from "./dates";
import { bucketOf, metricBuckets, outcomeOf, sumByBucket, tenantCounts } from "./host-metrics";

describe("the dashboard's bars", () => {
  it("30 days: one bar a day, the last one today", () => {
    const buckets = metricBuckets("30_days", "2026-03-02");
    expect(buckets).toHaveLength(30);
    expect(buckets[0]).toEqual({ start: "2026-02-01", end: "2026-02-01", label: "Feb 1" });
    expect(buckets.at(-1)).toEqual({ start: "2026-03-02", end: "2026-03-02", label: "Mar 2" });
  });

  it("90 days: 13 weeks of 7 days back to back, the last one ending today", () => {
    const buckets = metricBuckets("90_days", "2026-11-26");
    expect(buckets).toHaveLength(13);
    expect(buckets.at(-1)).toEqual({ start: "2026-11-20", end: "2026-11-26", label: "Nov 20–Nov 26" });
    expect(buckets[0]?.start).toBe("2026-08-28");
    for (let n = 1; n < buckets.length; n++)
      expect(buckets[n]?.start).toBe(addDays(buckets[n - 1]?.end as string, 1));
  });

  it("12 months: calendar months, this month up to today, across a new year", () => {
    const buckets = metricBuckets("12_months", "2026-02-10");
    expect(buckets).toHaveLength(12);
    expect(buckets[0]).toEqual({ start: "2025-03-01", end: "2025-03-31", label: "Mar 2025" });
    expect(buckets[10]).toEqual({ start: "2026-01-01", end: "2026-01-31", label: "Jan 2026" });
    expect(buckets[11]).toEqual({ start: "2026-02-01", end: "2026-02-10", label: "Feb 2026" });
  });

  it("puts a date in its bar, and leaves out what is outside the duration", () => {
    const buckets = metricBuckets("12_months", "2026-02-10");
    expect(bucketOf(buckets, "2025-12-31")).toBe(9);
    expect(bucketOf(buckets, "2025-02-28")).toBe(-1);
    expect(bucketOf(buckets, "2026-02-11")).toBe(-1);
    const sums = sumByBucket(
      buckets,
      [
        { on: "2026-02-01", amount: 100_00 },
        { on: "2026-02-10", amount: 50_00 },
        { on: "2024-01-01", amount: 999_00 },
      ],
      (item) => item.on,
      (item) => item.amount,
    );
    expect(sums[11]).toBe(150_00);
    expect(sums.reduce((a, b) => a + b)).toBe(150_00);
  });
});

describe("requests and tenants", () => {
  it("sorts a booking's state into accepted, open or not accepted; a checkout not paid is no request", () => {
    expect(outcomeOf("active")).toBe("accepted");
    expect(outcomeOf("requested")).toBe("open");
    expect(outcomeOf("expired")).toBe("notAccepted");
    expect(outcomeOf("awaiting_payment")).toBeNull();
  });

  it("counts current, past and repeat tenants whose stays meet the duration, and the tenants of each bar", () => {
    const buckets = metricBuckets("30_days", "2026-03-30");
    const counts = tenantCounts(buckets, [
      { renterId: "ana", startDate: "2026-03-01", endDate: "2026-05-31", current: true },
      { renterId: "ben", startDate: "2026-01-01", endDate: "2026-03-05", current: false },
      { renterId: "ben", startDate: "2025-01-01", endDate: "2025-03-31", current: false },
      { renterId: "cy", startDate: "2025-06-01", endDate: "2025-06-30", current: false },
    ]);
    expect(counts).toMatchObject({ tenants: 2, current: 1, past: 1, repeat: 1 });
    expect(counts.series[0]).toBe(2); // Mar 1: ana and ben
    expect(counts.series.at(-1)).toBe(1); // Mar 30: ana only
  });
});
