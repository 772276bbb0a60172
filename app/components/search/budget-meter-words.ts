import { CENTAVOS_PER_PESO, formatPeso } from "~/domain/money";
import type { BudgetMeter } from "~/domain/search";

/** The budget meter as the page draws it: each bar's height, whether it is in the chosen range, and its words. */
export type BudgetMeterView = {
  bars: { key: number; percent: number; chosen: boolean; words: string }[];
  caption: string;
};

/**
 * The meter's bars and caption in words, worked out on the server (the search page's loader), so the browser
 * formats no money for it. `minPrice` and `maxPrice` are the chosen range in pesos: bars inside it are darker.
 */
export function budgetMeterView(meter: BudgetMeter, minPrice?: number, maxPrice?: number): BudgetMeterView {
  const total = meter.buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  const tallest = Math.max(1, ...meter.buckets.map((bucket) => bucket.count));
  const low = minPrice === undefined ? -Infinity : minPrice * CENTAVOS_PER_PESO;
  const high = maxPrice === undefined ? Infinity : maxPrice * CENTAVOS_PER_PESO;
  return {
    bars: meter.buckets.map((bucket) => ({
      key: bucket.from,
      percent: bucket.count === 0 ? 0 : Math.max(6, Math.round((bucket.count / tallest) * 100)),
      chosen: bucket.to > low && bucket.from <= high,
      words: `${formatPeso(bucket.from)} to ${formatPeso(bucket.to - 1)}: ${spaces(bucket.count)}`,
    })),
    caption:
      total > 0
        ? `${spaces(total)} from ${formatPeso(meter.minPrice)} to ${formatPeso(meter.maxPrice)} a month`
        : `No prices yet for this search: try ${formatPeso(meter.minPrice)} to ${formatPeso(meter.maxPrice)}.`,
  };
}

function spaces(count: number): string {
  return `${count.toLocaleString("en-PH")} ${count === 1 ? "space" : "spaces"}`;
}
