import type { Centavos } from "~/domain/money";
import { stepsFor } from "~/domain/space";
import type { ParkingKind, StorageKind } from "~/domain/vocabulary";
import type { SeedSpace } from "./seed-space";

/**
 * The demo listings loaded with the demo accounts (seedDemoSpaces in seed.server.ts): 24 active listings of storage
 * and parking in eight cities, owned by the demo hosts Maria (maria.host@) and Ana (ana.both@), plus Maria's pending
 * draft and one listing she deactivated. Their photos are drawn by the seed (pictures.server.ts), never downloaded.
 *
 * Two of them carry the pricing examples' values (docs/product.md), for tests that need a known listing: find them by
 * title.
 */

/**
 * Storage, Makati, ₱3,000.00 a month for the entire space (the pricing examples' P), deposit and first-month discount.
 */
export const DEMO_STORAGE_TITLE = "Secure storage room in Makati";
/** Parking, Taguig (BGC), ₱150.00 a day and ₱4,000.00 a month (the pricing examples' parking line), deposit asked. */
export const DEMO_PARKING_TITLE = "Covered condo parking in BGC";
/** Maria's listing that is not published yet (a draft at the photos step). */
export const DEMO_PENDING_TITLE = "Garage storage near Katipunan";
/** Maria's listing that she deactivated. */
export const DEMO_INACTIVE_TITLE = "Motorcycle parking in Cubao";

/** Who owns a demo listing: the demo user with this e-mail. */
export const DEMO_HOSTS = {
  maria: "maria.host@demo.spacesolution.ph",
  ana: "ana.both@demo.spacesolution.ph",
} as const;
export type DemoHost = keyof typeof DEMO_HOSTS;

/** The pictures a listing shows, in order; the first is the cover. See pictures.server.ts for what each one draws. */
export type DemoPhoto = "cover" | "entrance" | "interior" | "security" | "security";

export type DemoSpace = SeedSpace & { host: DemoHost; photos: DemoPhoto[] };

const pesos = (amount: number): Centavos => Math.round(amount * 100) as Centavos;

type Common = {
  host: DemoHost;
  title: string;
  description: string;
  citySlug: string;
  barangay: string;
  addressLine1: string;
  addressLine2: string;
  latitude: number;
  longitude: number;
  features: string[];
  accessOption: SeedSpace["accessOption"];
  rentalDurations: SeedSpace["rentalDurations"];
  photos: DemoPhoto[];
  deposit?: boolean;
  quickMoveIn?: boolean;
  firstMonthDiscount?: boolean;
  status?: SeedSpace["status"];
  ageDays: number;
};

/** A storage listing: rented as a whole for `monthly` pesos, or by the unit (`byUnit`) at `monthly` pesos a unit. */
function storage(
  listing: Common & {
    kind: StorageKind;
    size: [length: number, width: number, height: number];
    monthly: number;
    byUnit?: { unit: "sqm" | "cbm" | "pallet"; units: number };
  },
): DemoSpace {
  const [length, width, height] = listing.size;
  return {
    ...common(listing),
    storageType: "storage",
    kind: listing.kind,
    size: { length, width, height },
    vehicleSize: null,
    unitOfRental: listing.byUnit?.unit ?? "sqm",
    entireSpace: !listing.byUnit,
    unitsAvailable: listing.byUnit?.units ?? 1,
    monthlyPrice: pesos(listing.monthly),
    dailyPrice: null,
    completedSteps: completed("storage", listing.status),
  };
}

/** A parking listing: `slots` slots for the vehicle size, `daily` and `monthly` pesos a slot. */
function parking(
  listing: Common & {
    kind: ParkingKind;
    vehicleSize: NonNullable<SeedSpace["vehicleSize"]>;
    slots: number;
    daily: number;
    monthly: number;
  },
): DemoSpace {
  return {
    ...common(listing),
    storageType: "parking",
    kind: listing.kind,
    size: null,
    vehicleSize: listing.vehicleSize,
    unitOfRental: null,
    entireSpace: true,
    unitsAvailable: listing.slots,
    monthlyPrice: pesos(listing.monthly),
    dailyPrice: pesos(listing.daily),
    completedSteps: completed("parking", listing.status),
  };
}

function common(listing: Common) {
  return {
    host: listing.host,
    photos: listing.photos,
    status: listing.status ?? "active",
    spaceTitle: listing.title,
    description: listing.description,
    addressLine1: listing.addressLine1,
    addressLine2: listing.addressLine2,
    citySlug: listing.citySlug,
    barangay: listing.barangay,
    latitude: listing.latitude,
    longitude: listing.longitude,
    features: listing.features,
    accessOption: listing.accessOption,
    rentalDurations: listing.rentalDurations,
    depositRequired: listing.deposit ?? false,
    quickMoveIn: listing.quickMoveIn ?? false,
    firstMonthDiscount: listing.firstMonthDiscount ?? false,
    contractType: "standard" as const,
    ageDays: listing.ageDays,
  };
}

/** A published (or deactivated) listing went through every step of its type. */
function completed(type: "storage" | "parking", status: SeedSpace["status"] | undefined): string[] {
  return status === "pending" ? [] : stepsFor(type);
}

const MONTHLY: SeedSpace["rentalDurations"] = ["1_month", "3_months", "6_months", "1_year"];
const SHORT_AND_MONTHLY: SeedSpace["rentalDurations"] = ["week", "1_month", "2_months", "3_months"];
const PARKING_ANY: SeedSpace["rentalDurations"] = ["daily", "week", "1_month", "3_months", "6_months"];

export const DEMO_SPACES: DemoSpace[] = [
  // ---- Makati ----------------------------------------------------------------------------------------------
  storage({
    host: "maria",
    title: DEMO_STORAGE_TITLE,
    kind: "spareRoom",
    description:
      "A locked, dry room on the ground floor of our townhouse, a short walk from the Poblacion jeepney stops. " +
      "Good for furniture, balikbayan boxes and seasonal things. The street has a guard at night and the room has " +
      "a smoke alarm and fire extinguisher. Message me a day ahead and I will open it for you.",
    citySlug: "makati",
    barangay: "Poblacion",
    addressLine1: "27 Don Pedro Street",
    addressLine2: "Ground floor, unit B",
    latitude: 14.5657,
    longitude: 121.0305,
    size: [3, 2.5, 2.6],
    monthly: 3000,
    features: ["cctv", "securityGuard", "fireSafety", "groundFloor", "lighting"],
    accessOption: "24 hours notice",
    rentalDurations: MONTHLY,
    photos: ["cover", "interior", "entrance", "security"],
    deposit: true,
    quickMoveIn: true,
    firstMonthDiscount: true,
    ageDays: 48,
  }),
  storage({
    host: "ana",
    title: "Shelf space for boxes near Salcedo Village",
    kind: "shelfSpace",
    description:
      "Two metal shelves in our office stockroom, enough for about ten medium boxes. Air-conditioned during office " +
      "hours, with CCTV and a lobby guard. Ideal for documents, small inventory or gadgets.",
    citySlug: "makati",
    barangay: "Bel-Air",
    addressLine1: "118 Valero Street",
    addressLine2: "5th floor, stockroom 2",
    latitude: 14.5606,
    longitude: 121.0236,
    size: [2, 0.6, 2],
    monthly: 1500,
    features: ["cctv", "securityGuard", "climateControlled", "elevator", "shelving"],
    accessOption: "all_time",
    rentalDurations: SHORT_AND_MONTHLY,
    photos: ["cover", "interior"],
    quickMoveIn: true,
    ageDays: 12,
  }),
  parking({
    host: "maria",
    title: "Office building parking on Ayala Avenue",
    kind: "officeParking",
    description:
      "A reserved basement slot in an office tower along Ayala Avenue. Entry with an access card, guards at the " +
      "ramp and CCTV on every level. Fits a sedan or a small SUV.",
    citySlug: "makati",
    barangay: "San Lorenzo",
    addressLine1: "6750 Ayala Avenue",
    addressLine2: "Basement 2, slot 41",
    latitude: 14.5524,
    longitude: 121.0225,
    vehicleSize: "suv",
    slots: 2,
    daily: 200,
    monthly: 5500,
    features: ["cctv", "securityGuard", "covered", "lighting"],
    accessOption: "all_time",
    rentalDurations: PARKING_ANY,
    photos: ["cover", "security"],
    deposit: true,
    ageDays: 75,
  }),
  storage({
    host: "ana",
    title: "Spare office room for document storage",
    kind: "spareRoom",
    description:
      "A small, lockable office room we no longer use. Fits filing cabinets and archive boxes; the building has a " +
      "freight elevator and a loading bay at the back. Weekday access from 8 AM to 6 PM.",
    citySlug: "makati",
    barangay: "Urdaneta",
    addressLine1: "201 Buendia Avenue",
    addressLine2: "12th floor, room 1204",
    latitude: 14.5548,
    longitude: 121.0287,
    size: [4, 3.5, 2.7],
    monthly: 8500,
    features: ["cctv", "securityGuard", "climateControlled", "elevator", "loadingArea", "fireSafety"],
    accessOption: "24 hours notice",
    rentalDurations: ["3_months", "6_months", "1_year"],
    photos: ["cover", "interior", "entrance"],
    deposit: true,
    ageDays: 140,
  }),

  // ---- Taguig ----------------------------------------------------------------------------------------------
  parking({
    host: "maria",
    title: DEMO_PARKING_TITLE,
    kind: "condo",
    description:
      "A covered slot in a condominium in Bonifacio Global City, close to High Street. The building has 24-hour " +
      "guards and CCTV; you get a sticker and a gate card. Fits sedans and SUVs.",
    citySlug: "taguig",
    barangay: "Fort Bonifacio",
    addressLine1: "32nd Street corner 7th Avenue",
    addressLine2: "Tower 1, parking level 3",
    latitude: 14.5509,
    longitude: 121.048,
    vehicleSize: "suv",
    slots: 1,
    daily: 150,
    monthly: 4000,
    features: ["cctv", "securityGuard", "gated", "covered", "lighting"],
    accessOption: "all_time",
    rentalDurations: PARKING_ANY,
    photos: ["cover", "entrance", "security"],
    deposit: true,
    ageDays: 30,
  }),
  storage({
    host: "maria",
    title: "20-foot container storage in Western Bicutan",
    kind: "container",
    description:
      "A clean 20-foot shipping container in a gated yard near the C-5 service road. Padlock your own door; trucks " +
      "can back right up to it. Good for construction materials, equipment or furniture.",
    citySlug: "taguig",
    barangay: "Western Bicutan",
    addressLine1: "15 Sampaguita Street",
    addressLine2: "Container yard, bay 4",
    latitude: 14.5097,
    longitude: 121.0392,
    size: [6.06, 2.44, 2.59],
    monthly: 6000,
    features: ["gated", "cctv", "loadingArea", "privateEntrance"],
    accessOption: "all_time",
    rentalDurations: MONTHLY,
    photos: ["cover", "entrance"],
    quickMoveIn: true,
    ageDays: 95,
  }),
  storage({
    host: "ana",
    title: "Spare bedroom for storage in Fort Bonifacio",
    kind: "spareRoom",
    description:
      "The spare bedroom of our condo unit, empty since our son moved abroad. Good for furniture while you " +
      "renovate or move. Air-conditioned, with building security, elevators and a loading area for movers.",
    citySlug: "taguig",
    barangay: "Fort Bonifacio",
    addressLine1: "9th Avenue corner 28th Street",
    addressLine2: "Unit 1507",
    latitude: 14.5478,
    longitude: 121.0515,
    size: [3.5, 3, 2.7],
    monthly: 7500,
    features: ["cctv", "securityGuard", "climateControlled", "elevator", "loadingArea", "fireSafety"],
    accessOption: "24 hours notice",
    rentalDurations: ["1_month", "2_months", "3_months", "6_months"],
    photos: ["cover", "interior", "entrance", "security"],
    deposit: true,
    firstMonthDiscount: true,
    ageDays: 21,
  }),

  // ---- Quezon City -----------------------------------------------------------------------------------------
  storage({
    host: "maria",
    title: "Garage storage in Loyola Heights",
    kind: "garage",
    description:
      "Half of our two-car garage, walled off and lockable, near the Katipunan universities. Students leave their " +
      "things here over the summer break. Dry, well lit and on the ground floor.",
    citySlug: "quezon-city",
    barangay: "Loyola Heights",
    addressLine1: "44 Esteban Abada Street",
    addressLine2: "Garage at the back",
    latitude: 14.6391,
    longitude: 121.0762,
    size: [5, 3, 2.5],
    monthly: 4500,
    features: ["gated", "groundFloor", "lighting", "privateEntrance"],
    accessOption: "24 hours notice",
    rentalDurations: ["1_month", "2_months", "3_months", "4_months"],
    photos: ["cover", "entrance", "interior"],
    quickMoveIn: true,
    ageDays: 62,
  }),
  storage({
    host: "maria",
    title: "Spare room near Timog Avenue",
    kind: "spareRoom",
    description:
      "A small spare bedroom on the second floor of our house, with a door that locks. Best for boxes and small " +
      "furniture. We are home most days, so visits are easy to arrange.",
    citySlug: "quezon-city",
    barangay: "South Triangle",
    addressLine1: "19 Scout Rallos Street",
    addressLine2: "Second floor, back room",
    latitude: 14.6357,
    longitude: 121.0366,
    size: [3, 2.4, 2.5],
    monthly: 2500,
    features: ["cctv", "lighting", "pestControl"],
    accessOption: "24 hours notice",
    rentalDurations: MONTHLY,
    photos: ["cover", "interior"],
    ageDays: 8,
  }),
  parking({
    host: "maria",
    title: "Garage slot for a sedan in Commonwealth",
    kind: "garage",
    description:
      "A slot in the roofed garage of our house inside a gated subdivision off Commonwealth Avenue. One sedan or " +
      "hatchback. The village guard checks every car at the gate.",
    citySlug: "quezon-city",
    barangay: "Commonwealth",
    addressLine1: "7 Sampaguita Street",
    addressLine2: "Don Antonio Heights",
    latitude: 14.6942,
    longitude: 121.0871,
    vehicleSize: "sedan",
    slots: 1,
    daily: 100,
    monthly: 2500,
    features: ["gated", "covered", "securityGuard"],
    accessOption: "all_time",
    rentalDurations: PARKING_ANY,
    photos: ["cover", "entrance"],
    ageDays: 110,
  }),
  storage({
    host: "maria",
    title: "Dry upstairs storeroom in Batasan Hills",
    kind: "spareRoom",
    description:
      "A small upstairs storeroom, dry even in the rainy season. Suits light boxes, holiday decorations and " +
      "documents. The stairs are narrow, so no big furniture.",
    citySlug: "quezon-city",
    barangay: "Batasan Hills",
    addressLine1: "88 IBP Road",
    addressLine2: "Attic, house 3",
    latitude: 14.6829,
    longitude: 121.0985,
    size: [4, 3, 1.6],
    monthly: 1800,
    features: ["pestControl", "lighting"],
    accessOption: "week",
    rentalDurations: ["3_months", "6_months", "1_year"],
    photos: ["cover", "interior"],
    firstMonthDiscount: true,
    ageDays: 200,
  }),
  parking({
    host: "maria",
    title: "Gated garage parking in Socorro",
    kind: "garage",
    description:
      "A slot in our closed garage near Araneta City, with a roll-up door we lock every night. Fits a sedan or a " +
      "small AUV. Walking distance to the MRT and LRT Cubao stations.",
    citySlug: "quezon-city",
    barangay: "Socorro",
    addressLine1: "12 Aurora Boulevard",
    addressLine2: "Garage beside the sari-sari store",
    latitude: 14.6216,
    longitude: 121.0545,
    vehicleSize: "sedan",
    slots: 1,
    daily: 120,
    monthly: 3000,
    features: ["gated", "covered", "lighting", "cctv"],
    accessOption: "all_time",
    rentalDurations: PARKING_ANY,
    photos: ["cover", "entrance", "security"],
    deposit: true,
    ageDays: 55,
  }),

  // ---- Pasig -----------------------------------------------------------------------------------------------
  storage({
    host: "ana",
    title: "Warehouse pallet space in Ugong",
    kind: "warehouseSpace",
    description:
      "Pallet positions in a racked warehouse along the C-5 industrial strip. Forklift and loading dock on site, " +
      "24-hour guards, fire sprinklers and monthly pest control. Priced per pallet a month.",
    citySlug: "pasig",
    barangay: "Ugong",
    addressLine1: "3 Industrial Road",
    addressLine2: "Warehouse 7",
    latitude: 14.5768,
    longitude: 121.0735,
    size: [20, 12, 6],
    monthly: 450,
    byUnit: { unit: "pallet", units: 40 },
    features: ["cctv", "securityGuard", "gated", "fireSafety", "pestControl", "loadingArea", "shelving"],
    accessOption: "all_time",
    rentalDurations: ["1_month", "3_months", "6_months", "1_year"],
    photos: ["cover", "interior", "entrance", "security"],
    deposit: true,
    ageDays: 160,
  }),
  parking({
    host: "maria",
    title: "Open lot parking near Ortigas Center",
    kind: "emptyLot",
    description:
      "Open-air slots in a fenced commercial lot a block from Ortigas Center offices. Attendant from 6 AM to 10 PM, " +
      "lights all night. Good for weekday office parking.",
    citySlug: "pasig",
    barangay: "San Antonio",
    addressLine1: "21 Garnet Road",
    addressLine2: "Lot B",
    latitude: 14.5853,
    longitude: 121.0608,
    vehicleSize: "suv",
    slots: 6,
    daily: 180,
    monthly: 4500,
    features: ["gated", "lighting", "securityGuard", "wideSlot"],
    accessOption: "all_time",
    rentalDurations: PARKING_ANY,
    photos: ["cover", "security"],
    quickMoveIn: true,
    ageDays: 33,
  }),
  storage({
    host: "ana",
    title: "Basement storage in Kapitolyo",
    kind: "basement",
    description:
      "A basement room under our restaurant on a quiet Kapitolyo street. Dehumidifier runs all day, pest control " +
      "every month. Ask us before noon and you can drop things off the same day.",
    citySlug: "pasig",
    barangay: "Kapitolyo",
    addressLine1: "5 East Capitol Drive",
    addressLine2: "Basement",
    latitude: 14.5697,
    longitude: 121.0598,
    size: [5, 4, 2.3],
    monthly: 3500,
    features: ["climateControlled", "pestControl", "fireSafety", "lighting", "cctv"],
    accessOption: "24 hours notice",
    rentalDurations: SHORT_AND_MONTHLY,
    photos: ["cover", "interior", "entrance"],
    ageDays: 17,
  }),

  // ---- Mandaluyong and Manila ------------------------------------------------------------------------------
  parking({
    host: "maria",
    title: "Reserved office parking in Highway Hills",
    kind: "officeParking",
    description:
      "A reserved slot on the parking deck of an office building along EDSA, with its own sticker and no queue " +
      "at the entrance. Covered, lit, and guarded around the clock.",
    citySlug: "mandaluyong",
    barangay: "Highway Hills",
    addressLine1: "EDSA corner Shaw Boulevard",
    addressLine2: "Parking deck 5",
    latitude: 14.5816,
    longitude: 121.0549,
    vehicleSize: "suv",
    slots: 3,
    daily: 250,
    monthly: 6000,
    features: ["cctv", "securityGuard", "covered", "lighting", "evCharging"],
    accessOption: "all_time",
    rentalDurations: ["daily", "week", "1_month"],
    photos: ["cover", "security"],
    ageDays: 5,
  }),
  storage({
    host: "ana",
    title: "Bodega space in Binondo",
    kind: "warehouseSpace",
    description:
      "A ground-floor bodega in a Binondo shophouse, two streets from Ongpin. Roll-up door onto the street for " +
      "deliveries. Suits dry goods and stock for online sellers.",
    citySlug: "manila",
    barangay: "Binondo",
    addressLine1: "620 Tomas Pinpin Street",
    addressLine2: "Ground floor bodega",
    latitude: 14.6003,
    longitude: 120.9743,
    size: [8, 5, 3.5],
    monthly: 9000,
    features: ["groundFloor", "loadingArea", "cctv", "privateEntrance", "fireSafety"],
    accessOption: "all_time",
    rentalDurations: MONTHLY,
    photos: ["cover", "entrance", "interior"],
    deposit: true,
    ageDays: 70,
  }),

  // ---- Cebu City -------------------------------------------------------------------------------------------
  storage({
    host: "ana",
    title: "Warehouse floor by the square meter in Mabolo",
    kind: "warehouseSpace",
    description:
      "Floor space in our warehouse building, rented by the square meter so you pay only for what you use. Near " +
      "SM City Cebu, with a loading area and a guard at the entrance.",
    citySlug: "cebu-city",
    barangay: "Mabolo",
    addressLine1: "40 Juan Luna Avenue",
    addressLine2: "Second floor",
    latitude: 10.3192,
    longitude: 123.9128,
    size: [10, 6, 3],
    monthly: 350,
    byUnit: { unit: "sqm", units: 30 },
    features: ["cctv", "securityGuard", "loadingArea", "elevator", "lighting"],
    accessOption: "all_time",
    rentalDurations: MONTHLY,
    photos: ["cover", "interior", "entrance"],
    quickMoveIn: true,
    ageDays: 44,
  }),
  parking({
    host: "ana",
    title: "Condo parking slot in Cebu IT Park",
    kind: "condo",
    description:
      "A covered condo slot inside Cebu IT Park, ideal if you work nights in the area. Building guards, CCTV and a " +
      "gate card. Fits a sedan or SUV.",
    citySlug: "cebu-city",
    barangay: "Apas",
    addressLine1: "Salinas Drive",
    addressLine2: "Basement 1, slot 18",
    latitude: 10.3301,
    longitude: 123.9058,
    vehicleSize: "suv",
    slots: 1,
    daily: 150,
    monthly: 3800,
    features: ["cctv", "securityGuard", "covered", "gated"],
    accessOption: "all_time",
    rentalDurations: PARKING_ANY,
    photos: ["cover", "security", "entrance"],
    deposit: true,
    ageDays: 26,
  }),
  storage({
    host: "ana",
    title: "Cold storage room for food stock in Talamban",
    kind: "coldStorage",
    description:
      "A walk-in chiller kept between 2 and 8 degrees, with a backup generator. Suits food businesses and " +
      "restaurants. Temperature log shared every week.",
    citySlug: "cebu-city",
    barangay: "Talamban",
    addressLine1: "77 Gov. M. Cuenco Avenue",
    addressLine2: "Rear building",
    latitude: 10.3679,
    longitude: 123.9171,
    size: [4, 3, 2.5],
    monthly: 15000,
    features: ["climateControlled", "cctv", "fireSafety", "pestControl", "loadingArea"],
    accessOption: "all_time",
    rentalDurations: ["1_month", "3_months", "6_months"],
    photos: ["cover", "interior", "security"],
    deposit: true,
    ageDays: 90,
  }),
  storage({
    host: "ana",
    title: "Spare room storage in Banilad",
    kind: "spareRoom",
    description:
      "The spare room of our house in a quiet Banilad subdivision. Fits a bed frame, boxes and a motorbike's worth " +
      "of parts. Gated village with a roving guard.",
    citySlug: "cebu-city",
    barangay: "Banilad",
    addressLine1: "16 Paseo Saturnino",
    addressLine2: "Maria Luisa Park",
    latitude: 10.3434,
    longitude: 123.9117,
    size: [3.5, 3, 2.6],
    monthly: 2000,
    features: ["gated", "securityGuard", "lighting"],
    accessOption: "24 hours notice",
    rentalDurations: SHORT_AND_MONTHLY,
    photos: ["cover", "interior"],
    firstMonthDiscount: true,
    ageDays: 14,
  }),

  // ---- Davao City ------------------------------------------------------------------------------------------
  storage({
    host: "ana",
    title: "Warehouse space near Sasa port",
    kind: "warehouseSpace",
    description:
      "Warehouse floor near Sasa wharf, rented by the square meter. Trucks enter through a wide gate; forklift on " +
      "request. Good for importers and distributors in Davao.",
    citySlug: "davao-city",
    barangay: "Sasa",
    addressLine1: "KM 8 Sasa Road",
    addressLine2: "Warehouse 2",
    latitude: 7.1196,
    longitude: 125.6603,
    size: [25, 16, 7],
    monthly: 250,
    byUnit: { unit: "sqm", units: 100 },
    features: ["gated", "securityGuard", "cctv", "loadingArea", "fireSafety"],
    accessOption: "all_time",
    rentalDurations: ["3_months", "6_months", "1_year"],
    photos: ["cover", "interior", "entrance", "security"],
    deposit: true,
    ageDays: 120,
  }),
  parking({
    host: "ana",
    title: "Open lot parking for trucks in Buhangin",
    kind: "emptyLot",
    description:
      "A fenced, gravel lot with room for delivery trucks and vans. Caretaker lives on site; the gate is locked at " +
      "night. Easy access to the Buhangin diversion road.",
    citySlug: "davao-city",
    barangay: "Buhangin Proper",
    addressLine1: "Buhangin Road",
    addressLine2: "Lot beside the rice mill",
    latitude: 7.1102,
    longitude: 125.6148,
    vehicleSize: "truck",
    slots: 4,
    daily: 300,
    monthly: 6000,
    features: ["gated", "wideSlot", "lighting"],
    accessOption: "all_time",
    rentalDurations: PARKING_ANY,
    photos: ["cover", "entrance"],
    quickMoveIn: true,
    ageDays: 38,
  }),
  storage({
    host: "maria",
    title: "Small room storage in Matina",
    kind: "spareRoom",
    description:
      "A small room off our living room, for a few boxes or a cabinet while you are away. We are a family of " +
      "four; you can visit any weekend.",
    citySlug: "davao-city",
    barangay: "Matina Crossing",
    addressLine1: "23 Quimpo Boulevard",
    addressLine2: "Blue gate house",
    latitude: 7.0598,
    longitude: 125.5923,
    size: [2, 1.5, 2.2],
    monthly: 1500,
    features: ["lighting", "cctv"],
    accessOption: "week",
    rentalDurations: ["1_month", "2_months", "3_months"],
    photos: ["cover", "interior"],
    ageDays: 3,
  }),

  // ---- Maria's draft and her deactivated listing -----------------------------------------------------------
  storage({
    host: "maria",
    status: "pending",
    title: DEMO_PENDING_TITLE,
    kind: "garage",
    description:
      "Our second garage, empty since we sold the van. Roll-up door, concrete floor, one light. Photos and price " +
      "to follow.",
    citySlug: "quezon-city",
    barangay: "Loyola Heights",
    addressLine1: "12 Katipunan Avenue",
    addressLine2: "Garage",
    latitude: 14.6362,
    longitude: 121.0743,
    size: [5.5, 3, 2.4],
    monthly: 4000,
    features: ["groundFloor", "lighting", "privateEntrance"],
    accessOption: "24 hours notice",
    rentalDurations: [],
    photos: [],
    ageDays: 2,
  }),
  parking({
    host: "maria",
    status: "inactive",
    title: DEMO_INACTIVE_TITLE,
    kind: "garage",
    description:
      "Motorcycle slots inside our garage near Gateway Mall. Paused while we repaint the garage floor.",
    citySlug: "quezon-city",
    barangay: "Socorro",
    addressLine1: "30 General Romulo Avenue",
    addressLine2: "Garage",
    latitude: 14.6199,
    longitude: 121.0531,
    vehicleSize: "motorcycle",
    slots: 3,
    daily: 100,
    monthly: 2500,
    features: ["covered", "cctv", "gated"],
    accessOption: "all_time",
    rentalDurations: ["daily", "week", "1_month"],
    photos: ["cover", "entrance"],
    ageDays: 180,
  }),
].map(draftFixups);

/**
 * The draft has its location, pin, kind, size, features and description, but no photo, durations or price yet: it
 * resumes at the photos step, and publishing names what is missing.
 */
function draftFixups(space: DemoSpace): DemoSpace {
  if (space.status !== "pending") return space;
  return {
    ...space,
    monthlyPrice: null,
    dailyPrice: null,
    contractType: null,
    completedSteps: [
      "location",
      "pin-location-on-map",
      "kind-of-space-are-you-listing",
      "storage-space-size-measurements",
      "features",
      "describe-your-space",
    ],
  };
}
