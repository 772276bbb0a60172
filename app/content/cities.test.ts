import { describe, expect, it } from "vitest";
import { PH_PLACES } from "~/seed/ph-places";
import { cityPagePath, FEATURED_CITY_SLUGS, featuredCities, groupByProvince } from "./cities";

const city = (slug: string, province = "Metro Manila") => ({ name: slug.toUpperCase(), slug, province });

describe("featuredCities", () => {
  it("lists the largest cities first, in population order", () => {
    const cities = [
      city("angeles", "Pampanga"),
      city("manila"),
      city("quezon-city"),
      city("davao-city", "Davao"),
    ];
    expect(featuredCities(cities).map((c) => c.slug)).toEqual([
      "quezon-city",
      "manila",
      "davao-city",
      "angeles",
    ]);
  });

  it("fills up to the limit from the list when featured cities are missing, and stops there", () => {
    const cities = ["a", "b", "c", "manila"].map((slug) => city(slug));
    expect(featuredCities(cities, 3).map((c) => c.slug)).toEqual(["manila", "a", "b"]);
    expect(featuredCities([], 12)).toEqual([]);
  });

  it("features only cities of the reference data", () => {
    const slugs = new Set(PH_PLACES.map((place) => place.slug));
    for (const slug of FEATURED_CITY_SLUGS) expect(slugs.has(slug), slug).toBe(true);
    expect(featuredCities(PH_PLACES).map((c) => c.slug)).toEqual([...FEATURED_CITY_SLUGS]);
  });
});

describe("groupByProvince", () => {
  it("puts Metro Manila first, then provinces alphabetically, keeping each province's order", () => {
    const groups = groupByProvince([
      city("cebu-city", "Cebu"),
      city("pasig"),
      city("bacolod", "Negros Occidental"),
      city("makati"),
    ]);
    expect(groups.map(([province, cities]) => [province, cities.map((c) => c.slug)])).toEqual([
      ["Metro Manila", ["pasig", "makati"]],
      ["Cebu", ["cebu-city"]],
      ["Negros Occidental", ["bacolod"]],
    ]);
  });
});

describe("links", () => {
  it("leads to the city pages", () => {
    expect(cityPagePath("storage", "cebu-city")).toBe("/storage-city/cebu-city");
    expect(cityPagePath("parking", "quezon-city")).toBe("/parking-city/quezon-city");
  });
});
