import type { BudgetMeterView } from "./budget-meter-words";

/**
 * The budget meter: a histogram of the monthly prices of what the search finds (its own prices aside), drawn
 * above the price inputs. Server-rendered bars, their words made on the server (budget-meter-words.ts); each is a
 * list item that says its range and count to screen readers. Bars inside the chosen price range are darker.
 */
export function BudgetMeterChart({
  view,
  id,
}: {
  view: BudgetMeterView /** The caption's id. */;
  id: string;
}) {
  return (
    <figure className="mb-2">
      {view.bars.length > 0 ? (
        <ul
          className="flex h-16 items-end gap-px border-b border-slate-300"
          aria-label="How many spaces cost how much a month"
        >
          {view.bars.map((bar) => (
            <li key={bar.key} className="flex h-full flex-1 items-end">
              <span
                aria-hidden="true"
                className={`block w-full rounded-t-sm ${bar.chosen ? "bg-brand-600" : "bg-slate-300"}`}
                style={{ height: `${bar.percent}%` }}
              />
              <span className="sr-only">{bar.words}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <figcaption id={id} className="mt-1 text-sm text-slate-700">
        {view.caption}
      </figcaption>
    </figure>
  );
}
