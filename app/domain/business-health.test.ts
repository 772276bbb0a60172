import { describe, expect, it } from "vitest";
import { businessHealth, type DayFigure, healthWeeks, isoWeekOf, NO_CITY } from "./business-health";

describe("the health of the business's weeks", () => {
  it("numbers weeks the ISO way, across new years", () => {
    expect(isoWeekOf("2026-11-23")).toEqual({ year: 2026, week: 48 });
    expect(isoWeekOf("2026-11-29")).toEqual({ year: 2026, week: 48 });
    // 2026 starts on a Thursday, so it has 53 weeks and its last one holds 2027's first days.
    expect(isoWeekOf("2027-01-01")).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf("2027-01-04")).toEqual({ year: 2027, week: 1 });
    expect(isoWeekOf("2024-12-30")).toEqual({ year: 2025, week: 1 });
    expect(isoWeekOf("2021-01-03")).toEqual({ year: 2020, week: 53 });
  });

  it("gives the last weeks Monday to Sunday, oldest first, the last one holding today", () => {
    const weeks = healthWeeks(12, "2026-11-28");
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toEqual({ start: "2026-11-23", end: "2026-11-29", label: "2026-W48" });
    expect(weeks[0]).toEqual({ start: "2026-09-07", end: "2026-09-13", label: "2026-W37" });
    // A Monday is its own week's first day; a Sunday its last.
    expect(healthWeeks(1, "2026-11-23")[0]?.start).toBe("2026-11-23");
    expect(healthWeeks(1, "2026-11-29")[0]?.start).toBe("2026-11-23");
  });
});

describe("the health of the business's figures", () => {
  const weeks = healthWeeks(2, "2026-11-28");
  const days: DayFigure[] = [
    { day: "2026-11-16", city: "Makati", figure: "requested", value: 2 },
    { day: "2026-11-22", city: "Makati", figure: "paidIn", value: 930_000 },
    { day: "2026-11-24", city: "Makati", figure: "paidIn", value: 100_000 },
    { day: "2026-11-24", city: "Cebu City", figure: "paidIn", value: 450_000 },
    { day: "2026-11-25", city: "Cebu City", figure: "earnedByHosts", value: 300_000 },
    { day: "2026-11-25", city: "Cebu City", figure: "earnedByPlatform", value: -2_500 },
    { day: "2026-11-26", city: null, figure: "refunded", value: 10_000 },
    // Before the first week and after the last: left out.
    { day: "2026-11-15", city: "Makati", figure: "paidIn", value: 1 },
    { day: "2026-11-30", city: "Makati", figure: "paidIn", value: 1 },
  ];

  it("sums each week, with every figure of every week there, empty or not", () => {
    const health = businessHealth(weeks, days);
    expect(health.weeks.map((week) => week.label)).toEqual(["2026-W47", "2026-W48"]);
    expect(health.weeks[0]?.figures).toEqual({
      requested: 2,
      approved: 0,
      completed: 0,
      paidIn: 930_000,
      refunded: 0,
      earnedByHosts: 0,
      earnedByPlatform: 0,
    });
    expect(health.weeks[1]?.figures).toMatchObject({
      paidIn: 550_000,
      earnedByHosts: 300_000,
      earnedByPlatform: -2_500,
      refunded: 10_000,
    });
  });

  it("sums each city over the weeks, busiest first, and the totals of them all", () => {
    const health = businessHealth(weeks, days);
    expect(health.cities.map((city) => [city.city, city.figures.paidIn])).toEqual([
      ["Makati", 1_030_000],
      ["Cebu City", 450_000],
      [NO_CITY, 0],
    ]);
    expect(health.totals).toEqual({
      requested: 2,
      approved: 0,
      completed: 0,
      paidIn: 1_480_000,
      refunded: 10_000,
      earnedByHosts: 300_000,
      earnedByPlatform: -2_500,
    });
  });

  it("has nothing to show of no days", () => {
    const health = businessHealth(weeks, []);
    expect(health.cities).toEqual([]);
    expect(health.weeks.every((week) => Object.values(week.figures).every((value) => value === 0))).toBe(
      true,
    );
  });
});
