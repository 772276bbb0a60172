import { describe, expect, it } from "vitest";
import { priceBasisText, priceSummary } from "./price-text";

const storage = {
  storageType: "storage" as const,
  unitOfRental: "sqm" as const,
  rentMode: { entireSpace: false },
  listingPrice: 50_000,
  dailyPrice: null,
};

describe("priceBasisText", () => {
  it("names the unit a storage price is for, or the entire space", () => {
    expect(priceBasisText(storage)).toBe("per square meter");
    expect(priceBasisText({ ...storage, unitOfRental: "pallet" })).toBe("per pallet");
    expect(priceBasisText({ ...storage, rentMode: { entireSpace: true } })).toBe("for the entire space");
  });

  it("reads a parking price as one slot's, and a storage draft without a unit as the whole space's", () => {
    expect(priceBasisText({ ...storage, storageType: "parking" })).toBe("for one parking slot");
    expect(priceBasisText({ ...storage, unitOfRental: null })).toBe("for the entire space");
  });
});

describe("priceSummary", () => {
  it("gives the monthly price with what it is for", () => {
    expect(priceSummary(storage)).toBe("₱500.00 a month per square meter");
    expect(priceSummary({ ...storage, rentMode: { entireSpace: true }, listingPrice: 350_000 })).toBe(
      "₱3,500.00 a month for the entire space",
    );
  });

  it("adds the daily price of a parking slot", () => {
    expect(
      priceSummary({ ...storage, storageType: "parking", listingPrice: 400_000, dailyPrice: 15_000 }),
    ).toBe("₱4,000.00 a month · ₱150.00 a day");
  });

  it("is null before the price step", () => {
    expect(priceSummary({ ...storage, listingPrice: null })).toBeNull();
  });
});
