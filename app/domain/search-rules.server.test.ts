import { describe, expect, it } from "vitest";
import { searchParamsOf } from "./search";
import {
  budgetQuerySchema,
  parseSearchQuery,
  SEARCH_MESSAGES,
  SearchPageSchema,
} from "./search-rules.server";

describe("reading a search", () => {
  it("reads every parameter into a query", () => {
    const parsed = parseSearchQuery(
      "storageType=parking&city=makati&kind=condo&minUnits=2&vehicleSize=suv&minPrice=1000&maxPrice=2500.50&rentalDuration=1_month&accessOption=all_time&features=covered,cctv&quickMoveIn=on&firstMonthDiscount=1&floodSafe=true&startDate=2026-12-01&bounds=14.5,121,14.6,121.1&near=14.55,121.05&sort=nearest&page=4",
    );
    expect(parsed).toEqual({
      ok: true,
      query: {
        storageType: "parking",
        city: "makati",
        kind: "condo",
        minUnits: 2,
        vehicleSize: "suv",
        minPrice: 1000,
        maxPrice: 2500.5,
        rentalDuration: "1_month",
        accessOption: "all_time",
        features: ["cctv", "covered"],
        quickMoveIn: true,
        firstMonthDiscount: true,
        floodSafe: true,
        startDate: "2026-12-01",
        bounds: { south: 14.5, west: 121, north: 14.6, east: 121.1 },
        near: { latitude: 14.55, longitude: 121.05 },
        sort: "nearest",
      },
    });
  });

  it("fills in the defaults", () => {
    expect(parseSearchQuery("storageType=storage")).toEqual({
      ok: true,
      query: {
        storageType: "storage",
        features: [],
        quickMoveIn: false,
        firstMonthDiscount: false,
        floodSafe: false,
        sort: "recommended",
      },
    });
    expect(parseSearchQuery("?storageType=storage&quickMoveIn=false")).toMatchObject({
      query: { quickMoveIn: false },
    });
  });

  it("writes back what it reads (a normalized search reads the same)", () => {
    const parsed = parseSearchQuery(
      "sort=priceDesc&features=gated&features=cctv&city=pasig&storageType=storage&minArea=12.50",
    );
    if (!parsed.ok) throw new Error(parsed.message);
    const written = searchParamsOf(parsed.query).toString();
    expect(written).toBe(
      "storageType=storage&city=pasig&minArea=12.5&features=cctv&features=gated&sort=priceDesc",
    );
    expect(parseSearchQuery(written)).toEqual(parsed);
  });

  it("refuses with the first failing rule's message, naming the parameter", () => {
    const refused = (query: string) => {
      const parsed = parseSearchQuery(query);
      return parsed.ok ? null : { message: parsed.message, field: parsed.errors[0]?.field };
    };
    expect(refused("city=makati")).toEqual({ message: SEARCH_MESSAGES.storageType, field: "storageType" });
    expect(refused("storageType=storage&kind=condo")).toEqual({
      message: SEARCH_MESSAGES.kind,
      field: "kind",
    });
    expect(refused("storageType=storage&minPrice=9&maxPrice=1")).toEqual({
      message: SEARCH_MESSAGES.priceOrder,
      field: "minPrice",
    });
    expect(refused("storageType=storage&fbclid=abc")).toEqual({
      message: SEARCH_MESSAGES.unknown(["fbclid"]),
      field: "fbclid",
    });
    expect(refused("storageType=storage&minPrice=1000000")).toMatchObject({ field: "minPrice" });
    expect(refused("storageType=storage&city=Makati City")).toMatchObject({ message: SEARCH_MESSAGES.city });
  });

  it("opens a shared link that picked up other parameters on the way", () => {
    expect(
      parseSearchQuery("storageType=storage&fbclid=abc&utm_source=x", { ignoreUnknown: true }),
    ).toMatchObject({
      ok: true,
      query: { storageType: "storage" },
    });
  });

  it("takes a nearest sort with a city, a map area or a point", () => {
    expect(parseSearchQuery("storageType=storage&sort=nearest").ok).toBe(false);
    expect(parseSearchQuery("storageType=storage&sort=nearest&city=makati").ok).toBe(true);
    expect(parseSearchQuery("storageType=storage&sort=nearest&bounds=14,121,15,122").ok).toBe(true);
    expect(parseSearchQuery("storageType=storage&sort=nearest&near=14.5,121").ok).toBe(true);
  });
});

describe("the budget meter's parameters", () => {
  it("takes the filters with the type from the path, and no prices", () => {
    const schema = budgetQuerySchema("parking");
    expect(schema.parse({ city: "makati", features: "covered" })).toMatchObject({
      storageType: "parking",
      city: "makati",
      features: ["covered"],
    });
    expect(schema.safeParse({ minPrice: "10" }).success).toBe(false);
    expect(schema.safeParse({ storageType: "parking" }).success).toBe(false);
  });
});

describe("the page", () => {
  it("is a whole number from 1 to 5,000", () => {
    expect(SearchPageSchema.parse({ n: "2" })).toEqual({ n: 2 });
    for (const n of ["0", "-1", "1.5", "abc", "5001", ""]) {
      expect(SearchPageSchema.safeParse({ n }).success, n).toBe(false);
    }
  });
});
