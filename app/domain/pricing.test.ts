import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, endDateForMonths, fromEpochDay, toEpochDay } from "./dates";
import { formatPeso } from "./money";
import {
  type BookingPriceInput,
  bookingPrice,
  deposit,
  dueAtBooking,
  firstMonthDiscount,
  parkingMonthPrice,
  priceWithVoucher,
  spaceFee,
  spaceFeeForDates,
  spaceSolutionFee,
  storageFirstMonthPrice,
  storageStayQuote,
} from "./pricing";

/** P = ₱3,000.00, the pricing examples' monthly price (docs/product.md). */
const P = 300000;

const price = fc.integer({ min: 0, max: 100_000_000 }); // up to ₱1,000,000.00
const quantity = fc.integer({ min: 0, max: 1000 });
const anyDate = fc
  .integer({ min: toEpochDay("2000-01-01"), max: toEpochDay("2099-12-31") })
  .map((day) => fromEpochDay(day));
const weekdays = fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1 });

const isCentavos = (value: number) => Number.isSafeInteger(value) && value >= 0;

describe("the pricing examples, P = ₱3,000.00, q = 1 unless stated", () => {
  it.each([
    [1, "₱300.00"],
    [5, "₱1,500.00"],
    [10, "₱3,000.00"],
    [11, "₱3,000.00"],
    [30, "₱3,000.00"],
    [31, "₱3,100.00"],
    [45, "₱4,500.00"],
    [60, "₱6,000.00"],
  ])("stay quote, D = %i → %s", (days, expected) => {
    expect(formatPeso(storageStayQuote(P, days))).toBe(expected);
  });

  it.each([
    { monthlyPrice: P, quantity: 1, months: 0, remainderDays: 5, expected: "₱1,500.00" },
    { monthlyPrice: P, quantity: 1, months: 0, remainderDays: 11, expected: "₱3,000.00" },
    { monthlyPrice: P, quantity: 1, months: 1, remainderDays: 5, expected: "₱3,500.00" },
    { monthlyPrice: P, quantity: 1, months: 1, remainderDays: 15, expected: "₱6,000.00" },
    { monthlyPrice: P, quantity: 2, months: 6, remainderDays: 0, expected: "₱36,000.00" },
    { monthlyPrice: 100000, quantity: 1, months: 1, remainderDays: 7, expected: "₱1,233.33" },
  ])(
    "space fee, P = $monthlyPrice, q = $quantity, M = $months, r = $remainderDays → $expected",
    ({ expected, ...input }) => {
      expect(formatPeso(spaceFee(input))).toBe(expected);
    },
  );

  it("space fee, M = 6, r = 0, q = 2 → first-month discount ₱3,000.00", () => {
    expect(formatPeso(firstMonthDiscount({ offered: true, months: 6, monthlyPrice: P, quantity: 2 }))).toBe(
      "₱3,000.00",
    );
  });

  it("parking, Mon–Fri from 2026-12-01, ₱150.00 a day → 22 days → ₱3,300.00", () => {
    expect(
      formatPeso(
        parkingMonthPrice({
          dailyPrice: 15000,
          monthlyPrice: 400000,
          weekdays: [1, 2, 3, 4, 5],
          startDate: "2026-12-01",
        }),
      ),
    ).toBe("₱3,300.00");
  });

  it.each([
    ["storage", 1, 0],
    ["storage", 2, P],
    ["parking", 1, P],
  ] as const)("deposit, %s M = %i → %i", (type, months, expected) => {
    expect(deposit({ type, asked: true, months, firstMonthPrice: P })).toBe(expected);
  });
});

describe("storageStayQuote", () => {
  it("rounds the daily share half-up once", () => {
    expect(storageStayQuote(100001, 5)).toBe(50001); // 50000.5 → 50001
    expect(storageStayQuote(100000, 31)).toBe(103333); // 3100000 / 30 = 103333.33…
    expect(storageStayQuote(100000, 35)).toBe(116667); // 116666.66…
    expect(storageStayQuote(P, 0)).toBe(0);
  });

  it("rejects negative or non-integer input", () => {
    expect(() => storageStayQuote(-1, 5)).toThrow(RangeError);
    expect(() => storageStayQuote(P, -1)).toThrow(RangeError);
    expect(() => storageStayQuote(P, 1.5)).toThrow(RangeError);
    expect(() => storageStayQuote(300000.5, 1)).toThrow(RangeError);
  });

  it("is a non-negative integer, non-decreasing in days", () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 0, max: 1000 }), (p, days) => {
        const quote = storageStayQuote(p, days);
        expect(isCentavos(quote)).toBe(true);
        expect(storageStayQuote(p, days + 1)).toBeGreaterThanOrEqual(quote);
      }),
    );
  });
});

describe("spaceFee", () => {
  it("charges 3/30 a day for a short stay and 1/30 a day after whole months, and a full month past 10 days", () => {
    expect(spaceFee({ monthlyPrice: P, quantity: 1, months: 0, remainderDays: 10 })).toBe(P);
    expect(spaceFee({ monthlyPrice: P, quantity: 1, months: 0, remainderDays: 1 })).toBe(30000);
    expect(spaceFee({ monthlyPrice: P, quantity: 3, months: 2, remainderDays: 10 })).toBe(
      3 * (2 * P + 100000),
    );
    expect(spaceFee({ monthlyPrice: P, quantity: 3, months: 2, remainderDays: 11 })).toBe(3 * 3 * P);
    expect(spaceFee({ monthlyPrice: P, quantity: 1, months: 0, remainderDays: 0 })).toBe(0);
  });

  it("rounds once over the whole fee, not per part", () => {
    // q = 3 units at ₱1,000.01 for 1 day after 1 month: (31 × 100001 × 3) / 30 = 310003.1 → 310003.
    expect(spaceFee({ monthlyPrice: 100001, quantity: 3, months: 1, remainderDays: 1 })).toBe(310003);
  });

  it("rejects negative or non-integer input", () => {
    expect(() => spaceFee({ monthlyPrice: P, quantity: -1, months: 0, remainderDays: 5 })).toThrow(
      /quantity/,
    );
    expect(() => spaceFee({ monthlyPrice: P, quantity: 1, months: 1.5, remainderDays: 5 })).toThrow(/months/);
    expect(() => spaceFee({ monthlyPrice: P, quantity: 1, months: 1, remainderDays: -2 })).toThrow(
      /remainderDays/,
    );
  });

  it("is a non-negative integer, non-decreasing in the remainder", () => {
    fc.assert(
      fc.property(
        price,
        quantity,
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 0, max: 40 }),
        (p, q, m, r) => {
          const fee = spaceFee({ monthlyPrice: p, quantity: q, months: m, remainderDays: r });
          expect(isCentavos(fee)).toBe(true);
          expect(
            spaceFee({ monthlyPrice: p, quantity: q, months: m, remainderDays: r + 1 }),
          ).toBeGreaterThanOrEqual(fee);
        },
      ),
    );
  });

  it("is non-decreasing in the booking's end date (days)", () => {
    fc.assert(
      fc.property(price, quantity, anyDate, fc.integer({ min: 0, max: 800 }), (p, q, start, length) => {
        const end = addDays(start, length);
        const fee = spaceFeeForDates(p, q, start, end);
        expect(isCentavos(fee)).toBe(true);
        expect(spaceFeeForDates(p, q, start, addDays(end, 1))).toBeGreaterThanOrEqual(fee);
      }),
    );
  });

  it("charges M × P × q for a booking of exactly M months", () => {
    expect(spaceFeeForDates(P, 2, "2026-03-15", endDateForMonths("2026-03-15", 6))).toBe(3600000);
    expect(spaceFeeForDates(100000, 1, "2026-03-15", "2026-04-21")).toBe(123333);
  });
});

describe("parkingMonthPrice", () => {
  const base = { dailyPrice: 15000, monthlyPrice: 400000, startDate: "2026-12-01" };

  it("uses the monthly price when all seven days are chosen, in any order or with repeats", () => {
    expect(parkingMonthPrice({ ...base, weekdays: [0, 1, 2, 3, 4, 5, 6] })).toBe(400000);
    expect(parkingMonthPrice({ ...base, weekdays: [6, 5, 4, 3, 2, 1, 0, 0] })).toBe(400000);
  });

  it("counts the weekdays within the 30 days from the start", () => {
    // 2026-12-01 is a Tuesday: Tuesdays and Wednesdays occur 5 times in those 30 days, other days 4 times.
    expect(parkingMonthPrice({ ...base, weekdays: [2] })).toBe(5 * 15000);
    expect(parkingMonthPrice({ ...base, weekdays: [1] })).toBe(4 * 15000);
    expect(parkingMonthPrice({ ...base, weekdays: [0, 6] })).toBe(8 * 15000);
    expect(parkingMonthPrice({ ...base, weekdays: [1, 1] })).toBe(4 * 15000);
    expect(parkingMonthPrice({ ...base, weekdays: [] })).toBe(0);
  });

  it("rejects bad input", () => {
    expect(() => parkingMonthPrice({ ...base, weekdays: [7] })).toThrow(RangeError);
    expect(() => parkingMonthPrice({ ...base, dailyPrice: -1, weekdays: [1] })).toThrow(/dailyPrice/);
    expect(() => parkingMonthPrice({ ...base, startDate: "2026-02-30", weekdays: [1] })).toThrow(
      /YYYY-MM-DD/,
    );
  });

  it("is a non-negative integer between 4 and 5 times the daily price per chosen weekday", () => {
    fc.assert(
      fc.property(price, price, anyDate, weekdays, (daily, monthly, startDate, days) => {
        fc.pre(days.length < 7);
        const result = parkingMonthPrice({
          dailyPrice: daily,
          monthlyPrice: monthly,
          weekdays: days,
          startDate,
        });
        expect(isCentavos(result)).toBe(true);
        expect(result).toBeGreaterThanOrEqual(4 * days.length * daily);
        expect(result).toBeLessThanOrEqual(5 * days.length * daily);
      }),
    );
  });
});

describe("storageFirstMonthPrice", () => {
  it("is P × q from one month on, and the stay's space fee below a month", () => {
    expect(storageFirstMonthPrice({ monthlyPrice: P, quantity: 2, months: 1, remainderDays: 15 })).toBe(
      600000,
    );
    expect(storageFirstMonthPrice({ monthlyPrice: P, quantity: 2, months: 6, remainderDays: 0 })).toBe(
      600000,
    );
    expect(storageFirstMonthPrice({ monthlyPrice: P, quantity: 1, months: 0, remainderDays: 5 })).toBe(
      150000,
    );
    expect(storageFirstMonthPrice({ monthlyPrice: P, quantity: 1, months: 0, remainderDays: 20 })).toBe(P);
  });
});

describe("firstMonthDiscount", () => {
  it("is half a month only when offered and M ≥ 6", () => {
    expect(firstMonthDiscount({ offered: true, months: 5, monthlyPrice: P, quantity: 1 })).toBe(0);
    expect(firstMonthDiscount({ offered: false, months: 12, monthlyPrice: P, quantity: 1 })).toBe(0);
    expect(firstMonthDiscount({ offered: true, months: 6, monthlyPrice: P, quantity: 1 })).toBe(150000);
    expect(firstMonthDiscount({ offered: true, months: 6, monthlyPrice: 100001, quantity: 1 })).toBe(50001);
  });
});

describe("deposit", () => {
  it("is 0 when not asked", () => {
    expect(deposit({ type: "storage", asked: false, months: 12, firstMonthPrice: P })).toBe(0);
    expect(deposit({ type: "parking", asked: false, months: 12, firstMonthPrice: P })).toBe(0);
    expect(deposit({ type: "parking", asked: true, months: 0, firstMonthPrice: P })).toBe(0);
  });
});

describe("spaceSolutionFee", () => {
  it("is 5 % of the first month after the discount by default, rounded half-up", () => {
    expect(spaceSolutionFee({ firstMonthPrice: P, firstMonthDiscount: 0 })).toBe(15000);
    expect(spaceSolutionFee({ firstMonthPrice: P, firstMonthDiscount: 150000 })).toBe(7500);
    expect(spaceSolutionFee({ firstMonthPrice: 123333, firstMonthDiscount: 0 })).toBe(6167); // 6166.65 → 6167
    expect(spaceSolutionFee({ firstMonthPrice: 10, firstMonthDiscount: 0 })).toBe(1); // 0.5 → 1
  });

  it("takes the rate in basis points", () => {
    expect(spaceSolutionFee({ firstMonthPrice: P, firstMonthDiscount: 0, rateBasisPoints: 0 })).toBe(0);
    expect(spaceSolutionFee({ firstMonthPrice: P, firstMonthDiscount: 0, rateBasisPoints: 750 })).toBe(22500);
    expect(spaceSolutionFee({ firstMonthPrice: P, firstMonthDiscount: 0, rateBasisPoints: 10000 })).toBe(P);
    expect(() =>
      spaceSolutionFee({ firstMonthPrice: P, firstMonthDiscount: 0, rateBasisPoints: 10001 }),
    ).toThrow(/at most 10000/);
    expect(() =>
      spaceSolutionFee({ firstMonthPrice: P, firstMonthDiscount: 0, rateBasisPoints: 2.5 }),
    ).toThrow(RangeError);
  });

  it("rejects a discount above the price", () => {
    expect(() => spaceSolutionFee({ firstMonthPrice: 100, firstMonthDiscount: 101 })).toThrow(/exceed/);
  });
});

describe("dueAtBooking", () => {
  it("adds the items and subtracts the voucher, never below 0", () => {
    const items = { firstMonthPrice: P, firstMonthDiscount: 150000, deposits: P, spaceSolutionFee: 7500 };
    expect(dueAtBooking(items)).toBe(457500);
    expect(dueAtBooking({ ...items, voucher: 57500 })).toBe(400000);
    expect(dueAtBooking({ ...items, voucher: 457500 })).toBe(0);
    expect(dueAtBooking({ ...items, voucher: 10_000_000 })).toBe(0);
    expect(() => dueAtBooking({ ...items, voucher: -1 })).toThrow(/voucher/);
  });
});

describe("priceWithVoucher", () => {
  it("takes a code off the due by the due-at-booking rule, keeping every other line, never below 0", () => {
    const price = bookingPrice({
      type: "storage",
      monthlyPrice: P,
      quantity: 1,
      startDate: "2026-03-15",
      endDate: "2026-09-14",
      firstMonthDiscountOffered: false,
      depositAsked: true,
    });
    expect(priceWithVoucher(price, 50_000)).toEqual({ ...price, due: price.due - 50_000 });
    expect(priceWithVoucher(price, price.due + 1)).toEqual({ ...price, due: 0 });
    expect(() => priceWithVoucher(price, -1)).toThrow(/voucher/);
  });
});

describe("bookingPrice", () => {
  const storage = {
    type: "storage",
    monthlyPrice: P,
    quantity: 1,
    startDate: "2026-03-15",
    endDate: "2026-04-14",
    firstMonthDiscountOffered: true,
    depositAsked: true,
  } as const;

  it("prices a one-month storage booking (no deposit below 2 months)", () => {
    expect(bookingPrice(storage)).toEqual({
      type: "storage",
      months: 1,
      firstMonthPrice: P,
      deposits: 0,
      firstMonthDiscount: 0,
      due: 315000,
      spaceSolutionFee: 15000,
    });
  });

  it("prices a six-month storage booking of 2 units with discount, deposit and voucher", () => {
    const endDate = endDateForMonths("2026-03-15", 6);
    expect(bookingPrice({ ...storage, quantity: 2, endDate, voucher: 10000 })).toEqual({
      type: "storage",
      months: 6,
      firstMonthPrice: 600000,
      deposits: 600000,
      firstMonthDiscount: 300000,
      spaceSolutionFee: 15000,
      due: 600000 - 300000 + 600000 + 15000 - 10000,
    });
  });

  it("prices a storage stay shorter than a month by its space fee", () => {
    const result = bookingPrice({ ...storage, endDate: "2026-03-19" });
    expect(result).toMatchObject({ months: 0, firstMonthPrice: 150000, deposits: 0, firstMonthDiscount: 0 });
    expect(result.spaceSolutionFee).toBe(7500);
    expect(result.due).toBe(157500);
  });

  it("uses a configurable fee rate", () => {
    expect(bookingPrice({ ...storage, feeRateBasisPoints: 1000 }).spaceSolutionFee).toBe(30000);
  });

  const parking = {
    type: "parking",
    dailyPrice: 15000,
    monthlyPrice: 400000,
    weekdays: [1, 2, 3, 4, 5],
    startDate: "2026-12-01",
    endDate: "2026-12-31",
    firstMonthDiscountOffered: true,
    depositAsked: true,
  } as const;

  it("prices a one-month parking booking with a deposit from M = 1", () => {
    expect(bookingPrice(parking)).toEqual({
      type: "parking",
      months: 1,
      firstMonthPrice: 330000,
      deposits: 330000,
      firstMonthDiscount: 0,
      spaceSolutionFee: 16500,
      due: 676500,
    });
  });

  it("prices a full-month parking booking by the monthly price, with the discount from 6 months", () => {
    const endDate = endDateForMonths("2026-12-01", 6);
    expect(bookingPrice({ ...parking, weekdays: [0, 1, 2, 3, 4, 5, 6], endDate })).toEqual({
      type: "parking",
      months: 6,
      firstMonthPrice: 400000,
      deposits: 400000,
      firstMonthDiscount: 200000,
      spaceSolutionFee: 10000,
      due: 610000,
    });
  });

  it("rejects a parking booking without weekdays, and bad dates", () => {
    expect(() => bookingPrice({ ...parking, weekdays: [] })).toThrow(/at least one weekday/);
    expect(() => bookingPrice({ ...storage, endDate: "2026-03-14" })).toThrow(/before start date/);
    expect(() => bookingPrice({ ...storage, startDate: "15/03/2026" })).toThrow(/YYYY-MM-DD/);
    expect(() => bookingPrice({ ...storage, quantity: 1.5 })).toThrow(/quantity/);
  });

  const bookingInput: fc.Arbitrary<BookingPriceInput> = fc
    .record({
      startDate: anyDate,
      length: fc.integer({ min: 0, max: 800 }),
      firstMonthDiscountOffered: fc.boolean(),
      depositAsked: fc.boolean(),
      voucher: fc.integer({ min: 0, max: 50_000_000 }),
      feeRateBasisPoints: fc.integer({ min: 0, max: 10_000 }),
      monthlyPrice: price,
      quantity,
      dailyPrice: price,
      weekdays,
      parking: fc.boolean(),
    })
    .map(({ length, parking: isParking, dailyPrice, weekdays: days, quantity: q, ...rest }) => {
      const endDate = addDays(rest.startDate, length);
      return isParking
        ? { ...rest, endDate, type: "parking" as const, dailyPrice, weekdays: days }
        : { ...rest, endDate, type: "storage" as const, quantity: q };
    });

  it("gives non-negative integer items whose due is the clamped sum", () => {
    fc.assert(
      fc.property(bookingInput, (input) => {
        const result = bookingPrice(input);
        for (const key of [
          "firstMonthPrice",
          "deposits",
          "firstMonthDiscount",
          "due",
          "spaceSolutionFee",
        ] as const) {
          expect(isCentavos(result[key])).toBe(true);
        }
        expect(result.type).toBe(input.type);
        expect(result.firstMonthDiscount).toBeLessThanOrEqual(result.firstMonthPrice);
        const sum =
          result.firstMonthPrice -
          result.firstMonthDiscount +
          result.deposits +
          result.spaceSolutionFee -
          (input.voucher ?? 0);
        expect(result.due).toBe(Math.max(0, sum));
      }),
    );
  });

  it("never makes the due negative, however large the voucher", () => {
    fc.assert(
      fc.property(bookingInput, fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (input, voucher) => {
        expect(bookingPrice({ ...input, voucher }).due).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
