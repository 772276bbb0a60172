import { describe, expect, it } from "vitest";
import { groupByDay } from "./notification-days";

describe("the bell's news by day", () => {
  // 9:00 AM on Saturday 28 November 2026 in Manila.
  const now = new Date("2026-11-28T01:00:00.000Z");

  it("groups by Manila's calendar day, newest day first: today, yesterday, then the date", () => {
    const groups = groupByDay(
      [
        { id: "a", createdAt: "2026-11-28T00:30:00.000Z" }, // 8:30 AM today
        { id: "b", createdAt: "2026-11-27T17:00:00.000Z" }, // 1:00 AM today (still the 27th in UTC)
        { id: "c", createdAt: "2026-11-27T15:00:00.000Z" }, // 11:00 PM yesterday
        { id: "d", createdAt: "2026-11-20T03:00:00.000Z" },
      ],
      now,
    );
    expect(groups.map((group) => [group.label, group.items.map((item) => item.id)])).toEqual([
      ["Today", ["a", "b"]],
      ["Yesterday", ["c"]],
      ["November 20, 2026", ["d"]],
    ]);
  });

  it("has no groups when there is no news", () => {
    expect(groupByDay([], now)).toEqual([]);
  });
});
