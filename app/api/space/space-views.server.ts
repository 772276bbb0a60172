import { asc, eq, inArray, sql } from "drizzle-orm";
import { toUploadView, UPLOAD_VIEW_COLUMNS } from "~/core/uploads.server";
import type { Database } from "~/db/client.server";
import { perDatabase } from "~/db/per-database.server";
import { cities, type SpaceRow, spacePhotos, spaces, uploads, users } from "~/db/schema";
import { displayName } from "~/domain/display-name";
import type { ReadinessView } from "~/domain/flood-readiness";
import { approximate } from "~/domain/geo";
import { roundHalfUp } from "~/domain/money";
import { averageStars } from "~/domain/reviews";
import {
  AVAILABLE_FOR_RENT,
  type ImageView,
  isListingStep,
  publishingGaps,
  resumeStep,
  type SpaceCardView,
  type SpaceView,
} from "~/domain/space";
import { spaceTypeOf } from "~/domain/space-types";
import type { AccessOption, RentalDuration, RentalUnit, SpaceKind, VehicleSize } from "~/domain/vocabulary";
import { listingPath } from "~/utils/site-paths";

/**
 * Turns `spaces` rows into what the API answers: SpaceView for the host (every field) and SpaceCardView for
 * renters' lists (public fields only). Loads the photos and uploads of many rows in two queries (the cities from
 * findCities' in-process copy), so a list of 20 costs the same as one. The one place that maps a listing for the outside world.
 */

/** A city as listings and searches need it (reference data). */
export type CityRef = { id: number; name: string; slug: string; latitude: number; longitude: number };

type CityTable = { byId: Map<number, CityRef>; bySlug: Map<string, CityRef>; loadedAt: number };

/** How long the in-process copy of the cities is trusted (they are reference data; a miss reloads at once). */
export const CITY_CACHE_MS = 60_000;
const cityTables = new WeakMap<Database, CityTable>();

async function loadCities(db: Database): Promise<CityTable> {
  const rows = await db
    .select({
      id: cities.id,
      name: cities.name,
      slug: cities.slug,
      latitude: cities.latitude,
      longitude: cities.longitude,
    })
    .from(cities);
  const table = {
    byId: new Map(rows.map((row) => [row.id, row])),
    bySlug: new Map(rows.map((row) => [row.slug, row])),
    loadedAt: Date.now(),
  };
  cityTables.set(db, table);
  return table;
}

/**
 * The cities (reference data, the same for everyone), from an in-process copy kept per database for
 * {@link CITY_CACHE_MS}: a search or a page of cards then sends no query for them. A city the copy lacks (added
 * since) reloads it, so only a rename or removal can be seen late, by at most CITY_CACHE_MS.
 */
export async function findCities<K extends number | string>(
  db: Database,
  keys: readonly K[],
): Promise<Map<K, CityRef>> {
  const pick = (table: CityTable) => {
    const found = new Map<K, CityRef>();
    for (const key of keys) {
      const city = typeof key === "number" ? table.byId.get(key) : table.bySlug.get(key as string);
      if (city) found.set(key, city);
    }
    return found;
  };
  const cached = cityTables.get(db);
  if (cached && Date.now() - cached.loadedAt < CITY_CACHE_MS) {
    const found = pick(cached);
    if (found.size === new Set(keys).size) return found;
  }
  return pick(await loadCities(db));
}

type Related = {
  photos: Map<string, ImageView[]>;
  uploads: Map<string, ImageView>;
  cities: Map<number, { name: string; slug: string }>;
};

/** What loadRelated reads of a listing: its photos and city, and for the host's view its two files. */
type RelatedKeys = Pick<SpaceRow, "id" | "cityId"> &
  Partial<Pick<SpaceRow, "contractUploadId" | "floorplanUploadId">>;

/**
 * The photos of some listings, in order. Its SQL is the same whichever listings they are (their ids are one array
 * parameter), so it is made once per database: a page of cards does not build it again. It goes unnamed, as every
 * built statement does, so a connection pooler in front of PostgreSQL (which may hand each statement to another
 * connection) serves it too.
 */
function preparePhotos(db: Database) {
  return db
    .select({ spaceId: spacePhotos.spaceId, upload: UPLOAD_VIEW_COLUMNS })
    .from(spacePhotos)
    .innerJoin(uploads, eq(uploads.id, spacePhotos.uploadId))
    .where(sql`${spacePhotos.spaceId} = any(${sql.placeholder("spaceIds")}::uuid[])`)
    .orderBy(asc(spacePhotos.spaceId), asc(spacePhotos.position))
    .prepare("");
}

const photosStatement = perDatabase(preparePhotos);

async function loadRelated(db: Database, rows: readonly RelatedKeys[], withFiles: boolean): Promise<Related> {
  const ids = rows.map((row) => row.id);
  const cityIds = [...new Set(rows.map((row) => row.cityId).filter((id): id is number => id !== null))];
  const fileIds = withFiles
    ? rows.flatMap((row) => [row.contractUploadId, row.floorplanUploadId]).filter((id): id is string => !!id)
    : [];
  const [photoRows, fileRows, cityMap] = await Promise.all([
    ids.length ? photosStatement(db).execute({ spaceIds: ids }) : [],
    fileIds.length ? db.select(UPLOAD_VIEW_COLUMNS).from(uploads).where(inArray(uploads.id, fileIds)) : [],
    cityIds.length ? findCities(db, cityIds) : new Map<number, CityRef>(),
  ]);
  const photos = new Map<string, ImageView[]>();
  for (const { spaceId, upload } of photoRows) {
    const list = photos.get(spaceId) ?? [];
    list.push(toUploadView(upload));
    photos.set(spaceId, list);
  }
  return {
    photos,
    uploads: new Map(fileRows.map((row) => [row.id, toUploadView(row)])),
    cities: cityMap,
  };
}

/**
 * The columns a renter's card is made from: a page of results reads these, not the whole listing (its description,
 * address and host's settings stay in the database).
 */
export const SPACE_CARD_COLUMNS = {
  id: spaces.id,
  hostId: spaces.hostId,
  status: spaces.status,
  storageType: spaces.storageType,
  kind: spaces.kind,
  spaceTitle: spaces.spaceTitle,
  cityId: spaces.cityId,
  barangay: spaces.barangay,
  latitude: spaces.latitude,
  longitude: spaces.longitude,
  coverPhotoIndex: spaces.coverPhotoIndex,
  lengthM: spaces.lengthM,
  widthM: spaces.widthM,
  heightM: spaces.heightM,
  areaSqm: spaces.areaSqm,
  volumeCbm: spaces.volumeCbm,
  vehicleSize: spaces.vehicleSize,
  unitOfRental: spaces.unitOfRental,
  entireSpace: spaces.entireSpace,
  unitsAvailable: spaces.unitsAvailable,
  monthlyPrice: spaces.monthlyPrice,
  dailyPrice: spaces.dailyPrice,
  quickMoveIn: spaces.quickMoveIn,
  firstMonthDiscount: spaces.firstMonthDiscount,
  elevationM: spaces.elevationM,
  floodHistory: spaces.floodHistory,
  typhoonRatedDoor: spaces.typhoonRatedDoor,
  raisedStorage: spaces.raisedStorage,
  backupPower: spaces.backupPower,
  aboveFloodLine: spaces.aboveFloodLine,
  floodSafe: spaces.floodSafe,
  reviewStars: spaces.reviewStars,
  reviewCount: spaces.reviewCount,
  publishedAt: spaces.publishedAt,
};

/** A listing as its card needs it (a whole row will do too). */
export type SpaceCardRow = Pick<SpaceRow, keyof typeof SPACE_CARD_COLUMNS>;

/** The prices every view shows, from the row (centavos). */
function prices(
  row: Pick<
    SpaceRow,
    "monthlyPrice" | "dailyPrice" | "entireSpace" | "unitOfRental" | "storageType" | "areaSqm"
  >,
) {
  const perSqm =
    row.monthlyPrice === null
      ? null
      : !row.entireSpace && row.unitOfRental === "sqm"
        ? row.monthlyPrice
        : row.storageType === "storage" && row.entireSpace && row.areaSqm
          ? roundHalfUp(row.monthlyPrice * 100, Math.round(row.areaSqm * 100))
          : null;
  return {
    listingPrice: row.monthlyPrice,
    pricePerSquareMeter: perSqm,
    perMonthPrice: row.monthlyPrice,
    dailyPrice: row.dailyPrice,
  };
}

/** A listing's readiness for typhoon season, with Flood-safe as the database keeps it (by isFloodSafe's rule). */
function readinessOf(
  row: Pick<
    SpaceRow,
    | "elevationM"
    | "floodHistory"
    | "typhoonRatedDoor"
    | "raisedStorage"
    | "backupPower"
    | "aboveFloodLine"
    | "floodSafe"
  >,
): ReadinessView {
  return {
    elevationM: row.elevationM,
    floodHistory: row.floodHistory,
    typhoonRatedDoor: row.typhoonRatedDoor,
    raisedStorage: row.raisedStorage,
    backupPower: row.backupPower,
    aboveFloodLine: row.aboveFloodLine,
    floodSafe: row.floodSafe,
  };
}

function sizeOf(row: Pick<SpaceRow, "lengthM" | "widthM" | "heightM" | "areaSqm" | "volumeCbm">) {
  if (row.lengthM === null || row.widthM === null || row.heightM === null) return null;
  return {
    length: row.lengthM,
    width: row.widthM,
    height: row.heightM,
    area: row.areaSqm ?? row.lengthM * row.widthM,
    volume: row.volumeCbm ?? row.lengthM * row.widthM * row.heightM,
  };
}

function toSpaceView(row: SpaceRow, related: Related): SpaceView {
  const photos = related.photos.get(row.id) ?? [];
  const city = row.cityId === null ? undefined : related.cities.get(row.cityId);
  const contract = row.contractUploadId ? related.uploads.get(row.contractUploadId) : undefined;
  const floorplan = row.floorplanUploadId ? related.uploads.get(row.floorplanUploadId) : undefined;
  const completedSteps = row.completedSteps.filter(isListingStep);
  return {
    _id: row.id,
    hostId: row.hostId,
    status: row.status,
    availableForRent: AVAILABLE_FOR_RENT[row.status],
    storageType: row.storageType,
    kind: row.kind as SpaceKind | null,
    spaceTitle: row.spaceTitle,
    description: row.description,
    address: {
      addressLine1: row.addressLine1,
      addressLine2: row.addressLine2,
      city: city?.name ?? null,
      citySlug: city?.slug ?? null,
      barangay: row.barangay,
      province: row.province,
    },
    latitude: row.latitude,
    longitude: row.longitude,
    size: sizeOf(row),
    vehicleSize: row.vehicleSize as VehicleSize | null,
    unitOfRental: row.unitOfRental as RentalUnit | null,
    rentMode: { entireSpace: row.entireSpace },
    unitsAvailable: row.unitsAvailable,
    features: row.features,
    accessOption: row.accessOption as AccessOption | null,
    readiness: readinessOf(row),
    rentalDurations: row.rentalDurations as RentalDuration[],
    ...prices(row),
    depositRequired: row.depositRequired,
    quickMoveIn: row.quickMoveIn,
    firstMonthDiscount: row.firstMonthDiscount,
    contract: { type: row.contractType, url: contract?.url ?? null },
    floorplan: floorplan ?? null,
    spacePhotos: photos,
    coverPhotoIndex: Math.min(row.coverPhotoIndex, Math.max(photos.length - 1, 0)),
    completedSteps,
    resumeStep: resumeStep(row.storageType, completedSteps),
    publishingGaps: publishingGaps({ ...row, photoCount: photos.length }),
    viewCount: row.viewCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

/** Host views of listings, in the rows' order. */
export async function toSpaceViews(db: Database, rows: readonly SpaceRow[]): Promise<SpaceView[]> {
  const related = await loadRelated(db, rows, true);
  return rows.map((row) => toSpaceView(row, related));
}

/** The host view of one listing. */
export async function toSpaceViewOf(db: Database, row: SpaceRow): Promise<SpaceView> {
  const [view] = await toSpaceViews(db, [row]);
  return view as SpaceView;
}

/** Renters' cards of listings, in the rows' order; `favourites` holds the ids the current user saved. */
export async function toSpaceCards(
  db: Database,
  rows: readonly SpaceCardRow[],
  favourites: ReadonlySet<string> = new Set(),
): Promise<SpaceCardView[]> {
  const [related, hosts] = await Promise.all([loadRelated(db, rows, false), cardHosts(db, rows)]);
  return rows.map((row) => {
    const photos = related.photos.get(row.id) ?? [];
    const city = row.cityId === null ? undefined : related.cities.get(row.cityId);
    const size = sizeOf(row);
    return {
      _id: row.id,
      path: listingPath({ _id: row.id, storageType: row.storageType, spaceTitle: row.spaceTitle }),
      storageType: spaceTypeOf(row),
      kind: row.kind as SpaceKind | null,
      spaceTitle: row.spaceTitle ?? "",
      city: city?.name ?? null,
      citySlug: city?.slug ?? null,
      barangay: row.barangay,
      approximateLocation:
        row.latitude === null || row.longitude === null
          ? null
          : approximate(row.latitude, row.longitude, row.id),
      coverPhoto: photos[row.coverPhotoIndex] ?? photos[0] ?? null,
      photoCount: photos.length,
      size: size ? { area: size.area, volume: size.volume } : null,
      vehicleSize: row.vehicleSize as VehicleSize | null,
      unitOfRental: row.unitOfRental as RentalUnit | null,
      rentMode: { entireSpace: row.entireSpace },
      unitsAvailable: row.unitsAvailable,
      ...prices(row),
      quickMoveIn: row.quickMoveIn,
      firstMonthDiscount: row.firstMonthDiscount,
      readiness: readinessOf(row),
      availableForRent: AVAILABLE_FOR_RENT[row.status],
      favouriteSpace: favourites.has(row.id),
      rating: averageStars(row.reviewStars, row.reviewCount),
      totalNumberofReviews: row.reviewCount,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      host: hosts.get(row.hostId) ?? { name: "", profilePic: null, adminVerified: false },
    };
  });
}

/**
 * The hosts of some cards, as a card shows them (docs/design.md, Cards): the name they go by, their photo and whether
 * Space Solution verified them. Only these three, so a page of results carries no more of a host than its cards need.
 */
async function cardHosts(db: Database, rows: readonly Pick<SpaceCardRow, "hostId">[]) {
  const ids = [...new Set(rows.map((row) => row.hostId))];
  if (ids.length === 0) return new Map<string, SpaceCardView["host"]>();
  const found = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      nickName: users.nickName,
      profilePic: users.profilePic,
      adminVerified: users.adminVerified,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(
    found.map((host) => [
      host.id,
      { name: displayName(host), profilePic: host.profilePic, adminVerified: host.adminVerified },
    ]),
  );
}
