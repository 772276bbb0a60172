import { type FloodHistory, NO_READINESS, type ReadinessFacts } from "~/domain/flood-readiness";
import { isInPhilippines, roundCoordinate } from "~/domain/geo";
import type { Centavos } from "~/domain/money";
import { MAX_TITLE_LENGTH, MAX_UNITS_AVAILABLE, PRICE_INPUT_MAX, stepsFor } from "~/domain/space";
import {
  type AccessOption,
  featureLabel,
  PARKING_FEATURES,
  type ParkingKind,
  RENTAL_DURATIONS,
  type RentalDuration,
  type RentalUnit,
  type SpaceType,
  STORAGE_FEATURES,
  type StorageKind,
  type VehicleSize,
} from "~/domain/vocabulary";
import { PH_PLACES, type PlaceSeed } from "./ph-places";
import type { SeedSpace } from "./seed-space";

/**
 * Realistic, random but reproducible listings for `npm run db:seed -- --spaces N` and the search benchmark: the
 * same seed always gives the same listings. Cities are picked by population, then a kind, a size, a price in line
 * with the kind and the city, features of the right type, rental durations and access, and a point within a few
 * kilometres of the city's centre. Pure: no database, no clock (see bulk-spaces.server.ts for the writing).
 */

/** A random number in [0, 1). */
export type Random = () => number;

/** mulberry32: a small, fast, seedable generator (not for secrets). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number in [min, max]. */
export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function between(random: Random, min: number, max: number): number {
  return min + random() * (max - min);
}

function chance(random: Random, probability: number): boolean {
  return random() < probability;
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** Picks from weighted choices with a precomputed cumulative table (built once per list). */
export function weightedPicker<T>(choices: readonly (readonly [T, number])[]): (random: Random) => T {
  const cumulative: number[] = [];
  let total = 0;
  for (const [, weight] of choices) {
    total += weight;
    cumulative.push(total);
  }
  return (random) => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] as number) > target) high = middle;
      else low = middle + 1;
    }
    return (choices[low] as readonly [T, number])[0];
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Cities
// ---------------------------------------------------------------------------------------------------------------

/**
 * Population of each city in thousands (2020 census, rounded), used only to weight where listings are. A city not
 * in this table weighs {@link DEFAULT_CITY_WEIGHT}.
 */
export const CITY_POPULATION: Readonly<Record<string, number>> = {
  angeles: 462,
  antipolo: 887,
  bacolod: 600,
  bacoor: 664,
  baguio: 366,
  "batangas-city": 351,
  binan: 407,
  butuan: 372,
  cabanatuan: 327,
  "cagayan-de-oro": 728,
  calamba: 539,
  caloocan: 1661,
  "cebu-city": 964,
  dagupan: 174,
  dasmarinas: 703,
  "davao-city": 1776,
  dumaguete: 134,
  "general-santos": 697,
  "general-trias": 450,
  iligan: 363,
  "iloilo-city": 457,
  imus: 496,
  "lapu-lapu": 497,
  "las-pinas": 606,
  legazpi: 209,
  lipa: 372,
  lucena: 278,
  makati: 629,
  malabon: 380,
  malolos: 261,
  mandaluyong: 425,
  mandaue: 364,
  manila: 1846,
  marikina: 456,
  meycauayan: 225,
  muntinlupa: 543,
  naga: 209,
  navotas: 247,
  olongapo: 260,
  paranaque: 689,
  pasay: 440,
  pasig: 803,
  pateros: 65,
  "puerto-princesa": 307,
  "quezon-city": 2960,
  "san-fernando-pampanga": 354,
  "san-jose-del-monte": 651,
  "san-juan": 126,
  "san-pedro": 326,
  "santa-rosa": 414,
  tacloban: 251,
  tagaytay: 85,
  taguig: 886,
  "talisay-cebu": 263,
  "tarlac-city": 385,
  valenzuela: 714,
  "zamboanga-city": 977,
};
export const DEFAULT_CITY_WEIGHT = 100;

/** Business districts where space costs the most. */
const PREMIUM_CITIES = new Set(["makati", "taguig", "pasig", "mandaluyong", "san-juan"]);
const METRO_CITIES = new Set([
  "cebu-city",
  "davao-city",
  "mandaue",
  "lapu-lapu",
  "cagayan-de-oro",
  "iloilo-city",
]);

/** How a city's prices compare with the average: business districts dearer, provincial cities cheaper. */
export function cityPriceFactor(place: PlaceSeed): number {
  if (PREMIUM_CITIES.has(place.slug)) return 1.3;
  if (place.region.startsWith("National Capital Region")) return 1.1;
  if (METRO_CITIES.has(place.slug)) return 1;
  return 0.8;
}

/** How far from the centre listings spread, in km: wider in bigger cities (about 3 km to 8 km). */
export function citySpreadKm(place: PlaceSeed): number {
  const population = CITY_POPULATION[place.slug] ?? DEFAULT_CITY_WEIGHT;
  return 2 + Math.sqrt(population) / 10;
}

const KM_PER_DEGREE = 111.195;

/** A point at most `radiusKm` from the centre, spread evenly over the disc, with 6 decimals, in the Philippines. */
export function pointNear(
  random: Random,
  place: PlaceSeed,
  radiusKm: number,
): { latitude: number; longitude: number } {
  for (;;) {
    const distance = radiusKm * Math.sqrt(random());
    const bearing = random() * 2 * Math.PI;
    const latitude = roundCoordinate(place.latitude + (distance * Math.cos(bearing)) / KM_PER_DEGREE);
    const longitude = roundCoordinate(
      place.longitude +
        (distance * Math.sin(bearing)) / (KM_PER_DEGREE * Math.cos((place.latitude * Math.PI) / 180)),
    );
    if (isInPhilippines(latitude, longitude)) return { latitude, longitude };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Kinds, sizes and prices
// ---------------------------------------------------------------------------------------------------------------

const TYPE_PICKER = weightedPicker<SpaceType>([
  ["storage", 60],
  ["parking", 40],
]);

const STORAGE_KIND_PICKER = weightedPicker<StorageKind>([
  ["spareRoom", 20],
  ["garage", 12],
  ["warehouseSpace", 10],
  ["shelfSpace", 8],
  ["commercialSpace", 6],
  ["officeSpace", 6],
  ["container", 6],
  ["basement", 5],
  ["attic", 5],
  ["emptyApartment", 5],
  ["livingRoom", 4],
  ["coldStorage", 3],
]);

const PARKING_KIND_PICKER = weightedPicker<ParkingKind>([
  ["condo", 25],
  ["garage", 15],
  ["commercialParking", 12],
  ["emptyLot", 10],
  ["carport", 10],
  ["officeParking", 10],
  ["mall", 8],
  ["store", 6],
  ["hotel", 4],
]);

type StorageProfile = {
  /** Typical length × width × height in meters. */
  size: [number, number, number];
  /** Monthly pesos per square meter when rented whole, before the city factor. */
  perSqm: number;
  /** Probability of being rented by the unit, and the units it would be rented by. */
  byUnit: number;
  units: readonly RentalUnit[];
  noun: string;
};

const STORAGE_PROFILES: { readonly [K in StorageKind]: StorageProfile } = {
  officeSpace: { size: [5, 4, 2.7], perSqm: 450, byUnit: 0.1, units: ["sqm"], noun: "office room" },
  commercialSpace: { size: [10, 6, 3.2], perSqm: 300, byUnit: 0.5, units: ["sqm"], noun: "commercial space" },
  emptyApartment: { size: [7, 5, 2.6], perSqm: 350, byUnit: 0.05, units: ["sqm"], noun: "empty unit" },
  spareRoom: { size: [3.2, 2.8, 2.5], perSqm: 330, byUnit: 0.05, units: ["sqm"], noun: "spare room" },
  attic: { size: [4, 3, 1.7], perSqm: 220, byUnit: 0.05, units: ["cbm"], noun: "attic" },
  basement: { size: [5, 4, 2.3], perSqm: 280, byUnit: 0.1, units: ["sqm"], noun: "basement room" },
  garage: { size: [5.5, 3, 2.5], perSqm: 300, byUnit: 0.05, units: ["sqm"], noun: "garage" },
  livingRoom: { size: [2.5, 2, 2.4], perSqm: 420, byUnit: 0.05, units: ["sqm"], noun: "living room corner" },
  shelfSpace: { size: [1.8, 0.6, 2], perSqm: 1400, byUnit: 0.3, units: ["cbm"], noun: "shelf space" },
  container: { size: [6.06, 2.44, 2.59], perSqm: 420, byUnit: 0.05, units: ["cbm"], noun: "container" },
  warehouseSpace: {
    size: [20, 12, 6],
    perSqm: 180,
    byUnit: 0.7,
    units: ["pallet", "sqm"],
    noun: "warehouse space",
  },
  coldStorage: {
    size: [4, 3, 2.5],
    perSqm: 900,
    byUnit: 0.4,
    units: ["pallet", "cbm"],
    noun: "cold storage room",
  },
};

/** Monthly pesos per unit rented by, before the city factor (bounded by the product's ₱1–₱999 per unit). */
const UNIT_PRICES: { readonly [U in RentalUnit]: [number, number] } = {
  sqm: [200, 600],
  cbm: [150, 400],
  pallet: [350, 900],
};

/** Storage rented whole: ₱1,500 to ₱15,000 a month. */
export const STORAGE_MONTHLY_PESOS = { min: 1500, max: 15_000 } as const;
/** Parking: ₱100 to ₱300 a day, ₱2,500 to ₱6,000 a month. */
export const PARKING_DAILY_PESOS = { min: 100, max: 300 } as const;
export const PARKING_MONTHLY_PESOS = { min: 2500, max: 6000 } as const;

const PARKING_DAILY_BASE: { readonly [K in ParkingKind]: number } = {
  condo: 180,
  officeParking: 200,
  emptyLot: 100,
  garage: 130,
  mall: 220,
  hotel: 250,
  store: 120,
  commercialParking: 150,
  carport: 110,
};

const INDOOR_PARKING = new Set<ParkingKind>(["condo", "officeParking", "garage", "mall", "hotel"]);

const VEHICLE_PICKER = weightedPicker<VehicleSize>([
  ["motorcycle", 10],
  ["sedan", 45],
  ["suv", 30],
  ["van", 7],
  ["pickup", 5],
  ["truck", 3],
]);
const LOT_VEHICLE_PICKER = weightedPicker<VehicleSize>([
  ["motorcycle", 8],
  ["sedan", 30],
  ["suv", 25],
  ["van", 15],
  ["pickup", 10],
  ["truck", 12],
]);

const PARKING_NOUNS: { readonly [K in ParkingKind]: string } = {
  condo: "condo parking",
  officeParking: "office parking",
  emptyLot: "open lot parking",
  garage: "garage parking",
  mall: "mall parking",
  hotel: "hotel parking",
  store: "store parking",
  commercialParking: "commercial parking",
  carport: "carport slot",
};

const VEHICLE_NOUNS: { readonly [V in VehicleSize]: string } = {
  motorcycle: "motorcycles",
  sedan: "a sedan",
  suv: "an SUV",
  van: "a van",
  pickup: "a pickup",
  truck: "trucks",
};

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

const centavos = (pesos: number) => Math.round(pesos * 100) as Centavos;

/** A side in meters: the typical one give or take 30 %, to 0.1 m, at least 0.3 m. */
function side(random: Random, typical: number): number {
  return Math.max(0.3, Math.round(typical * between(random, 0.7, 1.3) * 10) / 10);
}

// ---------------------------------------------------------------------------------------------------------------
// Features, durations, access
// ---------------------------------------------------------------------------------------------------------------

function storageFeatures(random: Random, kind: StorageKind): string[] {
  const likely = (feature: (typeof STORAGE_FEATURES)[number]): number => {
    switch (feature) {
      case "cctv":
        return 0.65;
      case "securityGuard":
        return 0.4;
      case "gated":
        return 0.45;
      case "climateControlled":
        return kind === "coldStorage" ? 1 : 0.15;
      case "fireSafety":
        return 0.5;
      case "pestControl":
        return 0.35;
      case "groundFloor":
        return kind === "attic" ? 0 : 0.4;
      case "elevator":
        return ["officeSpace", "commercialSpace", "emptyApartment"].includes(kind) ? 0.6 : 0.08;
      case "loadingArea":
        return ["warehouseSpace", "commercialSpace", "container", "coldStorage"].includes(kind) ? 0.8 : 0.1;
      case "lighting":
        return 0.7;
      case "shelving":
        return ["shelfSpace", "warehouseSpace", "coldStorage"].includes(kind) ? 0.9 : 0.2;
      case "privateEntrance":
        return ["garage", "container"].includes(kind) ? 0.7 : 0.2;
    }
  };
  return STORAGE_FEATURES.filter((feature) => chance(random, likely(feature)));
}

function parkingFeatures(random: Random, kind: ParkingKind): string[] {
  const indoor = INDOOR_PARKING.has(kind);
  const likely = (feature: (typeof PARKING_FEATURES)[number]): number => {
    switch (feature) {
      case "cctv":
        return 0.6;
      case "securityGuard":
        return indoor ? 0.7 : 0.35;
      case "gated":
        return 0.6;
      case "covered":
        return indoor || kind === "carport" ? 0.95 : 0.05;
      case "lighting":
        return 0.7;
      case "evCharging":
        return kind === "mall" || kind === "officeParking" ? 0.15 : 0.03;
      case "wideSlot":
        return kind === "emptyLot" || kind === "commercialParking" ? 0.4 : 0.1;
      case "valet":
        return kind === "hotel" ? 0.5 : 0.01;
    }
  };
  return PARKING_FEATURES.filter((feature) => chance(random, likely(feature)));
}

const STORAGE_DURATION_CHANCE: { readonly [D in RentalDuration]: number } = {
  daily: 0.05,
  week: 0.2,
  "1_month": 1,
  "2_months": 0.3,
  "3_months": 0.7,
  "4_months": 0.1,
  "5_months": 0.1,
  "6_months": 0.6,
  "1_year": 0.5,
};
const PARKING_DURATION_CHANCE: { readonly [D in RentalDuration]: number } = {
  daily: 0.8,
  week: 0.6,
  "1_month": 0.95,
  "2_months": 0.1,
  "3_months": 0.5,
  "4_months": 0.05,
  "5_months": 0.05,
  "6_months": 0.3,
  "1_year": 0.2,
};

function durations(random: Random, type: SpaceType): RentalDuration[] {
  const table = type === "storage" ? STORAGE_DURATION_CHANCE : PARKING_DURATION_CHANCE;
  const chosen = RENTAL_DURATIONS.filter((duration) => chance(random, table[duration]));
  return chosen.length > 0 ? chosen : ["1_month"];
}

const STORAGE_ACCESS = weightedPicker<AccessOption>([
  ["all_time", 50],
  ["24 hours notice", 35],
  ["week", 10],
  ["month", 5],
]);
const PARKING_ACCESS = weightedPicker<AccessOption>([
  ["all_time", 85],
  ["24 hours notice", 15],
]);

// ---------------------------------------------------------------------------------------------------------------
// Readiness for typhoon season
// ---------------------------------------------------------------------------------------------------------------

/** The flood-readiness step is optional: about half the hosts fill it in, and most of them say how often it flooded. */
const STATES_READINESS = 0.55;
const STATES_FLOOD_HISTORY = 0.9;

const FLOOD_HISTORY_PICKER = weightedPicker<FloodHistory>([
  ["never", 50],
  ["once", 28],
  ["more", 22],
]);
/** A basement is where the water goes first. */
const BASEMENT_FLOOD_HISTORY_PICKER = weightedPicker<FloodHistory>([
  ["never", 25],
  ["once", 30],
  ["more", 45],
]);

/** A storey in meters, to turn floors into an elevation above the street. */
const STOREY_M = 3;

/** Storage kinds in buildings with floors above the street (an office, a shop, a flat). */
const BUILDING_STORAGE = new Set<StorageKind>(["officeSpace", "commercialSpace", "emptyApartment"]);
/** Storage kinds in a house, where the room may be upstairs. */
const HOUSE_STORAGE = new Set<StorageKind>(["spareRoom", "livingRoom"]);
/** Parking kinds in buildings with levels above the street, where a slot may be above the flood line. */
const MULTI_LEVEL_PARKING = new Set<ParkingKind>(["condo", "officeParking", "mall", "hotel"]);

/** About street level: a step or a slab above it, never the 1 m that makes storage Flood-safe by itself. */
function streetLevel(random: Random): number {
  return Math.round(between(random, 0, 0.8) * 10) / 10;
}

/** Meters above the street of a storage space of this kind (its features say "Ground floor" or "Elevator"). */
function storageElevation(random: Random, kind: StorageKind, features: readonly string[]): number {
  if (kind === "basement" || features.includes("groundFloor")) return streetLevel(random);
  if (kind === "attic") return randomInt(random, 1, 2) * STOREY_M;
  if (BUILDING_STORAGE.has(kind)) {
    if (features.includes("elevator")) return randomInt(random, 2, 25) * STOREY_M;
    return chance(random, 0.5) ? randomInt(random, 1, 3) * STOREY_M : streetLevel(random);
  }
  if (HOUSE_STORAGE.has(kind)) return chance(random, 0.4) ? STOREY_M : streetLevel(random);
  // Warehouses and cold rooms often stand on a loading-dock floor a metre or so up; garages, containers, shelves
  // are at street level.
  if (kind === "warehouseSpace" || kind === "coldStorage")
    return Math.round(between(random, 0.2, 1.4) * 10) / 10;
  return streetLevel(random);
}

const RAISED_STORAGE_CHANCE: { readonly [K in StorageKind]?: number } = {
  shelfSpace: 0.8,
  coldStorage: 0.7,
  warehouseSpace: 0.6,
  container: 0.3,
};

/**
 * What a generated listing states about typhoon season, by its type and kind: none of it for the hosts who skip the
 * step; otherwise a flood history, an elevation, raised storage on shelves and pallets, a slot on an upper level
 * above the flood line, a typhoon-rated door, backup power where a building would have it. A minority ends up
 * Flood-safe (about one listing in six), as hosts of low, flood-prone spots say so too.
 */
function readinessOf(
  random: Random,
  listing:
    | { type: "storage"; kind: StorageKind; features: readonly string[] }
    | { type: "parking"; kind: ParkingKind; features: readonly string[] },
): ReadinessFacts {
  if (!chance(random, STATES_READINESS)) return NO_READINESS;
  const historyPicker =
    listing.type === "storage" && listing.kind === "basement"
      ? BASEMENT_FLOOD_HISTORY_PICKER
      : FLOOD_HISTORY_PICKER;
  const floodHistory = chance(random, STATES_FLOOD_HISTORY) ? historyPicker(random) : null;
  if (listing.type === "storage") {
    const { kind, features } = listing;
    const elevation = storageElevation(random, kind, features);
    return {
      elevationM: chance(random, 0.8) ? elevation : null,
      floodHistory,
      typhoonRatedDoor: chance(random, ["garage", "container", "warehouseSpace"].includes(kind) ? 0.35 : 0.1),
      raisedStorage: chance(random, RAISED_STORAGE_CHANCE[kind] ?? 0.15),
      backupPower: chance(
        random,
        kind === "coldStorage" ? 0.9 : BUILDING_STORAGE.has(kind) || kind === "warehouseSpace" ? 0.35 : 0.08,
      ),
      aboveFloodLine: false,
    };
  }
  const { kind } = listing;
  const multiLevel = MULTI_LEVEL_PARKING.has(kind);
  const aboveFloodLine = chance(random, multiLevel ? 0.55 : kind === "garage" ? 0.3 : 0.15);
  const upperLevel = multiLevel && aboveFloodLine && chance(random, 0.7);
  return {
    elevationM: upperLevel
      ? randomInt(random, 1, 6) * STOREY_M
      : chance(random, 0.5)
        ? streetLevel(random)
        : null,
    floodHistory,
    typhoonRatedDoor: chance(random, kind === "garage" ? 0.3 : 0.03),
    raisedStorage: false,
    backupPower: chance(random, multiLevel ? 0.6 : 0.05),
    aboveFloodLine,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------------------------------------------

const STREETS = [
  "Rizal",
  "Mabini",
  "Bonifacio",
  "Luna",
  "Del Pilar",
  "Aguinaldo",
  "Burgos",
  "Quezon",
  "Roxas",
  "Magsaysay",
  "Sampaguita",
  "Ilang-Ilang",
  "Narra",
  "Acacia",
  "Mahogany",
  "Molave",
  "Kamagong",
  "Santan",
  "Camia",
  "Jasmin",
];
const STORAGE_ADJECTIVES = [
  "Secure",
  "Clean",
  "Dry",
  "Affordable",
  "Spacious",
  "Gated",
  "Lockable",
  "Well-lit",
  "Flood-free",
  "Roomy",
];
const PARKING_ADJECTIVES = ["Secure", "Covered", "Gated", "Affordable", "Convenient", "Guarded", "Reserved"];
const STORAGE_USES = [
  "boxes",
  "furniture",
  "business stock",
  "balikbayan boxes",
  "documents",
  "tools and equipment",
  "online seller stock",
  "appliances",
];

const OPENERS: { readonly [K in StorageKind]: string } = {
  officeSpace: "A lockable office room we no longer use, in a building with a guard at the lobby.",
  commercialSpace: "Floor space in our commercial building, close to the main road.",
  emptyApartment: "An empty unit we are keeping for the family, available while it is vacant.",
  spareRoom: "The spare room of our house, with a door that locks.",
  attic: "A dry attic with a pull-down ladder, best for light boxes.",
  basement: "A basement room with concrete walls, kept dry all year.",
  garage: "Our garage, cleared out and lockable, with a wide door for loading.",
  livingRoom: "A screened-off corner of our living room for a few boxes or a cabinet.",
  shelfSpace: "Shelves in our stockroom, for boxes and small items.",
  container: "A clean shipping container in a fenced yard; bring your own padlock.",
  warehouseSpace: "Space in a warehouse with a loading dock and room for trucks.",
  coldStorage: "A chilled room kept between 2 and 8 degrees, with a backup generator.",
};
const PARKING_OPENERS: { readonly [K in ParkingKind]: string } = {
  condo: "A slot in our condominium's parking, with a sticker and a gate card.",
  officeParking: "A reserved slot in an office building, with an access card.",
  emptyLot: "A fenced open lot with room to turn and park.",
  garage: "A slot in our closed garage, locked at night.",
  mall: "A reserved slot in a mall's parking building, no queue at the entrance.",
  hotel: "A slot in a hotel's parking, with valet at the lobby.",
  store: "A slot in front of our store, watched during opening hours.",
  commercialParking: "A slot in a commercial parking lot with an attendant.",
  carport: "A roofed carport in front of our house.",
};
const ACCESS_SENTENCES: { readonly [A in AccessOption]: string } = {
  all_time: "You can come and go any time.",
  "24 hours notice": "Tell us a day ahead and we will open it for you.",
  week: "Visits are once a week, on a day we agree on.",
  month: "Best for long-term storage: visits once a month.",
};

/** A title of letters, digits, spaces and hyphens only (the title rule), at most MAX_TITLE_LENGTH characters. */
export function cleanTitle(text: string): string {
  const cleaned = text
    .normalize("NFC")
    .replace(/[^A-Za-zÑñ0-9_ -]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (cleaned.length <= MAX_TITLE_LENGTH) return cleaned;
  return cleaned.slice(0, MAX_TITLE_LENGTH).replace(/\s+\S*$/, "");
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---------------------------------------------------------------------------------------------------------------
// Listings
// ---------------------------------------------------------------------------------------------------------------

const CITY_PICKER = weightedPicker<PlaceSeed>(
  PH_PLACES.map((place) => [place, CITY_POPULATION[place.slug] ?? DEFAULT_CITY_WEIGHT] as const),
);

/** Listings published over the last two years, more of them recently. */
const MAX_AGE_DAYS = 730;

/** One random active listing. */
export function generateSpace(random: Random): SeedSpace {
  const place = CITY_PICKER(random);
  const type = TYPE_PICKER(random);
  const barangay = pick(random, place.barangays);
  const factor = cityPriceFactor(place);
  const { latitude, longitude } = pointNear(random, place, citySpreadKm(place));
  const common = {
    status: "active" as const,
    storageType: type,
    addressLine1: `${randomInt(random, 1, 999)} ${pick(random, STREETS)} Street`,
    addressLine2: chance(random, 0.5)
      ? `Unit ${randomInt(random, 1, 30)}`
      : `Block ${randomInt(random, 1, 40)} Lot ${randomInt(random, 1, 30)}`,
    citySlug: place.slug,
    barangay,
    latitude,
    longitude,
    depositRequired: chance(random, type === "storage" ? 0.45 : 0.35),
    quickMoveIn: chance(random, 0.35),
    firstMonthDiscount: chance(random, 0.2),
    contractType: "standard" as const,
    completedSteps: stepsFor(type),
    ageDays: Math.floor(random() ** 2 * MAX_AGE_DAYS),
  };
  const where = chance(random, 0.6) ? barangay : place.name;

  if (type === "storage") {
    const kind = STORAGE_KIND_PICKER(random);
    const profile = STORAGE_PROFILES[kind];
    const typical = kind === "container" && chance(random, 0.3) ? [12.19, 2.44, 2.59] : profile.size;
    const size = {
      length: side(random, typical[0] as number),
      width: side(random, typical[1] as number),
      height: side(random, typical[2] as number),
    };
    const area = size.length * size.width;
    const byUnit = chance(random, profile.byUnit);
    const unit = pick(random, profile.units);
    let monthly: number;
    let unitsAvailable = 1;
    if (byUnit) {
      const [low, high] = UNIT_PRICES[unit];
      monthly = clamp(roundTo(between(random, low, high) * factor, 10), 50, PRICE_INPUT_MAX);
      const units = unit === "sqm" ? area * 0.8 : unit === "cbm" ? area * size.height * 0.5 : area / 1.5;
      unitsAvailable = clamp(Math.floor(units), 2, MAX_UNITS_AVAILABLE);
    } else {
      monthly = clamp(
        roundTo(area * profile.perSqm * factor * between(random, 0.8, 1.2), 50),
        STORAGE_MONTHLY_PESOS.min,
        STORAGE_MONTHLY_PESOS.max,
      );
    }
    const features = storageFeatures(random, kind);
    const accessOption = STORAGE_ACCESS(random);
    const title = chance(random, 0.5)
      ? `${pick(random, STORAGE_ADJECTIVES)} ${profile.noun} in ${where}`
      : `${capitalise(profile.noun)} for ${pick(random, STORAGE_USES)} in ${where}`;
    return {
      ...common,
      kind,
      spaceTitle: cleanTitle(title),
      description: descriptionOf(random, OPENERS[kind], "storage", features, accessOption),
      size,
      vehicleSize: null,
      unitOfRental: unit,
      entireSpace: !byUnit,
      unitsAvailable,
      features,
      accessOption,
      rentalDurations: durations(random, "storage"),
      monthlyPrice: centavos(monthly),
      dailyPrice: null,
      readiness: readinessOf(random, { type: "storage", kind, features }),
    };
  }

  const kind = PARKING_KIND_PICKER(random);
  const vehicleSize =
    kind === "emptyLot" || kind === "commercialParking" ? LOT_VEHICLE_PICKER(random) : VEHICLE_PICKER(random);
  const daily = clamp(
    roundTo(PARKING_DAILY_BASE[kind] * factor * between(random, 0.85, 1.15), 10),
    PARKING_DAILY_PESOS.min,
    PARKING_DAILY_PESOS.max,
  );
  const monthly = clamp(
    roundTo(daily * between(random, 22, 27), 100),
    PARKING_MONTHLY_PESOS.min,
    PARKING_MONTHLY_PESOS.max,
  );
  const shared = ["emptyLot", "commercialParking", "mall", "officeParking", "hotel", "store"].includes(kind);
  const features = parkingFeatures(random, kind);
  const accessOption = PARKING_ACCESS(random);
  const title = chance(random, 0.5)
    ? `${pick(random, PARKING_ADJECTIVES)} ${PARKING_NOUNS[kind]} in ${where}`
    : `${capitalise(PARKING_NOUNS[kind])} for ${VEHICLE_NOUNS[vehicleSize]} in ${where}`;
  return {
    ...common,
    kind,
    spaceTitle: cleanTitle(title),
    description: descriptionOf(random, PARKING_OPENERS[kind], "parking", features, accessOption),
    size: null,
    vehicleSize,
    unitOfRental: null,
    entireSpace: true,
    unitsAvailable: shared ? randomInt(random, 1, 20) : 1,
    features,
    accessOption,
    rentalDurations: durations(random, "parking"),
    monthlyPrice: centavos(monthly),
    dailyPrice: centavos(daily),
    readiness: readinessOf(random, { type: "parking", kind, features }),
  };
}

function descriptionOf(
  random: Random,
  opener: string,
  type: SpaceType,
  features: readonly string[],
  access: AccessOption,
): string {
  const sentences = [opener];
  if (features.length > 0) {
    // Labels read mid-sentence: "CCTV" and "EV charging" keep their capitals, the others start lower case.
    const labels = features
      .slice(0, 4)
      .map((feature) => featureLabel(type, feature))
      .map((label) => (/^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1)));
    const list = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
    sentences.push(`Features: ${list}.`);
  }
  sentences.push(ACCESS_SENTENCES[access]);
  if (chance(random, 0.5)) sentences.push("Message us with any questions; we usually answer within the day.");
  return sentences.join(" ");
}

/** `count` listings from `seed`: the same seed and count always give the same listings. */
export function generateSpaces(count: number, seed = 1): SeedSpace[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, () => generateSpace(random));
}
