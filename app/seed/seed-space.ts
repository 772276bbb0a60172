import type { spaces } from "~/db/schema";
import type { ReadinessFacts } from "~/domain/flood-readiness";
import type { Centavos } from "~/domain/money";
import { area, volume } from "~/domain/units";
import type {
  AccessOption,
  RentalDuration,
  RentalUnit,
  SpaceKind,
  SpaceType,
  VehicleSize,
} from "~/domain/vocabulary";

/**
 * A listing as the seed writes it (the demo listings of demo-spaces.ts and the generated ones of generate-spaces.ts):
 * plain data naming its city by slug, turned into a `spaces` row by {@link spaceValues}. Sizes in meters, money in
 * centavos, as in the table.
 */
export type SeedSpace = {
  status: "pending" | "active" | "inactive";
  storageType: SpaceType;
  kind: SpaceKind;
  spaceTitle: string | null;
  description: string | null;
  addressLine1: string;
  addressLine2: string;
  citySlug: string;
  barangay: string;
  latitude: number;
  longitude: number;
  /** Storage: length × width × height in meters. Parking: null. */
  size: { length: number; width: number; height: number } | null;
  /** Parking: the largest vehicle. Storage: null. */
  vehicleSize: VehicleSize | null;
  /** Storage: what one unit is (also set when rented as a whole, as the size step asks for it). Parking: null. */
  unitOfRental: RentalUnit | null;
  entireSpace: boolean;
  unitsAvailable: number;
  features: string[];
  accessOption: AccessOption | null;
  rentalDurations: RentalDuration[];
  monthlyPrice: Centavos | null;
  dailyPrice: Centavos | null;
  depositRequired: boolean;
  quickMoveIn: boolean;
  firstMonthDiscount: boolean;
  contractType: "standard" | null;
  /** The wizard steps saved; a published listing has them all. */
  completedSteps: string[];
  /** How many days ago it was created (and published, when not pending). */
  ageDays: number;
  /** What it states about typhoon season (the flood-readiness step); left out: nothing stated. */
  readiness?: ReadinessFacts;
};

type SpaceInsert = typeof spaces.$inferInsert;

const DAY_MS = 86_400_000;

/** The `spaces` row of a seed listing: its host, its city's id and province, dates counted back from `now`. */
export function spaceValues(
  space: SeedSpace,
  context: { hostId: string; cityId: number; province: string; now: Date; id?: string },
): SpaceInsert {
  const { size } = space;
  const createdAt = new Date(context.now.getTime() - space.ageDays * DAY_MS);
  return {
    ...(context.id ? { id: context.id } : {}),
    hostId: context.hostId,
    status: space.status,
    storageType: space.storageType,
    kind: space.kind,
    spaceTitle: space.spaceTitle,
    description: space.description,
    addressLine1: space.addressLine1,
    addressLine2: space.addressLine2,
    cityId: context.cityId,
    barangay: space.barangay,
    province: context.province,
    latitude: space.latitude,
    longitude: space.longitude,
    lengthM: size?.length ?? null,
    widthM: size?.width ?? null,
    heightM: size?.height ?? null,
    areaSqm: size ? round(area(size), 4) : null,
    volumeCbm: size ? round(volume(size), 4) : null,
    vehicleSize: space.vehicleSize,
    unitOfRental: space.unitOfRental,
    entireSpace: space.entireSpace,
    unitsAvailable: space.unitsAvailable,
    features: space.features,
    accessOption: space.accessOption,
    rentalDurations: space.rentalDurations,
    monthlyPrice: space.monthlyPrice,
    dailyPrice: space.dailyPrice,
    depositRequired: space.depositRequired,
    quickMoveIn: space.quickMoveIn,
    firstMonthDiscount: space.firstMonthDiscount,
    contractType: space.contractType,
    completedSteps: space.completedSteps,
    ...space.readiness,
    createdAt,
    updatedAt: createdAt,
    publishedAt: space.status === "pending" ? null : createdAt,
  };
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
