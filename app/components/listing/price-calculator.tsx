import { Form } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import {
  type CalculatorFields,
  formCalculatorFields,
  MAX_CALCULATOR_DAYS,
  WEEKDAYS,
} from "./calculator-fields";
import type { CalculatorAnswer, PriceCalculatorData } from "./calculator-quote";

/**
 * The listing page's price calculator (docs/product.md, Pricing): for storage, the stay quote of a number of days; for
 * parking, the month price of the chosen weekdays from a start date. A GET form: without JavaScript the server
 * computes the answer from the URL (`?days=45`, `?start=2026-12-01&day=1&day=2…`); with JavaScript the answer follows
 * every change. The loader makes the calculator with calculator-quote.ts (`priceCalculator`); the browser loads that
 * module (and the pricing rules) only when the form is first used, to keep the page's JavaScript small (bench/).
 */
export function PriceCalculator({
  calculator,
  keep = {},
}: {
  calculator: PriceCalculatorData;
  /** Other query parameters of the page to keep when the form is sent (the availability date). */
  keep?: Record<string, string>;
}) {
  const { parking, fields } = calculator;
  // The server's answer for the URL's fields until the form changes; kept across revalidations, like the fields.
  const [answer, setAnswer] = useState(calculator.answer);

  // With JavaScript, every change recomputes the answer; without, the server did it for the URL's values.
  async function onChange(event: FormEvent<HTMLFormElement>) {
    const changed = formCalculatorFields(new FormData(event.currentTarget));
    try {
      const { calculatorAnswer } = await loadQuotes();
      setAnswer(calculatorAnswer(calculator, changed));
    } catch {
      // The pricing could not be loaded (offline): the Calculate button still asks the server.
    }
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
      <Form
        method="get"
        preventScrollReset
        onChange={onChange}
        onFocus={preloadQuotes}
        className="mt-3 space-y-3"
      >
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {parking ? (
          <ParkingFields fields={fields} />
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
              defaultValue={fields.days}
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
        <Answer answer={answer} />
      </output>
      {calculator.examples.length ? (
        <ExampleTable examples={calculator.examples} unitText={calculator.unitText} />
      ) : null}
    </section>
  );
}

/** The pricing rules, fetched once (the browser keeps the module). */
function loadQuotes() {
  return import("./calculator-quote");
}

/** Starts fetching them as soon as the form gets focus, so the first change is answered at once. */
function preloadQuotes() {
  loadQuotes().catch(() => {
    // Tried again on the first change.
  });
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

function Answer({ answer }: { answer: CalculatorAnswer }) {
  if (!answer.ok) return <p className="text-red-700">{answer.message}</p>;
  return (
    <p className="text-slate-900" data-testid="calculator-answer">
      {answer.text}: <strong className="text-xl">{answer.price}</strong>
    </p>
  );
}

/** What stays of the pricing examples' lengths cost at this listing's price. */
function ExampleTable({
  examples,
  unitText,
}: {
  examples: PriceCalculatorData["examples"];
  unitText: string;
}) {
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
        {examples.map((example) => (
          <tr key={example.days} className="border-b border-slate-100">
            <td className="py-1">{example.days}</td>
            <td className="py-1 text-right tabular-nums">{example.price}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
