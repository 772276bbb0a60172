import type { SpaceType } from "./vocabulary";

/**
 * Readiness for typhoon season (docs/product.md, Readiness for typhoon season; ADR 0080): the facts a host may state
 * about a storage space or parking slot, and the one rule of what counts as Flood-safe. The search's SQL (the stored
 * `spaces.flood_safe` column, app/db/schema/spaces.ts) is built from the constants here, and a test holds the two to
 * the same answers, so the filter and the badge never disagree.
 */

/** How often the spot flooded: never, once in the last 5 years, or more often. */
export const FLOOD_HISTORIES = ["never", "once", "more"] as const;
export type FloodHistory = (typeof FLOOD_HISTORIES)[number];

export const FLOOD_HISTORY_LABELS: { readonly [H in FloodHistory]: string } = {
  never: "Never flooded",
  once: "Flooded once in the last 5 years",
  more: "Flooded more than once in the last 5 years",
};

/** The flood histories a Flood-safe listing may have. */
export const FLOOD_SAFE_HISTORIES = ["never", "once"] as const satisfies readonly FloodHistory[];

/** Storage is Flood-safe from this height above the street (meters), or with raised or sealed storage. */
export const FLOOD_SAFE_MIN_ELEVATION_M = 1;

/** The highest floor or elevation a host may state, in meters (a tall building's top floor). */
export const MAX_ELEVATION_M = 300;

/** What a listing states about its readiness (null and false: not stated). */
export type ReadinessFacts = {
  /** Floor or elevation above the street, in meters. */
  elevationM: number | null;
  floodHistory: FloodHistory | null;
  typhoonRatedDoor: boolean;
  /** Storage: goods kept raised (pallets, shelves) or sealed. */
  raisedStorage: boolean;
  backupPower: boolean;
  /** Parking: the slot is above the flood line. */
  aboveFloodLine: boolean;
};

/** A listing's readiness as the API answers it: the facts and whether they make it Flood-safe. */
export type ReadinessView = ReadinessFacts & { floodSafe: boolean };

export const NO_READINESS: ReadinessFacts = {
  elevationM: null,
  floodHistory: null,
  typhoonRatedDoor: false,
  raisedStorage: false,
  backupPower: false,
  aboveFloodLine: false,
};

export function isFloodHistory(value: unknown): value is FloodHistory {
  return typeof value === "string" && (FLOOD_HISTORIES as readonly string[]).includes(value);
}

/**
 * Flood-safe (docs/product.md): flooded never or once in the last 5 years, and, for storage, 1 m or more above the
 * street or raised/sealed storage; for parking, above the flood line.
 */
export function isFloodSafe(
  listing: Pick<ReadinessFacts, "elevationM" | "floodHistory" | "raisedStorage" | "aboveFloodLine"> & {
    storageType: SpaceType | null;
  },
): boolean {
  const history = listing.floodHistory;
  if (!history || !(FLOOD_SAFE_HISTORIES as readonly string[]).includes(history)) return false;
  if (listing.storageType === "storage")
    return (
      (listing.elevationM !== null && listing.elevationM >= FLOOD_SAFE_MIN_ELEVATION_M) ||
      listing.raisedStorage
    );
  if (listing.storageType === "parking") return listing.aboveFloodLine;
  return false;
}

// ─── Storm updates ──────────────────────────────────────────────────────────────────────────────────────────────────

/** A storm update reaches the renters of the host's bookings in these states (docs/product.md). */
export const STORM_UPDATE_STATES = ["approved", "active"] as const;
/** Storm updates a host may send in a day (docs/product.md, Readiness for typhoon season). */
export const STORM_UPDATES_PER_DAY = 3;
export const STORM_UPDATE_LIMIT = `You can send at most ${STORM_UPDATES_PER_DAY} storm updates a day. Please send the next one tomorrow.`;
export const NO_RENTERS_TO_UPDATE =
  "No renter has an approved or active booking at your spaces, so there is no one to send a storm update to.";

/** An elevation as the badge says it ("1.5 m above the street"). */
export function elevationText(meters: number): string {
  return `${Number(meters.toFixed(1))} m above the street`;
}

/**
 * The facts behind the badge, as renters read them, in the order of the step: the flood history, then what keeps
 * goods or cars dry, then what helps in a storm. CCTV and a guard are features of the listing (the features step),
 * so they come from `features` rather than being asked twice; covered parking too.
 */
export function readinessFactLabels(
  listing: ReadinessFacts & { storageType: SpaceType | null; features?: readonly string[] },
): string[] {
  const labels: string[] = [];
  const features = listing.features ?? [];
  if (listing.floodHistory) labels.push(FLOOD_HISTORY_LABELS[listing.floodHistory]);
  if (listing.elevationM !== null && listing.elevationM > 0) labels.push(elevationText(listing.elevationM));
  if (listing.storageType === "storage" && listing.raisedStorage) labels.push("Raised or sealed storage");
  if (listing.storageType === "parking" && listing.aboveFloodLine) labels.push("Above the flood line");
  if (listing.storageType === "parking" && features.includes("covered")) labels.push("Covered");
  if (listing.typhoonRatedDoor) labels.push("Typhoon-rated door or shutter");
  if (listing.backupPower) labels.push("Backup power");
  if (features.includes("cctv")) labels.push("CCTV");
  if (features.includes("securityGuard")) labels.push("Security guard");
  return labels;
}
