import { countWeekdays, isValidDate } from "~/domain/dates";
import { type Centavos, formatPeso } from "~/domain/money";
import { DAYS_PER_PRICING_MONTH, parkingMonthPrice, storageStayQuote } from "~/domain/pricing";
import type { ListingDetailsData } from "~/domain/space";
import { RENTAL_UNIT_LABELS } from "~/domain/vocabulary";
import { type CalculatorFields, MAX_CALCULATOR_DAYS } from "./calculator-fields";
import { formatCalendarDate } from "./calendar-date";

/**
 * The price calculator's answers (docs/product.md, Pricing), from app/domain/pricing.ts: for storage, the stay quote of
 * a number of days; for parking, the month price of the chosen weekdays from a start date. The page's loader makes the
 * calculator (`priceCalculator`) with the answer for the URL's fields; in the browser, the form loads this module with
 * a dynamic import when it is first used and answers every change with `calculatorAnswer`.
 */

/**
 * The stay lengths the pricing examples use (docs/product.md, Pricing examples), shown as a table for this listing's
 * price.
 */
export const EXAMPLE_DAYS = [1, 5, 10, 11, 30, 31, 45, 60] as const;

const DAYS_MESSAGE = `Please enter a number of days from 1 to ${MAX_CALCULATOR_DAYS}.`;
const WEEKDAY_MESSAGE = "Please choose at least one day of the week.";
const START_MESSAGE = "Please choose a valid start date.";

export type StorageQuote = { ok: true; days: number; price: Centavos } | { ok: false; message: string };
export type ParkingQuote =
  | { ok: true; start: string; days: number; everyDay: boolean; price: Centavos }
  | { ok: false; message: string };

export function storageQuote(monthlyPrice: Centavos, daysText: string): StorageQuote {
  const days = /^\s*\d{1,5}\s*$/.test(daysText) ? Number(daysText) : Number.NaN;
  if (!Number.isInteger(days) || days < 1 || days > MAX_CALCULATOR_DAYS)
    return { ok: false, message: DAYS_MESSAGE };
  return { ok: true, days, price: storageStayQuote(monthlyPrice, days) };
}

export function parkingQuote(
  prices: { dailyPrice: Centavos; monthlyPrice: Centavos },
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

/** What the calculator says: "A stay of 45 days: ₱4,500.00" (`text`: `price`), or why it cannot answer. */
export type CalculatorAnswer = { ok: true; text: string; price: string } | { ok: false; message: string };

/** A listing's calculator: what the form needs to show and to answer, all of it plain data (loader data). */
export type PriceCalculatorData = {
  parking: boolean;
  prices: { monthlyPrice: Centavos; dailyPrice: Centavos };
  /** What the storage price is for, read after "A stay of N days": " for one square meter", or "". */
  unitText: string;
  /** The fields as the URL had them (the form starts with them). */
  fields: CalculatorFields;
  /** The answer for those fields. */
  answer: CalculatorAnswer;
  /** Storage: the pricing examples' stays at this price; parking: none. */
  examples: { days: number; price: string }[];
};

/** The calculator of a listing for the URL's fields; null while the listing has no price. */
export function priceCalculator(
  space: Pick<
    ListingDetailsData,
    "storageType" | "listingPrice" | "dailyPrice" | "rentMode" | "unitOfRental"
  >,
  fields: CalculatorFields,
): PriceCalculatorData | null {
  if (space.listingPrice === null) return null;
  const parking = space.storageType === "parking";
  const monthlyPrice = space.listingPrice;
  const calculator = {
    parking,
    prices: { monthlyPrice, dailyPrice: space.dailyPrice ?? 0 },
    unitText:
      space.rentMode.entireSpace || !space.unitOfRental
        ? ""
        : ` ${RENTAL_UNIT_LABELS[space.unitOfRental].replace(/^per /, "for one ")}`,
  };
  return {
    ...calculator,
    fields,
    answer: calculatorAnswer(calculator, fields),
    examples: parking
      ? []
      : EXAMPLE_DAYS.map((days) => ({ days, price: formatPeso(storageStayQuote(monthlyPrice, days)) })),
  };
}

/** The calculator's answer for these fields. */
export function calculatorAnswer(
  calculator: Pick<PriceCalculatorData, "parking" | "prices" | "unitText">,
  fields: CalculatorFields,
): CalculatorAnswer {
  if (calculator.parking) {
    const quote = parkingQuote(calculator.prices, fields);
    if (!quote.ok) return quote;
    const text = quote.everyDay
      ? "Every day: the monthly price"
      : `${quote.days} parking day${quote.days === 1 ? "" : "s"} in the ${DAYS_PER_PRICING_MONTH} days from ${formatCalendarDate(quote.start)}`;
    return { ok: true, text, price: formatPeso(quote.price) };
  }
  const quote = storageQuote(calculator.prices.monthlyPrice, fields.days);
  if (!quote.ok) return quote;
  return {
    ok: true,
    text: `A stay of ${quote.days} day${quote.days === 1 ? "" : "s"}${calculator.unitText}`,
    price: formatPeso(quote.price),
  };
}
