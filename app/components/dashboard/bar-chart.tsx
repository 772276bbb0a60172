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

/** The bars' drawing: its own units, stretched to the chart's box (its text is HTML, beside and under it). */
const WIDTH = 640;
const HEIGHT = 200;
/** Room above the highest tick, so its label is not cut. */
const TOP = 8;
/** Period labels along the axis: a phone's width takes about four, a wider screen seven (ADR 0088). */
const PHONE_LABELS = 4;
const WIDE_LABELS = 7;

/**
 * The periods whose labels are written, evenly spread from the first to the last: on a wide screen up to
 * WIDE_LABELS, on a phone every other one of those (up to PHONE_LABELS), so a phone's labels never crowd.
 */
export function labelledPeriods(count: number): { index: number; phone: boolean }[] {
  if (count === 0) return [];
  const wanted = Math.min(count, WIDE_LABELS);
  const indexes =
    wanted === 1
      ? [0]
      : [...new Set(Array.from({ length: wanted }, (_, n) => Math.round((n * (count - 1)) / (wanted - 1))))];
  const phoneEvery = Math.max(1, Math.ceil((indexes.length - 1) / (PHONE_LABELS - 1)));
  return indexes.map((index, n) => ({
    index,
    phone: n % phoneEvery === 0 || n === indexes.length - 1,
  }));
}

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
    .range([0, WIDTH])
    .padding(0.2);
  const y = scaleLinear()
    .domain([0, Math.max(tickUnit, ...totals)])
    .nice(4)
    .range([HEIGHT, TOP]);
  // d3's round steps (1, 2 or 5 times a power of ten) either are whole units or divide one, so the unit itself is
  // always among the ticks kept.
  const ticks = y
    .ticks(4)
    .filter((tick) => tick % tickUnit === 0)
    .map((tick) => ({ tick, text: tickFormat(tick) }));
  const axisWidth = Math.max(...ticks.map((one) => one.text.length)) + 1;
  const percent = (value: number, whole: number) => `${((100 * value) / whole).toFixed(2)}%`;
  const periods = labelledPeriods(labels.length);
  return (
    <figure className="mt-3">
      <figcaption className="text-sm font-semibold text-slate-700">{title}</figcaption>
      {/* The labels are HTML at the page's own text size: SVG text would shrink with the drawing on a phone. */}
      <div className="mt-3 flex text-xs text-slate-600" aria-hidden="true" data-testid="bar-chart">
        <div className="relative shrink-0" style={{ width: `${axisWidth}ch` }}>
          {ticks.map(({ tick, text }) => (
            <span
              key={tick}
              className="absolute right-1.5 -translate-y-1/2 leading-none"
              style={{ top: percent(y(tick), HEIGHT) }}
              data-tick=""
            >
              {text}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="block h-36 w-full sm:h-48"
            aria-hidden="true"
          >
            {ticks.map(({ tick }) => (
              <line
                key={tick}
                x1={0}
                x2={WIDTH}
                y1={y(tick)}
                y2={y(tick)}
                stroke="#e2e8f0"
                vectorEffect="non-scaling-stroke"
              />
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
                </g>
              );
            })}
          </svg>
          <div className="relative mt-1 h-4">
            {periods.map(({ index, phone }, n) => {
              const left = x(index) ?? 0;
              // The first and last labels keep to the drawing's edges, so none spills past the page on a phone.
              const place =
                n === 0 && periods.length > 1
                  ? { left: percent(left, WIDTH) }
                  : n === periods.length - 1 && periods.length > 1
                    ? { right: percent(WIDTH - left - x.bandwidth(), WIDTH) }
                    : { left: percent(left + x.bandwidth() / 2, WIDTH), transform: "translateX(-50%)" };
              return (
                <span
                  key={labels[index]}
                  className={`absolute top-0 whitespace-nowrap leading-4 ${phone ? "" : "hidden sm:block"}`}
                  style={place}
                  data-period=""
                >
                  {labels[index]}
                </span>
              );
            })}
          </div>
        </div>
      </div>
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
