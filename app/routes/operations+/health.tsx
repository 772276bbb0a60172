import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { consoleBusinessHealth, consoleLedgerCheck } from "~/api/operations/health.server";
import { BarChart } from "~/components/dashboard/bar-chart";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConsoleShell, consoleHandle, consoleMeta } from "~/components/operations/console-shell";
import { ConsoleFilters, Field, inputClass } from "~/components/operations/fields";
import {
  BOOKING_FIGURES,
  type Figures,
  HEALTH_DEFAULT_WEEKS,
  HEALTH_FIGURE_LABELS,
  HEALTH_FIGURES,
  HEALTH_WEEK_CHOICES,
  type HealthFigure,
} from "~/domain/business-health";
import { CENTAVOS_PER_PESO, formatPeso } from "~/domain/money";
import { requireConsole, resultOrNotFound } from "~/screens/operations.server";

/**
 * The health of the business (docs/operations.md; finance and admin): the ledger check's result, then per ISO week and
 * per city the bookings and the money, as server-drawn charts (the host dashboard's) and tables. The filters are a GET
 * form, so it works without JavaScript.
 */
export const handle = consoleHandle;
export const meta: MetaFunction = () => consoleMeta("Health of the business");

export async function loader({ request }: LoaderFunctionArgs) {
  const { client, state } = await requireConsole(request);
  const params = new URL(request.url).searchParams;
  const filters = {
    city: params.get("city") ?? "",
    weeks: params.get("weeks") ?? String(HEALTH_DEFAULT_WEEKS),
  };
  const [health, ledger] = await Promise.all([
    client.call(consoleBusinessHealth, { query: { city: filters.city || undefined, weeks: filters.weeks } }),
    client.call(consoleLedgerCheck),
  ]);
  const check = resultOrNotFound(ledger);
  if (!health.ok && health.status === 400) {
    // A filter the list does not offer (a hand-typed address): say so, and show every city's last weeks instead.
    const every = resultOrNotFound(await client.call(consoleBusinessHealth, { query: {} }));
    return data({ state, filters, health: every, check, problem: health.message });
  }
  return data({ state, filters, health: resultOrNotFound(health), check, problem: null });
}

const isMoney = (figure: HealthFigure) => !(BOOKING_FIGURES as readonly string[]).includes(figure);
const show = (figure: HealthFigure, value: number) => (isMoney(figure) ? formatPeso(value) : String(value));
/** A money chart's words: pesos in the table, whole pesos on the axis. */
const inPesos = {
  format: formatPeso,
  tickFormat: (centavos: number) => formatPeso(centavos).replace(/\.00$/, ""),
  tickUnit: CENTAVOS_PER_PESO,
};

export default function BusinessHealth() {
  const { state, filters, health, check, problem } = useLoaderData<typeof loader>();
  const labels = health.byWeek.map((week) => week.label);
  const series = (figure: HealthFigure, color: string) => ({
    key: figure,
    label: HEALTH_FIGURE_LABELS[figure],
    color,
    values: health.byWeek.map((week) => week.figures[figure]),
  });
  const where = health.city
    ? (health.cities.find((city) => city.slug === health.city)?.name ?? health.city)
    : "every city";
  return (
    <ConsoleShell state={state} title="Health of the business">
      <section aria-labelledby="ledger-check">
        <h2 id="ledger-check" className="text-lg font-semibold text-slate-900">
          Ledger check
        </h2>
        {check.problems.length === 0 ? (
          <p className="mt-1 font-semibold text-emerald-800" data-testid="ledger-check">
            The ledger is balanced: every entry adds up to zero and every booking's money is accounted for.
          </p>
        ) : (
          <>
            <p role="alert" className="mt-1 font-semibold text-red-800" data-testid="ledger-check">
              The ledger is not balanced: {check.problems.length} problem(s).
            </p>
            <ul className="mt-2 space-y-1 font-mono text-xs break-all text-slate-800">
              {check.problems.map((one) => (
                <li key={JSON.stringify(one)}>{JSON.stringify(one)}</li>
              ))}
            </ul>
          </>
        )}
        <p className="mt-1 text-sm text-slate-600">
          The check of <code>npm run ops -- ledger:check</code>, run now in {check.tookMs} ms.
        </p>
      </section>

      <ConsoleFilters submit="Show" className="mt-6 flex flex-wrap items-end gap-3">
        <Field label="City">
          <select name="city" defaultValue={health.city ?? ""} className={inputClass}>
            <option value="">Every city</option>
            {health.cities.map((city) => (
              <option key={city.slug} value={city.slug}>
                {city.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Weeks">
          <select name="weeks" defaultValue={String(health.weeks)} className={inputClass}>
            {HEALTH_WEEK_CHOICES.map((weeks) => (
              <option key={weeks} value={weeks}>
                Last {weeks} weeks
              </option>
            ))}
          </select>
        </Field>
      </ConsoleFilters>
      {problem ? (
        <p role="alert" className="mt-3 text-red-800">
          {problem} (asked: {filters.city})
        </p>
      ) : null}

      <h2 className="mt-6 text-lg font-semibold text-slate-900">
        Last {health.weeks} weeks, {where}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Totals">
        {HEALTH_FIGURES.map((figure) => (
          <div key={figure} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs font-semibold text-slate-600">{HEALTH_FIGURE_LABELS[figure]}</dt>
            <dd className="mt-1 text-lg font-bold text-slate-900">{show(figure, health.totals[figure])}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-4 lg:grid-cols-3">
        <BarChart
          title="Bookings requested, per week"
          labels={labels}
          series={[series("requested", "#0f766e")]}
        />
        <BarChart
          title="Money paid in, per week"
          labels={labels}
          {...inPesos}
          series={[series("paidIn", "#1d4ed8")]}
        />
        <BarChart
          title="Earned by hosts and by the platform, per week"
          labels={labels}
          {...inPesos}
          series={[series("earnedByHosts", "#0f766e"), series("earnedByPlatform", "#f59e0b")]}
        />
      </div>

      <FiguresTable
        caption={`Per week (Monday to Sunday, Manila), ${where}`}
        heading="Week"
        rows={health.byWeek.map((week) => ({
          key: week.label,
          name: `${week.label} (${week.start} – ${week.end})`,
          figures: week.figures,
        }))}
        totals={health.totals}
      />
      <FiguresTable
        caption={`Per city, last ${health.weeks} weeks`}
        heading="City"
        rows={health.byCity.map((city) => ({ key: city.city, name: city.city, figures: city.figures }))}
        totals={health.totals}
      />
      <p className="mt-2 text-sm text-slate-600">
        Money is counted from the ledger on the day it moved: paid in when the provider confirmed it, refunded
        when the refund was decided, earned by a host when the rent was released, earned by the platform when
        its fee was (less the vouchers and coupons it funded). Bookings count on the day they reached each
        state.
      </p>
    </ConsoleShell>
  );
}

function FiguresTable({
  caption,
  heading,
  rows,
  totals,
}: {
  caption: string;
  heading: string;
  rows: { key: string; name: string; figures: Figures }[];
  totals: Figures;
}) {
  return (
    <div className="mt-6 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="text-left font-semibold text-slate-900">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-3">
              {heading}
            </th>
            {HEALTH_FIGURES.map((figure) => (
              <th key={figure} scope="col" className="py-2 pr-3 text-right">
                {HEALTH_FIGURE_LABELS[figure]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-3 font-normal whitespace-nowrap">
                {row.name}
              </th>
              {HEALTH_FIGURES.map((figure) => (
                <td key={figure} className="py-2 pr-3 text-right whitespace-nowrap">
                  {show(figure, row.figures[figure])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold">
            <th scope="row" className="py-2 pr-3">
              Total
            </th>
            {HEALTH_FIGURES.map((figure) => (
              <td key={figure} className="py-2 pr-3 text-right whitespace-nowrap">
                {show(figure, totals[figure])}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
