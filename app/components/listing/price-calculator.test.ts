import { describe, expect, it } from "vitest";
import { formatPeso } from "~/domain/money";
import {
  EXAMPLE_DAYS,
  formatCalendarDate,
  MAX_CALCULATOR_DAYS,
  parkingQuote,
  readCalculatorFields,
  storageQuote,
} from "./price-calculator";

const P = 300_000; // PRODUCT.md's ₱3,000.00

describe("storageQuote", () => {
  it("gives PRODUCT.md's stay quotes for ₱3,000.00 a month", () => {
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

  it("counts Monday to Friday from 2026-12-01: 22 days, ₱3,300.00 (PRODUCT.md)", () => {
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
