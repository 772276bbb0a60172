import { addDays, type CalendarDate, todayInManila, toEpochDay, weekday } from "./dates";
import { type MetricBucket, sumByBucket } from "./host-metrics";

/**
 * The console's health of the business (docs/operations.md; finance and admin): per ISO week — Monday to Sunday in
 * Manila, the weeks of the payout batches — and per city, the bookings requested, approved and completed, and the
 * money paid in, refunded, earned by hosts and earned by the platform. The figures come in as one number per Manila
 * day, city and figure (the ledger's rows and the bookings' history, summed by the query service); here they become
 * weeks, cities and totals. Money in integer centavos.
 */

export const HEALTH_FIGURES = [
  "requested",
  "approved",
  "completed",
  "paidIn",
  "refunded",
  "earnedByHosts",
  "earnedByPlatform",
] as const;
export type HealthFigure = (typeof HEALTH_FIGURES)[number];

export const BOOKING_FIGURES = ["requested", "approved", "completed"] as const satisfies HealthFigure[];
export const MONEY_FIGURES = [
  "paidIn",
  "refunded",
  "earnedByHosts",
  "earnedByPlatform",
] as const satisfies HealthFigure[];

export const HEALTH_FIGURE_LABELS: Record<HealthFigure, string> = {
  requested: "Requested",
  approved: "Approved",
  completed: "Completed",
  paidIn: "Paid in",
  refunded: "Refunded",
  earnedByHosts: "Earned by hosts",
  earnedByPlatform: "Earned by the platform",
};

/** How many weeks the page may show: a month, a quarter (the default), half a year, a year. */
export const HEALTH_WEEK_CHOICES = [4, 12, 26, 52] as const;
export const HEALTH_DEFAULT_WEEKS = 12;

/** One figure of one Manila day and city; `city` is the city's name, or null for a listing without one. */
export type DayFigure = { day: CalendarDate; city: string | null; figure: HealthFigure; value: number };

export type Figures = Record<HealthFigure, number>;
export type WeekFigures = MetricBucket & { figures: Figures };
export type CityFigures = { city: string; figures: Figures };

/** What a listing without a city is counted under. */
export const NO_CITY = "No city";

/** The ISO week of a date, e.g. 2026-11-23 → { year: 2026, week: 48 }: the year of its Thursday, weeks from Monday. */
export function isoWeekOf(date: CalendarDate): { year: number; week: number } {
  const thursday = addDays(date, 3 - ((weekday(date) + 6) % 7));
  const year = Number(thursday.slice(0, 4));
  const dayOfYear = toEpochDay(thursday) - toEpochDay(`${thursday.slice(0, 4)}-01-01`);
  return { year, week: Math.floor(dayOfYear / 7) + 1 };
}

/** The last `count` ISO weeks ending with today's (Manila), oldest first, each labelled by its week number. */
export function healthWeeks(count: number, today: CalendarDate = todayInManila()): MetricBucket[] {
  const monday = addDays(today, -((weekday(today) + 6) % 7));
  return Array.from({ length: count }, (_, n) => {
    const start = addDays(monday, -7 * (count - 1 - n));
    const { year, week } = isoWeekOf(start);
    return { start, end: addDays(start, 6), label: `${year}-W${String(week).padStart(2, "0")}` };
  });
}

const noFigures = (): Figures => Object.fromEntries(HEALTH_FIGURES.map((figure) => [figure, 0])) as Figures;

/**
 * The weeks' figures (every week, those with nothing too), each city's over all the weeks (busiest first by money
 * paid in, then by name), and the totals. Days outside the weeks are left out.
 */
export function businessHealth(
  weeks: readonly MetricBucket[],
  days: readonly DayFigure[],
): { weeks: WeekFigures[]; cities: CityFigures[]; totals: Figures } {
  const inWeeks = days.filter(
    (one) => one.day >= (weeks[0]?.start ?? "") && one.day <= (weeks.at(-1)?.end ?? ""),
  );
  const perWeek = Object.fromEntries(
    HEALTH_FIGURES.map((figure) => [
      figure,
      sumByBucket(
        weeks,
        inWeeks.filter((one) => one.figure === figure),
        (one) => one.day,
        (one) => one.value,
      ),
    ]),
  ) as Record<HealthFigure, number[]>;
  const byCity = new Map<string, Figures>();
  const totals = noFigures();
  for (const one of inWeeks) {
    const city = one.city ?? NO_CITY;
    const figures = byCity.get(city) ?? noFigures();
    figures[one.figure] += one.value;
    totals[one.figure] += one.value;
    byCity.set(city, figures);
  }
  return {
    weeks: weeks.map((week, n) => ({
      ...week,
      figures: Object.fromEntries(
        HEALTH_FIGURES.map((figure) => [figure, perWeek[figure][n] ?? 0]),
      ) as Figures,
    })),
    cities: [...byCity.entries()]
      .map(([city, figures]) => ({ city, figures }))
      .sort((a, b) => b.figures.paidIn - a.figures.paidIn || a.city.localeCompare(b.city)),
    totals,
  };
}
