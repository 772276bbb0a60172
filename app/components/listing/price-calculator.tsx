import { Form } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { countWeekdays, isValidDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import { DAYS_PER_PRICING_MONTH, parkingMonthPrice, storageStayQuote } from "~/domain/pricing";
import type { ListingDetailsData } from "~/domain/space";
import { RENTAL_UNIT_LABELS } from "~/domain/vocabulary";

/**
 * The listing page's price calculator (PRODUCT.md "Pricing"): for storage, the stay quote of a number of days; for
 * parking, the month price of the chosen weekdays from a start date. A GET form: without JavaScript the server
 * computes the answer from the URL (`?days=45`, `?start=2026-12-01&day=1&day=2…`); with JavaScript the answer follows
 * every change. Both use the same pricing functions of app/domain/pricing.ts.
 */

export const MAX_CALCULATOR_DAYS = 3650;
/** The stay lengths PRODUCT.md's examples use, shown as a table for this listing's price. */
export const EXAMPLE_DAYS = [1, 5, 10, 11, 30, 31, 45, 60] as const;
/** Monday first, as a week is read in the Philippines; values are dates.ts weekdays (0 = Sunday). */
export const WEEKDAYS = [
  { value: 1, label: "Mon", name: "Monday" },
  { value: 2, label: "Tue", name: "Tuesday" },
  { value: 3, label: "Wed", name: "Wednesday" },
  { value: 4, label: "Thu", name: "Thursday" },
  { value: 5, label: "Fri", name: "Friday" },
  { value: 6, label: "Sat", name: "Saturday" },
  { value: 0, label: "Sun", name: "Sunday" },
] as const;
const WORKDAYS = [1, 2, 3, 4, 5];

const DAYS_MESSAGE = `Please enter a number of days from 1 to ${MAX_CALCULATOR_DAYS}.`;
const WEEKDAY_MESSAGE = "Please choose at least one day of the week.";
const START_MESSAGE = "Please choose a valid start date.";

/** What the calculator's fields hold, as text (what a form sends). */
export type CalculatorFields = { days: string; start: string; weekdays: number[] };

/** The fields from a URL's query: days=…, start=…, day=… (repeated); defaults when the form was not sent. */
export function readCalculatorFields(search: URLSearchParams, today: string): CalculatorFields {
  const sent = search.has("start");
  const weekdays = search
    .getAll("day")
    .map(Number)
    .filter((day) => Number.isInteger(day) && day >= 0 && day <= 6);
  return {
    days: search.get("days") ?? "30",
    start: search.get("start") ?? today,
    weekdays: sent ? [...new Set(weekdays)] : WORKDAYS,
  };
}

export type StorageQuote = { ok: true; days: number; price: number } | { ok: false; message: string };
export type ParkingQuote =
  | { ok: true; start: string; days: number; everyDay: boolean; price: number }
  | { ok: false; message: string };

export function storageQuote(monthlyPrice: number, daysText: string): StorageQuote {
  const days = /^\s*\d{1,5}\s*$/.test(daysText) ? Number(daysText) : Number.NaN;
  if (!Number.isInteger(days) || days < 1 || days > MAX_CALCULATOR_DAYS)
    return { ok: false, message: DAYS_MESSAGE };
  return { ok: true, days, price: storageStayQuote(monthlyPrice, days) };
}

export function parkingQuote(
  prices: { dailyPrice: number; monthlyPrice: number },
  fields: Pick<CalculatorFields, "start" | "weekdays">,
): ParkingQuote {
  if (!isValidDate(fields.start)) return { ok: false, message: START_MESSAGE };
  if (fields.weekdays.length === 0) return { ok: false, message: WEEKDAY_MESSAGE };
  const everyDay = new Set(fields.weekdays).size === 7;
  return {
    ok: true,
    start: fields.start,
    days: countWeekdays(fields.start, DAYS_PER_PRICING_MONTH, fields.weekdays),
    everyDay,
    price: parkingMonthPrice({ ...prices, weekdays: fields.weekdays, startDate: fields.start }),
  };
}

const longDate = new Intl.DateTimeFormat("en-PH", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

export function formatCalendarDate(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`));
}

export function PriceCalculator({
  space,
  fields: initial,
  keep = {},
}: {
  space: Pick<
    ListingDetailsData,
    "storageType" | "listingPrice" | "dailyPrice" | "rentMode" | "unitOfRental"
  >;
  /** The fields as the URL had them (the server's answer shows for these). */
  fields: CalculatorFields;
  /** Other query parameters of the page to keep when the form is sent (the availability date). */
  keep?: Record<string, string>;
}) {
  const [fields, setFields] = useState(initial);
  if (space.listingPrice === null) return null;
  const monthlyPrice = space.listingPrice;
  const parking = space.storageType === "parking";

  // With JavaScript, every change recomputes the answer; without, the server did it for the URL's values.
  function onChange(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    setFields({
      days: String(form.get("days") ?? ""),
      start: String(form.get("start") ?? ""),
      weekdays: form.getAll("day").map(Number),
    });
  }

  return (
    <section
      id="price-calculator"
      aria-labelledby="price-calculator-title"
      className="rounded-xl bg-white p-4 shadow-sm"
    >
      <h2 id="price-calculator-title" className="text-lg font-semibold text-slate-900">
        Price calculator
      </h2>
      <Form method="get" preventScrollReset onChange={onChange} className="mt-3 space-y-3">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {parking ? (
          <ParkingFields fields={initial} />
        ) : (
          <div>
            <label htmlFor="calculator-days" className="block text-sm font-semibold text-slate-800">
              Number of days
            </label>
            <input
              id="calculator-days"
              name="days"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_CALCULATOR_DAYS}
              defaultValue={initial.days}
              className="mt-1 block w-32 rounded-md border border-slate-300 px-3 py-2"
            />
          </div>
        )}
        <button
          type="submit"
          className="rounded-md border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
        >
          Calculate
        </button>
      </Form>
      <output
        htmlFor={parking ? "calculator-start" : "calculator-days"}
        aria-live="polite"
        className="mt-3 block"
      >
        {parking ? (
          <ParkingAnswer quote={parkingQuote({ dailyPrice: space.dailyPrice ?? 0, monthlyPrice }, fields)} />
        ) : (
          <StorageAnswer quote={storageQuote(monthlyPrice, fields.days)} unitText={unitText(space)} />
        )}
      </output>
      {parking ? null : <ExampleTable monthlyPrice={monthlyPrice} unitText={unitText(space)} />}
    </section>
  );
}

function unitText(space: Pick<ListingDetailsData, "rentMode" | "unitOfRental">): string {
  return space.rentMode.entireSpace || !space.unitOfRental
    ? ""
    : ` ${RENTAL_UNIT_LABELS[space.unitOfRental].replace(/^per /, "for one ")}`;
}

function ParkingFields({ fields }: { fields: CalculatorFields }) {
  return (
    <>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">Days of the week you park</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {WEEKDAYS.map((day) => (
            <label
              key={day.value}
              className="flex items-center gap-1.5 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm"
            >
              <input
                type="checkbox"
                name="day"
                value={day.value}
                defaultChecked={fields.weekdays.includes(day.value)}
              />
              <abbr title={day.name} className="no-underline">
                {day.label}
              </abbr>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="calculator-start" className="block text-sm font-semibold text-slate-800">
          Start date
        </label>
        <input
          id="calculator-start"
          name="start"
          type="date"
          defaultValue={fields.start}
          className="mt-1 block rounded-md border border-slate-300 px-3 py-2"
        />
      </div>
    </>
  );
}

function StorageAnswer({ quote, unitText }: { quote: StorageQuote; unitText: string }) {
  if (!quote.ok) return <p className="text-red-700">{quote.message}</p>;
  return (
    <p className="text-slate-900" data-testid="calculator-answer">
      A stay of {quote.days} day{quote.days === 1 ? "" : "s"}
      {unitText}: <strong className="text-xl">{formatPeso(quote.price)}</strong>
    </p>
  );
}

function ParkingAnswer({ quote }: { quote: ParkingQuote }) {
  if (!quote.ok) return <p className="text-red-700">{quote.message}</p>;
  return (
    <p className="text-slate-900" data-testid="calculator-answer">
      {quote.everyDay
        ? "Every day: the monthly price"
        : `${quote.days} parking day${quote.days === 1 ? "" : "s"} in the ${DAYS_PER_PRICING_MONTH} days from ${formatCalendarDate(quote.start)}`}
      : <strong className="text-xl">{formatPeso(quote.price)}</strong>
    </p>
  );
}

/** What stays of PRODUCT.md's example lengths cost at this listing's price. */
function ExampleTable({ monthlyPrice, unitText }: { monthlyPrice: number; unitText: string }) {
  return (
    <table className="mt-4 w-full max-w-sm text-sm">
      <caption className="text-left font-semibold text-slate-800">Stays at this price{unitText}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-slate-600">
          <th scope="col" className="py-1 font-medium">
            Days
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Price
          </th>
        </tr>
      </thead>
      <tbody>
        {EXAMPLE_DAYS.map((days) => (
          <tr key={days} className="border-b border-slate-100">
            <td className="py-1">{days}</td>
            <td className="py-1 text-right tabular-nums">
              {formatPeso(storageStayQuote(monthlyPrice, days))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
