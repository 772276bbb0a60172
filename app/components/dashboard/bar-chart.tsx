import { scaleBand, scaleLinear } from "d3-scale";

/**
 * A stacked bar chart drawn as SVG on the server: readable without JavaScript and light on a slow phone. d3-scale
 * places the bars and picks round ticks; the figure is hidden from screen readers, which read the table beside it
 * (the same numbers, in rows).
 *
 * The axis counts in whole units (`tickUnit`: one booking, or one peso for money in centavos): a chart of nothing
 * yet (a new host) still has an axis from 0 to one unit, and never a tick of half a booking or a fifth of a centavo.
 */
export type ChartSeries = { key: string; label: string; color: string; values: number[] };

const WIDTH = 640;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 56 };

export function BarChart({
  title,
  labels,
  series,
  format = (value) => String(value),
  tickFormat = format,
  tickUnit = 1,
}: {
  title: string;
  labels: string[];
  series: ChartSeries[];
  /** How the table writes a value. */
  format?: (value: number) => string;
  /** How the axis writes a tick (shorter, where the table's would crowd it). */
  tickFormat?: (value: number) => string;
  /** The smallest step the axis counts in, a power of ten (100 for money in centavos: whole pesos). */
  tickUnit?: number;
}) {
  const totals = labels.map((_, n) => series.reduce((sum, one) => sum + (one.values[n] ?? 0), 0));
  const x = scaleBand<number>()
    .domain(labels.map((_, n) => n))
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.2);
  const y = scaleLinear()
    .domain([0, Math.max(tickUnit, ...totals)])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  // d3's round steps (1, 2 or 5 times a power of ten) either are whole units or divide one, so the unit itself is
  // always among the ticks kept.
  const ticks = y.ticks(4).filter((tick) => tick % tickUnit === 0);
  // Every label would crowd a phone's width: about six along the axis.
  const labelEvery = Math.max(1, Math.ceil(labels.length / 6));
  return (
    <figure className="mt-3">
      <figcaption className="text-sm font-semibold text-slate-700">{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-2 h-auto w-full"
        aria-hidden="true"
        data-testid="bar-chart"
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
            <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize="11" fill="#475569">
              {tickFormat(tick)}
            </text>
          </g>
        ))}
        {labels.map((label, n) => {
          let base = 0;
          return (
            <g key={label}>
              {series.map((one) => {
                const value = one.values[n] ?? 0;
                const top = y(base + value);
                const height = y(base) - top;
                base += value;
                return value > 0 ? (
                  <rect
                    key={one.key}
                    x={x(n)}
                    y={top}
                    width={x.bandwidth()}
                    height={height}
                    fill={one.color}
                    data-series={one.key}
                  />
                ) : null;
              })}
              {n % labelEvery === 0 || n === labels.length - 1 ? (
                <text
                  x={(x(n) ?? 0) + x.bandwidth() / 2}
                  y={HEIGHT - MARGIN.bottom + 16}
                  textAnchor="middle"
                  fontSize="11"
                  fill="#475569"
                >
                  {label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <ul className="mt-2 flex flex-wrap gap-3 text-xs text-slate-700" aria-hidden="true">
        {series.map((one) => (
          <li key={one.key} className="flex items-center gap-1">
            <span className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: one.color }} />
            {one.label}
          </li>
        ))}
      </ul>
      {/* A table is as wide as its cells whatever its own width says: the clipped box around it keeps a phone's page
          from growing sideways. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              {series.map((one) => (
                <th key={one.key} scope="col">
                  {one.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, n) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((one) => (
                  <td key={one.key}>{format(one.values[n] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
