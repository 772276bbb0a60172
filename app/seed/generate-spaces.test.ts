import { describe, expect, it } from "vitest";
import { FLOOD_HISTORIES, isFloodSafe, MAX_ELEVATION_M, NO_READINESS } from "~/domain/flood-readiness";
import { distanceMetres, isInPhilippines } from "~/domain/geo";
import { MAX_UNITS_AVAILABLE, PRICE_INPUT_MAX, stepsFor } from "~/domain/space";
import {
  ACCESS_OPTIONS,
  isAllowedText,
  isKindFor,
  PARKING_FEATURES,
  RENTAL_DURATIONS,
  RENTAL_UNITS,
  STORAGE_FEATURES,
  VEHICLE_SIZES,
} from "~/domain/vocabulary";
import {
  CITY_POPULATION,
  citySpreadKm,
  cleanTitle,
  createRandom,
  generateSpaces,
  PARKING_DAILY_PESOS,
  PARKING_MONTHLY_PESOS,
  pointNear,
  STORAGE_MONTHLY_PESOS,
  weightedPicker,
} from "./generate-spaces";
import { PH_PLACES } from "./ph-places";
import type { SeedSpace } from "./seed-space";

const placeOf = new Map(PH_PLACES.map((place) => [place.slug, place]));
const SAMPLE = generateSpaces(3000, 42);

describe("createRandom", () => {
  it("gives the same sequence for the same seed and another for another seed", () => {
    const a = createRandom(7);
    const b = createRandom(7);
    const c = createRandom(8);
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(Array.from({ length: 5 }, c)).not.toEqual(first);
    for (const value of first) expect(value >= 0 && value < 1).toBe(true);
  });
});

describe("weightedPicker", () => {
  it("picks in proportion to the weights and never picks a zero weight", () => {
    const pickOne = weightedPicker([
      ["a", 3],
      ["b", 1],
      ["never", 0],
    ] as const);
    const random = createRandom(1);
    const counts = { a: 0, b: 0, never: 0 };
    for (let i = 0; i < 20_000; i++) counts[pickOne(random)]++;
    expect(counts.never).toBe(0);
    expect(counts.a / counts.b).toBeGreaterThan(2.7);
    expect(counts.a / counts.b).toBeLessThan(3.3);
  });
});

describe("generateSpaces", () => {
  it("is deterministic: the same seed gives the same listings, another seed others", () => {
    expect(generateSpaces(50, 42)).toEqual(SAMPLE.slice(0, 50));
    expect(generateSpaces(50, 43)).not.toEqual(SAMPLE.slice(0, 50));
  });

  /** The listings of the sample that break `rule`, by title, so a failure names them (and the test stays fast). */
  const breaking = (rule: (space: SeedSpace) => boolean) =>
    SAMPLE.filter((space) => !rule(space)).map((space) => `${space.spaceTitle} (${space.citySlug})`);

  it("writes active, publishable listings with titles that pass the title rule", () => {
    expect(
      breaking(
        (space) =>
          space.status === "active" &&
          space.completedSteps.join() === stepsFor(space.storageType).join() &&
          (space.spaceTitle ?? "").length >= 5 &&
          (space.spaceTitle ?? "").length <= 80 &&
          isAllowedText("label", space.spaceTitle ?? "") &&
          (space.description ?? "").length > 20 &&
          space.addressLine1.length > 0 &&
          space.addressLine2.length > 0,
      ),
    ).toEqual([]);
  });

  it("uses the vocabularies: kinds and features of the listing's type, durations, access, units", () => {
    expect(breaking((space) => isKindFor(space.storageType, space.kind))).toEqual([]);
    expect(
      breaking((space) => {
        const features: readonly string[] =
          space.storageType === "storage" ? STORAGE_FEATURES : PARKING_FEATURES;
        return (
          space.features.every((feature) => features.includes(feature)) &&
          new Set(space.features).size === space.features.length
        );
      }),
    ).toEqual([]);
    expect(
      breaking(
        (space) =>
          space.rentalDurations.length > 0 &&
          space.rentalDurations.every((duration) => RENTAL_DURATIONS.includes(duration)),
      ),
    ).toEqual([]);
    expect(breaking((space) => ACCESS_OPTIONS.some((option) => option === space.accessOption))).toEqual([]);
    expect(
      breaking((space) => space.unitsAvailable >= 1 && space.unitsAvailable <= MAX_UNITS_AVAILABLE),
    ).toEqual([]);
    expect(
      breaking((space) =>
        space.storageType === "storage"
          ? RENTAL_UNITS.some((unit) => unit === space.unitOfRental) && space.vehicleSize === null
          : VEHICLE_SIZES.some((size) => size === space.vehicleSize) && space.size === null,
      ),
    ).toEqual([]);
  });

  it("prices storage at ₱1,500–₱15,000 a month (₱1–₱999 a unit) and parking at ₱100–₱300 a day, ₱2,500–₱6,000 a month", () => {
    const within = (value: number | null, min: number, max: number) =>
      value !== null && Number.isInteger(value) && value >= min && value <= max;
    expect(
      breaking((space) => {
        if (space.storageType === "parking") {
          return (
            within(space.dailyPrice, PARKING_DAILY_PESOS.min * 100, PARKING_DAILY_PESOS.max * 100) &&
            within(space.monthlyPrice, PARKING_MONTHLY_PESOS.min * 100, PARKING_MONTHLY_PESOS.max * 100)
          );
        }
        if (space.dailyPrice !== null) return false;
        return space.entireSpace
          ? within(space.monthlyPrice, STORAGE_MONTHLY_PESOS.min * 100, STORAGE_MONTHLY_PESOS.max * 100)
          : within(space.monthlyPrice, 100, PRICE_INPUT_MAX * 100);
      }),
    ).toEqual([]);
  });

  it("gives storage a size in meters within the side limit", () => {
    expect(
      breaking((space) => {
        if (space.storageType === "parking") return true;
        const { size } = space;
        return !!size && [size.length, size.width, size.height].every((side) => side > 0 && side <= 1000);
      }),
    ).toEqual([]);
  });

  it("puts every listing in a known city and barangay, near the city's centre, inside the Philippines", () => {
    expect(
      breaking((space) => {
        const place = placeOf.get(space.citySlug);
        return (
          !!place &&
          place.barangays.includes(space.barangay) &&
          isInPhilippines(space.latitude, space.longitude) &&
          distanceMetres(place, space) <= citySpreadKm(place) * 1000 + 1
        );
      }),
    ).toEqual([]);
  });

  it("states readiness for typhoon season as hosts would: the facts of the listing's type, a minority Flood-safe", () => {
    expect(
      breaking((space) => {
        const facts = space.readiness;
        if (!facts) return false;
        const { elevationM, floodHistory } = facts;
        return (
          (elevationM === null || (elevationM >= 0 && elevationM <= MAX_ELEVATION_M)) &&
          (floodHistory === null || FLOOD_HISTORIES.includes(floodHistory)) &&
          (space.storageType === "storage" ? !facts.aboveFloodLine : !facts.raisedStorage) &&
          // A ground-floor room or a basement is not a metre up by itself.
          !(
            (space.features.includes("groundFloor") || space.kind === "basement") &&
            elevationM !== null &&
            elevationM >= 1
          )
        );
      }),
    ).toEqual([]);
    const floodSafe = (type: string) =>
      SAMPLE.filter(
        (space) =>
          space.storageType === type &&
          isFloodSafe({ ...(space.readiness ?? NO_READINESS), storageType: space.storageType }),
      ).length / SAMPLE.filter((space) => space.storageType === type).length;
    for (const type of ["storage", "parking"]) {
      expect(floodSafe(type)).toBeGreaterThan(0.05);
      expect(floodSafe(type)).toBeLessThan(0.3);
    }
    // Some hosts skip the step, some flooded spots say so, and cold rooms keep their backup generator.
    const histories = new Set(SAMPLE.map((space) => space.readiness?.floodHistory ?? null));
    expect(histories).toEqual(new Set([null, ...FLOOD_HISTORIES]));
    const coldRooms = SAMPLE.filter((space) => space.kind === "coldStorage" && space.readiness?.floodHistory);
    expect(
      coldRooms.filter((space) => space.readiness?.backupPower).length / coldRooms.length,
    ).toBeGreaterThan(0.7);
  });

  it("weights cities by population: Quezon City gets more listings than Pateros", () => {
    const count = (slug: string) => SAMPLE.filter((space) => space.citySlug === slug).length;
    expect(CITY_POPULATION["quezon-city"]).toBeGreaterThan(CITY_POPULATION.pateros ?? 0);
    expect(count("quezon-city")).toBeGreaterThan(count("pateros") * 5);
    // Every type and a good spread of cities show up.
    expect(new Set(SAMPLE.map((space) => space.citySlug)).size).toBeGreaterThan(40);
    expect(new Set(SAMPLE.map((space) => space.storageType))).toEqual(new Set(["storage", "parking"]));
  });
});

describe("pointNear", () => {
  it("stays within the radius of the centre", () => {
    const random = createRandom(3);
    const makati = placeOf.get("makati");
    if (!makati) throw new Error("Makati is missing");
    const distances = Array.from({ length: 1000 }, () =>
      distanceMetres(makati, pointNear(random, makati, 2)),
    );
    expect(Math.max(...distances)).toBeLessThanOrEqual(2001);
    // Spread over the disc, not piled at the centre.
    expect(distances.filter((metres) => metres > 1000).length).toBeGreaterThan(600);
  });
});

describe("cleanTitle", () => {
  it("keeps letters, digits, spaces and hyphens and fits 80 characters", () => {
    expect(cleanTitle("Spare room in V&G Subdivision")).toBe("Spare room in V G Subdivision");
    expect(cleanTitle("Garage in Gen. T. de Leon")).toBe("Garage in Gen T de Leon");
    expect(cleanTitle("Bodega sa Dasmariñas")).toBe("Bodega sa Dasmariñas");
    const long = cleanTitle(`Storage ${"word ".repeat(30)}`);
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith(" ")).toBe(false);
  });
});
