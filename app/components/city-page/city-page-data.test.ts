import { describe, expect, it } from "vitest";
import {
  nearestCities,
  type ParkingPriceRange,
  type PriceRangeView,
  priceLines,
  type StoragePriceRange,
} from "./city-page-data";
import { cityPageDescription, cityPageTitle, countText } from "./city-page-words";

const none: PriceRangeView = { count: 0, minPrice: 100, maxPrice: 99_900, medianPrice: null };
const of = (minPrice: number, maxPrice: number, count = 2): PriceRangeView => ({
  count,
  minPrice,
  maxPrice,
  medianPrice: minPrice,
});

describe("a city's price lines", () => {
  it("lists storage by price basis, the entire space first, leaving out bases without listings", () => {
    const prices: StoragePriceRange = {
      ...of(20_000, 800_000, 5),
      byBasis: {
        entireSpace: of(150_000, 800_000),
        sqm: of(20_000, 45_000),
        cbm: none,
        pallet: of(50_000, 50_000, 1),
      },
    };
    expect(priceLines("storage", prices)).toEqual([
      { key: "entireSpace", text: "₱1,500.00 to ₱8,000.00 a month for the entire space" },
      { key: "sqm", text: "₱200.00 to ₱450.00 a month per square meter" },
      { key: "pallet", text: "₱500.00 a month per pallet" },
    ]);
  });

  it("lists parking by the month and by the day", () => {
    const prices: ParkingPriceRange = { ...of(300_000, 450_000), daily: of(12_000, 20_000) };
    expect(priceLines("parking", prices)).toEqual([
      { key: "month", text: "₱3,000.00 to ₱4,500.00 a month" },
      { key: "day", text: "₱120.00 to ₱200.00 a day" },
    ]);
    expect(priceLines("parking", { ...of(300_000, 300_000, 1), daily: none })).toEqual([
      { key: "month", text: "₱3,000.00 a month" },
    ]);
  });

  it("has no lines for a city without listings (not the product's default 1 to 999 bounds)", () => {
    expect(priceLines("parking", { ...none, daily: none })).toEqual([]);
    expect(
      priceLines("storage", { ...none, byBasis: { entireSpace: none, sqm: none, cbm: none, pallet: none } }),
    ).toEqual([]);
  });
});

describe("nearby cities", () => {
  const city = (slug: string, latitude: number, longitude: number) => ({ slug, latitude, longitude });
  const makati = city("makati", 14.5547, 121.0244);
  const list = [
    makati,
    city("cebu-city", 10.3157, 123.8854),
    city("pasig", 14.5764, 121.0851),
    city("taguig", 14.5176, 121.0509),
    city("manila", 14.5995, 120.9842),
  ];

  it("are the nearest others, nearest first", () => {
    expect(nearestCities(makati, list, 3).map((each) => each.slug)).toEqual(["taguig", "manila", "pasig"]);
    expect(nearestCities(makati, list).map((each) => each.slug)).not.toContain("makati");
  });
});

describe("the words", () => {
  it("count, title and description", () => {
    expect(countText("storage", 1)).toBe("1 storage space");
    expect(countText("parking", 1200)).toBe("1,200 parking spaces");
    expect(cityPageTitle("parking", "Pasig")).toBe("Parking for rent in Pasig");
    const city = { name: "Pasig", province: "Metro Manila" };
    expect(cityPageDescription("parking", city, 3, [{ key: "month", text: "₱3,000.00 a month" }])).toBe(
      "3 parking spaces for rent in Pasig, Metro Manila, from ₱3,000.00 a month. Compare sizes, prices and photos, and book online with Space Solution.",
    );
    expect(cityPageDescription("storage", city, 0, [])).toMatch(
      /^Looking for storage space in Pasig, Metro Manila\?/,
    );
  });
});
