import { CENTAVOS_PER_PESO, formatPeso } from "~/domain/money";
import type { BudgetMeter } from "~/domain/search";

/**
 * The budget meter: a histogram of the monthly prices of what the search finds (its own prices aside), drawn
 * above the price inputs. Server-rendered bars; each is a list item that says its range and count to screen
 * readers. Bars inside the chosen price range are darker.
 */
export function BudgetMeterChart({
  meter,
  minPrice,
  maxPrice,
  id,
}: {
  meter: BudgetMeter;
  /** The chosen range, in pesos. */
  minPrice?: number;
  maxPrice?: number;
  /** The id of the caption, for the price inputs' aria-describedby. */
  id: string;
}) {
  const total = meter.buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  const tallest = Math.max(1, ...meter.buckets.map((bucket) => bucket.count));
  const low = minPrice === undefined ? -Infinity : minPrice * CENTAVOS_PER_PESO;
  const high = maxPrice === undefined ? Infinity : maxPrice * CENTAVOS_PER_PESO;
  return (
    <figure className="mb-2">
      {meter.buckets.length > 0 ? (
        <ul
          className="flex h-16 items-end gap-px border-b border-slate-300"
          aria-label="How many spaces cost how much a month"
        >
          {meter.buckets.map((bucket) => {
            const chosen = bucket.to > low && bucket.from <= high;
            const percent = bucket.count === 0 ? 0 : Math.max(6, Math.round((bucket.count / tallest) * 100));
            return (
              <li key={bucket.from} className="flex h-full flex-1 items-end">
                <span
                  aria-hidden="true"
                  className={`block w-full rounded-t-sm ${chosen ? "bg-brand-600" : "bg-slate-300"}`}
                  style={{ height: `${percent}%` }}
                />
                <span className="sr-only">
                  {formatPeso(bucket.from)} to {formatPeso(bucket.to - 1)}: {spaces(bucket.count)}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      <figcaption id={id} className="mt-1 text-sm text-slate-700">
        {total > 0
          ? `${spaces(total)} from ${formatPeso(meter.minPrice)} to ${formatPeso(meter.maxPrice)} a month`
          : `No prices yet for this search: try ${formatPeso(meter.minPrice)} to ${formatPeso(meter.maxPrice)}.`}
      </figcaption>
    </figure>
  );
}

function spaces(count: number): string {
  return `${count.toLocaleString("en-PH")} ${count === 1 ? "space" : "spaces"}`;
}
