/** The search page's budget meter (ADR 0013): a histogram of the monthly prices of the listings a search finds. */
import { CENTAVOS_PER_PESO, type Centavos } from "./money";
import { PRICE_INPUT_MAX, PRICE_INPUT_MIN } from "./space";

/** The most bars the budget meter draws. */
export const BUDGET_BUCKETS = 20;

/** One bar: how many listings cost from `from` up to (not including) `to` a month, in centavos. */
export type BudgetBucket = { from: Centavos; to: Centavos; count: number };

/** getBudgetMeterForStorage / getBudgetMeterforParking: the bars, and the lowest and highest monthly price. */
export type BudgetMeter = { buckets: BudgetBucket[]; minPrice: Centavos; maxPrice: Centavos };

/**
 * The default price input bounds, 1 and 999 (docs/product.md, Constants): the meter's range when nothing matches
 * (centavos).
 */
export const DEFAULT_BUDGET: BudgetMeter = {
  buckets: [],
  minPrice: PRICE_INPUT_MIN * CENTAVOS_PER_PESO,
  maxPrice: PRICE_INPUT_MAX * CENTAVOS_PER_PESO,
};

/** Where the bars start and how wide each is (centavos), and how many there are. */
export type BudgetLayout = { from: Centavos; width: Centavos; count: number };

/**
 * Bars for prices from `min` to `max` (centavos): a round width (₱1, ₱2, ₱5, ₱10, ₱20, ₱50, … pesos) starting at a
 * multiple of it, the narrowest that needs at most `most` bars. So the labels read ₱1,000 to ₱1,500, not ₱1,013.27.
 */
export function budgetLayout(min: Centavos, max: Centavos, most = BUDGET_BUCKETS): BudgetLayout {
  for (let scale = CENTAVOS_PER_PESO; ; scale *= 10) {
    for (const step of [1, 2, 5]) {
      const width = step * scale;
      const from = Math.floor(min / width) * width;
      const count = Math.floor((max - from) / width) + 1;
      if (count <= most) return { from, width, count };
    }
  }
}

/** The bar a price falls in (0-based). */
export function bucketIndex(price: Centavos, layout: BudgetLayout): number {
  return Math.min(layout.count - 1, Math.max(0, Math.floor((price - layout.from) / layout.width)));
}

/** The bars of a layout with their counts (`counts` by bar index; a missing index is an empty bar). */
export function budgetBuckets(layout: BudgetLayout, counts: ReadonlyMap<number, number>): BudgetBucket[] {
  return Array.from({ length: layout.count }, (_, i) => ({
    from: layout.from + i * layout.width,
    to: layout.from + (i + 1) * layout.width,
    count: counts.get(i) ?? 0,
  }));
}

/** The budget meter of a list of monthly prices (centavos); the default one when the list is empty. */
export function budgetMeterOf(prices: readonly Centavos[], most = BUDGET_BUCKETS): BudgetMeter {
  if (prices.length === 0) return DEFAULT_BUDGET;
  const minPrice = Math.min(...prices);
  const maxPrice = Math.max(...prices);
  const layout = budgetLayout(minPrice, maxPrice, most);
  const counts = new Map<number, number>();
  for (const price of prices) {
    const index = bucketIndex(price, layout);
    counts.set(index, (counts.get(index) ?? 0) + 1);
  }
  return { buckets: budgetBuckets(layout, counts), minPrice, maxPrice };
}
