import { describe, expect, it } from "vitest";
import { distanceMetres, isInPhilippines } from "~/domain/geo";
import { publishingGaps } from "~/domain/space";
import { area } from "~/domain/units";
import { isAllowedText, isKindFor, PARKING_FEATURES, STORAGE_FEATURES } from "~/domain/vocabulary";
import {
  DEMO_INACTIVE_TITLE,
  DEMO_PARKING_TITLE,
  DEMO_PENDING_TITLE,
  DEMO_SPACES,
  DEMO_STORAGE_TITLE,
} from "./demo-spaces";
import { PH_PLACES } from "./ph-places";

const placeOf = new Map(PH_PLACES.map((place) => [place.slug, place]));
const byTitle = (title: string) => DEMO_SPACES.find((space) => space.spaceTitle === title);
const active = DEMO_SPACES.filter((space) => space.status === "active");

/** What publishing checks, for a demo listing (photos counted from its pictures, the city known by slug). */
function gapsOf(space: (typeof DEMO_SPACES)[number]) {
  return publishingGaps({
    ...space,
    cityId: placeOf.has(space.citySlug) ? 1 : null,
    areaSqm: space.size ? area(space.size) : null,
    photoCount: space.photos.length,
  });
}

describe("demo listings", () => {
  it("has about 24 active listings of both types, in at least 6 cities, for both demo hosts", () => {
    expect(active.length).toBeGreaterThanOrEqual(24);
    expect(new Set(active.map((space) => space.storageType))).toEqual(new Set(["storage", "parking"]));
    const cities = new Set(active.map((space) => space.citySlug));
    for (const slug of ["makati", "quezon-city", "pasig", "taguig", "cebu-city", "davao-city"]) {
      expect(cities).toContain(slug);
    }
    expect(new Set(active.map((space) => space.host))).toEqual(new Set(["maria", "ana"]));
    expect(new Set(active.map((space) => space.kind)).size).toBeGreaterThanOrEqual(8);
  });

  it("gives Maria one pending draft and one inactive listing", () => {
    expect(DEMO_SPACES.filter((space) => space.status === "pending").map((s) => s.spaceTitle)).toEqual([
      DEMO_PENDING_TITLE,
    ]);
    expect(DEMO_SPACES.filter((space) => space.status === "inactive").map((s) => s.spaceTitle)).toEqual([
      DEMO_INACTIVE_TITLE,
    ]);
    expect(byTitle(DEMO_PENDING_TITLE)?.host).toBe("maria");
    expect(byTitle(DEMO_INACTIVE_TITLE)?.host).toBe("maria");
    // The draft still misses photos, durations and price; publishing says so.
    const draft = byTitle(DEMO_PENDING_TITLE);
    if (!draft) throw new Error("no draft");
    expect(gapsOf(draft).map((gap) => gap.step)).toEqual([
      "add-more-details",
      "list-your-space-frequency",
      "set-your-space-price",
    ]);
  });

  it("makes every active and inactive listing publishable, with 2 to 4 photos", () => {
    for (const space of DEMO_SPACES.filter((s) => s.status !== "pending")) {
      expect(gapsOf(space), space.spaceTitle ?? "").toEqual([]);
      expect(space.photos.length).toBeGreaterThanOrEqual(2);
      expect(space.photos.length).toBeLessThanOrEqual(4);
      expect(space.photos[0]).toBe("cover");
      expect(new Set(space.photos).size).toBe(space.photos.length);
    }
  });

  it("writes titles the title rule accepts, each one unique", () => {
    for (const space of DEMO_SPACES) {
      const title = space.spaceTitle ?? "";
      expect(isAllowedText("label", title), title).toBe(true);
      expect(title.length).toBeGreaterThanOrEqual(5);
      expect(title.length).toBeLessThanOrEqual(80);
    }
    expect(new Set(DEMO_SPACES.map((space) => space.spaceTitle)).size).toBe(DEMO_SPACES.length);
  });

  it("uses kinds and features of each listing's type, and barangays of its city near its centre", () => {
    for (const space of DEMO_SPACES) {
      expect(isKindFor(space.storageType, space.kind), space.spaceTitle ?? "").toBe(true);
      const features: readonly string[] =
        space.storageType === "storage" ? STORAGE_FEATURES : PARKING_FEATURES;
      for (const feature of space.features) expect(features, space.spaceTitle ?? "").toContain(feature);
      const place = placeOf.get(space.citySlug);
      expect(place, space.citySlug).toBeDefined();
      if (!place) continue;
      expect(place.barangays, space.spaceTitle ?? "").toContain(space.barangay);
      expect(isInPhilippines(space.latitude, space.longitude)).toBe(true);
      expect(distanceMetres(place, space), space.spaceTitle ?? "").toBeLessThan(10_000);
    }
  });

  it("prices storage at ₱1,500–₱15,000 a month (or ₱1–₱999 a unit) and parking at ₱100–₱300 a day, ₱2,500–₱6,000 a month", () => {
    for (const space of active) {
      const monthly = space.monthlyPrice ?? 0;
      if (space.storageType === "storage") {
        if (space.entireSpace) {
          expect(monthly).toBeGreaterThanOrEqual(150_000);
          expect(monthly).toBeLessThanOrEqual(1_500_000);
        } else {
          expect(monthly).toBeGreaterThanOrEqual(100);
          expect(monthly).toBeLessThanOrEqual(99_900);
          expect(space.unitsAvailable).toBeGreaterThan(1);
        }
      } else {
        expect(space.dailyPrice).toBeGreaterThanOrEqual(10_000);
        expect(space.dailyPrice).toBeLessThanOrEqual(30_000);
        expect(monthly).toBeGreaterThanOrEqual(250_000);
        expect(monthly).toBeLessThanOrEqual(600_000);
      }
    }
    expect(active.some((space) => space.depositRequired)).toBe(true);
    expect(active.some((space) => space.quickMoveIn)).toBe(true);
    expect(active.some((space) => space.firstMonthDiscount)).toBe(true);
  });

  it("carries the pricing examples' values (docs/product.md) on the two known listings", () => {
    const storage = byTitle(DEMO_STORAGE_TITLE);
    expect(storage).toMatchObject({
      status: "active",
      storageType: "storage",
      citySlug: "makati",
      entireSpace: true,
      unitsAvailable: 1,
      monthlyPrice: 300_000,
      dailyPrice: null,
    });
    const parking = byTitle(DEMO_PARKING_TITLE);
    expect(parking).toMatchObject({
      status: "active",
      storageType: "parking",
      kind: "condo",
      citySlug: "taguig",
      dailyPrice: 15_000,
      monthlyPrice: 400_000,
    });
  });
});
