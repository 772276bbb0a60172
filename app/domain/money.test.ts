import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertNonNegativeInteger, formatPeso, parsePeso, roundHalfUp, roundHalfUpProduct } from "./money";

describe("roundHalfUp", () => {
  it.each([
    [0, 30, 0],
    [1, 2, 1],
    [3, 2, 2],
    [5, 2, 3],
    [14, 30, 0],
    [15, 30, 1],
    [44, 30, 1],
    [45, 30, 2],
    [3700000, 30, 123333],
    [-1, 2, -1],
    [-3, 2, -2],
    [-14, 30, 0],
  ])("%i / %i → %i", (numerator, denominator, expected) => {
    expect(roundHalfUp(numerator, denominator)).toBe(expected);
  });

  it("rejects non-integers and non-positive denominators", () => {
    expect(() => roundHalfUp(1.5, 2)).toThrow(RangeError);
    expect(() => roundHalfUp(1, 0)).toThrow(/denominator/);
    expect(() => roundHalfUp(1, -3)).toThrow(/denominator/);
    expect(() => roundHalfUp(Number.NaN, 3)).toThrow(RangeError);
  });

  it("agrees with exact arithmetic: the result is within half of the true quotient, halves going up", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 1e6 }), (n, d) => {
        const q = roundHalfUp(n, d);
        expect(Number.isInteger(q)).toBe(true);
        // |n − q·d| ≤ d/2 and, on a tie, the larger candidate (q·d − n = d/2): 2(n − q·d) ∈ [−d, d).
        const twice = 2n * (BigInt(n) - BigInt(q) * BigInt(d));
        expect(twice >= -BigInt(d) && twice < BigInt(d)).toBe(true);
      }),
    );
  });
});

describe("roundHalfUpProduct", () => {
  it("multiplies exactly before dividing once", () => {
    expect(roundHalfUpProduct([100000, 7], 30)).toBe(23333);
    expect(roundHalfUpProduct([5, 300000, 3, 1], 30)).toBe(150000);
    // An intermediate product beyond 2^53 stays exact.
    expect(roundHalfUpProduct([9_000_000_000_000, 1000], 1000)).toBe(9_000_000_000_000);
    expect(roundHalfUpProduct([], 1)).toBe(1);
  });

  it("throws when the result cannot be held exactly", () => {
    expect(() => roundHalfUpProduct([Number.MAX_SAFE_INTEGER, 2], 1)).toThrow(/too large/);
  });
});

describe("assertNonNegativeInteger", () => {
  it("accepts 0 and positive integers and rejects the rest", () => {
    expect(() => assertNonNegativeInteger(0, "x")).not.toThrow();
    expect(() => assertNonNegativeInteger(42, "x")).not.toThrow();
    expect(() => assertNonNegativeInteger(-1, "x")).toThrow("x must be a non-negative integer, got -1");
    expect(() => assertNonNegativeInteger(0.5, "x")).toThrow(RangeError);
    expect(() => assertNonNegativeInteger(Number.POSITIVE_INFINITY, "x")).toThrow(RangeError);
  });
});

describe("formatPeso", () => {
  it.each([
    [0, "₱0.00"],
    [1, "₱0.01"],
    [50, "₱0.50"],
    [100, "₱1.00"],
    [123450, "₱1,234.50"],
    [300000, "₱3,000.00"],
    [123333, "₱1,233.33"],
    [99999999, "₱999,999.99"],
    [123456789012, "₱1,234,567,890.12"],
    [-100, "-₱1.00"],
    [-123450, "-₱1,234.50"],
    [-0, "₱0.00"],
  ])("%i → %s", (centavos, expected) => {
    expect(formatPeso(centavos)).toBe(expected);
  });

  it("rejects fractional centavos", () => {
    expect(() => formatPeso(1.5)).toThrow(RangeError);
  });
});

describe("parsePeso", () => {
  it.each([
    ["1,234.5", 123450],
    ["1234.5", 123450],
    ["1,234.50", 123450],
    ["₱1,234.50", 123450],
    ["  ₱ 3,000  ", 300000],
    ["0", 0],
    ["0.01", 1],
    [".5", 50],
    ["999", 99900],
    ["1,000,000", 100000000],
  ])("%j → %i", (input, expected) => {
    expect(parsePeso(input)).toBe(expected);
  });

  it.each([
    "",
    "  ",
    "₱",
    "-1",
    "+1",
    "1.234",
    "1.",
    "abc",
    "1e3",
    "12,34",
    "1,2345",
    ",123",
    "1,234,56",
    "1 234",
    "1.2.3",
    "Infinity",
    "99999999999999999999",
  ])("%j → null", (input) => {
    expect(parsePeso(input)).toBeNull();
  });

  it("round-trips every formatted non-negative amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (centavos) => {
        expect(parsePeso(formatPeso(centavos))).toBe(centavos);
      }),
    );
  });
});
