import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bucketIndex, budgetLayout, budgetMeterOf, DEFAULT_BUDGET } from "./budget-meter";
import {
  isBlankSearch,
  pageCount,
  pageLinks,
  readSearchParams,
  recentSearchQuery,
  recommendedScore,
  reviewPoints,
  type SearchQuery,
  searchParamsOf,
  searchPath,
} from "./search";
import { describeSearch } from "./search-words";

const storage: SearchQuery = {
  storageType: "storage",
  features: [],
  quickMoveIn: false,
  firstMonthDiscount: false,
  floodSafe: false,
  sort: "recommended",
};

describe("a search in a URL", () => {
  it("reads a query string: trims, drops empty values, splits feature lists", () => {
    const params = new URLSearchParams(
      "storageType=storage&city=&kind= garage &features=cctv,gated&features=lighting&page=2",
    );
    expect(readSearchParams(params)).toEqual({
      storageType: "storage",
      kind: "garage",
      features: ["cctv", "gated", "lighting"],
      page: "2",
    });
    expect(readSearchParams(new URLSearchParams("city=makati&city=pasig"))).toEqual({
      city: ["makati", "pasig"],
    });
  });

  it("writes the same search the same way: fixed order, defaults left out, features sorted", () => {
    const query: SearchQuery = {
      ...storage,
      sort: "priceAsc",
      features: ["gated", "cctv", "gated"],
      city: "makati",
      minPrice: 1000,
      maxPrice: 2500.5,
      quickMoveIn: true,
      bounds: { south: 14.5, west: 121, north: 14.6, east: 121.1 },
      near: { latitude: 14.55, longitude: 121.05 },
    };
    expect(searchParamsOf(query).toString()).toBe(
      "storageType=storage&city=makati&minPrice=1000&maxPrice=2500.5&features=cctv&features=gated&quickMoveIn=true&bounds=14.5%2C121%2C14.6%2C121.1&near=14.55%2C121.05&sort=priceAsc",
    );
    expect(searchParamsOf(storage).toString()).toBe("storageType=storage");
  });

  it("links a page of a search", () => {
    expect(searchPath({ ...storage, city: "pasig" })).toBe("/search-space?storageType=storage&city=pasig");
    expect(searchPath({ ...storage, city: "pasig" }, 3)).toBe(
      "/search-space?storageType=storage&city=pasig&page=3",
    );
  });

  it("keeps a recent search without its map position", () => {
    const query: SearchQuery = {
      ...storage,
      city: "makati",
      bounds: { south: 1, west: 2, north: 3, east: 4 },
      near: { latitude: 1, longitude: 2 },
    };
    expect(recentSearchQuery(query)).toEqual({ ...storage, city: "makati" });
  });

  it("tells a blank search (nothing but the type) from a real one", () => {
    expect(isBlankSearch(storage)).toBe(true);
    expect(isBlankSearch({ ...storage, sort: "newest" })).toBe(true);
    expect(isBlankSearch({ ...storage, bounds: { south: 1, west: 2, north: 3, east: 4 } })).toBe(true);
    expect(isBlankSearch({ ...storage, city: "makati" })).toBe(false);
    expect(isBlankSearch({ ...storage, quickMoveIn: true })).toBe(false);
  });

  it("describes a search in a line", () => {
    expect(describeSearch({ ...storage, city: "makati" }, "Makati")).toBe("Storage in Makati");
    expect(
      describeSearch({
        storageType: "parking",
        features: ["covered"],
        quickMoveIn: true,
        firstMonthDiscount: false,
        floodSafe: false,
        sort: "recommended",
        kind: "garage",
        minPrice: 1000,
        maxPrice: 3000,
      }),
    ).toBe("Parking · Garage · ₱1,000.00 to ₱3,000.00 · 2 more filters");
    expect(describeSearch({ ...storage, maxPrice: 500, minArea: 10 })).toBe(
      "Storage · up to ₱500.00 · 1 more filter",
    );
  });
});

describe("pages", () => {
  it("counts pages of 20", () => {
    expect(pageCount(0)).toBe(0);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
  });

  it("links the first, the last and the pages around the current one", () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(1, 3)).toEqual([1, 2, 3]);
    expect(pageLinks(6, 20)).toEqual([1, "gap", 4, 5, 6, 7, 8, "gap", 20]);
    // A gap of one page shows the page instead.
    expect(pageLinks(4, 20)).toEqual([1, 2, 3, 4, 5, 6, "gap", 20]);
    expect(pageLinks(20, 20)).toEqual([1, "gap", 18, 19, 20]);
    expect(pageLinks(1, 0)).toEqual([]);
  });

  it("always lists each page once, in order, with the current one", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (a, b) => {
        const pages = Math.max(a, b);
        const current = Math.min(a, b);
        const numbers = pageLinks(current, pages).filter((link) => link !== "gap") as number[];
        expect(numbers).toContain(current);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(pages);
        expect([...numbers].sort((x, y) => x - y)).toEqual(numbers);
        expect(new Set(numbers).size).toBe(numbers.length);
      }),
    );
  });
});

describe("recommended score", () => {
  const bare = {
    description: null,
    featureCount: 0,
    photoCount: 0,
    hasFloorplan: false,
    hasAccessOption: false,
    quickMoveIn: false,
    firstMonthDiscount: false,
    floodSafe: false,
  };

  it("adds up what makes a listing complete", () => {
    expect(recommendedScore(bare)).toBe(0);
    expect(recommendedScore({ ...bare, description: "x".repeat(39) })).toBe(0);
    expect(recommendedScore({ ...bare, description: "x".repeat(40) })).toBe(10);
    expect(recommendedScore({ ...bare, description: "x".repeat(150) })).toBe(20);
    expect(recommendedScore({ ...bare, featureCount: 2 })).toBe(6);
    expect(recommendedScore({ ...bare, featureCount: 9 })).toBe(15);
    expect(recommendedScore({ ...bare, photoCount: 1 })).toBe(8);
    expect(recommendedScore({ ...bare, photoCount: 3 })).toBe(24);
    expect(recommendedScore({ ...bare, photoCount: 20 })).toBe(40);
    expect(recommendedScore({ ...bare, hasFloorplan: true })).toBe(5);
    expect(recommendedScore({ ...bare, hasAccessOption: true })).toBe(5);
    expect(
      recommendedScore({
        description: "x".repeat(200),
        featureCount: 5,
        photoCount: 5,
        hasFloorplan: true,
        hasAccessOption: true,
        quickMoveIn: true,
        firstMonthDiscount: true,
      }),
    ).toBe(95);
  });

  it("adds the listing's reviews: its average stars around three, and a little for each review up to five", () => {
    expect(recommendedScore({ ...bare, reviewCount: 0, reviewStars: 0 })).toBe(0);
    expect(reviewPoints(1, 5)).toBe(20 + 2);
    expect(reviewPoints(1, 3)).toBe(2);
    expect(reviewPoints(1, 1)).toBe(-20 + 2);
    expect(reviewPoints(3, 14)).toBe(16 + 6); // 4.67 stars: 46 tenths
    expect(reviewPoints(9, 45)).toBe(20 + 10);
    expect(recommendedScore({ ...bare, photoCount: 1, reviewCount: 2, reviewStars: 9 })).toBe(8 + 15 + 4);
  });

  it("counts characters as PostgreSQL does (code points)", () => {
    expect(recommendedScore({ ...bare, description: "🏠".repeat(40) })).toBe(10);
    expect(recommendedScore({ ...bare, description: "🏠".repeat(39) })).toBe(0);
  });
});

describe("budget meter", () => {
  it("picks round bars: ₱1, 2, 5, 10, 20, 50 … wide, from a multiple of the width", () => {
    expect(budgetLayout(100_000, 800_000)).toEqual({ from: 100_000, width: 50_000, count: 15 });
    expect(budgetLayout(101_327, 299_999)).toEqual({ from: 100_000, width: 10_000, count: 20 });
    expect(budgetLayout(250_000, 250_000)).toEqual({ from: 250_000, width: 100, count: 1 });
    expect(budgetLayout(100, 1_000)).toEqual({ from: 100, width: 100, count: 10 });
    expect(budgetLayout(150, 2_150)).toEqual({ from: 0, width: 200, count: 11 });
  });

  it("puts every price in one bar that holds it", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 100, max: 99_999_900 }), { minLength: 1, maxLength: 60 }),
        (prices) => {
          const meter = budgetMeterOf(prices);
          expect(meter.buckets.length).toBeGreaterThan(0);
          expect(meter.buckets.length).toBeLessThanOrEqual(20);
          expect(meter.buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(prices.length);
          expect(meter.minPrice).toBe(Math.min(...prices));
          expect(meter.maxPrice).toBe(Math.max(...prices));
          const layout = budgetLayout(meter.minPrice, meter.maxPrice);
          for (const price of prices) {
            const bucket = meter.buckets[bucketIndex(price, layout)];
            expect(bucket && price >= bucket.from && price < bucket.to).toBe(true);
          }
        },
      ),
    );
  });

  it("counts the prices of each bar", () => {
    const meter = budgetMeterOf([100_000, 120_000, 125_000, 300_000, 800_000]);
    expect(meter.buckets.filter((bucket) => bucket.count > 0)).toEqual([
      { from: 100_000, to: 150_000, count: 3 },
      { from: 300_000, to: 350_000, count: 1 },
      { from: 800_000, to: 850_000, count: 1 },
    ]);
  });

  it("falls back to the product's ₱1 and ₱999 with nothing to count", () => {
    expect(budgetMeterOf([])).toEqual(DEFAULT_BUDGET);
    expect(DEFAULT_BUDGET).toEqual({ buckets: [], minPrice: 100, maxPrice: 99_900 });
  });
});
