/**
 * What the listing page's price calculator holds (price-calculator.tsx): its limits, its weekdays and its fields as
 * the URL sends them. No pricing here: the form loads this with the page, the pricing (calculator-quote.ts) only
 * when it is needed.
 */

export const MAX_CALCULATOR_DAYS = 3650;

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

/** The fields of the calculator's form as it is now. */
export function formCalculatorFields(form: FormData): CalculatorFields {
  return {
    days: String(form.get("days") ?? ""),
    start: String(form.get("start") ?? ""),
    weekdays: form.getAll("day").map(Number),
  };
}
