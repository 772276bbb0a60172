import { describe, expect, it } from "vitest";
import { formatPeso } from "~/domain/money";
import { MAX_CALCULATOR_DAYS, readCalculatorFields } from "./calculator-fields";
import {
  calculatorAnswer,
  EXAMPLE_DAYS,
  parkingQuote,
  priceCalculator,
  storageQuote,
} from "./calculator-quote";
import { formatCalendarDate } from "./calendar-date";

const P = 300_000; // the pricing examples' ₱3,000.00 (docs/product.md)

describe("storageQuote", () => {
  it("gives the pricing examples' stay quotes for ₱3,000.00 a month", () => {
    const quotes = EXAMPLE_DAYS.map((days) => {
      const quote = storageQuote(P, String(days));
      return quote.ok ? formatPeso(quote.price) : quote.message;
    });
    expect(quotes).toEqual([
      "₱300.00",
      "₱1,500.00",
      "₱3,000.00",
      "₱3,000.00",
      "₱3,000.00",
      "₱3,100.00",
      "₱4,500.00",
      "₱6,000.00",
    ]);
  });

  it("refuses what is not a whole number of days from 1 to the maximum", () => {
    for (const text of ["", "0", "-3", "2.5", "1e3", "abc", String(MAX_CALCULATOR_DAYS + 1)]) {
      expect(storageQuote(P, text), text).toEqual({
        ok: false,
        message: `Please enter a number of days from 1 to ${MAX_CALCULATOR_DAYS}.`,
      });
    }
    expect(storageQuote(P, ` ${MAX_CALCULATOR_DAYS} `)).toMatchObject({
      ok: true,
      days: MAX_CALCULATOR_DAYS,
    });
  });
});

describe("parkingQuote", () => {
  const prices = { dailyPrice: 15_000, monthlyPrice: 400_000 };

  it("counts Monday to Friday from 2026-12-01: 22 days, ₱3,300.00 (the pricing examples)", () => {
    expect(parkingQuote(prices, { start: "2026-12-01", weekdays: [1, 2, 3, 4, 5] })).toEqual({
      ok: true,
      start: "2026-12-01",
      days: 22,
      everyDay: false,
      price: 330_000,
    });
  });

  it("uses the monthly price for all seven days", () => {
    expect(parkingQuote(prices, { start: "2026-12-01", weekdays: [0, 1, 2, 3, 4, 5, 6] })).toMatchObject({
      ok: true,
      everyDay: true,
      price: 400_000,
    });
  });

  it("needs a valid start date and at least one weekday", () => {
    expect(parkingQuote(prices, { start: "2026-02-30", weekdays: [1] })).toMatchObject({ ok: false });
    expect(parkingQuote(prices, { start: "2026-12-01", weekdays: [] })).toEqual({
      ok: false,
      message: "Please choose at least one day of the week.",
    });
  });
});

describe("priceCalculator and calculatorAnswer", () => {
  const storage = {
    storageType: "storage" as const,
    listingPrice: P,
    dailyPrice: null,
    rentMode: { entireSpace: true },
    unitOfRental: null,
  };
  const parking = {
    storageType: "parking" as const,
    listingPrice: 400_000,
    dailyPrice: 15_000,
    rentMode: { entireSpace: false },
    unitOfRental: null,
  };
  const fields = readCalculatorFields(new URLSearchParams(""), "2026-12-01");

  it("answers the URL's days for storage, with the pricing examples' stays", () => {
    const calculator = priceCalculator(storage, { ...fields, days: "45" });
    expect(calculator).toMatchObject({
      parking: false,
      prices: { monthlyPrice: P, dailyPrice: 0 },
      unitText: "",
      answer: { ok: true, text: "A stay of 45 days", price: "₱4,500.00" },
    });
    expect(calculator?.examples.map((row) => `${row.days} ${row.price}`)).toEqual([
      "1 ₱300.00",
      "5 ₱1,500.00",
      "10 ₱3,000.00",
      "11 ₱3,000.00",
      "30 ₱3,000.00",
      "31 ₱3,100.00",
      "45 ₱4,500.00",
      "60 ₱6,000.00",
    ]);
  });

  it("says what a unit's price is for and answers one day in the singular", () => {
    const calculator = priceCalculator(
      { ...storage, rentMode: { entireSpace: false }, unitOfRental: "sqm" },
      fields,
    );
    expect(calculator?.unitText).toBe(" for one square meter");
    if (!calculator) throw new Error("no calculator");
    expect(calculatorAnswer(calculator, { ...fields, days: "1" })).toEqual({
      ok: true,
      text: "A stay of 1 day for one square meter",
      price: "₱300.00",
    });
    expect(calculatorAnswer(calculator, { ...fields, days: "0" })).toMatchObject({ ok: false });
  });

  it("answers the weekdays from the start date for parking, with no example table", () => {
    const calculator = priceCalculator(parking, fields);
    expect(calculator).toMatchObject({
      parking: true,
      examples: [],
      answer: { ok: true, text: "22 parking days in the 30 days from December 1, 2026", price: "₱3,300.00" },
    });
    if (!calculator) throw new Error("no calculator");
    expect(calculatorAnswer(calculator, { ...fields, weekdays: [0, 1, 2, 3, 4, 5, 6] })).toEqual({
      ok: true,
      text: "Every day: the monthly price",
      price: "₱4,000.00",
    });
    expect(calculatorAnswer(calculator, { ...fields, weekdays: [] })).toEqual({
      ok: false,
      message: "Please choose at least one day of the week.",
    });
  });

  it("is not there while the listing has no price", () => {
    expect(priceCalculator({ ...storage, listingPrice: null }, fields)).toBeNull();
  });
});

describe("readCalculatorFields", () => {
  it("defaults to 30 days, today and Monday to Friday before the form is sent", () => {
    expect(readCalculatorFields(new URLSearchParams(""), "2026-11-21")).toEqual({
      days: "30",
      start: "2026-11-21",
      weekdays: [1, 2, 3, 4, 5],
    });
  });

  it("reads the sent form, keeping only real weekdays once each", () => {
    const search = new URLSearchParams("days=45&start=2026-12-01&day=6&day=0&day=6&day=9&day=x");
    expect(readCalculatorFields(search, "2026-11-21")).toEqual({
      days: "45",
      start: "2026-12-01",
      weekdays: [6, 0],
    });
    // A sent form with no day ticked means none, not the default.
    expect(readCalculatorFields(new URLSearchParams("start=2026-12-01"), "2026-11-21").weekdays).toEqual([]);
  });
});

it("formatCalendarDate writes a calendar date the en-PH way, whatever the server's time zone", () => {
  expect(formatCalendarDate("2026-12-01")).toBe("December 1, 2026");
});
