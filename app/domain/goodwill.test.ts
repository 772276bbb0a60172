import { describe, expect, it } from "vitest";
import { DomainError } from "./errors";
import { bookingLookup, GOODWILL_WORDS, goodwillAmount } from "./goodwill";

describe("bookingLookup", () => {
  it("reads a booking number as people quote it, or an id", () => {
    expect(bookingLookup("SS-000123")).toEqual({ number: 123 });
    expect(bookingLookup(" ss-123 ")).toEqual({ number: 123 });
    expect(bookingLookup("SS123")).toEqual({ number: 123 });
    expect(bookingLookup("000123")).toEqual({ number: 123 });
    expect(bookingLookup("0F0C8B1E-1F2A-4C3D-8E9F-0A1B2C3D4E5F")).toEqual({
      id: "0f0c8b1e-1f2a-4c3d-8e9f-0a1b2c3d4e5f",
    });
  });

  it("refuses anything else", () => {
    for (const input of ["", "SS-", "SS-0", "SS-12a", "-5", "1.5", "SS-1234567890123456", "drop table"])
      expect(bookingLookup(input), input).toBeNull();
  });
});

describe("goodwillAmount", () => {
  const booking = { paid: 615_000, refunded: 100_000 };

  it("takes pesos up to what the payments still hold", () => {
    expect(goodwillAmount("500", booking)).toBe(50_000);
    expect(goodwillAmount("₱5,150.00", booking)).toBe(515_000);
  });

  it("refuses nothing, too much, and words", () => {
    const refused = (typed: string, b = booking) => {
      try {
        goodwillAmount(typed, b);
      } catch (error) {
        return error instanceof DomainError ? error.message : "not a DomainError";
      }
      return "accepted";
    };
    expect(refused("abc")).toBe(GOODWILL_WORDS.amount);
    expect(refused("-5")).toBe(GOODWILL_WORDS.amount);
    expect(refused("0")).toBe(GOODWILL_WORDS.zero);
    expect(refused("5,150.01")).toBe(GOODWILL_WORDS.tooMuch(515_000));
    expect(refused("1", { paid: 10_000, refunded: 10_000 })).toBe(GOODWILL_WORDS.nothingLeft);
    expect(GOODWILL_WORDS.tooMuch(515_000)).toBe(
      "At most ₱5,150.00 of this booking's payments is left to refund.",
    );
  });
});
