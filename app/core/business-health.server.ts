import { performance } from "node:perf_hooks";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { DayFigure, HealthFigure } from "~/domain/business-health";
import { type CalendarDate, MANILA_UTC_OFFSET_MINUTES, startOfManilaDay } from "~/domain/dates";
import { checkLedger, LEDGER_FIGURES, type LedgerProblem } from "./ledger.server";

/**
 * The health of the business (docs/operations.md): per Manila day and city since `since`, the bookings that reached
 * requested, approved and completed (their history's transitions) and the money the ledger moved — paid in, refunded,
 * earned by hosts, earned by the platform — read through the ledger check's own `LEDGER_FIGURES`. A row counts in
 * the city of its booking's listing; `citySlug` keeps one city. The weeks are made by app/domain/business-health.ts.
 */

const rows = async <T>(db: Database, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The Manila date of a timestamp column (Manila keeps UTC+8 all year: no time-zone database needed). */
const manilaDay = (column: SQL) =>
  sql`to_char((${column} at time zone 'UTC') + make_interval(mins => ${MANILA_UTC_OFFSET_MINUTES}), 'YYYY-MM-DD')`;

const BOOKING_STATES: Record<string, HealthFigure> = {
  requested: "requested",
  approved: "approved",
  completed: "completed",
};

export async function businessDays(
  db: Database,
  filter: { since: CalendarDate; citySlug?: string | null },
): Promise<DayFigure[]> {
  const from = startOfManilaDay(filter.since).toISOString();
  const city = filter.citySlug ? sql`and c.slug = ${filter.citySlug}` : sql``;
  const bookingRows = await rows<{ day: string; city: string | null; state: string; count: number }>(
    db,
    sql`
    select ${manilaDay(sql`h.at`)} as day, c.name as city, h.to_state as state, count(*)::int as count
    from booking_history h
    join bookings b on b.id = h.booking_id
    join spaces s on s.id = b.space_id
    left join cities c on c.id = s.city_id
    where h.to_state in ('requested', 'approved', 'completed') and h.from_state is distinct from h.to_state
      and h.at >= ${from} ${city}
    group by 1, 2, 3`,
  );
  const moneyRows = await rows<
    Record<"day" | "city" | "paid_in" | "refunded" | "hosts" | "platform", string>
  >(
    db,
    sql`
    select ${manilaDay(sql`ledger_entries.created_at`)} as day, c.name as city,
      sum(${LEDGER_FIGURES.paidIn})::text as paid_in, sum(${LEDGER_FIGURES.refunded})::text as refunded,
      sum(${LEDGER_FIGURES.earnedByHosts})::text as hosts, sum(${LEDGER_FIGURES.earnedByPlatform})::text as platform
    from ledger_entries
    left join bookings b on b.id = ledger_entries.booking_id
    left join spaces s on s.id = b.space_id
    left join cities c on c.id = s.city_id
    where ledger_entries.created_at >= ${from} ${city}
    group by 1, 2`,
  );
  const days: DayFigure[] = bookingRows.flatMap((row) => {
    const figure = BOOKING_STATES[row.state];
    return figure ? [{ day: row.day, city: row.city, figure, value: Number(row.count) }] : [];
  });
  for (const row of moneyRows)
    for (const [figure, column] of [
      ["paidIn", "paid_in"],
      ["refunded", "refunded"],
      ["earnedByHosts", "hosts"],
      ["earnedByPlatform", "platform"],
    ] as const) {
      const value = Number(row[column]);
      if (value !== 0) days.push({ day: row.day, city: row.city, figure, value });
    }
  return days;
}

/** The cities whose listings were ever booked: the page's city filter. */
export async function bookedCities(db: Database): Promise<{ slug: string; name: string }[]> {
  return rows<{ slug: string; name: string }>(
    db,
    sql`
    select distinct c.slug, c.name from bookings b
    join spaces s on s.id = b.space_id
    join cities c on c.id = s.city_id
    order by c.name`,
  );
}

/** The ledger check of `npm run ops -- ledger:check`, and how long it took (it reads every booking's money). */
export async function timedLedgerCheck(db: Database): Promise<{ problems: LedgerProblem[]; tookMs: number }> {
  const started = performance.now();
  const problems = await checkLedger(db);
  return { problems, tookMs: Math.round(performance.now() - started) };
}
