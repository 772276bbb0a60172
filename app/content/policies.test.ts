import { describe, expect, it } from "vitest";
import {
  DEPOSIT_MINIMUM_MONTHS,
  DISCOUNT_MINIMUM_MONTHS,
  DISCOUNT_PERCENT,
  endDateExample,
  FEE_PERCENT,
  longDate,
  monthsText,
  percentOf,
  shortStayExample,
  storageBookingExample,
  weekdayParkingExample,
} from "./policies";

describe("the numbers read off the pricing rules", () => {
  it("match the product rules", () => {
    expect(FEE_PERCENT).toBe("5%");
    expect(DEPOSIT_MINIMUM_MONTHS).toEqual({ storage: 2, parking: 1 });
    expect(DISCOUNT_MINIMUM_MONTHS).toBe(6);
    expect(DISCOUNT_PERCENT).toBe("50%");
  });

  it("writes rates and months for text", () => {
    expect(percentOf(500)).toBe("5%");
    expect(percentOf(250)).toBe("2.5%");
    expect(monthsText(1)).toBe("1 month");
    expect(monthsText(6)).toBe("6 months");
  });
});

describe("worked examples, P = ₱3,000.00", () => {
  it("a 6-month storage booking with the discount and a deposit", () => {
    expect(storageBookingExample()).toEqual({
      months: 6,
      monthlyPrice: "₱3,000.00",
      firstMonthPrice: "₱3,000.00",
      firstMonthDiscount: "₱1,500.00",
      deposit: "₱3,000.00",
      fee: "₱75.00",
      due: "₱4,575.00",
    });
  });

  it("a 5-day storage stay and weekday parking", () => {
    expect(shortStayExample()).toEqual({ days: 5, monthlyPrice: "₱3,000.00", price: "₱1,500.00" });
    expect(weekdayParkingExample()).toEqual({ dailyPrice: "₱150.00", days: 22, price: "₱3,300.00" });
  });

  it("dates in words", () => {
    expect(longDate("2026-11-21")).toBe("21 November 2026");
    expect(longDate("2027-01-04")).toBe("4 January 2027");
    expect(endDateExample()).toEqual({ start: "15 March 2026", end: "14 April 2026" });
  });
});
